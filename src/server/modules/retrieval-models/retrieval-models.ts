/**
 * Better retrieval where the operator has models, off by default:
 * - a dense channel (EMBEDDINGS_BASE_URL + EMBEDDINGS_MODEL): the question's vector against the fiche
 *   vectors (fiche-vectors.ts), fused with the lexical ranking by reciprocal rank fusion;
 * - a rewrite of the question into legal search terms by the language model (LLM_QUERY_REWRITE=true
 *   with LLM_*; query-rewrite.ts), added to the lexical query.
 *
 * `forQuestion` runs both (in parallel, each within its own time limit) before the search and returns
 * what the retrieval applies (`QueryModels`). Any error, time-out or missing vector leaves that part out:
 * the answer then rests on the lexical search alone. Each use is counted by outcome (metrics); nothing of
 * the question is logged.
 */
import type { SearchEngine, SearchResult } from '../../../corpus/engine';
import { reciprocalRankFusion } from '../../../corpus/dense/vectors';
import { LlmError } from '../answers/llm/openai-client';
import { retrieveSources, type RetrieveOptions, type RetrieveResult } from '../answers/retrieval/retrieve';
import { embed, EmbeddingsError, type EmbeddingsSettings } from './embeddings-client';
import { FicheVectors } from './fiche-vectors';
import { QUESTION_CHARS, rewriteQuestion, type Rewrite, type RewriteSettings } from './query-rewrite';

/** What retrieval applies for one question (see retrieve.ts). */
export interface QueryModels {
  /** Legal search terms for the question, added to the lexical query. */
  searchTerms?: string;
  /**
   * The language model found the question outside law and administration (its rewrite answered
   * HORS_SUJET). Retrieval then refuses it, unless the question itself carries a legal signal or reveals
   * a danger (see `inScope`).
   */
  offTopic?: true;
  /** The lexical results re-ranked with the dense channel. */
  rerank?: (lexical: SearchResult[]) => SearchResult[];
}

export type RetrievalModelName = 'dense' | 'rewrite';
export type RetrievalModelOutcome = 'used' | 'empty' | 'off_topic' | 'not_ready' | 'timeout' | 'error';

/** Fiches taken from the dense channel into the fusion. */
export const DENSE_CANDIDATES = 20;

export interface RetrievalModelsOptions {
  embeddings?: {
    settings: EmbeddingsSettings;
    /** Time limit of the question's vector. */
    timeoutMs: number;
    batchSize: number;
    /** Time limit of one batch of fiche vectors. */
    batchTimeoutMs?: number;
    cacheDir: string;
    /** Wait before computing the fiche vectors again after a failure (default 10 min). */
    retryMs?: number;
  };
  rewrite?: RewriteSettings;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Counts each use of a model by outcome. */
  record?: (model: RetrievalModelName, outcome: RetrievalModelOutcome) => void;
  now?: () => number;
}

export interface RetrievalModels {
  /** The fiche vectors (undefined without embeddings). */
  readonly vectors: FicheVectors | undefined;
  /** Runs the configured models for a question (never throws). */
  forQuestion(engine: SearchEngine, question: string): Promise<QueryModels>;
  close(): void;
}

/**
 * Fuses the lexical results with the dense ranking (RRF over the fiche ids) and keeps as many results as
 * the lexical search gave. The k-th fused result carries the k-th lexical score, so that what retrieval
 * decides from scores (a weak best result, the cut relative to the best one) keeps its scale. A fiche
 * brought by the dense channel alone has no passage found by the search (retrieval picks its passages).
 */
export function fuseWithDense(engine: Pick<SearchEngine, 'getFiche'>, lexical: readonly SearchResult[], denseIds: readonly string[]): SearchResult[] {
  if (lexical.length === 0 || denseIds.length === 0) return [...lexical];
  const fused = reciprocalRankFusion([lexical.map((r) => r.id), denseIds]).slice(0, lexical.length);
  const byId = new Map(lexical.map((r) => [r.id, r]));
  const out: SearchResult[] = [];
  for (const id of fused) {
    const score = (lexical[out.length] as SearchResult).score;
    const found = byId.get(id);
    if (found) {
      out.push({ ...found, score });
      continue;
    }
    const fiche = engine.getFiche(id);
    if (fiche) out.push({ id: fiche.id, title: fiche.title, url: fiche.url, score, snippet: '', type: fiche.kind, pubType: fiche.pubType, passages: [] });
  }
  return out;
}

/**
 * The answer's sources with the models' help: the retrieval runs with the rewrite's terms and the dense
 * re-ranking; when that finds the question outside the corpus's scope, the lexical retrieval alone
 * decides (the scope rules were measured on it, and the models' terms or vectors must never cost an
 * answer the lexical search would give). The one exception is the model's own off-topic verdict, which
 * the lexical retrieval applies too: it refuses only a question with no legal signal of its own (see
 * `inScope`). Without models, this is `retrieveSources`.
 */
export function retrieveWithModels(engine: SearchEngine, question: string, models: QueryModels | undefined, opts: RetrieveOptions = {}): RetrieveResult {
  if (!models || (!models.searchTerms && !models.rerank && !models.offTopic)) return retrieveSources(engine, question, opts);
  const helped = retrieveSources(engine, question, { ...opts, models });
  if (!helped.outOfScope || (!models.searchTerms && !models.rerank)) return helped;
  return retrieveSources(engine, question, { ...opts, ...(models.offTopic ? { models: { offTopic: true } } : {}) });
}

export function createRetrievalModels(opts: RetrievalModelsOptions): RetrievalModels | undefined {
  if (!opts.embeddings && !opts.rewrite) return undefined;
  const record = opts.record ?? (() => undefined);
  const emb = opts.embeddings;
  const vectors = emb
    ? new FicheVectors({
        embeddings: emb.settings,
        batchSize: emb.batchSize,
        batchTimeoutMs: emb.batchTimeoutMs ?? Math.max(30_000, emb.timeoutMs * 10),
        cacheDir: emb.cacheDir,
        retryMs: emb.retryMs ?? 10 * 60_000,
        log: opts.log,
        ...(opts.now ? { now: opts.now } : {}),
      })
    : undefined;
  const closing = new AbortController();

  async function dense(engine: SearchEngine, question: string): Promise<string[] | undefined> {
    if (!emb || !vectors) return undefined;
    const matrix = vectors.get(engine);
    if (!matrix) {
      record('dense', 'not_ready');
      return undefined;
    }
    const manifest = engine.manifest;
    try {
      const [q] = await embed(emb.settings, [question.slice(0, QUESTION_CHARS)], { timeoutMs: emb.timeoutMs, signal: closing.signal });
      // A vector of another length (the service changed model), or an index swapped meanwhile: no fusion.
      if (!q || q.length !== matrix.dims || engine.manifest !== manifest) {
        record('dense', 'error');
        return undefined;
      }
      const ids = matrix.topK(q, DENSE_CANDIDATES).map((s) => s.id);
      record('dense', ids.length > 0 ? 'used' : 'empty');
      return ids;
    } catch (e) {
      record('dense', e instanceof EmbeddingsError && e.kind === 'timeout' ? 'timeout' : 'error');
      return undefined;
    }
  }

  async function rewrite(question: string): Promise<Rewrite | undefined> {
    if (!opts.rewrite) return undefined;
    try {
      const rewritten = await rewriteQuestion(opts.rewrite, question, closing.signal);
      record('rewrite', rewritten.terms ? 'used' : rewritten.offTopic ? 'off_topic' : 'empty');
      return rewritten;
    } catch (e) {
      record('rewrite', e instanceof LlmError && e.kind === 'timeout' ? 'timeout' : 'error');
      return undefined;
    }
  }

  return {
    vectors,
    async forQuestion(engine, question) {
      const [rewritten, denseIds] = await Promise.all([rewrite(question), dense(engine, question)]);
      return {
        ...(rewritten?.terms ? { searchTerms: rewritten.terms } : {}),
        ...(rewritten?.offTopic ? { offTopic: true as const } : {}),
        ...(denseIds && denseIds.length > 0 ? { rerank: (lexical: SearchResult[]) => fuseWithDense(engine, lexical, denseIds) } : {}),
      };
    },
    close() {
      closing.abort();
      vectors?.close();
    },
  };
}
