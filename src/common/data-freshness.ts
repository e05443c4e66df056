import { formatFrenchDate, parseDateValue } from './french-dates';

/**
 * How old the information of an answer is, said the same way on the answer screen, in « Copier » and in the
 * pré-dossier PDF. Two dates are at play:
 * - each fiche's own date (`sources[].date`: its last update as its publisher dates it), stated in one line
 *   under the sources (« Fiche mise à jour le 12 novembre 2020 »);
 * - the date of the data the site serves (`answer.dataDate`: the newest fiche of the corpus, i.e. when the
 *   corpus was taken). Only when that is more than a year old does a warning say so, once per answer, naming
 *   the live fiche to check. A fiche unchanged for two years in a corpus taken yesterday is current: its own
 *   date alone never raises the warning.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Data older than this is announced plainly (screen and PDF). */
export const STALE_DATA_DAYS = 365;

/** Whether the data date (`2026-11-06` or an ISO date-time) is more than a year before `now` (ms). */
export function isDataStale(dataDate: string, now: number): boolean {
  const date = parseDateValue(dataDate);
  return date !== undefined && now - date.getTime() > STALE_DATA_DAYS * DAY_MS;
}

/** The site of a fiche's live page as people name it (`service-public.fr`, `travail-emploi.gouv.fr`), or null. */
export function sourceSiteName(url: string): string | null {
  try {
    const { hostname, protocol } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:') return null;
    return hostname.replace(/^www\./u, '') || null;
  } catch {
    return null;
  }
}

/** The words of the link to a fiche's live page. */
export function liveFicheLabel(url: string): string {
  return `Vérifier la version à jour sur ${sourceSiteName(url) ?? 'le site officiel'}`;
}

/** « Fiche mise à jour le 12 novembre 2020 », for one source. */
export function ficheDateText(date: string): string {
  return `Fiche mise à jour le ${formatFrenchDate(date)}`;
}

interface DatedSource {
  n: number;
  date?: string | undefined;
}

/**
 * The dates of the fiches an answer quotes, in one line: « Fiche mise à jour le 12 novembre 2020 » (one
 * fiche), « Fiches mises à jour le 12 novembre 2020 » (several, one date), « Fiches mises à jour le
 * 12 novembre 2020 [1, 3], le 4 mars 2019 [2] » (several dates, each with the numbers of its sources).
 * Null when no source carries a readable date (answers kept by older versions of the site).
 */
export function ficheDatesLine(sources: readonly DatedSource[]): string | null {
  const byDate = new Map<string, number[]>();
  for (const source of sources) {
    if (source.date === undefined || parseDateValue(source.date) === undefined) continue;
    const numbers = byDate.get(source.date) ?? [];
    numbers.push(source.n);
    byDate.set(source.date, numbers);
  }
  const groups = [...byDate];
  const first = groups[0];
  if (!first) return null;
  if (groups.length === 1) {
    return first[1].length === 1 ? ficheDateText(first[0]) : `Fiches mises à jour le ${formatFrenchDate(first[0])}`;
  }
  return `Fiches mises à jour ${groups.map(([date, numbers]) => `le ${formatFrenchDate(date)} [${numbers.join(', ')}]`).join(', ')}`;
}

/** The warning shown when the data is more than a year old: its first line, and what to check. */
export interface StaleDataWarning {
  title: string;
  /** « Vérifiez la fiche à jour : » followed by `url`, or a sentence without link when no fiche is known. */
  check: string;
  url: string | null;
}

export function staleDataWarning(dataDate: string, liveFicheUrl: string | null): StaleDataWarning {
  return {
    title: `Attention\u202f: ces informations datent du ${formatFrenchDate(dataDate)}, il y a plus d'un an.`,
    check: liveFicheUrl ? 'Vérifiez la fiche à jour\u202f:' : 'Vérifiez les fiches à jour sur service-public.fr.',
    url: liveFicheUrl,
  };
}
