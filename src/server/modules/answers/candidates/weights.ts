/**
 * The weights and limits of the extractive composer, in one place. A candidate sentence's score adds:
 * the question's topic words it holds (each weighted by how rare it is among the sources' sentences),
 * those of the headings above it, whether its case fits the person, its source's rank, whether it gives
 * what the question asks for (a duration, an amount, a rule, a step), and small corrections for length
 * and position. Each term is a named part of the score (`ScoreParts`), so that `npm run explain` can show
 * why a sentence ranks where it does.
 *
 * Terms that moved no held-out figure when removed (measured by ablation on answers-dev half B and
 * answers-heldout-3, lexical retrieval) are gone: « Oui/Non » openings, chapters that ask another question,
 * the other fiches' summaries, long/short sentences, dependent sentences, examples, sentences that announce
 * cases (docs/decisions/0006-answer.md).
 */
export const WEIGHTS = {
  /** Per topic word in the sentence (scaled by its local rarity, 0..1). */
  topicWord: 2,
  /** Per topic word found only in the headings above the sentence. */
  headingWord: 0.8,
  /** The sentence lies under a case that fits the person's facts. */
  caseFits: 1.5,
  /**
   * The sentence gives what the question asks for (a duration, an amount…) under a case that one of the
   * person's facts settled (« Au moins 2 ans » for three years of seniority): the person's own rule.
   */
  factCaseAnswer: 2,
  /** Rank of the source: first, second. */
  firstSource: 2.5,
  secondSource: 1.2,
  /** The sentence gives what the question's kind asks for. */
  kindMatch: 1.5,
  /** The summary of a primary fiche whose title is a question. */
  questionFicheSummary: 1,
  /** The sentence states a rule (obligation, right, ban). */
  normative: 0.5,
  /** For « combien de temps » / « combien », the sentence gives the figure in numbers (« 30 jours », « 86 € »). */
  askedFigure: 1,
  /** The sentence states a deadline, a duration or an amount. */
  figure: 0.4,
  /** The sentence uses the unit of one of the person's figures (months, €, km/h…). */
  factUnit: 0.6,
  /** …and more for « En bref », which sets the rule's figure beside the person's. */
  briefPersonUnit: 2,
  /** The primary fiche's summary: it often states the direct answer. */
  primaryDescription: 1.5,
  /** First sentence of its passage (the fiches state the rule first). */
  lead: 0.4,
  /** Early in the primary fiche (scaled by the passage's position: 1 for the first, 0 for the last). */
  early: 0.8,
} as const;

export const LIMITS = {
  /** « En bref »: words at most (about 60), and the room left for a second sentence. */
  summaryWords: 60,
  summarySecondMinShare: 0.6,
  /** « En bref »'s second sentence shares less than this share of stems with the first (not a paraphrase). */
  paraphrase: 0.6,
  /** Quoted sentences (with their items) longer than this are not quoted in a section. */
  quoteWords: 60,
  /**
   * Rules quoted in « Ce que dit la loi », within the shared budget of words below: 8 rather than 6 quotes
   * more of the person's fiche when its rules are short (tuning sets: +1, +3 and +2 key facts on the three
   * fresher ones, −1 on half A; answer median +2 to +8 words).
   */
  lawSentences: 8,
  /** Words quoted in « Ce que dit la loi » and « Démarches et délais » together, at most. */
  bodyWords: 240,
  /**
   * Steps quoted in « Démarches et délais ». 4 rather than 5, with one sentence of a later fiche per
   * section (below): the answer's median words under 350 on the tuning sets (answers-dev half A,
   * answers-tuning-2/3/4: 239 key facts against 238, wrong-case answers 16 against 18).
   */
  stepSentences: 4,
  /** Words of that budget kept for « Démarches et délais » when the rules are chosen. */
  stepsWords: 80,
  /** Sentences quoted from the chapter of « En bref » (other chapters give one each). */
  focusSentences: 3,
  /**
   * Sentences from sources after the first, per section: the place kept for a fiche not cited yet. The
   * later fiches' other sentences, on what is next to the question, held the fewest key facts per word.
   */
  otherSourcesPerSection: 1,
  /**
   * A sentence of the primary fiche that states no obligation, figure or step is quoted among the rules
   * when it holds 2 words of the question and its score reaches this share of the best one.
   */
  statementShare: 0.6,
  /** A sentence is quoted when its score reaches this share of the best one. */
  relevantShare: 0.35,
  stepsShare: 0.35,
  /** A sentence outside the cases restates an excluded case's rule: share of that rule's stems it holds. */
  restatement: 0.6,
  /** Near-duplicates: share of common stems. */
  nearDuplicate: 0.8,
  /** Resource lines (forms, letter models) in the pré-dossier. */
  resources: 2,
  /** Professionals named (besides the point-justice line). */
  professionals: 2,
  /** Options of a choice. */
  choiceOptions: 6,
  choiceLabel: 120,
} as const;

/** A candidate's score, part by part (0 when the part does not apply). The score is their sum. */
export interface ScoreParts {
  /** The question's topic words the sentence holds, each weighted by its local rarity. */
  topicWords: number;
  /** Topic words found in the headings above the sentence. */
  headingWords: number;
  caseFits: number;
  factCaseAnswer: number;
  /** The rank of the sentence's source (first, second, later). */
  sourceRank: number;
  kindMatch: number;
  questionFicheSummary: number;
  normative: number;
  figure: number;
  factUnit: number;
  lead: number;
  early: number;
  primaryDescription: number;
  askedFigure: number;
}

export function emptyParts(): ScoreParts {
  return { topicWords: 0, headingWords: 0, caseFits: 0, factCaseAnswer: 0, sourceRank: 0, kindMatch: 0, questionFicheSummary: 0, normative: 0, figure: 0, factUnit: 0, lead: 0, early: 0, primaryDescription: 0, askedFigure: 0 };
}

/** The score: the sum of its parts. */
export function total(parts: ScoreParts): number {
  let sum = 0;
  // In the parts' order (for…in, as Object.values, without building an array).
  for (const k in parts) sum += parts[k as keyof ScoreParts];
  return sum;
}
