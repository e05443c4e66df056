import { ANSWER_NOTICE, type Answer } from '../../../common/api/answers';

/** A block of section text: a paragraph, or a list made of consecutive "- " lines. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** A piece of inline text: plain text, citation markers (`[1]`, `[1, 2]`), or a web address. */
export type InlinePart = { kind: 'text'; text: string } | { kind: 'cite'; numbers: number[] } | { kind: 'url'; url: string };

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

const INLINE = /\[(\d+(?:\s*[,;]\s*\d+)*)\]|(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)»'])/g;

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

/** The answer as plain text, for « Copier ». */
export function answerToPlainText(question: string, answer: Answer): string {
  const lines: string[] = [`Votre question : ${question}`, ''];
  for (const section of answer.sections) {
    lines.push(section.title.toUpperCase(), '');
    for (const block of parseBlocks(section.text)) {
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
  lines.push(`Données à jour au ${formatFrenchDate(answer.dataDate)}.`, '', ANSWER_NOTICE, '', 'Source : QuestionLegale.info');
  return lines.join('\n');
}
