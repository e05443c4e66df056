import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { defaultTestIndexDir } from '../../src/corpus/index-lifecycle';
import type { AppDb } from '../../src/server/db/database';
import { profiles, users } from '../../src/server/db/schema';
import { createProfileService } from '../../src/server/modules/profile/profile-service';
import { createEmptyPgDatabase, type EmptyPgDatabase } from '../support/databases';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { freePort } from '../support/ports';

/**
 * Support for the multi-instance and fault tests: real server processes (`node --import tsx
 * src/server/server.ts`, as in production), databases made for one test file, a PostgreSQL cluster a
 * test may stop and start, plain HTTP over loopback.
 */

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'Motdepasse1';
export const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Env every server process of these tests gets (fake client build, shared test index, JSON logs). */
export function baseEnv(dataDir: string, clientDist: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: clientDist,
    INDEX_DIR: defaultTestIndexDir(),
    PUBLIC_URL: ORIGIN,
    // Clients are told apart by X-Forwarded-For (as behind a reverse proxy).
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'secret-partage-par-toutes-les-instances-0123456789',
  };
}

/** Starts `src/server/server.ts` on a free port and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  opts: { umask?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const args = ['--import', 'tsx', 'src/server/server.ts'];
  // With a umask: started from a shell that sets it first (as a container or service manager may).
  const [command, commandArgs] = opts.umask
    ? ['sh', ['-c', `umask ${opts.umask} && exec "$0" "$@"`, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    // No scheduled corpus update (it would reach the Internet) unless the test names a local server.
    env: { ...process.env, CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  // Any reply means the server listens (buildApp has finished: migrations, index, auth). The log line that
  // says so is not written below LOG_LEVEL=info, so the port is asked until it answers.
  const listening = vi.waitFor(
    async () => {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
    },
    { timeout: timeoutMs, interval: 200 },
  );
  const exitedFirst = exited.then(() => Promise.reject(new Error(`server exited before listening:\n${out}`)));
  try {
    await Promise.race([listening, exitedFirst]);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`server not listening: ${err instanceof Error ? err.message : String(err)}\n${out}`);
  }
  return { child, port, baseUrl, output: () => out, exited };
}

export interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A JSON request to a server process, as a browser or script behind the proxy would send it. */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; ip?: string; apiKey?: string; cookie?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json', origin: ORIGIN };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** `name=value; …` from a reply's Set-Cookie headers. */
export function cookieOf(reply: Reply): string {
  return reply.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c !== '' && !c.endsWith('='))
    .join('; ');
}

/** A PostgreSQL database of its own on the shared test cluster; `drop()` removes it. */
export function createPgDatabase(adminUrl: string): Promise<EmptyPgDatabase> {
  return createEmptyPgDatabase(adminUrl, 'ql_faults_');
}

export interface TestUser {
  userId: string;
  email: string;
  apiKey: string;
}

/** Users created straight in the database, each with the initial 3 credits (ledger row included). */
export async function createUsers(db: AppDb, prefix: string, n: number): Promise<TestUser[]> {
  const service = createProfileService(db);
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const userId = randomUUID();
    const email = `${prefix}-${i}@exemple.fr`;
    await db.insert(users).values({ id: userId, name: `Utilisateur ${i}`, email });
    await service.ensure(userId);
    const [row] = await db.select({ apiKey: profiles.apiKey }).from(profiles).where(sql`${profiles.userId} = ${userId}`);
    if (!row) throw new Error('profile not created');
    out.push({ userId, email, apiKey: row.apiKey });
  }
  return out;
}

/** Rows of a raw query, whatever the driver (node-postgres and PGlite both return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected query result');
}

export interface LedgerCheck {
  /** Profiles whose balance differs from the sum of their ledger rows. */
  mismatches: { user_id: string; credits: number; total: number }[];
  negative: number;
  profiles: number;
}

/** Every balance against the sum of its ledger. */
export async function checkLedger(db: AppDb): Promise<LedgerCheck> {
  const mismatches = rowsOf<{ user_id: string; credits: number; total: number }>(
    await db.execute(sql`
      select p.user_id, p.credits, coalesce(sum(l.delta), 0)::int as total
      from profiles p left join credit_ledger l on l.user_id = p.user_id
      group by p.user_id, p.credits
      having p.credits <> coalesce(sum(l.delta), 0)`),
  );
  const [counts] = rowsOf<{ negative: number; profiles: number }>(
    await db.execute(sql`select count(*) filter (where credits < 0)::int as negative, count(*)::int as profiles from profiles`),
  );
  return { mismatches, negative: counts?.negative ?? -1, profiles: counts?.profiles ?? 0 };
}

/** A temporary directory removed by `cleanup()`. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A PostgreSQL cluster of one test's own, which the test may stop and start again on the same port. */
export type OwnCluster = PgCluster;

export function startOwnCluster(): Promise<OwnCluster> {
  return startPgCluster({ maxConnections: 50, prefix: 'ql-pg-own-' });
}
