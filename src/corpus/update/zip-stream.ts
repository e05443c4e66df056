/**
 * A streaming zip reader whose cost is bounded whatever the archive claims.
 *
 * Bytes are pushed as they arrive (from a download or a file) and inflated in small slices, so no archive
 * and no inflated file is ever held whole, except the entries the caller asks to keep (the fiches' XML
 * files), each bounded in size and handed over as soon as it is complete. Every inflated byte — of every
 * entry, kept or skipped, of the archive and of the zips nested in it — is counted against one budget
 * shared by everything read with it; the local headers' declared sizes are never trusted to allocate or
 * to skip anything, and an entry that inflates past its declared size (a « lie », the mark of a crafted
 * archive) stops the reading at once.
 *
 * fflate's streaming `Unzip` reads the local headers in order (entries written with a data descriptor,
 * whose sizes come after their data, included); it inflates synchronously, and one slice of SLICE_BYTES
 * compressed bytes inflates to at most about a thousand times that (DEFLATE's largest ratio), which is
 * the most one step may allocate before the budget is checked.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

/** Compressed bytes handed to the inflater at a time (see the module comment). */
export const SLICE_BYTES = 16 * 1024;

export type ZipLimitReason = 'too_large' | 'entry_too_large' | 'size_lie' | 'too_deep' | 'too_many_entries' | 'corrupt';

/** Why reading stopped; `message` is French, for the operator (it names the entry, never an URL). */
export class ZipLimitError extends Error {
  constructor(
    readonly reason: ZipLimitReason,
    message: string,
  ) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

export interface ZipLimits {
  /** Inflated bytes allowed to everything read with one budget (all entries, all archives, nested ones too). */
  maxInflatedBytes: number;
  /** Largest entry kept in memory (see `keep`). */
  maxEntryBytes: number;
  /** Deepest nesting: 1 reads the archive only, 2 also the zips it holds, and so on. */
  maxDepth: number;
  /** Most entries in all, archives and nested zips together (each costs a little bookkeeping). */
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxInflatedBytes: 2_000_000_000,
  maxEntryBytes: 16_000_000,
  maxDepth: 3,
  maxEntries: 200_000,
};

const mb = (n: number): string => `${Math.round(n / 1e6)} Mo`;

/** The count shared by every reader of one download (see the module comment). */
export class InflateBudget {
  /** Inflated bytes counted so far. */
  used = 0;
  entries = 0;
  constructor(readonly limits: ZipLimits) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxInflatedBytes) {
      throw new ZipLimitError('too_large', `plus de ${mb(this.limits.maxInflatedBytes)} une fois décompressée`);
    }
  }

  addEntry(): void {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) throw new ZipLimitError('too_many_entries', `plus de ${this.limits.maxEntries} fichiers`);
  }
}

export interface ZipEntry {
  /** `prefix/name-in-zip` (a nested zip adds its own name: `prefix/inner.zip/F1.xml`). */
  name: string;
  data: Uint8Array;
}

export interface ZipStreamOptions {
  /** Put before each entry's name (the URL path or file name of the archive). */
  prefix: string;
  budget: InflateBudget;
  /** Which entries (by full name) are kept and handed to `onEntry`; the others are inflated, counted and dropped. */
  keep: (name: string) => boolean;
  /** Receives each kept entry once complete; an exception stops the reading and is thrown by `push`. */
  onEntry: (entry: ZipEntry) => void;
  /** Nesting level of this zip (1 for an archive). */
  depth?: number;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/** One zip read as a stream (see the module comment). */
export class ZipStream {
  private readonly unzip: Unzip;
  private readonly depth: number;
  private failure: unknown;
  private ended = false;

  constructor(private readonly opts: ZipStreamOptions) {
    this.depth = opts.depth ?? 1;
    this.unzip = new Unzip((file) => this.onFile(file));
    this.unzip.register(UnzipInflate);
  }

  /** Reads the next bytes of the zip; `final` with the last ones. Throws what stopped the reading. */
  push(chunk: Uint8Array, final = false): void {
    if (this.ended) return;
    if (this.failure !== undefined) throw this.failure;
    try {
      if (chunk.byteLength === 0 && final) this.unzip.push(chunk, true);
      for (let off = 0; off < chunk.byteLength; off += SLICE_BYTES) {
        const end = Math.min(chunk.byteLength, off + SLICE_BYTES);
        this.unzip.push(chunk.subarray(off, end), final && end === chunk.byteLength);
        if (this.failure !== undefined) break;
      }
    } catch (e) {
      this.failure ??= e instanceof ZipLimitError ? e : new ZipLimitError('corrupt', 'archive zip illisible');
    }
    if (final) this.ended = true;
    if (this.failure !== undefined) {
      this.ended = true;
      throw this.failure;
    }
  }

  private onFile(file: UnzipFile): void {
    if (this.failure !== undefined) return;
    const name = `${this.opts.prefix}/${file.name}`;
    const declared = file.originalSize;
    const { budget } = this.opts;
    const nested = /\.zip$/i.test(file.name);
    const kept = !nested && this.opts.keep(name);
    let child: ZipStream | undefined;
    let chunks: Uint8Array[] = [];
    let inflated = 0;
    try {
      budget.addEntry();
      if (nested) {
        if (this.depth >= budget.limits.maxDepth) throw new ZipLimitError('too_deep', `zips imbriqués sur plus de ${budget.limits.maxDepth} niveaux`);
        child = new ZipStream({ ...this.opts, prefix: name, depth: this.depth + 1 });
      }
    } catch (e) {
      this.failure = e;
      return;
    }
    file.ondata = (err, data, final) => {
      if (this.failure !== undefined) return;
      try {
        if (err) throw new ZipLimitError('corrupt', `${file.name}\u202f: données compressées illisibles`);
        inflated += data.byteLength;
        if (declared !== undefined && inflated > declared) {
          throw new ZipLimitError('size_lie', `${file.name}\u202f: plus de données que la taille annoncée (${declared} octets)`);
        }
        budget.take(data.byteLength);
        if (child) child.push(data, final);
        else if (kept) {
          if (inflated > budget.limits.maxEntryBytes) {
            throw new ZipLimitError('entry_too_large', `${file.name}\u202f: fichier de plus de ${mb(budget.limits.maxEntryBytes)}`);
          }
          if (data.byteLength > 0) chunks.push(data);
        }
        if (final) {
          if (declared !== undefined && inflated !== declared) {
            throw new ZipLimitError('size_lie', `${file.name}\u202f: taille différente de la taille annoncée (${declared} octets)`);
          }
          if (kept) {
            const whole = concat(chunks, inflated);
            chunks = [];
            this.opts.onEntry({ name, data: whole });
          }
        }
      } catch (e) {
        this.failure = e;
        chunks = [];
        file.terminate();
      }
    };
    file.start();
  }
}
