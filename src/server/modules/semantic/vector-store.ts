/**
 * The corpus's vectors, per loaded index: read from the cache beside the index when it holds this model,
 * this index build and this way of cutting fiches into units; otherwise computed once by the model in
 * batches (in the background: until they are ready, questions get the lexical ranking alone) and saved.
 *
 * The unit (`embeddingUnits`): a fiche's title with its summary — what it is about, in the words of its
 * editors. Chosen by measurement and by its cost (docs/decisions/0007-model-of-meaning.md): about 260,000
 * tokens for the 3,657 fiches, a few minutes on two cores; a fiche's every section would cost four times
 * more. The store accepts several units per fiche (a fiche then scores its best one).
 *
 * A failed computation keeps the vectors it got and resumes after `retryMs`. A computation for an index
 * that was swapped out meanwhile (scheduled corpus update) stops; the new index gets its own.
 *
 * After a scheduled corpus update, the new index's vectors are normally ready before it is swapped in: the
 * update's child process computes them with this same store (prepare-vectors.ts: the rows of unchanged
 * units taken from the cache of the index in service, `reuseFrom`) and the server moves the file into its
 * cache before the swap. Reading saved vectors is synchronous (`get` right after a swap finds them ready,
 * /api/health says `ready`, not `building`); only when the update could not prepare them (model not up, or
 * failing) are they computed here after the swap, in the background, as on a first start.
 */
import crypto from 'node:crypto';
import type { SearchEngine } from '../../../corpus/engine';
import type { Fiche } from '../../../corpus/types';
import { cacheKeys, readVectorCache, writeVectorCache } from './vector-cache';
import { VectorMatrix } from './vector-matrix';
import { embed, EmbeddingsError, type EmbeddingsSettings } from './embeddings-client';

/** Characters of one unit given to the model (a few sentences: far below the model's 512-token window). */
export const UNIT_CHARS = 600;
/** Bump when embeddingUnits changes: cached vectors are then computed again. */
const UNITS_VERSION = 2;

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return space > max * 0.8 ? head.slice(0, space) : head;
}

/** A unit's identity in the cache: its fiche and its text. */
function unitHash(owner: string, text: string): string {
  return crypto.createHash('sha256').update(`${owner}\u0001${text}`).digest('hex').slice(0, 16);
}

/** The texts the model reads of a fiche: its title with its summary. */
export function embeddingUnits(fiche: Pick<Fiche, 'title' | 'description'>): string[] {
  return [cut([fiche.title.trim(), fiche.description.trim()].filter(Boolean).join('\n'), UNIT_CHARS)];
}

export interface VectorStoreOptions {
  /** Where the model answers now (the local process changes port when it restarts); undefined: not up. */
  endpoint: () => EmbeddingsSettings | undefined;
  /** Units per request. */
  batchSize: number;
  /** Time limit of one batch request. */
  batchTimeoutMs: number;
  /**
   * The model's name when it is known without asking the model (the local model's, an operator's): saved
   * vectors are then read even while the model is not up (restarting when an index is swapped in).
   */
  model?: string;
  /** Directory of the cached vectors (beside the index). */
  cacheDir: string;
  /**
   * Where the rows of a previous build are looked for (default: `cacheDir`): the corpus update's child
   * process writes the new index's vectors into the staging directory's cache and reuses those of INDEX_DIR.
   */
  reuseFrom?: string;
  /** Wait before computing again after a failure. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told of the progress of a computation (units done, units in all). */
  onProgress?: (done: number, total: number) => void;
  /** Told when an index's vectors are ready: units in all, units asked of the model, read from the cache. */
  onReady?: (ready: VectorsReady) => void;
  now?: () => number;
}

type State =
  | { status: 'computing'; done: Promise<VectorMatrix | undefined>; progress: { done: number; total: number } }
  | { status: 'ready'; matrix: VectorMatrix }
  | { status: 'failed'; at: number; partial: Map<number, Float32Array>; reason: string };

export type VectorStoreStatus =
  | { status: 'none' }
  | { status: 'computing'; done: number; total: number }
  | { status: 'ready'; units: number }
  | { status: 'failed'; reason: string };

export interface VectorsReady {
  units: number;
  /** Units the model was asked for (0 when every row was saved or reused). */
  computed: number;
  fromCache: boolean;
  ms: number;
}

interface Units {
  owners: string[];
  texts: string[];
}

class SwappedOut extends Error {}

/** Every unit of the index's fiches, in order, with the fiche each belongs to. */
function corpusUnits(engine: SearchEngine): Units {
  const owners: string[] = [];
  const texts: string[] = [];
  const seen = new Set<string>();
  for (const theme of engine.themes()) {
    for (const f of theme.fiches) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      const fiche = engine.getFiche(f.id);
      if (!fiche) continue;
      for (const text of embeddingUnits(fiche)) {
        owners.push(fiche.id);
        texts.push(text);
      }
    }
  }
  return { owners, texts };
}

export class VectorStore {
  /** Per loaded index (its manifest: the holder's engine object outlives an index swap). */
  private readonly states = new WeakMap<object, State>();
  private readonly abort = new AbortController();
  private readonly now: () => number;

  constructor(private readonly opts: VectorStoreOptions) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * Cache key of the corpus's units for a model (see vector-cache.ts): the texts themselves, so that an
   * index built again from the same fiches keeps its vectors, and any changed fiche computes them again.
   */
  key(units: { owners: readonly string[]; texts: readonly string[] }, model: string): string {
    const hash = crypto.createHash('sha256').update(JSON.stringify({ model, units: UNITS_VERSION, chars: UNIT_CHARS }));
    units.texts.forEach((t, i) => hash.update(`\u0000${units.owners[i] ?? ''}\u0001${t}`));
    return hash.digest('hex').slice(0, 24);
  }

  status(engine: Pick<SearchEngine, 'manifest'>): VectorStoreStatus {
    const s = this.states.get(engine.manifest);
    if (!s) return { status: 'none' };
    if (s.status === 'computing') return { status: 'computing', ...s.progress };
    if (s.status === 'ready') return { status: 'ready', units: s.matrix.ids.length };
    return { status: 'failed', reason: s.reason };
  }

  /** The vectors of the engine's index when ready; otherwise starts (or resumes) computing them. */
  get(engine: SearchEngine): VectorMatrix | undefined {
    const state = this.states.get(engine.manifest);
    if (state?.status === 'ready') return state.matrix;
    if (!state || (state.status === 'failed' && this.now() - state.at >= this.opts.retryMs)) {
      void this.start(engine);
      // Saved vectors are ready from this call on.
      const started = this.states.get(engine.manifest);
      if (started?.status === 'ready') return started.matrix;
    }
    return undefined;
  }

  /** Starts computing if needed and resolves when done (undefined after a failure). */
  whenReady(engine: SearchEngine): Promise<VectorMatrix | undefined> {
    const state = this.states.get(engine.manifest);
    if (state?.status === 'ready') return Promise.resolve(state.matrix);
    if (state?.status === 'computing') return state.done;
    return this.start(engine);
  }

  close(): void {
    this.abort.abort();
  }

  private start(engine: SearchEngine): Promise<VectorMatrix | undefined> {
    const manifest = engine.manifest;
    const started = this.now();
    const units = corpusUnits(engine);
    // Saved vectors are read at once, in this call (an index swapped in after a corpus update that
    // prepared them is ready from its first question); only a computation goes to the background.
    const endpoint = this.opts.endpoint();
    const model = endpoint?.model ?? this.opts.model;
    const cached = model && units.texts.length > 0 ? readVectorCache(this.opts.cacheDir, this.key(units, model)) : undefined;
    if (cached) {
      this.ready(manifest, { matrix: cached.matrix, fromCache: true, computed: 0 }, started);
      return Promise.resolve(cached.matrix);
    }
    const previous = this.states.get(manifest);
    const partial = previous?.status === 'failed' ? previous.partial : new Map<number, Float32Array>();
    const progress = { done: 0, total: 0 };
    const done = this.compute(engine, manifest, endpoint, units, partial, progress).then(
      (result) => {
        this.ready(manifest, result, started);
        return result.matrix;
      },
      (e: unknown) => {
        if (e instanceof SwappedOut || this.abort.signal.aborted) {
          this.states.delete(manifest);
          return undefined;
        }
        const reason = e instanceof EmbeddingsError ? e.message : e instanceof Error ? e.message : 'Erreur inattendue.';
        this.states.set(manifest, { status: 'failed', at: this.now(), partial, reason });
        this.opts.log.warn(
          { semantic: { event: 'vectors_failed', reason, computed: partial.size, retryInSeconds: Math.round(this.opts.retryMs / 1000) } },
          'modèle de sens\u202f: calcul des vecteurs interrompu, recherche lexicale seule en attendant',
        );
        return undefined;
      },
    );
    this.states.set(manifest, { status: 'computing', done, progress });
    return done;
  }

  private ready(manifest: object, result: { matrix: VectorMatrix; fromCache: boolean; computed: number }, started: number): void {
    const { matrix, fromCache, computed } = result;
    this.states.set(manifest, { status: 'ready', matrix });
    const ready: VectorsReady = { units: matrix.ids.length, computed, fromCache, ms: this.now() - started };
    this.opts.log.info({ semantic: { event: 'vectors_ready', ...ready, dims: matrix.dims } }, 'modèle de sens\u202f: vecteurs du corpus prêts');
    this.opts.onReady?.(ready);
  }

  /**
   * Takes the rows of the last saved vectors whose unit is unchanged (same fiche, same text, same model): a
   * corpus update then computes only the fiches that changed.
   */
  private reusePrevious(model: string, hashes: readonly string[], partial: Map<number, Float32Array>): void {
    const dir = this.opts.reuseFrom ?? this.opts.cacheDir;
    const previous = cacheKeys(dir)
      .map((k) => readVectorCache(dir, k))
      .find((c) => c?.header.model === model && Array.isArray(c.header.hashes));
    if (!previous?.header.hashes) return;
    const rowOf = new Map(previous.header.hashes.map((h, r) => [h, r]));
    const { data, dims } = previous.matrix;
    hashes.forEach((h, i) => {
      const r = rowOf.get(h);
      if (r !== undefined && !partial.has(i)) partial.set(i, data.slice(r * dims, (r + 1) * dims));
    });
  }

  private async compute(
    engine: SearchEngine,
    manifest: object,
    endpoint: EmbeddingsSettings | undefined,
    { owners, texts }: Units,
    partial: Map<number, Float32Array>,
    progress: { done: number; total: number },
  ): Promise<{ matrix: VectorMatrix; fromCache: boolean; computed: number }> {
    if (!endpoint) throw new EmbeddingsError('http', "Le modèle de sens n'est pas démarré.");
    if (texts.length === 0) throw new Error('Aucune fiche à lire.');
    const key = this.key({ owners, texts }, endpoint.model);
    // Saved under the name of the model answering now, when start() looked under another (`model`).
    const cached = readVectorCache(this.opts.cacheDir, key);
    if (cached) return { matrix: cached.matrix, fromCache: true, computed: 0 };
    const hashes = texts.map((t, i) => unitHash(owners[i] as string, t));
    this.reusePrevious(endpoint.model, hashes, partial);
    progress.total = texts.length;
    progress.done = partial.size;
    let computed = 0;
    for (let i = 0; i < texts.length; i += this.opts.batchSize) {
      const rows: number[] = [];
      for (let j = i; j < Math.min(texts.length, i + this.opts.batchSize); j++) if (!partial.has(j)) rows.push(j);
      if (rows.length === 0) continue;
      // The holder's engine now answers for another index: this computation is moot.
      if (engine.manifest !== manifest) throw new SwappedOut();
      // The local model may have restarted on another port since the last batch.
      const settings = this.opts.endpoint();
      if (!settings) throw new EmbeddingsError('http', "Le modèle de sens s'est arrêté.");
      const vectors = await embed(
        settings,
        rows.map((r) => texts[r] as string),
        { timeoutMs: this.opts.batchTimeoutMs, signal: this.abort.signal, inputType: 'passage' },
      );
      const dims = partial.values().next().value?.length ?? vectors[0]?.length;
      if (vectors.some((v) => v.length !== dims)) throw new EmbeddingsError('protocol', 'Le service de vecteurs a changé de dimensions.');
      rows.forEach((r, j) => partial.set(r, vectors[j] as Float32Array));
      computed += rows.length;
      progress.done = partial.size;
      this.opts.onProgress?.(progress.done, progress.total);
    }
    if (engine.manifest !== manifest) throw new SwappedOut();
    const matrix = VectorMatrix.fromRows(
      owners,
      owners.map((_, r) => partial.get(r) as Float32Array),
    );
    try {
      writeVectorCache(this.opts.cacheDir, { key, model: endpoint.model, sourceKey: engine.manifest.sourceKey, hashes }, matrix);
    } catch {
      this.opts.log.warn({ semantic: { event: 'vectors_not_saved', cacheDir: this.opts.cacheDir } }, 'modèle de sens\u202f: vecteurs non enregistrés (dossier en lecture seule\u202f?)');
    }
    return { matrix, fromCache: false, computed };
  }
}
