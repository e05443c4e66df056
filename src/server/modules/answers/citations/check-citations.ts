import type { AnswerSection, AnswerSource } from '../../../../common/api/answers';
import { buildArticleIndex, execAll, findArticleMentions, type ArticleIndex } from './articles';

/**
 * The citation checker, run on every answer whatever the composition mode:
 * - every citation marker (`[1]`, `[1, 2]`, `[1][2]`, `[1-3]`, `[Source 1]`) must name a listed source;
 *   markers naming no source are removed (and counted), the others are normalised to `[1][2]`;
 * - every article of law named in the text must appear in the sources' legal references (titles, URLs;
 *   ranges such as "articles L1242-1 à L1242-4" included) or in the texts the answer was written from
 *   (`groundText`); a sentence naming any other article is removed whole (and the article recorded), a list
 *   item or paragraph left empty disappears.
 * Pure and deterministic; no text is logged.
 */

export interface CitationCheckResult {
  sections: AnswerSection[];
  /** Marker numbers that named no source and were removed. */
  removedMarkers: number;
  /** Sentences removed because they named an article absent from the references. */
  removedSentences: number;
  /** Those articles, normalised ("L1234-99", "999"), without duplicates, in order of appearance. */
  unknownArticles: string[];
  /** True when nothing had to be removed. */
  ok: boolean;
}

/** A marker group: brackets holding numbers, separated by commas, semicolons, "et" or ranges. */
const MARKER_RE = /\[\s*(?:sources?\s*(?:n°\s*)?:?\s*)?(\d{1,3}(?:\s*(?:[,;]|et|[-–])\s*(?:sources?\s*)?\d{1,3})*)\s*\]/giu;
const MAX_RANGE = 20;

function markerNumbers(inner: string): number[] {
  const out: number[] = [];
  for (const part of inner.split(/\s*(?:[,;]|et)\s*/iu)) {
    const range = /^(?:sources?\s*)?(\d{1,3})\s*[-–]\s*(?:sources?\s*)?(\d{1,3})$/iu.exec(part);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      if (b >= a && b - a < MAX_RANGE) for (let i = a; i <= b; i++) out.push(i);
      else out.push(a, b);
      continue;
    }
    const n = /(\d{1,3})/.exec(part);
    if (n) out.push(Number(n[1]));
  }
  return out;
}

/** Removes markers that name no source, normalises the others. Returns the new text and the count removed. */
export function cleanMarkers(text: string, valid: ReadonlySet<number>): { text: string; removed: number } {
  let removed = 0;
  let out = '';
  let last = 0;
  for (const m of execAll(MARKER_RE, text)) {
    const numbers = markerNumbers(m[1] ?? '');
    const kept: number[] = [];
    for (const n of numbers) {
      if (!valid.has(n)) removed += 1;
      else if (!kept.includes(n)) kept.push(n);
    }
    let before = text.slice(last, m.index);
    const replacement = kept.map((n) => `[${n}]`).join('');
    if (replacement === '') {
      // "texte [9]." → "texte." ; "texte [9] suite" → "texte suite"
      const after = text.slice(m.index + m[0].length);
      if (/^(?:[.,;:!?)»]|\[|\s*$|\n)/u.test(after) || /^\s/u.test(after)) before = before.replace(/[ \t]+$/u, '');
    }
    out += before + replacement;
    last = m.index + m[0].length;
  }
  out += text.slice(last);
  return { text: out, removed };
}

const ABBREVIATIONS = new Set([
  'art', 'arts', 'al', 'cf', 'p', 'pp', 'ex', 'env', 'min', 'max', 'mme', 'mmes', 'mlle', 'mm', 'me', 'dr', 'st', 'ste',
  'n', 'no', 'vol', 'ch', 'chap', 'réf', 'ref', 'tél', 'tel', 'av', 'bd', 'c', 'j', 'o', 'cass', 'civ', 'soc', 'crim', 'com',
]);

const SENTENCE_END_RE = /[.!?…]+[»"')\]]*(?:\s*\[\d{1,3}\])*(?=\s|$)/gu;
const LETTER_RE = /\p{L}/u;

/** The letters right before `end` (the word an abbreviation dot would follow). */
function wordBefore(line: string, end: number, min: number): string {
  let i = end;
  while (i > min && LETTER_RE.test(line[i - 1] ?? '')) i -= 1;
  return line.slice(i, end);
}

/**
 * Splits a line into sentences, never inside an abbreviation ("art. L. 1234-9", "n°", "M.") and keeping
 * the citation markers that follow a full stop ("… du bail. [1]") with the sentence they close.
 */
export function splitSentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of execAll(SENTENCE_END_RE, line)) {
    const end = m.index + m[0].length;
    const rest = line.slice(end);
    const nextChar = /^\s+(.)/u.exec(rest)?.[1];
    if (m[0].startsWith('.') && !m[0].startsWith('..')) {
      const word = wordBefore(line, m.index, start);
      const isInitial = word.length === 1 && word === word.toUpperCase();
      if (ABBREVIATIONS.has(word.toLowerCase()) || isInitial) continue;
    }
    // A sentence ends before a capital, a digit, an opening quote, a dash or the end of the line.
    if (nextChar !== undefined && !/[\p{Lu}\d«"“(\-–—]/u.test(nextChar)) continue;
    out.push(line.slice(start, end));
    start = end;
  }
  if (start < line.length) out.push(line.slice(start));
  return out.filter((s) => s.trim() !== '');
}

function removeUnknownArticleSentences(
  text: string,
  index: ArticleIndex,
  unknown: string[],
): { text: string; removed: number } {
  let removed = 0;
  const lines = text.split('\n').map((line) => {
    const mentions = findArticleMentions(line);
    if (mentions.length === 0 || mentions.every((m) => index.has(m.number))) return line;
    const item = /^(\s*-\s+)/u.exec(line)?.[1] ?? '';
    const sentences = splitSentences(line.slice(item.length));
    const kept: string[] = [];
    for (const s of sentences) {
      const bad = findArticleMentions(s).filter((m) => !index.has(m.number));
      if (bad.length === 0) {
        kept.push(s.trim());
        continue;
      }
      removed += 1;
      for (const b of bad) if (!unknown.includes(b.label)) unknown.push(b.label);
    }
    return kept.length === 0 ? null : `${item}${kept.join(' ')}`;
  });
  const out = lines
    .filter((l): l is string => l !== null)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text: removed > 0 ? out : text, removed };
}

export interface CitationCheckOptions {
  /**
   * The texts the answer was written from (its fiches' passages): an article they name is grounded too. A
   * fiche's own sentence may name an article its legal references do not list (« le contrat article 83 », a
   * retirement product named after an article of the tax code): quoted word for word, it is not an invented
   * citation, and removing it could leave a section empty.
   */
  groundText?: readonly string[];
}

/** Checks one answer against its sources. See the module comment. */
export function checkAnswer(sections: AnswerSection[], sources: AnswerSource[], opts: CitationCheckOptions = {}): CitationCheckResult {
  const valid = new Set(sources.map((s) => s.n));
  const index = buildArticleIndex([...sources.flatMap((s) => s.references), ...(opts.groundText ?? []).map((title) => ({ title }))]);
  const unknownArticles: string[] = [];
  let removedMarkers = 0;
  let removedSentences = 0;
  const checked = sections.map((section) => {
    const markers = cleanMarkers(section.text, valid);
    removedMarkers += markers.removed;
    const articles = removeUnknownArticleSentences(markers.text, index, unknownArticles);
    removedSentences += articles.removed;
    return articles.text === section.text ? section : { ...section, text: articles.text };
  });
  return {
    sections: checked,
    removedMarkers,
    removedSentences,
    unknownArticles,
    ok: removedMarkers === 0 && removedSentences === 0,
  };
}
