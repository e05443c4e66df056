/**
 * Retrieval for the answer (issue 5): the few service-public.fr fiches that answer a question, numbered
 * 1..n (the citation markers), with the passages that matter and the legal references they cite.
 *
 * The search engine ranks (BM25 over passages, titles, the lay → legal lexicon, the code-article channel,
 * theme coherence) and the sources follow its ranking: it is the better judge of which fiche answers.
 * Lexical checks on the question's topic words (lexicon phrasings and typo tolerance included, see
 * `question/topic-words.ts`) keep only two jobs:
 * - the out-of-scope decision: the question is « hors du champ juridique » when it has no topic word
 *   (« bonjour comment ça va »), when the best result is weak in absolute terms, or when none of the
 *   leading fiches is about it — naming two of its topic words in its title or summary, or naming one
 *   and gathering enough of them in one place or matching the question strongly (« la recette de la
 *   tarte aux pommes » only meets « recette » in a tax fiche, with a weak score);
 * - dropping clearly off-topic trailing fiches (after the first), which name no topic word in their
 *   head and gather few of them anywhere.
 * Each fiche's analysis (stems of its head and passages, its references with their article texts) is
 * kept in a bounded LRU cache per engine, so a fiche is analysed once, not on every question.
 * Nothing of the question is logged.
 */
import type { SearchEngine, SearchResult } from '../../../../corpus/engine';
import type { Fiche } from '../../../../corpus/types';
import { corpusStems, stemSet, TopicMatcher, wordPresent, type TopicWord } from '../question/topic-words';
import { Lru } from '../../../../common/lru';
import { shortenOnSentence } from '../../../../common/french-text';
import type { RetrievedPassage, RetrievedReference, RetrievedSource } from './types';
import { pathStatus, resolveCases } from '../cases/resolve-case';
import { understand, type Understanding } from '../question/understand';
import type { QueryModels } from '../../retrieval-models/retrieval-models';

export const RETRIEVAL = {
  /** Fiches asked from the engine. */
  candidates: 8,
  /** Default and bounds of the number of sources. */
  defaultSources: 4,
  minSources: 3,
  maxSources: 5,
  /** Below this engine score the best result is noise, whatever its coverage. */
  minBestScore: 6,
  /** Leading fiches (engine order) among which one must be about the question. */
  scopeLeaders: 3,
  /** That fiche must gather at least this share of the question's topic words in one place… */
  minBestCoverage: 0.5,
  /** …all of them for short questions (one or two topic words)… */
  minShortCoverage: 1,
  /**
   * …unless the engine matches that fiche strongly (everyday wording adds topic words no fiche uses:
   * « ma cheffe me rabaisse … harcèlement »). Off-topic questions stay far below (« tarte aux pommes » ≈ 15).
   */
  strongScore: 30,
  /** …or names at least this many of the question's topic words in its title and summary. */
  scopeHeadWords: 2,
  /** Other fiches: score at least this share of the best one. */
  relativeScore: 0.35,
  /** A fiche after the first naming no topic word in its head is dropped below this coverage. */
  offTopicCoverage: 0.5,
  /** Passages given per source (engine's best first, then the fiche's passages closest to the question). */
  passagesPerSource: 8,
  /** Characters of passages per source. */
  charsPerSource: 7000,
  /** Longest article text attached to a reference. */
  articleChars: 700,
  /** Analysed fiches kept in memory per engine. */
  cacheSize: 256,
} as const;

export interface RetrieveOptions {
  /** Number of sources wanted (3..5, default 4). Fewer are returned when fewer are relevant. */
  maxSources?: number;
  /** The question, already understood (computed here when absent). */
  understanding?: Understanding;
  /** Optional models prepared for this question (retrieval-models.ts): extra search terms, dense re-ranking. */
  models?: QueryModels;
}

export interface RetrieveResult {
  sources: RetrievedSource[];
  outOfScope: boolean;
}

/** A fiche with what retrieval computes from it once (stems, references). Read-only: shared by requests. */
export interface AnalysedFiche {
  fiche: Fiche;
  /** Stems of the title and the summary. */
  head: Set<string>;
  /** Stems of the title. */
  title: Set<string>;
  /** Stems of each passage (headings + text), computed on first use. */
  passageStems(): readonly ReadonlySet<string>[];
  /** The legal references, with the article text when the code is in the corpus, computed on first use. */
  references(): readonly RetrievedReference[];
}

/** Per loaded index (its manifest: the engine object itself outlives an index swap, see engine-holder.ts). */
const caches = new WeakMap<object, Lru<string, AnalysedFiche>>();

function analyseFiche(engine: SearchEngine, fiche: Fiche): AnalysedFiche {
  let passages: ReadonlySet<string>[] | undefined;
  let refs: RetrievedReference[] | undefined;
  return {
    fiche,
    head: stemSet(`${fiche.title}\n${fiche.description}`),
    title: stemSet(fiche.title),
    // The engine's passages read « A > B\ntext »: same key, so both share the cached stems.
    passageStems: () => (passages ??= fiche.passages.map((p) => corpusStems(`${p.section.join(' > ')}\n${p.text}`))),
    references: () => (refs ??= references(fiche, engine)),
  };
}

/** A fiche and its analysis, from the engine's bounded cache (undefined for an unknown id). */
export function analysedFiche(engine: SearchEngine, id: string): AnalysedFiche | undefined {
  let cache = caches.get(engine.manifest);
  if (!cache) caches.set(engine.manifest, (cache = new Lru<string, AnalysedFiche>(RETRIEVAL.cacheSize)));
  const hit = cache.get(id);
  if (hit) return hit;
  const fiche = engine.getFiche(id);
  if (!fiche) return undefined;
  const analysed = analyseFiche(engine, fiche);
  cache.set(id, analysed);
  // getFiche accepts ids in any case: the canonical id is cached too.
  if (fiche.id !== id) cache.set(fiche.id, analysed);
  return analysed;
}

/** A fiche by id through the retrieval cache (the composer reads the same fiches again). */
export function cachedFiche(engine: SearchEngine, id: string): Fiche | undefined {
  return analysedFiche(engine, id)?.fiche;
}

export interface FicheRelevance {
  /**
   * The largest share of topic words found together in the fiche's title with its summary, or in its
   * title with one of the passages the engine found best for the question. Requiring the words to meet
   * in one place keeps a long fiche that mentions each word somewhere from passing for relevant.
   */
  coverage: number;
  /** Topic words found in the title or the summary: the fiche is about the question's topic. */
  headWords: number;
}

const passageKey = (section: string, text: string): string => `${section}\u0001${text}`;

/** How relevant a fiche is to the topic words of a question (see `FicheRelevance`). */
export function ficheRelevance(words: readonly TopicWord[], a: AnalysedFiche, result: SearchResult): FicheRelevance {
  let headWords = 0;
  for (const w of words) if (wordPresent(w, a.head)) headWords += 1;
  let best = words.length > 0 ? headWords / words.length : 0;
  if (words.length === 0) return { coverage: 0, headWords };
  for (const p of result.passages ?? []) {
    if (best >= 1) break;
    const stems = corpusStems(`${p.section}\n${p.text}`);
    let found = 0;
    for (const w of words) if (wordPresent(w, stems) || wordPresent(w, a.title)) found += 1;
    best = Math.max(best, found / words.length);
  }
  return { coverage: best, headWords };
}

/**
 * The passages of a fiche given to the composers, within a budget of characters: the person's case first
 * (passages under a case that does not fit the person's facts are left out, those under a case that fits
 * come first), then the passages closest to the question.
 */
function selectPassages(a: AnalysedFiche, result: SearchResult, matcher: TopicMatcher, u: Understanding): RetrievedPassage[] {
  const { fiche } = a;
  const engineBest = new Set((result.passages ?? []).map((p) => passageKey(p.section, p.text)));
  const engineTexts = new Set((result.passages ?? []).map((p) => p.text));
  const stems = a.passageStems();
  const cases = resolveCases(fiche.passages.map((p) => p.section), u.words, u.facts, new Map(), fiche.passages.map((p) => p.text));
  const scored = fiche.passages.flatMap((p, i) => {
    const status = pathStatus(p.section, cases);
    if (status.excluded) return [];
    const best = engineBest.has(passageKey(p.section.join(' > '), p.text)) || engineTexts.has(p.text);
    return [{ p, i, fits: status.fits, score: matcher.count(stems[i] ?? new Set()) + (best ? 1.5 : 0) + (status.fits ? 1 : 0) - i * 0.002 }];
  });
  scored.sort((x, y) => y.score - x.score);
  const chosen: typeof scored = [];
  let chars = 0;
  for (const s of scored) {
    if (chosen.length >= RETRIEVAL.passagesPerSource) break;
    if (chosen.length > 0 && s.score <= 0) break;
    if (chosen.length > 0 && chars + s.p.text.length > RETRIEVAL.charsPerSource) continue;
    chosen.push(s);
    chars += s.p.text.length;
  }
  // In the order of the fiche: procedures and deadlines read in their published order.
  chosen.sort((x, y) => x.i - y.i);
  return chosen.map(({ p, fits }) => ({ sectionPath: [...p.section], text: p.text, ...(fits ? { caseFits: true } : {}) }));
}

function references(fiche: Fiche, engine: SearchEngine): RetrievedReference[] {
  const out: RetrievedReference[] = [];
  const seen = new Set<string>();
  for (const r of fiche.references) {
    const k = `${r.title}|${r.url ?? ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const ref: RetrievedReference = { title: r.title, url: r.url ?? '' };
    if (r.legiarti) {
      ref.articleId = r.legiarti;
      const article = engine.getArticle(r.legiarti);
      if (article?.text) ref.text = shortenOnSentence(article.text, RETRIEVAL.articleChars);
    }
    out.push(ref);
  }
  return out;
}

/** Retrieves the sources of an answer. See the module comment for the relevance rules. */
export function retrieveSources(engine: SearchEngine, question: string, opts: RetrieveOptions = {}): RetrieveResult {
  const wanted = Math.min(RETRIEVAL.maxSources, Math.max(RETRIEVAL.minSources, Math.round(opts.maxSources ?? RETRIEVAL.defaultSources)));
  const u = opts.understanding ?? understand(question);
  const words = u.words;
  if (words.length === 0) return { sources: [], outOfScope: true };
  const terms = opts.models?.searchTerms;
  const lexical = engine.search(terms ? `${u.searchText} ${terms}` : u.searchText, RETRIEVAL.candidates, { withPassages: true, snippets: false, asked: question });
  const results = opts.models?.rerank?.(lexical) ?? lexical;
  const fiches = results.filter((r) => r.type === 'fiche');
  const pool = fiches.length > 0 ? fiches : results.filter((r) => r.type === 'dossier');
  const best = pool[0];
  if (!best || best.score < RETRIEVAL.minBestScore) return { sources: [], outOfScope: true };

  // Candidates in the engine's order, within reach of the best score.
  const ranked: { result: SearchResult; a: AnalysedFiche; rel?: FicheRelevance }[] = [];
  for (const r of pool) {
    if (r !== best && r.score < best.score * RETRIEVAL.relativeScore) break;
    const a = analysedFiche(engine, r.id);
    if (a) ranked.push({ result: r, a });
  }
  const relevance = (c: (typeof ranked)[number]): FicheRelevance => (c.rel ??= ficheRelevance(words, c.a, c.result));

  // In scope when one of the leading fiches is about the question.
  const minCov = words.length <= 2 ? RETRIEVAL.minShortCoverage : RETRIEVAL.minBestCoverage;
  const inScope = ranked.slice(0, RETRIEVAL.scopeLeaders).some((c) => {
    const rel = relevance(c);
    if (rel.headWords >= RETRIEVAL.scopeHeadWords) return true;
    return rel.headWords > 0 && (rel.coverage >= minCov || c.result.score >= RETRIEVAL.strongScore);
  });
  if (!inScope) return { sources: [], outOfScope: true };

  const kept: typeof ranked = [];
  for (const c of ranked) {
    if (kept.length >= wanted) break;
    const rel = relevance(c);
    // The engine's first is kept; a later fiche that is clearly about something else is not.
    if (kept.length > 0 && rel.headWords === 0 && rel.coverage < RETRIEVAL.offTopicCoverage) continue;
    kept.push(c);
  }
  const matcher = new TopicMatcher(words);
  const sources = kept.map(({ result, a }, i): RetrievedSource => ({
    n: i + 1,
    id: a.fiche.id,
    title: a.fiche.title,
    url: a.fiche.url,
    passages: selectPassages(a, result, matcher, u),
    references: a.references().map((r) => ({ ...r })),
  }));
  return { sources, outOfScope: sources.length === 0 };
}
