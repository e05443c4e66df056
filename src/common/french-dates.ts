/**
 * Dates as the site writes them for French readers, the same on the answer screen, in « Copier », in the
 * pré-dossier PDF and on the server-rendered pages: « 6 novembre 2026 », in Paris time.
 */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PARIS = 'Europe/Paris';
const FRENCH_DAY = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: PARIS });
const FRENCH_TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: PARIS });

/**
 * A calendar date (`2026-11-06`) or an ISO date-time as a Date; undefined when unreadable. A calendar date
 * becomes noon UTC of that day, which is the same day in Paris (and anywhere from UTC−11 to UTC+11).
 */
export function parseDateValue(value: string): Date | undefined {
  const date = new Date(CALENDAR_DATE.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** « 6 novembre 2026 » from a Date, a calendar date (`2026-11-06`) or an ISO date-time; unreadable text as is. */
export function formatFrenchDate(value: string | Date): string {
  const date = typeof value === 'string' ? parseDateValue(value) : value;
  return date && !Number.isNaN(date.getTime()) ? FRENCH_DAY.format(date) : String(value);
}

/** « 22 novembre 2026 à 08:35 » (Paris time) from an ISO date-time; unreadable text as is. */
export function formatFrenchDateTime(value: string): string {
  const date = parseDateValue(value);
  return date ? `${FRENCH_DAY.format(date)} à ${FRENCH_TIME.format(date)}` : value;
}
