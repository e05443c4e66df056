/**
 * Hybrid ranking: the lexical results (BM25F, src/corpus/engine.ts) fused with the dense ranking of the model
 * of meaning by weighted reciprocal rank fusion. The weights were chosen on the tuning halves of the eval
 * sets (docs/decisions/0007-model-of-meaning.md).
 */
import { countWords } from '../../../common/words';
import type { SearchEngine, SearchOptions, SearchResult } from '../../../corpus/engine';
import type { Semantic } from './semantic';
import { reciprocalRankFusion } from './vector-matrix';

/**
 * Weight of the dense ranking against the lexical one (1), by the query's length, and the RRF constant.
 * A query of a few words (a search box's « préavis démission ») names the fiche's own terms, which the
 * lexical ranking reads best; a question that tells a story gains most from meaning. Chosen on the tuning
 * halves (docs/decisions/0007-model-of-meaning.md).
 */
export const FUSION = { shortWords: 8, shortWeight: 0.1, longWeight: 0.5, k: 10, lexicalCandidates: 30 } as const;

/** The dense ranking's weight for a query. */
export function denseWeight(query: string): number {
  return countWords(query) <= FUSION.shortWords ? FUSION.shortWeight : FUSION.longWeight;
}

/**
 * Fuses the lexical results with the dense ranking (RRF over the fiche ids) and keeps `size` results (by
 * default as many as the lexical search gave). The k-th fused result carries the k-th lexical score (the
 * last one past them), so that what retrieval decides from scores (a weak best result, the cut relative to
 * the best one) keeps its scale. A fiche brought by the dense ranking alone has no passage found by the
 * search (retrieval picks its passages).
 */
export function fuseWithDense(
  engine: Pick<SearchEngine, 'getFiche'>,
  lexical: readonly SearchResult[],
  denseIds: readonly string[],
  weight: number,
  size: number = lexical.length,
): SearchResult[] {
  if (denseIds.length === 0 || size <= 0) return lexical.slice(0, size);
  const fused = reciprocalRankFusion([lexical.map((r) => r.id), denseIds], FUSION.k, [1, weight]);
  const byId = new Map(lexical.map((r) => [r.id, r]));
  const out: SearchResult[] = [];
  for (const id of fused) {
    if (out.length >= size) break;
    const score = lexical[Math.min(out.length, lexical.length - 1)]?.score ?? 0;
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
 * A search with the model's help (/api/search, `npm run search`): the lexical results fused with the dense
 * ranking of the query, `limit` of them. Without the model, or when it fails or is not ready within its
 * time limit, the lexical results alone.
 */
export async function hybridSearch(engine: SearchEngine, semantic: Semantic | undefined, query: string, limit: number, opts: SearchOptions = {}): Promise<SearchResult[]> {
  if (!semantic || (opts.kinds && !opts.kinds.includes('fiche'))) return engine.search(query, limit, opts);
  // More lexical candidates than shown: the model can raise one from further down.
  // The model works on the question while this process runs the lexical search.
  const pending = semantic.rank(engine, query);
  const lexical = engine.search(query, Math.max(limit, FUSION.lexicalCandidates), opts);
  const ranking = await pending;
  if (ranking.outcome !== 'used') return lexical.slice(0, limit);
  return fuseWithDense(engine, lexical, ranking.fiches.map((f) => f.id), denseWeight(query), limit);
}
