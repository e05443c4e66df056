/**
 * The named parts of a fiche's first-pass score (engine-scoring.ts), as `npm run explain` prints them: the
 * score is (head + passages) × kindPrior × coordination × publicSector × otherSource × title. The scorer
 * computes them as locals on its hot path and writes them into a `ScoreParts` only when asked to explain.
 */

export interface ScoreParts {
  /** The head document's score (title, description, theme path) × TUNING.head. */
  head: number;
  /** The three best passages' scores, weighted by TUNING.passages. */
  passages: number;
  /** The prior of the fiche's kind (KIND_PRIOR: fiche, dossier, ressource). */
  kindPrior: number;
  /** The share of the query's weight the fiche matches, to the power TUNING.coordination. */
  coordination: number;
  /** TUNING.publicSector for a « fonction publique » fiche when the question does not name the public sector, else 1. */
  publicSector: number;
  /** TUNING.otherSource for a fiche of another source than service-public.fr, else 1. */
  otherSource: number;
  /** 1 + TUNING.title × the query weight found in the title × the title's precision^TUNING.titlePrecision (1 without). */
  title: number;
  /**
   * The score as the scorer computes it: the product of the parts, the head and the passages summed first to
   * last (so `partsProduct` may differ from it in the last bits).
   */
  score: number;
}

/** Parts all zero, to be filled by the scorer. */
export function emptyScoreParts(): ScoreParts {
  return { head: 0, passages: 0, kindPrior: 0, coordination: 0, publicSector: 0, otherSource: 0, title: 0, score: 0 };
}

/** The product of the parts: what the score is made of. */
export function partsProduct(p: ScoreParts): number {
  return (p.head + p.passages) * p.kindPrior * p.coordination * p.publicSector * p.otherSource * p.title;
}
