import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';
import { ensurePrivateDir, keepFilesPrivate, tightenTree } from './file-modes';

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

/** Bounds on every wait for PostgreSQL (milliseconds). */
export const PG_TIMEOUTS = {
  connectMs: 3000,
  pingMs: 2000,
  queryMs: 15_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
} as const;

/** Key of the advisory lock taken while migrating PostgreSQL (any constant; "qlmigr" in ASCII). */
const MIGRATION_LOCK_ID = 0x716c6d696772;

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR/pglite, then applies migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  // DATA_DIR holds the auth secret, the outbox and (without DATABASE_URL) the database: private to this user.
  ensurePrivateDir(opts.dataDir);
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
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max,
    // PostgreSQL down or unreachable: fail fast (→ 503 database_unavailable), never hang.
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    // A query the server never answers (network cut, frozen server) fails on the client side…
    query_timeout: PG_TIMEOUTS.queryMs,
    // …and a slow one is cancelled by the server itself; a transaction left open by a dead client is ended.
    statement_timeout: PG_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
    application_name: 'questionlegale',
  });
  // An idle client losing its connection (server restart) must not crash the process: the pool drops it
  // and opens a new connection on the next query, so the site recovers by itself when PostgreSQL returns.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as AppDb,
    kind: 'postgres',
    ping: async () => {
      // node-postgres honours a per-query `query_timeout` (absent from its types).
      const ping: { text: string; query_timeout: number } = { text: 'select 1', query_timeout: PG_TIMEOUTS.pingMs };
      await pool.query(ping);
    },
    close: async () => {
      await pool.end();
    },
    migrate: async () => {
      // Several instances may start together: one migrates at a time (a session advisory lock), on a
      // connection of its own without the pool's timeouts (a migration may legitimately take long).
      const client = new Client({ connectionString: url, connectionTimeoutMillis: PG_TIMEOUTS.connectMs, application_name: 'questionlegale-migrate' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        // Ending the session releases the advisory lock.
        await client.end();
      }
    },
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
  ensurePrivateDir(dir);
  // Files an earlier version left group- or world-writable, then every file PGlite creates from now on.
  tightenTree(dir);
  keepFilesPrivate(dir);
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
