/**
 * Downloads the DILA « vos droits » zip archives of a scheduled corpus update (one URL per audience:
 * particuliers, professionnels, associations), within a time limit and a size limit, and opens them.
 *
 * Each entry is named after the path of the URL it came from followed by its name in the zip
 * (« /vdd/3.4/part/zip/vosdroits-latest.zip/F1234.xml »), so that the audience is read from the URL
 * (`…/part/…`, `…/pro/…`, `…/asso/…`) as `fichesFromEntries` reads it from a directory name.
 *
 * Errors are `CorpusUpdateError`s whose message is French and names the archive by its rank, never by
 * its URL (an operator's URL may carry a token).
 */
import { unzipSync } from 'fflate';
import { digestEntries, type ArchiveEntry } from '../dila-archive.js';

export type CorpusUpdateFailure =
  | 'download_failed'
  | 'timeout'
  | 'too_large'
  | 'invalid_archive'
  | 'build_failed'
  | 'check_failed'
  | 'swap_failed';

export class CorpusUpdateError extends Error {
  constructor(
    readonly kind: CorpusUpdateFailure,
    message: string,
    /** For the operator's log only: an error of our code or of Node (no user data is involved). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'CorpusUpdateError';
  }
}

export interface DownloadOptions {
  urls: readonly string[];
  /** Longest time for all the downloads together. */
  timeoutMs: number;
  /** Largest size of one archive, compressed. */
  maxBytes: number;
  /** Largest size of the files kept from one archive, uncompressed (default 8 × maxBytes). */
  maxUncompressedBytes?: number;
}

export interface DownloadedArchives {
  entries: ArchiveEntry[];
  /** Digest of all the entries (see digestEntries): unchanged archives give the same digest. */
  digest: string;
  /** Compressed bytes downloaded. */
  bytes: number;
}

const mb = (n: number): string => `${Math.round(n / 1e6)} Mo`;

/** The XML files (and nested zips) of a zip, bounded in uncompressed size. */
export function openZip(data: Uint8Array, prefix: string, maxUncompressed: number, label: string): ArchiveEntry[] {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter: (file) => {
        if (!/\.(xml|zip)$/i.test(file.name)) return false;
        total += file.originalSize;
        if (total > maxUncompressed) {
          throw new CorpusUpdateError('too_large', `${label}\u202f: plus de ${mb(maxUncompressed)} une fois décompressée.`);
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof CorpusUpdateError) throw e;
    throw new CorpusUpdateError('invalid_archive', `${label}\u202f: archive zip illisible.`);
  }
  const out: ArchiveEntry[] = [];
  for (const [name, content] of Object.entries(files)) {
    if (/\.zip$/i.test(name)) out.push(...openZip(content, `${prefix}/${name}`, maxUncompressed - total, label));
    else out.push({ name: `${prefix}/${name}`, data: content });
  }
  return out;
}

async function download(url: string, signal: AbortSignal, maxBytes: number, label: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/zip, application/octet-stream' } });
  } catch (e) {
    if (signal.aborted) throw new CorpusUpdateError('timeout', `${label}\u202f: téléchargement trop long.`);
    const code = e instanceof Error && e.cause instanceof Error && 'code' in e.cause ? ` (${String(e.cause.code)})` : '';
    throw new CorpusUpdateError('download_failed', `${label}\u202f: serveur injoignable${code}.`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new CorpusUpdateError('download_failed', `${label}\u202f: le serveur a répondu HTTP ${res.status}.`);
  }
  const announced = Number(res.headers.get('content-length') ?? NaN);
  if (announced > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new CorpusUpdateError('too_large', `${label}\u202f: ${mb(announced)}, au-delà de la limite de ${mb(maxBytes)}.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new CorpusUpdateError('too_large', `${label}\u202f: au-delà de la limite de ${mb(maxBytes)}.`);
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof CorpusUpdateError) throw e;
    if (signal.aborted) throw new CorpusUpdateError('timeout', `${label}\u202f: téléchargement trop long.`);
    throw new CorpusUpdateError('download_failed', `${label}\u202f: téléchargement interrompu.`);
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const data = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    data.set(c, offset);
    offset += c.byteLength;
  }
  return data;
}

/** Downloads and opens every archive (see the module comment). Throws a CorpusUpdateError. */
export async function downloadArchives(opts: DownloadOptions): Promise<DownloadedArchives> {
  if (opts.urls.length === 0) throw new CorpusUpdateError('download_failed', 'Aucune archive à télécharger.');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const maxUncompressed = opts.maxUncompressedBytes ?? opts.maxBytes * 8;
  try {
    const entries: ArchiveEntry[] = [];
    let bytes = 0;
    for (const [i, url] of opts.urls.entries()) {
      const label = `Archive ${i + 1} sur ${opts.urls.length}`;
      const data = await download(url, controller.signal, opts.maxBytes, label);
      bytes += data.byteLength;
      entries.push(...openZip(data, new URL(url).pathname, maxUncompressed, label));
    }
    return { entries, digest: digestEntries(entries), bytes };
  } finally {
    clearTimeout(timer);
  }
}
