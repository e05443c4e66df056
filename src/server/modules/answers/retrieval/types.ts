import type { SearchResult } from '../../../../corpus/search-types';

/**
 * What retrieval hands to both composers (extractive and language model): numbered sources (n is the
 * citation marker `[n]`, equal to the index in the answer's `sources` + 1), the passages of each fiche
 * that retrieval selected, and the legal references the fiche cites.
 */
export interface RetrievedPassage {
  /** Section path inside the fiche (situation, chapter, sub-chapter…). */
  sectionPath: string[];
  text: string;
  /** The passage lies under a case of the fiche that the person's facts settled (given first to the model, marked « (votre cas) »). */
  caseFits?: boolean;
}

export interface RetrievedReference {
  /** As published, e.g. "Loi n°89-462 du 6 juillet 1989 relative aux rapports locatifs : article 22". */
  title: string;
  url: string;
  /** Article number or Légifrance id (e.g. "L1234-9", "LEGIARTI000020466316") when known. */
  articleId?: string;
  /** Text of the article when its code is in the corpus. */
  text?: string;
}

export type RetrievedSource = {
  n: number;
  id: string;
  title: string;
  url: string;
  /** ISO date (YYYY-MM-DD) of the fiche's last update, as the corpus records it (the answer's `sources[].date`). */
  date?: string;
  passages: RetrievedPassage[];
  references: RetrievedReference[];
};

/** What retrieval applies for one question (see retrieve.ts; prepared by query-models.ts). */
export interface QueryModels {
  /** Legal search terms for the question, added to the lexical query. */
  searchTerms?: string;
  /**
   * The language model found the question outside law and administration (its rewrite answered
   * HORS_SUJET). Retrieval then refuses it, unless the question itself carries a legal signal or reveals
   * a danger (see `inScope`).
   */
  offTopic?: true;
  /**
   * The model of meaning found a fiche close to the question (`SCOPE.minSimilarity`): the question is not
   * refused as outside the law, whatever the lexical signals say (both must agree to refuse).
   */
  nearCorpus?: true;
  /**
   * The model of meaning found no fiche near a question of a few words or more (`SCOPE.farSimilarity`,
   * `SCOPE.farMinWords`): retrieval refuses it when it carries no legal signal of its own either (both must
   * agree to refuse), never one that reveals a danger (see `inScope`).
   */
  farFromCorpus?: true;
  /** The lexical results re-ranked with the dense channel. */
  rerank?: (lexical: SearchResult[]) => SearchResult[];
}
