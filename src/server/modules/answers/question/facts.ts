/**
 * The person's facts, read from the question by a small declarative table of extractors: the kind of
 * housing, of work contract, the couple, age, amounts, durations, speed, where something was bought…
 * The fiches split their rules by exactly these situations (« Logement meublé », « CDD », « Avant 53
 * ans », « Excès de moins de 20 km/h », « Achat à distance »): `cases/resolve-case.ts` matches them.
 *
 * This file is the entry: the facts' shape (`QuestionFacts`) and `extractFacts`, which runs the
 * extractors of the situation (facts-situation.ts) and of the figures (facts-figures.ts) and reads the
 * time between dates (facts-time.ts).
 *
 * Every extractor works on the normalised question (lower case, no accents, straight apostrophes,
 * single spaces) and is linear in its length. Nothing here is logged.
 */
import { normalizeText } from '../../../../common/french-text';
import { namedAges, NUMERIC } from './facts-figures';
import { abroadOf, absentThings, CATEGORICAL, heldThings, HEIR_OF, HEIR_RE } from './facts-situation';
import { dateIntervals, questionDates } from './facts-time';
import type { QuestionFacts } from './facts-types';

export { distanceText, HALF_TIME_HOURS, parseFrenchNumber } from './facts-figures';
export { calendarSpanDays } from './facts-time';
export type { Duration, DurationUnit } from './facts-time';

export type { Housing, Contract, Couple, Purchase, WorkTime, Heir, LandlordNotice, Residence, Nationality, QuestionFacts, Extractor } from './facts-types';

/** The question's text as the extractors read it. */
export function factText(question: string): string {
  return normalizeText(question).replace(/['’‘]/gu, "'");
}

/** Words that name a minor (« sans enfant » names none). */
const MINOR_RE = /(?<!sans )\b(?:mineure?s?|enfants?|fils|filles?|ados?|adolescente?s?|lyceen(?:ne)?s?|collegien(?:ne)?s?|eleves?|bebes?|nourrissons?|petits?-enfants?|apprentie?s?)\b/u;

/** Reads the person's facts from a question. */
export function extractFacts(question: string): QuestionFacts {
  const t = factText(question);
  const facts: QuestionFacts = {
    otherAges: [],
    amounts: [],
    percents: [],
    years: [],
    durations: [],
    intervals: [],
    monthsOf: [],
    distances: [],
    areas: [],
    residence: 'france',
    nationality: 'francais',
    absent: absentThings(t),
    held: [],
    adult: true,
  };
  facts.held = heldThings(t, facts.absent);
  for (const e of CATEGORICAL) {
    const m = e.re.exec(t);
    if (m) e.apply(m, facts);
  }
  for (const e of NUMERIC) {
    e.re.lastIndex = 0;
    for (let m = e.re.exec(t); m !== null; m = e.re.exec(t)) e.apply(m, facts);
  }
  facts.intervals = dateIntervals(questionDates(t));
  facts.otherAges.push(...namedAges(question));
  const abroad = abroadOf(t);
  if (abroad) facts.abroad = abroad;
  if (facts.weeklyHours !== undefined) facts.workTime ??= facts.weeklyHours < 35 ? 'partiel' : 'plein';
  // Alternating residence is the case of separated parents who say so: without a separation told, a rule
  // « en cas de garde alternée » is not the person's.
  if (facts.custody === undefined && facts.couple !== 'separe') facts.custody = 'habituelle';
  const heir = HEIR_RE.exec(t)?.[1];
  if (heir) facts.heir = HEIR_OF.find(([re]) => re.test(heir))?.[1];
  const minorAge = [facts.age, ...facts.otherAges].some((a) => a !== undefined && a < 18);
  facts.adult = !minorAge && !MINOR_RE.test(t);
  return facts;
}

/** Whether the facts hold a figure of the person's (an amount, a percentage, a duration, a distance, a surface, a speed). */
export function hasFigure(f: QuestionFacts): boolean {
  return f.amounts.length + f.percents.length + f.durations.length + f.monthsOf.length + f.distances.length + f.areas.length > 0 || f.speed !== undefined || f.speedLimit !== undefined;
}

/** How far over the limit the person drove, when both are known. */
export function speedExcess(facts: QuestionFacts): number | undefined {
  if (facts.speed === undefined || facts.speedLimit === undefined) return undefined;
  return facts.speed - facts.speedLimit;
}
