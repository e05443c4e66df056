/**
 * What the search engine offers its callers (engine.ts implements it): the results, the options of a search,
 * the themes, and the engine's interface. Kept apart so that callers depend on these shapes, not on the engine.
 */
import type { CompiledEntry } from './lexicon.js';
import type { Manifest } from './index-schema.js';
import type { ScoreParts } from './engine-score-parts.js';
import type { CodeArticle, Fiche, FicheKind } from './types.js';

export interface SearchResultPassage {
  section: string;
  text: string;
  score: number;
}

export interface SearchResult {
  id: string;
  title: string;
  url: string;
  score: number;
  snippet: string;
  type: FicheKind;
  pubType?: string;
  /** Best passages of the fiche (only with `withPassages`). */
  passages?: SearchResultPassage[];
}

export interface SearchOptions {
  withPassages?: boolean;
  /**
   * Build the snippet of each result (default true). `false` skips it — `snippet` is then '' — for callers that
   * read the passages and not the snippet (the answers' retrieval): a quarter to a third of the search time.
   * The ranking is the same either way.
   */
  snippets?: boolean;
  /** Restricts results to these kinds (default: all). */
  kinds?: FicheKind[];
  /**
   * Analyse the question with this compiled lexicon instead of the default one (lexicon.ts). For measuring
   * what each lexicon entry brings (scripts/ablate-lexicon.ts); the site never sets it.
   */
  lexicon?: readonly CompiledEntry[];
  /**
   * The question as the visitor wrote it, when `query` is a reduced form of it (the answers' search drops
   * « je voudrais savoir… »): the question's facets (time elapsed since the facts…) are read from it.
   */
  asked?: string;
  /**
   * Legal concepts the caller knows the question is about (« porter plainte » for a question that reveals
   * danger): added like a facet of the question (its words, and fiches named after it first).
   */
  concepts?: readonly string[];
}

export interface ThemeFiche {
  id: string;
  title: string;
  url: string;
  date: string;
}

export interface Theme {
  audience: string;
  title: string;
  fiches: ThemeFiche[];
}

export interface SearchEngine {
  /** ISO date (YYYY-MM-DD) of the newest fiche. */
  corpusDate: string;
  manifest: Manifest;
  ficheCount: number;
  search(query: string, limit?: number, opts?: SearchOptions): SearchResult[];
  getFiche(id: string): Fiche | undefined;
  getArticle(idOrNumber: string, codeId?: string): CodeArticle | undefined;
  themes(): Theme[];
  /** The fiche that says the same thing in another source (source-pairs.ts), if any. */
  pairedFiche?(id: string): string | undefined;
  /**
   * Releases the open index files (an engine replaced by a newer index, see engine-holder.ts). The engine
   * must not be used afterwards: reading a fiche or a passage then throws.
   */
  close?(): void;
  /**
   * Whether the corpus knows this word (any case, accents optional): a word of its fiches, an acronym they
   * define, an everyday word of the lay → legal lexicon, or one letter away from a fiche word of 6 letters
   * or more (a typo). Lets a question of one to three words pass the French check (src/common/question.ts).
   */
  knowsWord(word: string): boolean;
  /**
   * For `npm run explain`: the named parts of the first-pass score (engine-score-parts.ts) of each fiche of
   * `ids` for `search(query, …, opts)`, before the re-ranking; undefined for a fiche the query's terms do not
   * touch (or unknown).
   */
  explainScore?(query: string, ids: readonly string[], opts?: SearchOptions): (ScoreParts | undefined)[];
}
