import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, acquireDirectoryLock } from './lock';

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('acquireDirectoryLock', () => {
  it('takes, refuses a second taker, and releases', () => {
    const dir = tmp();
    const lock = acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    acquireDirectoryLock(dir).release();
  });

  it('refuses while another live process holds it, with a clear message', async () => {
    const dir = tmp();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'questionlegale.lock'), JSON.stringify({ pid: child.pid, host: os.hostname(), since: '' }));
      expect(() => acquireDirectoryLock(dir)).toThrow(/déjà utilisée par un autre processus \(pid \d+\)/);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    // The owner died (as after SIGKILL): its stale lock is taken over.
    const lock = acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'questionlegale.lock'), 'garbage');
    acquireDirectoryLock(dir).release();
  });
});
