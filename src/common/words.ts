/**
 * Word counting and the 500-word limit (seed §5). Kept apart from the French score so the home page
 * can count words without loading the score's word lists.
 */
export const MAX_WORDS = 500;

/** Number of words, counted by splitting on whitespace (seed §5). */
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
