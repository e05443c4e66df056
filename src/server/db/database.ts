import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';

export type Schema = typeof schema;
/** The one database type the modules see, whichever driver is behind it. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: AppDb;
  readonly kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR/pglite, then applies migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.maxConnections ?? 10) : await openPglite(opts.dataDir);
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database & { migrate(): Promise<void> }> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as AppDb,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
    migrate: () => migrate(db, { migrationsFolder }),
  };
}

/**
 * PGlite runs Postgres inside the server process, so Postgres's shared memory is resident memory of
 * the web server. Stock settings (shared_buffers = 128MB sized for 100 connections) cost ~125 MB of RSS
 * for a single-user embedded database whose working set is a few megabytes (measured: PGlite alone
 * 267 MB → 140 MB). The data files stay in the OS page cache anyway.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=5'];

async function openPglite(dataDir: string): Promise<Database & { migrate(): Promise<void> }> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const lock = acquireDirectoryLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] });
    const db = drizzle(client, { schema });
    return {
      db: db as unknown as AppDb,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
      migrate: () => migrate(db, { migrationsFolder }),
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
