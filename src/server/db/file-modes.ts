import fs from 'node:fs';
import path from 'node:path';

/**
 * Local data (PGlite's files, the auth secret, reset links in the outbox, the search index) belongs to the
 * server's user alone. A container or service manager may start the process with a permissive umask (000:
 * every file PGlite creates would be 0666, world-writable), so the entry points set their own.
 */

/** Files created from now on: 0600, directories 0700. Call once at process start (main thread only). */
export function restrictNewFileModes(): void {
  process.umask(0o077);
}

/**
 * Creates `dir` with mode 0700, or takes group and other rights away from an existing one. A directory the
 * process does not own (a mount point) is left as it is.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
}

function tighten(file: string, mode: number): void {
  try {
    const stat = fs.lstatSync(file);
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOENT') throw err;
  }
}

/**
 * Takes group and other rights away from every file (0600, or 0700 when executable by its owner) and
 * directory (0700) under `dir`: data written by an earlier version under a permissive umask.
 */
export function tightenTree(dir: string): void {
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    tighten(current, 0o700);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) {
        const owner = fs.lstatSync(full).mode & 0o700;
        tighten(full, owner & 0o100 ? 0o700 : 0o600);
      }
    }
  }
}

const privateRoots = new Set<string>();

function isUnderPrivateRoot(target: fs.PathLike): boolean {
  if (typeof target !== 'string') return false;
  const full = path.resolve(target);
  for (const root of privateRoots) if (full === root || full.startsWith(`${root}${path.sep}`)) return true;
  return false;
}

/** A mode with group and other bits taken away (numbers and octal strings alike). */
function ownerOnly(mode: fs.Mode): fs.Mode {
  const n = typeof mode === 'number' ? mode : parseInt(mode, 8);
  return Number.isNaN(n) ? mode : n & ~0o077;
}

/**
 * PGlite's emulated file system sets every file it creates to 0666 with an explicit chmod, whatever the
 * process umask (measured: 969 of 1,027 files of a new database). For files under `dir`, the modes it
 * asks for lose their group and other bits. Installed once per process; other paths are untouched.
 */
export function keepFilesPrivate(dir: string): void {
  const first = privateRoots.size === 0;
  privateRoots.add(path.resolve(dir));
  if (!first) return;
  const chmodSync = fs.chmodSync;
  const guarded: typeof fs.chmodSync = (target, mode) => chmodSync(target, isUnderPrivateRoot(target) ? ownerOnly(mode) : mode);
  Object.defineProperty(fs, 'chmodSync', { value: guarded, writable: true, configurable: true });
}
