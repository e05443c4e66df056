/**
 * What the models add to an answer's retrieval, prepared before the search:
 * - the model of meaning (semantic/semantic.ts; the local model of the default install, or an operator's
 *   EMBEDDINGS_BASE_URL): the question's dense ranking, fused with the lexical ranking (semantic/fusion.ts),
 *   and its verdict on scope (the question is close in meaning to a fiche);
 * - a rewrite of the question into legal search terms by the language model (LLM_QUERY_REWRITE with LLM_*;
 *   llm/query-rewrite.ts), added to the lexical query.
 *
 * `forQuestion` runs both (in parallel, each within its own time limit) and returns what the retrieval
 * applies (`QueryModels`). Any error, time-out or missing vector leaves that part out: the answer then rests
 * on the lexical search alone. Each use is counted by outcome (metrics); nothing of the question is logged.
 */
import type { SearchEngine, SearchResult } from '../../../../corpus/engine';
import { countWords } from '../../../../common/words';
import { LlmError } from '../llm/openai-client';
import { rewriteQuestion, type Rewrite, type RewriteSettings } from '../llm/query-rewrite';
import { denseWeight, fuseWithDense } from '../../semantic/fusion';
import type { DenseOutcome, Semantic } from '../../semantic/semantic';
import { retrieveSources, type RetrieveOptions, type RetrieveResult } from './retrieve';
import type { QueryModels } from './types';

export type { QueryModels } from './types';

/**
 * The model of meaning's scope verdicts, from the best cosine similarity between the question and a unit of
 * the corpus (multilingual-e5-small; chosen on the dev sets' tuning halves and the off-topic set's half A,
 * see docs/decisions/0007-model-of-meaning.md). Only the local model's scale is known: another model gives
 * no verdict.
 * - `minSimilarity`: a fiche this close keeps the question, whatever the lexical rules say (`nearCorpus`).
 * - `farSimilarity`: no fiche this close, for a question of at least `farMinWords` words, votes to refuse it
 *   (`farFromCorpus`); a search-box phrasing of a few words (« conger payer ») is too short to judge.
 */
export const SCOPE = { minSimilarity: 0.89, farSimilarity: 0.84, farMinWords: 5 } as const;


export type RetrievalModelName = 'dense' | 'rewrite';
export type RetrievalModelOutcome = DenseOutcome | 'off_topic';

export interface QueryModelsOptions {
  semantic?: Semantic;
  /** The scale of the model's similarities is known (the local model): its scope verdict is used. */
  scopeVerdict?: boolean;
  rewrite?: RewriteSettings;
  /** Counts each use of a model by outcome. */
  record?: (model: RetrievalModelName, outcome: RetrievalModelOutcome) => void;
}

export interface QueryModelsProvider {
  /** Runs the configured models for a question (never throws). */
  forQuestion(engine: SearchEngine, question: string): Promise<QueryModels>;
  close(): void;
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
  if (!models || (!models.searchTerms && !models.rerank && !models.offTopic && !models.nearCorpus && !models.farFromCorpus)) return retrieveSources(engine, question, opts);
  const helped = retrieveSources(engine, question, { ...opts, models });
  if (!helped.outOfScope || (!models.searchTerms && !models.rerank)) return helped;
  const { offTopic, nearCorpus, farFromCorpus } = models;
  return retrieveSources(engine, question, { ...opts, models: { ...(offTopic ? { offTopic } : {}), ...(nearCorpus ? { nearCorpus } : {}), ...(farFromCorpus ? { farFromCorpus } : {}) } });
}

export function createQueryModels(opts: QueryModelsOptions): QueryModelsProvider | undefined {
  if (!opts.semantic && !opts.rewrite) return undefined;
  const record = opts.record ?? (() => undefined);
  const closing = new AbortController();

  async function dense(engine: SearchEngine, question: string): Promise<Pick<QueryModels, 'rerank' | 'nearCorpus' | 'farFromCorpus'>> {
    if (!opts.semantic) return {};
    const ranking = await opts.semantic.rank(engine, question);
    record('dense', ranking.outcome);
    if (ranking.outcome !== 'used') return {};
    const ids = ranking.fiches.map((f) => f.id);
    const best = ranking.fiches[0]?.score ?? 0;
    return {
      rerank: (lexical: SearchResult[]) => fuseWithDense(engine, lexical, ids, denseWeight(question)),
      ...(opts.scopeVerdict && best >= SCOPE.minSimilarity ? { nearCorpus: true as const } : {}),
      ...(opts.scopeVerdict && best < SCOPE.farSimilarity && countWords(question) >= SCOPE.farMinWords ? { farFromCorpus: true as const } : {}),
    };
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
    async forQuestion(engine, question) {
      const [rewritten, fromDense] = await Promise.all([rewrite(question), dense(engine, question)]);
      return {
        ...(rewritten?.terms ? { searchTerms: rewritten.terms } : {}),
        ...(rewritten?.offTopic ? { offTopic: true as const } : {}),
        ...fromDense,
      };
    },
    close() {
      closing.abort();
    },
  };
}
