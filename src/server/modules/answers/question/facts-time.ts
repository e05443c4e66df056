/**
 * Time in the question: the shape of a duration and its units counted in days (the numeric extractors of
 * facts-figures.ts read « depuis 5 mois », « il y a 4 ans »), the dates the question gives with their year
 * (« le 15 janvier 2025 », « fin juin 2025 », « le 15/01/2025 ») and the time between every pair of them,
 * each with the words around it that tell what it is the time of.
 */
import { isStopWord } from '../../../../corpus/analyzer';

export type DurationUnit = 'minute' | 'heure' | 'jour' | 'semaine' | 'mois' | 'an';

export interface Duration {
  value: number;
  unit: DurationUnit;
  /** How the question places it: « il y a 4 ans » (ago), « depuis 5 mois » (since), or a plain span. */
  relation: 'ago' | 'since' | 'span';
  /** The same duration in days (months of 30 days, years of 365), to compare with a fiche's thresholds. */
  days: number;
  /**
   * The words around it (accent-folded, 4 letters or more, no function words): what it is the duration of
   * (« mis en arrêt 10 jours » is an « arret », « serveur depuis 8 mois » a « serveur »), so that a rule on
   * the length of a sick leave is tested against the sick leave, not against the time in the job.
   */
  about: string[];
}

/** Words of 4 letters or more, not function words, within 4 words before and 3 after a match. */
export function wordsAround(m: RegExpExecArray): string[] {
  const before = m.input.slice(0, m.index).split(/[^a-z0-9'-]+/u).filter(Boolean).slice(-4);
  const after = m.input.slice(m.index + m[0].length).split(/[^a-z0-9'-]+/u).filter(Boolean).slice(0, 3);
  return [...before, ...after].map((w) => w.replace(/^[a-z]'/u, '')).filter((w) => w.length >= 4 && !isStopWord(w));
}

export const UNIT_DAYS: Record<DurationUnit, number> = { minute: 1 / 1440, heure: 1 / 24, jour: 1, semaine: 7, mois: 30, an: 365 };

export function durationUnit(raw: string): DurationUnit | undefined {
  if (/^min/u.test(raw)) return 'minute';
  if (/^h/u.test(raw)) return 'heure';
  if (/^jour/u.test(raw)) return 'jour';
  if (/^semaine/u.test(raw)) return 'semaine';
  if (/^mois/u.test(raw)) return 'mois';
  if (/^(an|annee)/u.test(raw)) return 'an';
  return undefined;
}

const MONTHS = ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'];

/**
 * A date with its year: « le 15 janvier 2025 », « le 1er mars 2024 », « fin juin 2025 », « en mars 2024 »,
 * « le 15/01/2025 ». Groups: day, part of the month (début, mi, fin), month name, year; or day, month
 * number, year.
 */
const DATE_RE = new RegExp(
  `\\b(?:(?:(1er|[0-3]?\\d) |(debut|mi|fin|courant)[- ](?:de |d')?)?(${MONTHS.join('|')}) ((?:19|20)\\d\\d)|([0-3]?\\d)[/.]([01]?\\d)[/.]((?:19|20)\\d\\d))\\b`,
  'gu',
);

/** Dates read per question at most: their pairs are compared. */
const MAX_DATES = 6;

const DAY_MS = 86_400_000;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The day `months` months after a date (the 31st of a shorter month is its last day), in ms. */
function addMonths(year: number, month: number, day: number, months: number): number {
  const y = year + Math.floor((month + months) / 12);
  const m = (((month + months) % 12) + 12) % 12;
  return Date.UTC(y, m, Math.min(day, daysInMonth(y, m)));
}

/** The time from one day to a later one, in days as `Duration.days` counts them: whole years of 365, whole months of 30, then days. */
export function calendarSpanDays(from: number, to: number): number {
  if (to <= from) return 0;
  const d = new Date(from);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  let months = 0;
  while (addMonths(y, m, day, months + 12) <= to) months += 12;
  while (addMonths(y, m, day, months + 1) <= to) months += 1;
  const rest = Math.round((to - addMonths(y, m, day, months)) / DAY_MS);
  return Math.floor(months / 12) * UNIT_DAYS.an + (months % 12) * UNIT_DAYS.mois + rest;
}

/** A date of the question: its first and last possible day (ms, UTC) and the words around it. */
export interface QuestionDate {
  first: number;
  last: number;
  about: string[];
}

/** The dates the question gives with their year (a day, a part of a month or a month), in order, at most MAX_DATES. */
export function questionDates(t: string): QuestionDate[] {
  const out: QuestionDate[] = [];
  DATE_RE.lastIndex = 0;
  for (let m = DATE_RE.exec(t); m !== null && out.length < MAX_DATES; m = DATE_RE.exec(t)) {
    const year = Number(m[4] ?? m[7]);
    const month = m[3] !== undefined ? MONTHS.indexOf(m[3]) : Number(m[6]) - 1;
    if (month < 0 || month > 11) continue;
    const last = daysInMonth(year, month);
    const rawDay = m[1] ?? m[5];
    const day = rawDay === undefined ? undefined : rawDay === '1er' ? 1 : Number(rawDay);
    if (day !== undefined && (day < 1 || day > last)) continue;
    // « début », « mi- », « fin » of a month: its first, middle or last ten days or so.
    const part = m[2];
    const [from, to] = day !== undefined ? [day, day] : part === 'debut' ? [1, 10] : part === 'mi' ? [10, 20] : part === 'fin' ? [20, last] : [1, last];
    out.push({ first: Date.UTC(year, month, from), last: Date.UTC(year, month, to), about: wordsAround(m) });
  }
  return out;
}

/** The times between the question's dates, each pair's shortest and longest (see `QuestionFacts.intervals`). */
export function dateIntervals(dates: readonly QuestionDate[]): Duration[] {
  const out: Duration[] = [];
  dates.forEach((a, i) => {
    for (const b of dates.slice(i + 1)) {
      const [early, late] = a.first <= b.first ? [a, b] : [b, a];
      const about = [...new Set([...early.about, ...late.about])];
      const spans = new Set([calendarSpanDays(early.last, late.first), calendarSpanDays(early.first, late.last)]);
      for (const days of spans) if (days > 0) out.push({ value: days, unit: 'jour', relation: 'span', days, about });
    }
  });
  return out;
}
