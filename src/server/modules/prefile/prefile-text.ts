import { SECTION_IDS, type AnswerSection, type AnswerSource } from '../../../common/api/answers';
import { withAbsoluteSiteLinks, type TextBlock } from '../../../common/answer-text';
import { parseDateValue } from '../../../common/french-dates';
import { shortenOnSentence } from '../../../common/french-text';

/**
 * The text a pré-dossier prints, made safe and bounded before pdfkit lays it out. The request's own limits
 * (PREFILE_LIMITS in src/common/api/answers.ts) bound each field; what is printed is bounded once more here, so
 * that the layout of any accepted request costs a bounded time (README, « Pré-dossier »).
 */

/**
 * What one pré-dossier prints at most, so that the costliest accepted request lays out in about 100 ms (README,
 * « Pré-dossier »). Real answers stay below: the model's answers of the evaluation sets hold 2,300 characters
 * at the median and 8,000 at most; before the answer drops the sources it does not cite, retrieval gives at
 * most 49 references (7,700 characters of titles and addresses) and 4,400 characters of article excerpts. A
 * request beyond is printed cut, each cut marked « […] » or said in a line.
 */
export const PRINT_LIMITS = {
  /** Characters of the five sections together. */
  sectionsChars: 12_000,
  /** Paragraphs and list items laid out one by one, all sections together (a real answer has 20 to 60). */
  blocks: 300,
  /** References listed, all sources together. */
  references: 60,
  /** Characters of the references' titles and addresses, all sources together. */
  referenceChars: 10_000,
  /** Characters of one article excerpt. */
  articleChars: 600,
  /** Characters of article excerpts, all references together. */
  articlesChars: 6_000,
} as const;

/** Runs of characters between plain spaces shorter than this fit on any line of the document: only longer ones are measured. */
const LONG_RUN = /[^ \n]{24,}/gu;
/** Widest glyph advance assumed when cutting a run into pieces that fit a line (em). */
const WIDEST_GLYPH_EM = 1.2;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Text pdfkit lays out in linear time: each run of characters without a plain space that is wider than `width`
 * gets a zero-width space (a break opportunity, invisible) every few characters, so that no piece is wider
 * than a line. pdfkit breaks a word longer than a line by measuring the rest of the word again for every line
 * it fills: a single word of 50,000 characters held the server for minutes. A run is what lies between plain
 * spaces and line ends, whatever it holds: words glued by no-break spaces (U+00A0, U+202F, U+2007…), which
 * pdfkit never breaks at, are one word to it (1.9 s for one PDF of them). `measure` gives a string's width in
 * the current font.
 */
export function breakLongWords(text: string, width: number, size: number, measure: (s: string) => number): string {
  const piece = Math.max(1, Math.floor(width / (size * WIDEST_GLYPH_EM)));
  return text.replace(LONG_RUN, (run) => {
    if (measure(run) <= width) return run;
    const chars = Array.from(run);
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += piece) pieces.push(chars.slice(i, i + piece).join(''));
    return pieces.join(ZERO_WIDTH_SPACE);
  });
}

/**
 * Makes client-provided text safe to lay out: unified line ends, tabs and breakable spaces as plain spaces, no control characters,
 * no emoji (DejaVu Sans has no colour emoji; they would print as empty boxes), no invisible joiners (zero-width
 * spaces and joiners, the word joiner U+2060 and U+FEFF: they only glue words together).
 */
export function cleanText(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // Tabs and the breakable spaces (U+1680, U+2000–U+200A but the figure space, U+205F, U+3000, which DejaVu
    // Sans lacks and pdfkit then mislays) become plain spaces; the no-break ones (U+00A0, U+202F, U+2007) stay.
    .replace(/[\t\u1680\u2000-\u2006\u2008-\u200A\u205F\u3000]/gu, ' ')
    .replace(/\p{Extended_Pictographic}(?:\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F)?)*/gu, '')
    .replace(/\p{Emoji_Modifier}|\p{Regional_Indicator}/gu, '')
    .replace(/\u200B|\u200C|\u200D|[\u2060-\u2064]|\uFE0E|\uFE0F|\uFEFF/gu, '');
  let out = '';
  for (const ch of cleaned) {
    const code = ch.codePointAt(0) ?? 0;
    const control = (code < 0x20 && ch !== '\n') || (code >= 0x7f && code <= 0x9f);
    if (!control) out += ch;
  }
  return out;
}

/** The mark of a text cut short. */
export const CUT_MARK = ' […]';

/**
 * `text` in at most `max` characters (plus CUT_MARK when cut): cut after the last sentence that fits when one
 * ends in the last third, else at the last space, else anywhere (never inside a surrogate pair). Line ends are
 * kept, so that paragraphs and lists stay as they are.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const head = text.slice(0, end);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  const space = Math.max(head.lastIndexOf(' '), head.lastIndexOf('\n'));
  const cut = sentenceEnd >= (2 * end) / 3 ? sentenceEnd + 1 : space >= (2 * end) / 3 ? space : end;
  return `${head.slice(0, cut).trimEnd()}${CUT_MARK}`;
}

/**
 * The five sections' texts, cleaned, with the site's paths as full addresses, within PRINT_LIMITS.sectionsChars
 * together: past it, a section is cut (« […] ») and the next ones print as empty.
 */
export function printedSections(sections: readonly AnswerSection[], linkOrigin: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  let remaining: number = PRINT_LIMITS.sectionsChars;
  for (const id of SECTION_IDS) {
    const section = sections.find((s) => s.id === id && s.text.trim() !== '');
    if (!section || remaining <= 0) continue;
    const text = cleanText(withAbsoluteSiteLinks(section.text, linkOrigin));
    out.set(id, clipText(text, remaining));
    remaining -= Math.min(text.length, remaining);
  }
  return out;
}

export interface PrintedReference {
  title: string;
  url: string;
  /** The article's text, shortened on a sentence; '' when there is none or the budget is spent. */
  excerpt: string;
}

export interface PrintedSource {
  n: number;
  title: string;
  url: string;
  /** The fiche's date (YYYY-MM-DD) when it is a readable one, else null. */
  date: string | null;
  references: PrintedReference[];
}

export interface PrintedSources {
  sources: PrintedSource[];
  /** References left out (PRINT_LIMITS.references, referenceChars). */
  omittedReferences: number;
  /** Article excerpts left out (PRINT_LIMITS.articlesChars). */
  omittedExcerpts: number;
}

/**
 * The sources as the pré-dossier prints them, in the order of their numbers: cleaned texts, the fiche's date,
 * the references in order while PRINT_LIMITS allow (a reference too long for what is left is skipped, a shorter
 * one after it may still fit), each article excerpt while the excerpts' budget lasts.
 */
export function printedSources(sources: readonly AnswerSource[]): PrintedSources {
  let references: number = PRINT_LIMITS.references;
  let referenceChars: number = PRINT_LIMITS.referenceChars;
  let articlesChars: number = PRINT_LIMITS.articlesChars;
  let omittedReferences = 0;
  let omittedExcerpts = 0;
  const out: PrintedSource[] = [];
  for (const source of [...sources].sort((a, b) => a.n - b.n)) {
    const date = source.date === undefined ? '' : cleanText(source.date).trim();
    const url = cleanText(source.url).trim();
    const printed: PrintedSource = {
      n: source.n,
      title: cleanText(source.title).trim() || url,
      url,
      date: date && parseDateValue(date) ? date : null,
      references: [],
    };
    for (const ref of source.references) {
      const title = cleanText(ref.title).trim();
      const refUrl = cleanText(ref.url).trim();
      if (references === 0 || title.length + refUrl.length > referenceChars) {
        omittedReferences += 1;
        continue;
      }
      references -= 1;
      referenceChars -= title.length + refUrl.length;
      let excerpt = ref.text ? clipText(shortenOnSentence(cleanText(ref.text), PRINT_LIMITS.articleChars), PRINT_LIMITS.articleChars) : '';
      if (excerpt.length > articlesChars) {
        omittedExcerpts += 1;
        excerpt = '';
      }
      articlesChars -= excerpt.length;
      printed.references.push({ title, url: refUrl, excerpt });
    }
    out.push(printed);
  }
  return { sources: out, omittedReferences, omittedExcerpts };
}

/** The lines that say what printedSources left out (none when nothing was). */
export function omittedLines({ omittedReferences, omittedExcerpts }: PrintedSources): string[] {
  const lines: string[] = [];
  if (omittedReferences === 1) lines.push("1 autre référence citée par les fiches n'est pas reprise ici\u202f: voir les fiches en ligne.");
  if (omittedReferences > 1) {
    lines.push(`${omittedReferences} autres références citées par les fiches ne sont pas reprises ici\u202f: voir les fiches en ligne.`);
  }
  if (omittedExcerpts === 1) lines.push("Le texte d'un autre article n'est pas reproduit\u202f: suivez son lien vers Légifrance.");
  if (omittedExcerpts > 1) lines.push(`Le texte de ${omittedExcerpts} autres articles n'est pas reproduit\u202f: suivez leurs liens vers Légifrance.`);
  return lines;
}

/**
 * A section's blocks laid out one by one while `budget` (paragraphs and list items) lasts; the rest of the
 * section joined into one last paragraph (list items marked « • »), so that no text is lost and the layout of
 * thousands of tiny blocks costs one call. `used` is what the blocks took from the budget.
 */
export function cappedBlocks(blocks: readonly TextBlock[], budget: number): { blocks: TextBlock[]; used: number } {
  const out: TextBlock[] = [];
  let used = 0;
  const rest: string[] = [];
  for (const block of blocks) {
    const size = block.kind === 'paragraph' ? 1 : block.items.length;
    if (rest.length === 0 && used + size <= budget - 1) {
      out.push(block);
      used += size;
    } else if (rest.length === 0 && block.kind === 'list' && used < budget - 1) {
      // Part of the list fits: its first items stay a list.
      const fits = budget - 1 - used;
      out.push({ kind: 'list', items: block.items.slice(0, fits) });
      used += fits;
      rest.push(...block.items.slice(fits).map((item) => `• ${item}`));
    } else {
      rest.push(...(block.kind === 'paragraph' ? [block.text] : block.items.map((item) => `• ${item}`)));
    }
  }
  if (rest.length > 0) {
    out.push({ kind: 'paragraph', text: rest.join(' ') });
    used += 1;
  }
  return { blocks: out, used };
}
