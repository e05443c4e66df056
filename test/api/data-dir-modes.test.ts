import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { restrictNewFileModes } from '../../src/server/db/file-modes';
import { makeFakeClientDist } from '../support/app';
import { PASSWORD, baseEnv, call, startServerProcess } from './faults-support';

/** Every file under `dir` (directories included) whose mode gives anything to group or others. */
function exposed(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    if ((fs.lstatSync(current).mode & 0o077) !== 0) found.push(`${(fs.lstatSync(current).mode & 0o777).toString(8)} ${path.relative(dir, current) || '.'}`);
    if (!fs.lstatSync(current).isDirectory()) return;
    for (const name of fs.readdirSync(current)) walk(path.join(current, name));
  };
  walk(dir);
  return found;
}

/**
 * DATA_DIR (embedded database, auth secret, outbox) is private to the server's user: created 0700, files
 * 0600, even when the process starts under a permissive umask, and an older world-writable one is fixed.
 */
describe('DATA_DIR file modes', () => {
  const dirs: string[] = [];
  const tmp = (prefix: string): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the server started under umask 000 creates a DATA_DIR that only its user can read or write', async () => {
    const root = tmp('ql-modes-');
    const dataDir = path.join(root, 'data');
    const dist = makeFakeClientDist();
    dirs.push(dist);
    const server = await startServerProcess({ ...baseEnv(dataDir, dist), LOG_LEVEL: 'warn' }, 90_000, { umask: '000' });
    try {
      // Writes: an account (database), a reset e-mail (outbox).
      const up = await call(server.baseUrl, 'POST', '/api/auth/sign-up/email', { body: { name: 'Modes', email: 'modes@exemple.fr', password: PASSWORD } });
      expect(up.status).toBe(200);
      const reset = await call(server.baseUrl, 'POST', '/api/auth/request-password-reset', { body: { email: 'modes@exemple.fr' } });
      expect(reset.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(fs.readdirSync(dataDir)).toEqual(expect.arrayContaining(['pglite', 'outbox']));
    expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(exposed(dataDir)).toEqual([]);
  });

  it('opening an older DATA_DIR takes group and other rights away from its files', async () => {
    const dataDir = tmp('ql-modes-old-');
    const first = await openDatabase({ dataDir });
    await first.close();
    // As an earlier version left it: everything world-writable (fs.promises: the server's guard watches
    // only the synchronous chmod PGlite uses).
    const loosen = async (p: string): Promise<void> => {
      const dir = fs.statSync(p).isDirectory();
      await fs.promises.chmod(p, dir ? 0o777 : 0o666);
      if (dir) for (const name of fs.readdirSync(p)) await loosen(path.join(p, name));
    };
    await loosen(dataDir);
    expect(exposed(dataDir).length).toBeGreaterThan(100);

    // As the server does at start.
    restrictNewFileModes();
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(exposed(dataDir)).toEqual([]);
  });
});
