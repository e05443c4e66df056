/**
 * Downloads the DILA « vos droits » zip archives of a scheduled corpus update (one URL per audience:
 * particuliers, professionnels, associations), within a time limit and size limits, and reads them as they
 * arrive (zip-stream.ts): nothing is held whole, neither an archive nor its inflated files; each fiche's XML
 * file is handed to `onEntry` once complete, then dropped. Limits: `maxBytes` compressed bytes per archive
 * (announced or counted), and one budget of inflated bytes for all the archives together, nested zips
 * included (`maxUncompressedBytes`); an entry inflating past its declared size stops everything.
 *
 * Each entry is named after the path of the URL it came from followed by its name in the zip
 * (« /vdd/3.5/part/zip/vosdroits-latest.zip/F1234.xml »), so that the audience is read from the URL
 * (`…/part/…`, `…/pro/…`, `…/asso/…`) as `fichesFromEntries` reads it from a directory name.
 *
 * Errors are `CorpusUpdateError`s whose message is French and names the archive by its rank, never by
 * its URL (an operator's URL may carry a token).
 */
import { EntryDigest, isFicheEntry, type ArchiveEntry } from '../dila-archive.js';
import { DEFAULT_ZIP_LIMITS, InflateBudget, ZipLimitError, ZipStream, type ZipLimitReason } from './zip-stream.js';

export type CorpusUpdateFailure =
  | 'download_failed'
  | 'timeout'
  | 'too_large'
  | 'invalid_archive'
  | 'build_failed'
  | 'check_failed'
  | 'swap_failed'
  /** The update's child process ran out of the memory it is allowed (the server's corpus-update-child.ts). */
  | 'out_of_memory';

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
  /** Largest count of inflated bytes, all archives and nested zips together (default 8 × maxBytes). */
  maxUncompressedBytes?: number;
  /** Largest fiche XML file (default: zip-stream's). */
  maxEntryBytes?: number;
  /** Receives each fiche's XML file (F*, N*, R*.xml) once read; what it throws stops the download. */
  onEntry: (entry: ArchiveEntry) => void;
}

export interface DownloadedArchives {
  /** Digest of the fiche files (see EntryDigest): unchanged archives give the same digest. */
  digest: string;
  /** Compressed bytes downloaded. */
  bytes: number;
  /** Inflated bytes read (every entry, nested zips included). */
  inflatedBytes: number;
  /** Fiche files handed to `onEntry`. */
  files: number;
}

const mb = (n: number): string => `${Math.round(n / 1e6)} Mo`;

const LIMIT_FAILURE: Record<ZipLimitReason, CorpusUpdateFailure> = {
  too_large: 'too_large',
  entry_too_large: 'too_large',
  too_many_entries: 'too_large',
  too_deep: 'invalid_archive',
  size_lie: 'invalid_archive',
  corrupt: 'invalid_archive',
};

/** Downloads one archive into `zip`, chunk by chunk, within `maxBytes`; returns the compressed size. */
async function download(url: string, signal: AbortSignal, maxBytes: number, label: string, zip: ZipStream): Promise<number> {
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
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        if (signal.aborted) throw new CorpusUpdateError('timeout', `${label}\u202f: téléchargement trop long.`);
        throw new CorpusUpdateError('download_failed', `${label}\u202f: téléchargement interrompu.`);
      }
      if (next.done) {
        zip.push(new Uint8Array(0), true);
        return size;
      }
      size += next.value.byteLength;
      if (size > maxBytes) throw new CorpusUpdateError('too_large', `${label}\u202f: au-delà de la limite de ${mb(maxBytes)}.`);
      zip.push(next.value);
      if (signal.aborted) throw new CorpusUpdateError('timeout', `${label}\u202f: téléchargement trop long.`);
    }
  } catch (e) {
    if (e instanceof CorpusUpdateError) throw e;
    if (e instanceof ZipLimitError) throw new CorpusUpdateError(LIMIT_FAILURE[e.reason], `${label}\u202f: ${e.message}.`);
    throw e;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Downloads and reads every archive (see the module comment). Throws a CorpusUpdateError. */
export async function downloadArchives(opts: DownloadOptions): Promise<DownloadedArchives> {
  if (opts.urls.length === 0) throw new CorpusUpdateError('download_failed', 'Aucune archive à télécharger.');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const budget = new InflateBudget({
    ...DEFAULT_ZIP_LIMITS,
    maxInflatedBytes: opts.maxUncompressedBytes ?? opts.maxBytes * 8,
    ...(opts.maxEntryBytes !== undefined ? { maxEntryBytes: opts.maxEntryBytes } : {}),
  });
  const digest = new EntryDigest();
  let files = 0;
  try {
    let bytes = 0;
    for (const [i, url] of opts.urls.entries()) {
      const label = `Archive ${i + 1} sur ${opts.urls.length}`;
      const zip = new ZipStream({
        prefix: new URL(url).pathname,
        budget,
        keep: isFicheEntry,
        onEntry: (entry) => {
          digest.add(entry);
          files += 1;
          opts.onEntry(entry);
        },
      });
      bytes += await download(url, controller.signal, opts.maxBytes, label, zip);
    }
    return { digest: digest.digest(), bytes, inflatedBytes: budget.used, files };
  } finally {
    clearTimeout(timer);
  }
}
