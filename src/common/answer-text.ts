/**
 * The text format of an answer's sections (see `answerSchema` in api/answers.ts), read the same way by the
 * answer screen, « Copier » and the pré-dossier PDF: paragraphs separated by blank lines, list items on
 * lines starting with "- " (also "• " or "* "), citation markers `[n]` or `[n, m]` referring to the
 * numbered sources, web addresses, and pages of this site written as paths (`/#professionnels`).
 */

/** A block of section text: a paragraph, or a list made of consecutive item lines. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** A piece of inline text: plain text, a citation marker, a web address, or a page of this site as a path. */
export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'cite'; numbers: number[] }
  | { kind: 'url'; url: string }
  | { kind: 'site'; path: string };

const LIST_ITEM = /^[-•*]\s+/;

/**
 * Splits section text into blocks. Within a block, the lines of a paragraph are joined by a space (the screen
 * flows them as one paragraph, and so does the PDF); an indented line right after a list item continues it.
 */
export function parseSectionText(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let list: string[] = [];
    const flushParagraph = (): void => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    const flushList = (): void => {
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      list = [];
    };
    for (const rawLine of chunk.split('\n')) {
      const line = rawLine.trim();
      if (line === '') continue;
      if (LIST_ITEM.test(line)) {
        flushParagraph();
        list.push(line.replace(LIST_ITEM, ''));
      } else if (list.length > 0 && /^\s/.test(rawLine)) {
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

/** The paths of this site an answer may write: the professionals search of the home page. */
const SITE_PATH = /(?<![\w/.])\/#professionnels\b/g;

const INLINE = /\[(\d+(?:\s*[,;]\s*\d+)*)\]|(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)»'])|(?<![\w/.])(\/#professionnels)\b/g;

/** Finds citation markers, web addresses (without their final punctuation) and site paths in a line of text. */
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

/**
 * Section text with the site's own paths spelled out as full addresses under `origin`, for text read away from
 * the site (a copied answer, a printed page). Paths inside a web address are left alone.
 */
export function withAbsoluteSiteLinks(text: string, origin: string | undefined): string {
  if (!origin) return text;
  const base = origin.replace(/\/+$/, '');
  return text.replace(SITE_PATH, (path) => `${base}${path}`);
}

/**
 * The case the visitor chose among the answer's alternatives, after the question that settles it:
 * « Votre logement est : meublé ». Without that question, « Votre situation : … ».
 */
export function chosenCaseLine(question: string | undefined, label: string): string {
  const lead = (question ?? 'Votre situation\u202f:').trim();
  return `${lead}${/:$/u.test(lead) ? '' : '\u202f:'} ${label.trim()}`;
}
