import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes.
 * This lock file holds the owner's pid and host; a second process is refused while the owner lives,
 * and a lock left by a dead process (SIGKILL, crash) is taken over.
 */
export class DirectoryLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly ownerPid: number,
  ) {
    super(
      `La base embarquée ${dir} est déjà utilisée par un autre processus (pid ${ownerPid}). ` +
        `Arrêtez-le, ou utilisez un autre DATA_DIR, ou PostgreSQL via DATABASE_URL pour plusieurs instances. ` +
        `(The embedded database is already in use by process ${ownerPid}.)`,
    );
    this.name = 'DirectoryLockedError';
  }
}

export interface DirectoryLock {
  readonly file: string;
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host, since: String(parsed.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

export function acquireDirectoryLock(dir: string, name = 'questionlegale.lock'): DirectoryLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const content: LockContent = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(content), { flag: 'wx' });
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        const owner = readOwner(file);
        if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
        process.removeListener('exit', release);
      };
      process.on('exit', release);
      return { file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      const sameHost = owner?.host === os.hostname();
      if (owner && owner.pid !== process.pid && (!sameHost || isAlive(owner.pid))) {
        throw new DirectoryLockedError(dir, owner.pid);
      }
      if (owner?.pid === process.pid) throw new DirectoryLockedError(dir, owner.pid);
      // Stale lock (dead owner or unreadable file): remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossible de prendre le verrou ${file}`);
}
