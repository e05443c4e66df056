/**
 * The engine's query-time scoring knobs (read by engine-scoring.ts and engine-ranking.ts), each with why it
 * has its value, and the small pure helpers they go with. `npm run eval:retrieval -- --tune key=value,…`
 * overrides the numeric ones for a run.
 */
import { foldAccents } from './analyzer.js';
import type { FicheKind } from './types.js';

/** Prior per page kind: information fiches before navigation pages and resources when both match. */
export const KIND_PRIOR: Record<FicheKind, number> = { fiche: 1, dossier: 0.75, ressource: 0.6 };

/** Query-time scoring knobs. */
export const TUNING = {
  /** Weight of the fiche head document (title, description, theme path). */
  head: 0.5,
  /** Weights of the best, second and third passages of a fiche. */
  passages: [1, 0.3, 0.1] as [number, number, number],
  /** Exponent of the share of query terms a fiche matches (coordination). */
  coordination: 0.5,
  /** Title match bonus: score × (1 + title × share of query weight in the title × title precision^titlePrecision). */
  title: 1,
  /** Exponent of the title precision (share of title terms present in the query). */
  titlePrecision: 0.5,
  /** Prior of a public-sector fiche (« fonction publique ») when the question does not mention it. */
  publicSector: 0.7,
  /** Share of the documents above which a query term is « common » (its weight × commonWeight). */
  commonDf: 0.1,
  commonWeight: 0.5,
  /** Theme coherence: score × (1 + theme × share of the candidates' score in the fiche's theme) (0 = off). */
  theme: 1,
  /** Candidates re-scored by theme coherence. */
  pool: 30,
  /**
   * Code-article channel: fiche score += articles × best fiche score × best (article score / best article score
   * × citing fiches^-articleFanout) over the `topArticles` best articles the fiche cites (0 = off).
   */
  articles: 0.3,
  topArticles: 30,
  articleFanout: 0.5,
  /**
   * Sibling diversity: a fiche of the same title family (« Prime d'activité : … ») as n fiches ranked above it has
   * its score × family^n (1 = off).
   */
  family: 0.9,
  /**
   * Question theme: when the question uses lay words of a theme (lexicon/<theme>.json: « proprio », « viré »,
   * « mon mari me frappe »), the candidates filed under that theme's corpus themes (Logement, Travail,
   * Justice…) have their score × (1 + questionTheme) (0 = off).
   */
  questionTheme: 0.15,
  /**
   * Named concept: a candidate whose title holds every term of a legal concept the question names through
   * the lexicon or a facet (« porter plainte » for « mon mari me frappe », « délai de prescription » for
   * « il y a 4 ans ») has its score × (1 + concept) (0 = off).
   */
  concept: 0.5,
  /**
   * Prior of a fiche from another source than service-public.fr (the labour ministry's, sources.ts): its score
   * × otherSource. Its pages are long (three times the passages of a service-public.fr fiche), so they match
   * more of a question's words by their length alone (1 = off).
   */
  otherSource: 0.8,
  /**
   * Of two fiches of different sources that say the same thing (source-pairs.ts: 49 pairs whose titles agree)
   * and are both among the results asked, the fresher (its date: the ministry's page of 2025, not the
   * service-public.fr fiche of 2020) is moved up to just before the older one, which is kept (fresherFirst);
   * a page beyond the results asked is never brought in (0 = off, 1 = on).
   * Off: it cannot pass the bar of the held-out figures. The sets' expected fiches are the 2020 fiches, so a
   * ministry page first is a strict miss even when it says the same thing: dev half B strict hit@1
   * 0.624 → 0.442 (npm run eval:retrieval -- --no-model). Counting the paired page as found (the pair-aware
   * figure), it gains nothing: it only reorders two pages already among the results, so pair-aware hit@1
   * stays 0.629 and hit@5 loses 0.822 → 0.819 (a promoted page pushes another expected fiche out of the
   * first five); answers' key-fact recall unchanged (answers-dev B 0.561, answers-heldout-3 0.397). With the
   * model of meaning (its fusion re-ranks the lexical candidates the rule reordered): dev B strict hit@1
   * 0.614 → 0.426, pair-aware 0.625 → 0.632 but hit@5 0.826 → 0.824, everyday-long-2 hit@5 0.800 → 0.775.
   * The other forms tried did no better: over the whole candidates' pool (the rule's first form) dev B
   * strict hit@1 0.422, answers-dev B key facts 0.561 → 0.544; the fresher right after the older one keeps
   * strict hit@1 but loses the same two phrasings of hit@5 (0.821 → 0.818) for no gain. The fresher source
   * is preferred in what the answer says instead: a sentence that a fresher source states too is quoted from
   * it (answers/candidates/fresher.ts), and the language model is told to follow the most recent source.
   */
  fresher: 0,
};

/** Title family of a fiche: the part of its title before « : » or « - », when that prefix is shared. */
export function titleFamily(title: string): string {
  const m = /^(.{3,80}?)\s(?::|-|–)\s/.exec(title);
  return m?.[1] ? foldAccents(m[1]).trim() : '';
}
