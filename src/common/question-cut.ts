/**
 * A text cut at the word limit, described for the person who pasted it: the form keeps the first MAX_WORDS
 * words (as the specification asks) and says, before anything is sent, that the end was cut and where — the
 * last words kept and the first words removed — so the person can shorten the text and put their question
 * back. Nothing here keeps the removed text itself.
 */
import { MAX_WORDS, countWords, truncateToWords } from './words';

/** Words quoted on each side of the cut. */
export const CUT_QUOTE_WORDS = 8;
/** Characters read to quote the removed words: the quote needs the start only, whatever was pasted. */
const REMOVED_READ_CHARS = 2000;

export interface QuestionCut {
  /** The text kept: its first MAX_WORDS words. */
  kept: string;
  /** The words removed. */
  removedWords: number;
  /** The last words kept, as typed (spaces made single). */
  keptEnd: string;
  /** The first words removed, as typed (spaces made single). */
  removedStart: string;
}

/** Characters of a quote at most: a pasted link is one « word », and the quote must stay one line or two. */
const QUOTE_MAX_CHARS = 120;

/** The words joined by single spaces; a longer quote keeps its end (`fromEnd`) or its start, marked « … ». */
function quote(words: string[], fromEnd: boolean): string {
  const text = words.join(' ');
  if (text.length <= QUOTE_MAX_CHARS) return text;
  return fromEnd ? `…${text.slice(-QUOTE_MAX_CHARS)}` : `${text.slice(0, QUOTE_MAX_CHARS)}…`;
}

/** How `text` is cut to `max` words, or null when it is within the limit. */
export function describeCut(text: string, max: number = MAX_WORDS): QuestionCut | null {
  const kept = truncateToWords(text, max);
  if (kept === text) return null;
  const removed = text.slice(kept.length);
  const keptWords = kept.slice(-REMOVED_READ_CHARS).trim().split(/\s+/u);
  const removedWords = removed.slice(0, REMOVED_READ_CHARS).trim().split(/\s+/u);
  return {
    kept,
    removedWords: countWords(removed),
    keptEnd: quote(keptWords.slice(-CUT_QUOTE_WORDS), true),
    removedStart: quote(removedWords.slice(0, CUT_QUOTE_WORDS), false),
  };
}
