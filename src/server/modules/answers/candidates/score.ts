/**
 * The score of a candidate sentence, as a sum of named parts (`ScoreParts`, weights.ts): the question's
 * words it holds and those of its headings, its case, its source's rank, whether it gives what the question
 * asks for, the person's units, its place in the fiche. `npm run explain` prints the parts.
 */
import type { Unit } from '../../../../common/french-text';
import { askedFigure, features, kindMatches, unitText, YOU_MAY_RE } from '../extractive/sentence-kinds';
import type { Understanding } from '../question/understand';
import type { ComposeWork, RawCandidate, TextParts } from './types';
import { factUnits, withoutPenalties, type TextTest } from './person-figures';
import { emptyParts, WEIGHTS, type ScoreParts } from './weights';

/** What the scores of one answer's candidates share. */
export interface Scoring {
  /** Each topic word's local rarity among the candidate sentences (0..1, 1 for the rarest). */
  norm: readonly number[];
  /** The units of the person's own figures (months, €, km/h…). */
  unitsOfFacts: readonly TextTest[];
}

export function scoringOf(raws: readonly RawCandidate[], u: Understanding): Scoring {
  // Local rarity of each topic word among the candidate sentences.
  const n = raws.length;
  const weights = u.words.map((_, i) => Math.log(1 + n / (1 + raws.filter((r) => r.present[i]).length)));
  const maxW = Math.max(1e-9, ...weights);
  const norm = weights.map((w) => w / maxW);
  const unitsOfFacts = factUnits(u.askedFacts ?? u.facts);
  return { norm, unitsOfFacts };
}

/** `TextParts` of a sentence, read once per question (`ComposeWork.textParts`). */
function textParts(unit: Unit, u: Understanding, work: ComposeWork, scoring: Scoring): TextParts {
  let said = work.textParts.get(unit);
  if (!said) {
    const f = features(unit);
    const text = unitText(unit);
    said = {
      kindMatch: kindMatches(u.kind, f),
      mayDo: u.kind === 'droit' && YOU_MAY_RE.test(unit.sentence),
      // A penalty the offender risks is no figure like the person's, unless they ask about a fine.
      personUnit: scoring.unitsOfFacts.some((re) => re.test(work.fine ? text : withoutPenalties(text))),
      askedFigure: askedFigure(u.kind, text),
    };
    work.textParts.set(unit, said);
  }
  return said;
}

/**
 * A candidate's score, part by part (their sum, `total(parts)`, is its score); with the number of topic
 * words it holds and whether it states a figure in a unit of the person's own.
 */
export function scoreParts(r: RawCandidate, u: Understanding, work: ComposeWork, scoring: Scoring): { parts: ScoreParts; hits: number; personUnit: boolean } {
  const { norm } = scoring;
  const f = features(r.unit);
  const said = textParts(r.unit, u, work, scoring);
  const parts = emptyParts();
  let hits = 0;
  u.words.forEach((_, i) => {
    if (r.present[i]) {
      hits += 1;
      parts.topicWords += WEIGHTS.topicWord * (norm[i] as number);
    }
    // In the primary fiche, the headings above a sentence tell which of its passages the question is
    // about, and count even when the sentence repeats the word; elsewhere they only fill in for it.
    if (r.context[i] && (r.view.si === 0 || !r.present[i])) parts.headingWords += WEIGHTS.headingWord * (norm[i] as number);
  });
  if (r.fits) parts.caseFits = WEIGHTS.caseFits;
  // The person's own rule: what the question asks for under a case their facts settled. A question whose
  // wording names no kind is answered by the figure of the one row or sentence whose own condition fits
  // them (« entre 1 mois et 3 mois de présence : 2 semaines » for six weeks).
  const answersCase = said.kindMatch || said.mayDo || (u.kind === 'autre' && r.ownFit && (f.duration || f.amount));
  if (r.factFit && answersCase) parts.factCaseAnswer = WEIGHTS.factCaseAnswer;
  parts.sourceRank = r.view.si === 0 ? WEIGHTS.firstSource : r.view.si === 1 ? WEIGHTS.secondSource : 0;
  if (said.kindMatch) parts.kindMatch = WEIGHTS.kindMatch;
  // A fiche titled as a question answers it in its summary.
  if (r.description && r.view.si === 0 && /\?\s*$/u.test(r.view.source.title)) parts.questionFicheSummary = WEIGHTS.questionFicheSummary;
  if (f.normative) parts.normative = WEIGHTS.normative;
  if (f.duration || f.amount) parts.figure = WEIGHTS.figure;
  const { personUnit } = said;
  if (personUnit) parts.factUnit = WEIGHTS.factUnit;
  if (r.unit.index === 0) parts.lead = WEIGHTS.lead;
  // The primary fiche's own order: it states its main rules first; its summary often states the answer.
  if (r.view.si === 0) parts.early = WEIGHTS.early * (1 - r.pi / Math.max(1, r.view.passages.length));
  if (r.description && r.view.si === 0) parts.primaryDescription = WEIGHTS.primaryDescription;
  if (said.askedFigure) parts.askedFigure = WEIGHTS.askedFigure;
  return { parts, hits, personUnit };
}
