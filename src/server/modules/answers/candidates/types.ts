/**
 * The shapes the candidates' files share: the sources as the composer reads them (`SourceView`,
 * `SourceBody`), a sentence before and after its score (`RawCandidate`, `Candidate`), what a passage says
 * for the question (`PassageReading`) and the work shared by the answers of one question (`ComposeWork`).
 * Types only, so that the files that fill them import none of each other's types in a circle.
 */
import type { Unit } from '../../../../common/french-text';
import type { Fiche } from '../../../../corpus/types';
import type { CaseGroup, CaseResolution } from '../cases/resolve-case';
import type { HeadingVerdict } from '../cases/heading-verdict';
import type { TopicMatcher } from '../question/topic-words';
import type { RetrievedSource } from '../retrieval/types';
import type { ScoreParts } from './weights';

/** A sentence that could be quoted, with what comes with it. */
export interface Candidate {
  source: RetrievedSource;
  /** Index of the source (0 = primary). */
  si: number;
  unit: Unit;
  /** The sentence before, quoted with this one when this one depends on it. */
  prev?: Unit;
  /** The exception that follows, quoted with this one. */
  exception?: Unit;
  path: readonly string[];
  /** The chapter of the fiche the sentence belongs to (its first heading that is not a case). */
  chapter: string;
  /** Position in the fiche: passages × 1000 + unit. */
  order: number;
  /** Open case groups the sentence belongs to (primary fiche only), with its option. */
  open: { group: CaseGroup; option: string }[];
  fits: boolean;
  hits: number;
  /** The score's parts (weights.ts), kept apart for `npm run explain`. */
  parts: ScoreParts;
  score: number;
  /** The sentence states a figure in a unit of the person's own figures (€, months, km/h…). */
  personUnit: boolean;
  /** Normalised texts of every unit quoted (for « no sentence twice »). */
  keys: string[];
  words: number;
}

export interface SourceView {
  source: RetrievedSource;
  si: number;
  fiche: Fiche | undefined;
  resolution: CaseResolution;
  passages: { section: readonly string[]; text: string; description: boolean }[];
}

/** A source's text as the composer reads it, before its cases are resolved for the person. */
export interface SourceBody {
  source: RetrievedSource;
  si: number;
  fiche: Fiche | undefined;
  passages: { section: readonly string[]; text: string; description: boolean }[];
  /** The headings and text of each passage, as the cases are resolved from them. */
  paths: readonly (readonly string[])[];
  texts: readonly string[];
}

/** A sentence cut from a source, before its score (score.ts). */
export interface RawCandidate {
  view: SourceView;
  unit: Unit;
  prev?: Unit;
  exception?: Unit;
  path: readonly string[];
  /** Index of its passage in the view. */
  pi: number;
  open: { group: CaseGroup; option: string }[];
  fits: boolean;
  /** The case was settled by one of the person's facts (their housing, contract, a figure in range). */
  factFit: boolean;
  /** The sentence's own condition (« entre 1 mois et 3 mois de présence : … ») fits the person. */
  ownFit: boolean;
  /** Which topic words the sentence holds. */
  present: boolean[];
  /** Which topic words the headings above it hold. */
  context: boolean[];
  description: boolean;
}

export interface ComposeWork {
  matcher: TopicMatcher;
  /**
   * The pré-dossier and professionals sections, which do not depend on the option of a choice: written
   * once for the first answer and each option's (by section and open group).
   */
  sections: Map<string, string>;
  /** The primary fiche's text as the composer reads it (its cases are resolved again for each option). */
  primary?: SourceBody;
  /** Views of the later sources (their cases are never forced). */
  views: Map<number, SourceView>;
  /** Whether a sentence restates a rule of another case (`excludedRestatement`), by view of a later source. */
  restates: Map<SourceView, (unit: Unit) => boolean>;
  /** Whether each source may be quoted for the question (`titledForQuestion`), by source index. */
  titled: Map<number, boolean>;
  /** What each passage of the sources says for the question, whatever the person's case (passage-reading.ts). */
  readings: Map<object, PassageReading>;
  /** Verdicts of conditions and headings against the facts, by text. */
  verdicts: Map<string, HeadingVerdict>;
  /** Which topic words each quoted unit holds. */
  present: Map<Unit, boolean[]>;
  /** What each unit's own text gives its score (score.ts). */
  textParts: Map<Unit, TextParts>;
  /** The question is about a fine the person received (« j'ai reçu un PV de 135 € »). */
  fine: boolean;
}

/** What one quoted text (a sentence, with the one before it and its exception) brings to the answer. */
export interface QuotedText {
  /** Normalised texts of every unit quoted (for « no sentence twice »). */
  keys: string[];
  words: number;
}

/** A sentence of a passage that can be quoted, as far as the question alone decides. */
export interface SentenceReading {
  /** The sentence, its list cut to the items that are not another person's case. */
  unit: Unit;
  /** The verdict of the sentence's own condition (« Si le logement est meublé, … », a table's row). */
  ownVerdict: HeadingVerdict;
  /** The sentence before, quoted with this one when this one depends on it. */
  prev?: Unit;
  /** The exception that follows, as the fiche states it (the person's case decides whether it is quoted). */
  after?: Unit;
  /** That exception as quoted with this sentence (`exceptionFor`). */
  exception?: Unit;
  /** Which topic words the sentence holds. */
  present: boolean[];
  /** Which topic words the headings above it hold. */
  context: boolean[];
  /** What the sentence brings, quoted without its exception and with it (computed when first needed). */
  alone?: QuotedText;
  withException?: QuotedText;
}

export interface PassageReading {
  /** The chapter of the fiche the passage belongs to (`Candidate.chapter`). */
  chapter: string;
  /** One of the passage's headings fits the person's facts. */
  headingFits: boolean;
  sentences: SentenceReading[];
}

/** What a sentence's own text gives its score, the same in every answer of the question. */
export interface TextParts {
  /** It gives what the question asks for (a duration, an amount, a step…). */
  kindMatch: boolean;
  /** The question asks what the person may do, and the sentence says it (« vous pouvez… »). */
  mayDo: boolean;
  /** It states a figure in a unit of the person's own figures. */
  personUnit: boolean;
  /** It states the figure the question asks for. */
  askedFigure: boolean;
}
