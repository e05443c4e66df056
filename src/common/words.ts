/**
 * Word counting and the question's limits: 500 words, 6,000 characters and 40 characters a
 * word. Kept apart from the French score so the home page can count words without loading the score's
 * word lists.
 */
export const MAX_WORDS = 500;

/**
 * Characters in a question (UTF-16 code units, as a textarea's `maxlength` counts them): 500 words of
 * everyday French take about 3,500. Checked before anything else reads the text.
 */
export const MAX_QUESTION_CHARS = 6000;

/**
 * Characters in one word (a run without whitespace): « anticonstitutionnellement » has 25. A longer run
 * is a pasted link or a missing space, and every per-word step downstream (French check, search) is
 * bounded by it.
 */
export const MAX_WORD_CHARS = 40;

const LONG_WORD = new RegExp(`\\S{${MAX_WORD_CHARS + 1}}`, 'u');

/** Whether some run of non-whitespace is longer than MAX_WORD_CHARS (each start scans at most 41 characters). */
export function hasLongWord(text: string): boolean {
  return LONG_WORD.test(text);
}

/** Number of words, counted by splitting on whitespace. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/**
 * Keeps the first `max` words of `text`, with the original spacing between them (leading
 * whitespace included, trailing whitespace after the last kept word dropped when truncating).
 * Returns the text unchanged when it has `max` words or fewer.
 */
export function truncateToWords(text: string, max: number = MAX_WORDS): string {
  const limit = Math.max(0, Math.floor(max));
  const words = /\S+/gu;
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = words.exec(text)) !== null) {
    count += 1;
    if (count === limit) {
      const end = match.index + match[0].length;
      // Nothing but whitespace after this word: the text is within the limit, keep it as is.
      return /\S/u.test(text.slice(end)) ? text.slice(0, end) : text;
    }
  }
  if (limit === 0) return /\S/u.test(text) ? '' : text;
  return text;
}
