/**
 * Shared question rules (seed §5), used by the client form and by the server before any credit is
 * debited: 500-word limit and the "looks like French" score. Pure functions, no DOM, no I/O.
 */
import {
  ENDING_EXCEPTIONS,
  FOREIGN_WORDS,
  FRENCH_ENDINGS,
  FRENCH_ACCENTS,
  FRENCH_PATTERNS,
  FRENCH_WORDS,
  NON_FRENCH_MARKS,
} from './french-score-data';
import { MESSAGES } from './messages';

import { MAX_WORDS, countWords } from './words';

export { MAX_WORDS, countWords, truncateToWords } from './words';

/** Threshold of the seed: a text is French when its score is greater than 5. */
export const FRENCH_SCORE_THRESHOLD = 5;

const WORD_WEIGHT = 2;
const ACCENT_WEIGHT = 1.5;
const PATTERN_WEIGHT = 3;
const MAX_ACCENTS_PER_WORD = 3;

function normalize(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[’ʼ‘`´]/gu, "'");
}

/** Number of matches of a global pattern (String#match resets lastIndex, so sharing is safe). */
function countMatches(text: string, pattern: RegExp): number {
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return text.match(global)?.length ?? 0;
}

/** A word with a distinctively French ending (employeur, travaux, notaire, juridique…). */
function looksFrench(token: string): boolean {
  return token.length > 3 && FRENCH_ENDINGS.test(token) && !ENDING_EXCEPTIONS.has(token);
}

/** Detail of the French score, for tests and diagnostics (never logged with the text). */
export interface FrenchScoreDetail {
  frenchWords: number;
  accents: number;
  patterns: number;
  foreignWords: number;
  foreignMarks: number;
  score: number;
}

/**
 * French score (seed §5): French common words ×2 + French accented characters ×1.5 + French
 * grammar patterns ×3. Penalty (same weights): frequent words of English, Spanish, Italian,
 * Portuguese and German ×2 and diacritics French does not use ×1.5 are subtracted, so that
 * neighbouring languages sharing some words and accents with French stay below the threshold.
 */
export function frenchScoreDetail(text: string): FrenchScoreDetail {
  const normalized = normalize(text);
  const tokens = normalized.split(/[^\p{L}]+/u).filter(Boolean);
  let frenchWords = 0;
  let foreignWords = 0;
  let accents = 0;
  for (const token of tokens) {
    if (FOREIGN_WORDS.has(token) && !FRENCH_WORDS.has(token)) {
      foreignWords += 1;
      continue;
    }
    if (FRENCH_WORDS.has(token) || looksFrench(token)) frenchWords += 1;
    if (countMatches(token, NON_FRENCH_MARKS) > 0) continue;
    // Accents count inside words (à alone excepted), at most three per word (préférée): a mash
    // such as "éééé àààà" scores nothing.
    if (token !== 'à' && !/[a-z]/u.test(token)) continue;
    accents += Math.min(MAX_ACCENTS_PER_WORD, countMatches(token, FRENCH_ACCENTS));
  }
  let patterns = 0;
  for (const pattern of FRENCH_PATTERNS) patterns += countMatches(normalized, pattern);
  const foreignMarks = countMatches(normalized, NON_FRENCH_MARKS);
  const score =
    frenchWords * WORD_WEIGHT +
    accents * ACCENT_WEIGHT +
    patterns * PATTERN_WEIGHT -
    foreignWords * WORD_WEIGHT -
    foreignMarks * ACCENT_WEIGHT;
  return { frenchWords, accents, patterns, foreignWords, foreignMarks, score };
}

export function frenchScore(text: string): number {
  return frenchScoreDetail(text).score;
}

export function isFrench(text: string): boolean {
  return frenchScore(text) > FRENCH_SCORE_THRESHOLD;
}

export type QuestionValidation =
  | { ok: true; text: string }
  | { ok: false; code: 'empty' | 'too_long' | 'not_french'; message: string };

/** Validates a question: not empty, at most MAX_WORDS words, French. Returns the trimmed text. */
export function validateQuestion(text: string): QuestionValidation {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, code: 'empty', message: MESSAGES.emptyQuestion };
  if (countWords(trimmed) > MAX_WORDS) {
    return { ok: false, code: 'too_long', message: MESSAGES.wordLimit };
  }
  if (!isFrench(trimmed)) return { ok: false, code: 'not_french', message: MESSAGES.notFrench };
  return { ok: true, text: trimmed };
}
