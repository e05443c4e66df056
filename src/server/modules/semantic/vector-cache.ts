/**
 * Fiche vectors on disk, so that an embedding model is asked once per index and model, not at every
 * start. One file per (model, index) in a directory beside the index (`vectorCacheDir`: INDEX_DIR.vectors/;
 * a corpus update writes the new index's beside its staging directory, then moves them in before the swap):
 *   "QLDV" | header length (uint32 LE) | header JSON { key, model, sourceKey, dims, ids } | padding to
 *   4 bytes | float32 LE rows (ids.length × dims).
 * `key` identifies the model, the index build and the text given to the model: a file whose key differs
 * is not used (and is removed when a new one is written).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_DIMS, VectorMatrix } from './vector-matrix.js';

const MAGIC = 'QLDV';

export interface CacheHeader {
  key: string;
  model: string;
  sourceKey: string;
  dims: number;
  ids: string[];
  /** Per row, a hash of the text the model read (vector-store.ts): a later build reuses the rows whose text is unchanged. */
  hashes?: string[];
}

/** The directory of an index's saved vectors: beside it, so that replacing the index leaves them in place. */
export function vectorCacheDir(indexDir: string): string {
  return `${indexDir}.vectors`;
}

export function cacheFile(dir: string, key: string): string {
  return path.join(dir, `${key}.bin`);
}

/** Reads the vectors saved under `key`, or undefined (absent, other key, damaged). */
export function readVectorCache(dir: string, key: string): { header: CacheHeader; matrix: VectorMatrix } | undefined {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(cacheFile(dir, key));
  } catch {
    return undefined;
  }
  try {
    if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return undefined;
    const headerLength = buf.readUInt32LE(4);
    if (8 + headerLength > buf.length) return undefined;
    const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLength)) as CacheHeader;
    if (header.key !== key || !Array.isArray(header.ids) || !Number.isInteger(header.dims) || header.dims <= 0 || header.dims > MAX_DIMS) return undefined;
    const start = align4(8 + headerLength);
    const count = header.ids.length * header.dims;
    if (start + count * 4 !== buf.length) return undefined;
    const data = new Float32Array(count);
    new Uint8Array(data.buffer).set(buf.subarray(start, start + count * 4));
    return { header, matrix: new VectorMatrix(header.ids, data) };
  } catch {
    return undefined;
  }
}

/** The cache files of a directory, newest first (to reuse the unchanged rows of a previous build). */
export function cacheKeys(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.bin'))
      .map((f) => ({ key: f.slice(0, -4), at: fs.statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .map((f) => f.key);
  } catch {
    return [];
  }
}

/** Writes the vectors atomically (temporary file, then rename) and removes the files of other keys. */
export function writeVectorCache(dir: string, header: Omit<CacheHeader, 'ids' | 'dims'>, matrix: VectorMatrix): void {
  fs.mkdirSync(dir, { recursive: true });
  const json = Buffer.from(JSON.stringify({ ...header, dims: matrix.dims, ids: matrix.ids }), 'utf8');
  const start = align4(8 + json.length);
  const out = Buffer.alloc(start + matrix.data.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  Buffer.from(matrix.data.buffer, matrix.data.byteOffset, matrix.data.byteLength).copy(out, start);
  const file = cacheFile(dir, header.key);
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, out);
  fs.renameSync(tmp, file);
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.bin') && f !== path.basename(file)) fs.rmSync(path.join(dir, f), { force: true });
  }
}

/**
 * Moves the vectors saved in `fromDir` (a corpus update's, computed for its staged index) into `toDir` (the
 * cache of INDEX_DIR), replacing the files of other keys there, and removes `fromDir`. False when nothing
 * was moved (none saved, or the directory cannot be written): the server then computes them itself.
 */
export function moveVectorCache(fromDir: string, toDir: string): boolean {
  try {
    const keys = cacheKeys(fromDir);
    if (keys.length === 0) return false;
    fs.mkdirSync(toDir, { recursive: true });
    const moved = new Set<string>();
    for (const key of keys) {
      fs.renameSync(cacheFile(fromDir, key), cacheFile(toDir, key));
      moved.add(path.basename(cacheFile(toDir, key)));
    }
    for (const f of fs.readdirSync(toDir)) {
      if (f.endsWith('.bin') && !moved.has(f)) fs.rmSync(path.join(toDir, f), { force: true });
    }
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(fromDir, { recursive: true, force: true });
  }
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
