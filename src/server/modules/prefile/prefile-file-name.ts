import { parseDateValue } from '../../../common/french-dates';

/**
 * The pré-dossier's date and file name: `pre-dossier-2026-11-28-depot-de-garantie.pdf`, the day of the answer
 * (Paris time) and its subject, the title of the main fiche it rests on (public text: never the question).
 */

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' });

/** The date the pré-dossier shows: when the answer was produced, else now. */
export function prefileDate(answeredAt: string | undefined, now: Date = new Date()): Date {
  return (answeredAt === undefined ? undefined : parseDateValue(answeredAt)) ?? now;
}

/** « 2026-11-22 » (Paris time). */
export function isoDayInParis(date: Date): string {
  const parts = PARIS_DAY.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Words a subject does not end on (« Dépôt de garantie dans un contrat » → « depot-de-garantie »). */
const TRAILING_WORDS = new Set(['a', 'au', 'aux', 'avec', 'd', 'dans', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'ou', 'par', 'pour', 'sans', 'sur', 'un', 'une']);
/** At most this many words, and this many characters, of the fiche's title. */
const SUBJECT_WORDS = 5;
const SUBJECT_CHARS = 40;

/**
 * The subject of a title in ASCII file-name form: lower case, accents dropped (« œ » → « oe »), words joined by
 * hyphens, the first SUBJECT_WORDS words within SUBJECT_CHARS characters, without a trailing « de », « dans »…
 * (« Dépôt de garantie dans un contrat de location » → « depot-de-garantie »). Empty when nothing is left.
 */
export function subjectSlug(title: string): string {
  const ascii = title
    .slice(0, 300)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gu, 'oe')
    .replace(/Œ/gu, 'OE')
    .replace(/æ/gu, 'ae')
    .replace(/Æ/gu, 'AE')
    .toLowerCase();
  const words = ascii.split(/[^a-z0-9]+/u).filter((w) => w !== '');
  const kept: string[] = [];
  for (const word of words.slice(0, SUBJECT_WORDS)) {
    if ([...kept, word].join('-').length > SUBJECT_CHARS) break;
    kept.push(word);
  }
  while (kept.length > 1 && TRAILING_WORDS.has(kept[kept.length - 1] ?? '')) kept.pop();
  return kept.length === 1 && TRAILING_WORDS.has(kept[0] ?? '') ? '' : kept.join('-');
}

/** « pre-dossier-2026-11-22-depot-de-garantie.pdf » (day of the answer in Paris, subject of the main fiche). */
export function prefileFileName(answeredAt: string | undefined, subject: string | undefined, now: Date = new Date()): string {
  const slug = subject === undefined ? '' : subjectSlug(subject);
  return `pre-dossier-${isoDayInParis(prefileDate(answeredAt, now))}${slug ? `-${slug}` : ''}.pdf`;
}

/**
 * The Content-Disposition of the download: the ASCII name, and the same as `filename*` (RFC 6266 / RFC 8187) for
 * clients that prefer it. The name is made of [a-z0-9.-] only: nothing to quote or escape.
 */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
