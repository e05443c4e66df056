/**
 * The ranking of the fiches for an analysed question, each step a knob of TUNING (engine-tuning.ts): common
 * terms weigh less, the first pass scores a pool of candidates (engine-scoring.ts), then the pool is
 * re-ranked: the code-article channel, theme coherence, the question's own themes, the fiches it names, the
 * fresher of two paired sources, title-family diversity. The engine (engine.ts) turns the result into
 * search results.
 */
import type { ArticleChannel } from './article-channel.js';
import type { AnalyzedQuestion, QueryTerm } from './query.js';
import type { SearchOptions } from './search-types.js';
import { TUNING } from './engine-tuning.js';
import type { LoadedIndex } from './engine-index.js';
import { FicheScorer, type Candidate } from './engine-scoring.js';
import type { ScoreParts } from './engine-score-parts.js';

/** Ranks the fiches of one index; one query at a time (its scorer's scratch arrays are shared). */
export class FicheRanker {
  private readonly scorer: FicheScorer;

  constructor(
    private readonly index: LoadedIndex,
    private readonly channel: ArticleChannel | undefined,
  ) {
    this.scorer = new FicheScorer(index);
  }

  /**
   * The `limit` best fiches for `analyzed`, best first. `qterms` are its terms that the index knows (none
   * empty): the weight of a common one is lowered in place.
   */
  rank(analyzed: AnalyzedQuestion, qterms: QueryTerm[], limit: number, opts: SearchOptions): Candidate[] {
    const { metas, ficheTheme, ficheTop, lexiconThemeTops } = this.index;
    this.lowerCommonWeights(qterms);
    const pool = TUNING.theme > 0 ? Math.max(limit, TUNING.pool) : limit;
    const bonus = this.channel && TUNING.articles > 0 ? this.channel.ficheBonus(qterms, TUNING.topArticles, TUNING.articleFanout) : undefined;
    const side = new Map<number, Candidate>();
    let top = this.scorer.score(qterms, pool, opts, bonus, side);
    if (bonus && bonus.size > 0 && top.length > 0) {
      // Code-article channel: fiches citing the articles that match the question best get a share of the best score.
      const scale = (top[0] as { score: number }).score * TUNING.articles;
      const byFi = new Map(top.map((c) => [c.fi, c]));
      for (const [fi, b] of bonus) {
        let c = byFi.get(fi) ?? side.get(fi);
        if (!c) {
          const meta = metas[fi];
          if (!meta || (opts.kinds && !opts.kinds.includes(meta.kind))) continue;
          c = { fi, score: 0, docs: [] };
        }
        c.score += scale * b;
        byFi.set(fi, c);
      }
      top = [...byFi.values()].sort((a, b) => b.score - a.score);
      if (top.length > pool) top.length = pool;
    }
    if (TUNING.theme > 0 && top.length > 1) {
      // Theme coherence: a fiche whose theme gathers much of the candidates' score is on the question's subject.
      const mass = new Map<number, number>();
      let total = 0;
      for (const c of top) {
        const th = ficheTheme[c.fi] as number;
        mass.set(th, (mass.get(th) ?? 0) + c.score);
        total += c.score;
      }
      for (const c of top) c.score *= 1 + TUNING.theme * ((mass.get(ficheTheme[c.fi] as number) ?? 0) / total);
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.questionTheme > 0 && analyzed.themes.length > 0 && top.length > 1) {
      // The question's own themes (its lay words): candidates filed under them come first among equals.
      const tops = new Set<number>();
      for (const t of analyzed.themes) for (const id of lexiconThemeTops.get(t) ?? []) tops.add(id);
      for (const c of top) if (tops.has(ficheTop[c.fi] as number)) c.score *= 1 + TUNING.questionTheme;
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.concept > 0 && analyzed.concepts.length > 0 && top.length > 1) {
      const named = this.namedFiches(analyzed.concepts);
      for (const c of top) if (named.has(c.fi)) c.score *= 1 + TUNING.concept;
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.fresher > 0 && top.length > 1) this.fresherFirst(top, limit);
    if (TUNING.family < 1 && top.length > 1) top = this.diversify(top);
    if (top.length > limit) top.length = limit;
    return top;
  }

  /**
   * The parts of the first-pass score (engine-score-parts.ts) of the fiches `fis` for `qterms`, as `rank`
   * scores them before re-ranking them (for `npm run explain`); undefined for a fiche that does not score.
   */
  explainFirstPass(qterms: QueryTerm[], fis: readonly number[], opts: SearchOptions): (ScoreParts | undefined)[] {
    this.lowerCommonWeights(qterms);
    return this.scorer.explain(qterms, fis, opts);
  }

  /** Terms found in more than 10 % of the documents (« demande », « droit », « service », « mois ») count little, also in the coordination share. */
  private lowerCommonWeights(qterms: QueryTerm[]): void {
    if (!(TUNING.commonWeight < 1)) return;
    const { termIndex } = this.index;
    const maxDf = TUNING.commonDf * this.index.mainDocs;
    for (const qt of qterms) {
      const tid = termIndex.get(qt.term) as number;
      if (this.index.mainDocFrequency(tid) > maxDf) qt.weight *= TUNING.commonWeight;
    }
  }

  /**
   * Of two fiches that say the same thing in two sources (source-pairs.ts), both among the `limit` results
   * asked, the fresher is moved up to just before the older one, with its score (scores stay in order); the
   * older one and those between them move down one place. A fiche beyond the results asked is never brought
   * in (the candidates' pool is deeper than the results): so, rule on, a shorter list can order a pair
   * differently than a longer one.
   */
  private fresherFirst(top: { fi: number; score: number }[], limit: number): void {
    const { metas, pairOf } = this.index;
    const depth = Math.min(limit, top.length);
    for (let i = 0; i < depth; i++) {
      const a = top[i] as { fi: number; score: number };
      const pair = pairOf[a.fi] as number;
      if (pair < 0) continue;
      const k = top.findIndex((c, j) => j > i && j < depth && c.fi === pair);
      if (k < 0) continue;
      const b = top[k] as { fi: number; score: number };
      if ((metas[b.fi]?.date ?? '') <= (metas[a.fi]?.date ?? '')) continue;
      top.splice(k, 1);
      top.splice(i, 0, { ...b, score: a.score });
      i++;
    }
  }

  /** Fiches whose title holds every term of one of the concepts. */
  private namedFiches(concepts: readonly string[][]): Set<number> {
    const { termIndex, titleFiches } = this.index;
    const out = new Set<number>();
    for (const concept of concepts) {
      let inter: Set<number> | undefined;
      for (const term of concept) {
        const tid = termIndex.get(term);
        const list = tid === undefined ? undefined : titleFiches.get(tid);
        if (!list) {
          inter = new Set();
          break;
        }
        const prev: Set<number> | undefined = inter;
        inter = prev ? new Set(list.filter((f) => prev.has(f))) : new Set(list);
        if (inter.size === 0) break;
      }
      for (const f of inter ?? []) out.add(f);
    }
    return out;
  }

  /** Greedy re-ranking: each fiche of a title family already ranked above costs a factor TUNING.family. */
  private diversify<T extends { fi: number; score: number }>(top: T[]): T[] {
    const { ficheFamily } = this.index;
    const rest = [...top];
    const out: T[] = [];
    const seen = new Map<number, number>();
    while (rest.length > 0) {
      let bi = 0;
      let bs = -Infinity;
      for (let i = 0; i < rest.length; i++) {
        const c = rest[i] as T;
        const fam = ficheFamily[c.fi] as number;
        const s = fam > 0 ? c.score * Math.pow(TUNING.family, seen.get(fam) ?? 0) : c.score;
        if (s > bs) {
          bs = s;
          bi = i;
        }
      }
      const [c] = rest.splice(bi, 1) as [T];
      // The greedy order keeps scores decreasing: the API shows the score the fiche was ranked by.
      c.score = bs;
      const fam = ficheFamily[c.fi] as number;
      if (fam > 0) seen.set(fam, (seen.get(fam) ?? 0) + 1);
      out.push(c);
    }
    return out;
  }
}
