import { ANSWER_NOTICE, type Answer } from '../../../common/api/answers';

/** A block of section text: a paragraph, or a list made of consecutive "- " lines. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * A piece of inline text: plain text, citation markers (`[1]`, `[1, 2]`), a web address, or a page of this
 * site written as a path (`/#professionnels`, the professionals search of the home page).
 */
export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'cite'; numbers: number[] }
  | { kind: 'url'; url: string }
  | { kind: 'site'; path: string };

const LIST_ITEM = /^\s*[-•]\s+/;

/** Splits section text into paragraphs (blank lines) and lists (lines starting with "- "). */
export function parseBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let list: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    const flushList = () => {
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      list = [];
    };
    for (const rawLine of chunk.split('\n')) {
      const line = rawLine.trim();
      if (line === '') continue;
      if (LIST_ITEM.test(line)) {
        flushParagraph();
        list.push(line.replace(LIST_ITEM, ''));
      } else if (list.length > 0 && /^\s{2,}/.test(rawLine)) {
        // an indented line continues the list item above it
        list[list.length - 1] = `${list[list.length - 1] ?? ''} ${line}`;
      } else {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

const INLINE = /\[(\d+(?:\s*[,;]\s*\d+)*)\]|(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)»'])|(?<![\w/.])(\/#professionnels)\b/g;

/** The site paths the answers may write, and the words of their links. */
export const SITE_LINK_LABELS: Record<string, string> = {
  '/#professionnels': 'la recherche de professionnels près de chez vous',
};

/** Finds citation markers and web addresses in a line of text. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) parts.push({ kind: 'text', text: text.slice(last, index) });
    if (match[1] !== undefined) {
      parts.push({ kind: 'cite', numbers: match[1].split(/[,;]/).map((n) => Number(n.trim())) });
    } else if (match[2] !== undefined) {
      parts.push({ kind: 'url', url: match[2] });
    } else if (match[3] !== undefined) {
      parts.push({ kind: 'site', path: match[3] });
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** « 6 novembre 2026 » from "2026-11-06" (a calendar date) or an ISO date-time; the text itself if unreadable. */
export function formatFrenchDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: dateOnly ? 'UTC' : 'Europe/Paris',
  }).format(date);
}

/** « 22 novembre 2026 à 08:35 » (Paris time) for the device history. */
export function formatFrenchDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = formatFrenchDate(iso);
  const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }).format(date);
  return `${day} à ${time}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Data older than this is announced plainly on the answer screen. */
export const STALE_DATA_DAYS = 365;

/** Whether the data date (`2026-11-06` or an ISO date-time) is more than a year before `now`. */
export function isDataStale(dataDate: string, now: number): boolean {
  const time = new Date(/^\d{4}-\d{2}-\d{2}$/.test(dataDate) ? `${dataDate}T00:00:00Z` : dataDate).getTime();
  if (Number.isNaN(time)) return false;
  return now - time > STALE_DATA_DAYS * DAY_MS;
}

export const LIVE_FICHE_LABEL = 'Vérifier la version à jour sur service-public.fr';

export interface PlainTextOptions {
  /** The case the visitor chose among the answer's alternatives, with the question it settles. */
  chosenCase?: { question: string; label: string } | undefined;
  /** Origin of this site, to spell out its own paths (`/#professionnels`) as full addresses. */
  origin?: string;
}

/** Section text with the site's own paths as full addresses. */
function withSiteLinks(text: string, origin: string | undefined): string {
  if (!origin) return text;
  return text.replace(/(?<![\w/.])\/#professionnels\b/g, `${origin.replace(/\/+$/, '')}/#professionnels`);
}

/** The answer as plain text, for « Copier ». `answer.sections` are the ones shown (the chosen case's). */
export function answerToPlainText(question: string, answer: Answer, options: PlainTextOptions = {}): string {
  const lines: string[] = [`Votre question\u202f: ${question}`, ''];
  if (options.chosenCase) {
    const lead = options.chosenCase.question.trim();
    lines.push(`${lead}${/:$/.test(lead) ? '' : '\u202f:'} ${options.chosenCase.label}`, '');
  }
  for (const section of answer.sections) {
    lines.push(section.title.toUpperCase(), '');
    for (const block of parseBlocks(withSiteLinks(section.text, options.origin))) {
      if (block.kind === 'paragraph') lines.push(block.text, '');
      else lines.push(...block.items.map((item) => `- ${item}`), '');
    }
  }
  if (answer.sources.length > 0) {
    lines.push('SOURCES', '');
    for (const source of answer.sources) {
      lines.push(`[${source.n}] ${source.title} — ${source.url}`);
      for (const ref of source.references) lines.push(`    ${ref.title} — ${ref.url}`);
    }
    lines.push('');
  }
  lines.push(`Données à jour au ${formatFrenchDate(answer.dataDate)}.`);
  const live = answer.sources[0];
  if (live) lines.push(`${LIVE_FICHE_LABEL}\u202f: ${live.url}`);
  lines.push('', ANSWER_NOTICE, '', 'Source\u202f: QuestionLegale.info');
  return lines.join('\n');
}
