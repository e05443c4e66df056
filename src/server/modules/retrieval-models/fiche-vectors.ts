/**
 * The fiche vectors of the dense channel, per loaded index: read from the cache beside the index when it
 * holds this model and this index build, otherwise computed once by the embedding model in batches (in
 * the background: until they are ready, questions get the lexical ranking alone) and saved.
 *
 * What the model reads of a fiche: its title, summary and section headings (`ficheEmbeddingText`,
 * bounded in characters) — what it is about, not its details. Fiches only (not dossiers or resources:
 * the answers cite fiches).
 *
 * A failed computation keeps the vectors it got and resumes after `retryMs`. A computation for an index
 * that was swapped out meanwhile (scheduled corpus update) stops; the new index gets its own.
 */
import crypto from 'node:crypto';
import type { SearchEngine } from '../../../corpus/engine';
import { INDEX_FORMAT_VERSION } from '../../../corpus/index-schema';
import type { Fiche } from '../../../corpus/types';
import { readVectorCache, writeVectorCache } from '../../../corpus/dense/vector-cache';
import { VectorMatrix } from '../../../corpus/dense/vectors';
import { embed, EmbeddingsError, type EmbeddingsSettings } from './embeddings-client';

/** Characters of a fiche given to the model. */
export const FICHE_TEXT_CHARS = 1000;
/** Bump when ficheEmbeddingText changes: cached vectors are then computed again. */
const TEXT_VERSION = 1;

export function ficheEmbeddingText(fiche: Pick<Fiche, 'title' | 'description' | 'passages'>): string {
  const headings: string[] = [];
  const seen = new Set<string>();
  for (const p of fiche.passages) {
    for (const h of p.section) {
      const t = h.trim();
      if (t && !seen.has(t)) {
        seen.add(t);
        headings.push(t);
      }
    }
  }
  const text = [fiche.title.trim(), fiche.description.trim(), headings.join(' ; ')].filter(Boolean).join('\n');
  if (text.length <= FICHE_TEXT_CHARS) return text;
  const cut = text.slice(0, FICHE_TEXT_CHARS);
  const space = cut.lastIndexOf(' ');
  return space > FICHE_TEXT_CHARS * 0.8 ? cut.slice(0, space) : cut;
}

export interface FicheVectorsOptions {
  embeddings: EmbeddingsSettings;
  /** Fiches per request. */
  batchSize: number;
  /** Time limit of one batch request. */
  batchTimeoutMs: number;
  /** Directory of the cached vectors (beside the index). */
  cacheDir: string;
  /** Wait before computing again after a failure. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => number;
}

type State =
  | { status: 'computing'; done: Promise<VectorMatrix | undefined> }
  | { status: 'ready'; matrix: VectorMatrix }
  | { status: 'failed'; at: number; partial: Map<string, Float32Array> };

export type FicheVectorsStatus = 'none' | 'computing' | 'ready' | 'failed';

class SwappedOut extends Error {}

export class FicheVectors {
  /** Per loaded index (its manifest: the holder's engine object outlives an index swap). */
  private readonly states = new WeakMap<object, State>();
  private readonly abort = new AbortController();
  private readonly now: () => number;

  constructor(private readonly opts: FicheVectorsOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Cache key of an index for this model (see vector-cache.ts). */
  key(engine: Pick<SearchEngine, 'manifest'>): string {
    const m = engine.manifest;
    const { baseUrl, model } = this.opts.embeddings;
    const id = JSON.stringify({ baseUrl, model, sourceKey: m.sourceKey, builtAt: m.builtAt, format: INDEX_FORMAT_VERSION, text: TEXT_VERSION, chars: FICHE_TEXT_CHARS });
    return crypto.createHash('sha256').update(id).digest('hex').slice(0, 24);
  }

  status(engine: Pick<SearchEngine, 'manifest'>): FicheVectorsStatus {
    return this.states.get(engine.manifest)?.status ?? 'none';
  }

  /** The vectors of the engine's index when ready; otherwise starts (or resumes) computing them. */
  get(engine: SearchEngine): VectorMatrix | undefined {
    const state = this.states.get(engine.manifest);
    if (state?.status === 'ready') return state.matrix;
    if (!state || (state.status === 'failed' && this.now() - state.at >= this.opts.retryMs)) void this.start(engine);
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
    const previous = this.states.get(manifest);
    const partial = previous?.status === 'failed' ? previous.partial : new Map<string, Float32Array>();
    const started = this.now();
    const done = this.compute(engine, manifest, partial).then(
      ({ matrix, fromCache }) => {
        this.states.set(manifest, { status: 'ready', matrix });
        this.opts.log.info({ denseVectors: { fiches: matrix.ids.length, dims: matrix.dims, fromCache, ms: this.now() - started } }, 'dense channel: fiche vectors ready');
        return matrix;
      },
      (e: unknown) => {
        if (e instanceof SwappedOut || this.abort.signal.aborted) {
          this.states.delete(manifest);
          return undefined;
        }
        this.states.set(manifest, { status: 'failed', at: this.now(), partial });
        const reason = e instanceof EmbeddingsError ? e.kind : 'error';
        const message = e instanceof EmbeddingsError ? e.message : 'Erreur inattendue.';
        this.opts.log.warn(
          { denseVectors: { reason, message, computed: partial.size, retryInSeconds: Math.round(this.opts.retryMs / 1000) } },
          'dense channel: fiche vectors failed, lexical ranking alone meanwhile',
        );
        return undefined;
      },
    );
    this.states.set(manifest, { status: 'computing', done });
    return done;
  }

  private async compute(engine: SearchEngine, manifest: object, partial: Map<string, Float32Array>): Promise<{ matrix: VectorMatrix; fromCache: boolean }> {
    const key = this.key(engine);
    const cached = readVectorCache(this.opts.cacheDir, key);
    if (cached) return { matrix: cached.matrix, fromCache: true };
    const ids = engine.themes().flatMap((t) => t.fiches.map((f) => f.id));
    if (ids.length === 0) throw new Error('no fiche');
    for (let i = 0; i < ids.length; i += this.opts.batchSize) {
      const batch = ids.slice(i, i + this.opts.batchSize).filter((id) => !partial.has(id));
      if (batch.length === 0) continue;
      // The holder's engine now answers for another index: this computation is moot.
      if (engine.manifest !== manifest) throw new SwappedOut();
      const texts = batch.map((id) => {
        const fiche = engine.getFiche(id);
        return fiche ? ficheEmbeddingText(fiche) : id;
      });
      const vectors = await embed(this.opts.embeddings, texts, { timeoutMs: this.opts.batchTimeoutMs, signal: this.abort.signal });
      const dims = partial.values().next().value?.length ?? vectors[0]?.length;
      if (vectors.some((v) => v.length !== dims)) throw new EmbeddingsError('protocol', 'Le service de vecteurs a changé de dimensions.');
      batch.forEach((id, j) => partial.set(id, vectors[j] as Float32Array));
    }
    if (engine.manifest !== manifest) throw new SwappedOut();
    const matrix = VectorMatrix.fromRows(
      ids,
      ids.map((id) => partial.get(id) as Float32Array),
    );
    try {
      writeVectorCache(this.opts.cacheDir, { key, model: this.opts.embeddings.model, sourceKey: engine.manifest.sourceKey }, matrix);
    } catch {
      this.opts.log.warn({ denseVectors: { cacheDir: this.opts.cacheDir } }, 'dense channel: vectors not saved (read-only directory?)');
    }
    return { matrix, fromCache: false };
  }
}
