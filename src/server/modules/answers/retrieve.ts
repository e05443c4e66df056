/**
 * Retrieval for the answer (issue 5): the few service-public.fr fiches that answer a question, numbered
 * 1..n (the citation markers), with the passages that matter and the legal references they cite.
 *
 * Relevance is decided in two steps:
 * - the search engine ranks fiches (BM25 over passages, title, lexicon);
 * - a fiche is kept only if enough of the question's topic words meet in one place of it (its title with
 *   its summary or with one passage; lexicon and typo tolerance included: see `ficheCoverage`), and its
 *   score is not far below the best one.
 * The question is out of scope ("hors du champ juridique") when it has no topic word at all (« bonjour
 * comment ça va »), when the best fiche is weak in absolute terms, or when even the best fiche covers
 * less than half of the topic words, or when no leading fiche names one of them in its title or summary (« la recette de la tarte aux pommes » only meets « recette » in a
 * tax fiche). Nothing of the question is logged.
 */
import type { SearchEngine, SearchResult } from '../../../corpus/engine';
import type { Fiche } from '../../../corpus/types';
import { coverage, searchText, stemSet, topicWords, wordPresent, type TopicWord } from './extractive/query-terms';
import { shortenOnSentence } from './extractive/text';
import type { RetrievedPassage, RetrievedReference, RetrievedSource } from './llm/types';

export const RETRIEVAL = {
  /** Fiches asked from the engine before filtering. */
  candidates: 12,
  /** Default and bounds of the number of sources. */
  defaultSources: 4,
  minSources: 3,
  maxSources: 5,
  /** Below this engine score the best result is noise, whatever its coverage. */
  minBestScore: 6,
  /** The best fiche must contain at least this share of the question's topic words. */
  minBestCoverage: 0.5,
  /** Short questions (one or two topic words) must be fully covered (in one place of one fiche). */
  minShortCoverage: 1,
  /** Other fiches: score at least this share of the best one… */
  relativeScore: 0.35,
  /** …and cover at least this share of the topic words. */
  minCoverage: 0.5,
  /** Passages given per source (engine's best first, then the fiche's passages closest to the question). */
  passagesPerSource: 8,
  /** Characters of passages per source. */
  charsPerSource: 7000,
  /** Longest article text attached to a reference. */
  articleChars: 700,
} as const;

export interface RetrieveOptions {
  /** Number of sources wanted (3..5, default 4). Fewer are returned when fewer are relevant. */
  maxSources?: number;
}

export interface RetrieveResult {
  sources: RetrievedSource[];
  outOfScope: boolean;
}

export interface FicheRelevance {
  /**
   * The largest share of topic words found together in the fiche's title with its summary, or in its
   * title with one passage (headings + text). Requiring the words to meet in one place keeps a long
   * fiche that mentions each word somewhere from passing for relevant.
   */
  coverage: number;
  /** Topic words found in the title or the summary: the fiche is about the question's topic. */
  headWords: number;
}

/** How relevant a fiche is to the topic words of a question (see `FicheRelevance`). */
export function ficheRelevance(words: readonly TopicWord[], f: Fiche): FicheRelevance {
  const head = stemSet(`${f.title}\n${f.description}`);
  let headWords = 0;
  for (const w of words) if (wordPresent(w, head)) headWords += 1;
  let best = words.length > 0 ? headWords / words.length : 0;
  const title = stemSet(f.title);
  for (const p of f.passages) {
    if (best >= 1) break;
    const stems = stemSet(`${p.section.join(' ')}\n${p.text}`);
    for (const t of title) stems.add(t);
    best = Math.max(best, coverage(words, stems));
  }
  return { coverage: best, headWords };
}

/** How many topic words a passage (heading path + text) contains. */
function passageMatch(words: readonly TopicWord[], section: readonly string[], text: string): number {
  const stems = stemSet(`${section.join(' ')}\n${text}`);
  let n = 0;
  for (const w of words) if (wordPresent(w, stems)) n += 1;
  return n;
}

function selectPassages(fiche: Fiche, result: SearchResult, words: readonly TopicWord[]): RetrievedPassage[] {
  const key = (section: readonly string[], text: string): string => `${section.join('\u0000')}\u0001${text}`;
  const best = new Set((result.passages ?? []).map((p) => key(p.section.split(' > ').filter(Boolean), p.text)));
  const scored = fiche.passages.map((p, i) => {
    const engineBest = best.has(key(p.section, p.text)) || (result.passages ?? []).some((r) => r.text === p.text);
    return { p, i, score: passageMatch(words, p.section, p.text) + (engineBest ? 1.5 : 0) - i * 0.002 };
  });
  scored.sort((a, b) => b.score - a.score);
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
  chosen.sort((a, b) => a.i - b.i);
  return chosen.map(({ p }) => ({ sectionPath: [...p.section], text: p.text }));
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
  const words = topicWords(question);
  if (words.length === 0) return { sources: [], outOfScope: true };
  const results = engine.search(searchText(question), RETRIEVAL.candidates, { withPassages: true });
  const fiches = results.filter((r) => r.type === 'fiche');
  const pool = fiches.length > 0 ? fiches : results.filter((r) => r.type === 'dossier');
  const best = pool[0];
  if (!best || best.score < RETRIEVAL.minBestScore) return { sources: [], outOfScope: true };

  const loaded: { result: SearchResult; fiche: Fiche; cov: number }[] = [];
  const minCov = words.length <= 2 ? RETRIEVAL.minShortCoverage : RETRIEVAL.minBestCoverage;
  for (const r of pool) {
    if (r !== best && r.score < best.score * RETRIEVAL.relativeScore) break;
    const fiche = engine.getFiche(r.id);
    if (!fiche) continue;
    const rel = ficheRelevance(words, fiche);
    // A fiche whose title and summary name none of the question's words is not about it.
    if (rel.headWords > 0) loaded.push({ result: r, fiche, cov: rel.coverage });
  }
  // The best covered of the leading fiches decides (the engine's first may be a near miss).
  const bestCov = Math.max(0, ...loaded.slice(0, 3).map((l) => l.cov));
  if (bestCov < minCov) return { sources: [], outOfScope: true };

  const kept = loaded.filter((l) => l.cov >= RETRIEVAL.minCoverage && l.cov >= bestCov - 0.34).slice(0, wanted);
  const sources = kept.map(({ result, fiche }, i): RetrievedSource => ({
    n: i + 1,
    id: fiche.id,
    title: fiche.title,
    url: fiche.url,
    passages: selectPassages(fiche, result, words),
    references: references(fiche, engine),
  }));
  return { sources, outOfScope: sources.length === 0 };
}
