import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * A throwaway PostgreSQL cluster on a loopback port (initdb + pg_ctl from the Debian packages, run as the
 * `postgres` user when we are root, never as root). The shared test cluster (test/setup/postgres.ts) and
 * the fault tests that stop and restart their own cluster (test/api/faults-*.test.ts) both use it.
 */
export interface PgCluster {
  /** Superuser URL of the `postgres` database. */
  url: string;
  /** Stops the server (`fast`: sessions are closed, as in a maintenance stop). */
  stop(): void;
  /** Starts it again on the same port. */
  start(): void;
  /** Stops it if running (`immediate`) and removes its files. */
  destroy(): void;
}

export function findPgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql), or set TEST_DATABASE_URL.');
}

export async function startPgCluster(opts: { maxConnections: number; prefix?: string }): Promise<PgCluster> {
  const bin = findPgBin();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), opts.prefix ?? 'ql-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) spawnSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]): void => {
    const full = path.join(bin, cmd);
    const res = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const start = (): void =>
    run('pg_ctl', [
      '-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${opts.maxConnections}`,
      'start',
    ]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    start: () => {
      start();
      running = true;
    },
    destroy: () => {
      try {
        if (running) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
