import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestDatabase {
  database: Database;
  kind: DbKind;
  /** DATA_DIR used by the test (PGlite lives in it; outbox etc. too). */
  dataDir: string;
  /** Set for PostgreSQL: the URL of this test's own database. */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the given kind, isolated for one test file or test. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ql-${kind}-`));
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir });
    return {
      database,
      kind,
      dataDir,
      dispose: async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const empty = await createEmptyPgDatabase(inject('pgUrl'), 'ql_test_');
  const database = await openDatabase({ databaseUrl: empty.url, dataDir });
  return {
    database,
    kind,
    dataDir,
    url: empty.url,
    dispose: async () => {
      await database.close();
      await empty.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface EmptyPgDatabase {
  /** URL of the new database (same server and user as the admin URL). */
  url: string;
  /** Drops it, closing any session still open on it. */
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database named `<prefix><uuid>` on the server of `adminUrl`. */
export async function createEmptyPgDatabase(adminUrl: string, prefix: string): Promise<EmptyPgDatabase> {
  const name = `${prefix}${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
