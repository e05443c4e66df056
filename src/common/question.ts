/**
 * Shared question rules, used by the client form and by the server before any credit is
 * debited: length in characters, 500-word limit and the "looks like French" score. Pure functions, no
 * DOM, no I/O. Every check costs time in proportion to the text (no pattern rescans what it has read),
 * and the length is checked first, so a 300 KB body is refused before anything else reads it.
 */
import {
  ENDING_EXCEPTIONS,
  FOREIGN_WORDS,
  FRENCH_ENDINGS,
  FRENCH_ACCENTS,
  FRENCH_PATTERNS,
  FRENCH_WORDS,
  INTERROGATIVE_OPENING,
  NEGATION_OPENING,
  NEGATION_WORD,
  NON_FRENCH_MARKS,
  QUI_OPENING,
} from './french-score-data';
import { MESSAGES } from './messages';
import { LINK_PLACEHOLDER, maskLinks } from './question-links';
import { dangerKind } from './urgency';

import { MAX_QUESTION_CHARS, MAX_WORD_CHARS, MAX_WORDS, countWords, hasLongWord } from './words';

export { MAX_QUESTION_CHARS, MAX_WORD_CHARS, MAX_WORDS, countWords, hasLongWord, truncateToWords } from './words';

/** A text is French when its score is greater than 5. */
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

/** Whether a UTF-16 code unit is JavaScript whitespace (`\\s`: spaces of category Zs, tabs, line ends, BOM). */
function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Positions precomputed once per text, so that each opening below looks ahead in constant time:
 * `runEnd[i]`, the first whitespace at or after i; `nextRun[i]`, the first non-whitespace at or after i;
 * `nextStop[i]`, the first `.`, `!` or `?` at or after i (all `text.length` when there is none).
 */
interface TextIndex {
  runEnd: Int32Array;
  nextRun: Int32Array;
  nextStop: Int32Array;
}

function indexText(text: string): TextIndex {
  const n = text.length;
  const runEnd = new Int32Array(n + 1).fill(n);
  const nextRun = new Int32Array(n + 1).fill(n);
  const nextStop = new Int32Array(n + 1).fill(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    const code = text.charCodeAt(i);
    const space = isSpace(code);
    runEnd[i] = space ? i : (runEnd[i + 1] ?? n);
    nextRun[i] = space ? (nextRun[i + 1] ?? n) : i;
    nextStop[i] = code === 0x2e || code === 0x21 || code === 0x3f ? i : (nextStop[i + 1] ?? n);
  }
  return { runEnd, nextRun, nextStop };
}

/**
 * Matches of `(?:ne\s+|n')(?:\S+\s+){0,3}?(?:pas|plus|…)(?!\p{L})` (see NEGATION_OPENING), as String#match
 * would count them. After an opening, a « \S+\s+ » step can only take the whole rest of a run of
 * non-spaces and the spaces after it, so each step is one lookup instead of a scan.
 */
function countNegations(text: string, index: TextIndex): number {
  const n = text.length;
  let count = 0;
  NEGATION_OPENING.lastIndex = 0;
  for (let m = NEGATION_OPENING.exec(text); m !== null; m = NEGATION_OPENING.exec(text)) {
    let pos = m.index + m[0].length;
    let end = -1;
    for (let steps = 0; steps <= 3; steps += 1) {
      if (steps > 0) {
        const runEnd = index.runEnd[pos] ?? n;
        if (runEnd === pos || runEnd >= n) break; // no non-space to take, or no space after it
        pos = index.nextRun[runEnd] ?? n;
      }
      NEGATION_WORD.lastIndex = pos;
      const word = NEGATION_WORD.exec(text);
      if (word) {
        end = pos + word[0].length;
        break;
      }
    }
    if (end >= 0) count += 1;
    NEGATION_OPENING.lastIndex = end >= 0 ? end : m.index + 1;
  }
  return count;
}

/**
 * Matches of `opening[^?.!]*\?` as String#match would count them: an opening counts when the first `.`, `!`
 * or `?` after it is a `?`, and the search goes on after that `?`.
 */
function countQuestions(text: string, opening: RegExp, index: TextIndex): number {
  let count = 0;
  opening.lastIndex = 0;
  for (let m = opening.exec(text); m !== null; m = opening.exec(text)) {
    const stop = index.nextStop[m.index + m[0].length] ?? text.length;
    const asked = text.charCodeAt(stop) === 0x3f;
    if (asked) count += 1;
    opening.lastIndex = asked ? stop + 1 : m.index + 1;
  }
  return count;
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
 * French score: French common words ×2 + French accented characters ×1.5 + French
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
  const index = indexText(normalized);
  patterns += countNegations(normalized, index);
  patterns += countQuestions(normalized, INTERROGATIVE_OPENING, index);
  patterns += countQuestions(normalized, QUI_OPENING, index);
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

/**
 * Short questions. The score needs a sentence: « licenciement abusif », « divorce », « Divorce ? » score
 * too low to pass. A text of one to three words passes when the legal corpus knows at least half of its
 * topic words (the server asks its search index: words of the fiches, the acronyms they define, the
 * lexicon's everyday words, one-letter typos of long words), it holds no frequent word of another language,
 * or it names an article of a code (« L 1242-8 »). Words typed in capitals (« AT », « RC », « ZTI ») are
 * acronyms: known, whatever the index says. The score rule stays for longer texts.
 */
export const SHORT_QUESTION_MAX_WORDS = 3;

/** A word the legal corpus knows (lower case, accents as typed). */
export type KnowsWord = (word: string) => boolean;

/** French words that frame a short question without naming its topic. */
const SHORT_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  ('le la les l de d du des un une au aux en et ou à a pour sur par dans avec sans mon ma mes ton ta tes son sa ses ' +
    'je j suis est qu que quoi comment quel quelle quels quelles c s n ne pas ce cette ces y il elle on t m se sont')
    .split(' '),
);
const ARTICLE_REFERENCE = /(?:^|[^\p{L}])[LRDA]\.?\s?\d{2,4}(?:-\d+){1,3}(?![\d-])/iu;
const ACRONYM = /^[A-Z][A-Z0-9]{1,5}$/u;

function shortTokens(text: string): string[] {
  return text.normalize('NFC').replace(/[’ʼ‘`´]/gu, "'").split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Whether a short text may be French legal vocabulary: one to three words, a topic word, no frequent
 * word of another language. Only such texts are worth asking the corpus about (the client then asks the
 * server; anything else that fails the score is refused at once).
 */
export function isShortQuestionCandidate(text: string): boolean {
  const words = countWords(text);
  if (words < 1 || words > SHORT_QUESTION_MAX_WORDS) return false;
  if (ARTICLE_REFERENCE.test(text)) return true;
  let topic = 0;
  for (const token of shortTokens(text)) {
    if (ACRONYM.test(token)) {
      topic += 1;
      continue;
    }
    const lower = token.toLowerCase();
    if (FOREIGN_WORDS.has(lower) && !FRENCH_WORDS.has(lower)) return false;
    if (!SHORT_FUNCTION_WORDS.has(lower) && !/^\d+$/u.test(lower)) topic += 1;
  }
  return topic > 0;
}

/** A text of one to three words the corpus knows (see SHORT_QUESTION_MAX_WORDS). */
export function isKnownShortQuestion(text: string, knowsWord: KnowsWord): boolean {
  if (!isShortQuestionCandidate(text)) return false;
  if (ARTICLE_REFERENCE.test(text)) return true;
  let topic = 0;
  let known = 0;
  for (const token of shortTokens(text)) {
    const lower = token.toLowerCase();
    if (!ACRONYM.test(token) && (SHORT_FUNCTION_WORDS.has(lower) || /^\d+$/u.test(lower))) continue;
    topic += 1;
    if (ACRONYM.test(token) || knowsWord(lower)) known += 1;
  }
  return topic > 0 && known * 2 >= topic;
}

export type QuestionValidation =
  /** `text`: the trimmed question as the server analyses it (links and addresses masked, see question-links.ts). */
  | { ok: true; text: string }
  | { ok: false; code: 'empty' | 'too_long' | 'long_word' | 'too_many_words' | 'not_french'; message: string };

export interface ValidateQuestionOptions {
  /** The corpus's vocabulary: lets short questions pass (the server gives its search index's). */
  knowsWord?: KnowsWord;
}

/** Runs of non-whitespace longer than MAX_WORD_CHARS (each start reads at most MAX_WORD_CHARS + 1 characters). */
const LONG_RUN = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'gu');

/**
 * Validates a question: not empty, at most MAX_QUESTION_CHARS characters, no word longer than
 * MAX_WORD_CHARS, at most MAX_WORDS words, French. Returns the trimmed text as it is to be analysed. The
 * length comes first: a longer text is refused without being read further.
 * - Links and e-mail addresses are accepted and replaced by a placeholder (question-links.ts) before any
 *   other rule reads the text: the word limit still bounds every other word.
 * - A message that reveals danger (urgency.ts) is never refused for its language score, its shortness or a
 *   long run of characters (« au secours !!!!… »: masked like a link); the emergency numbers come first.
 */
export function validateQuestion(text: string, options: ValidateQuestionOptions = {}): QuestionValidation {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, code: 'empty', message: MESSAGES.emptyQuestion };
  if (trimmed.length > MAX_QUESTION_CHARS) {
    return { ok: false, code: 'too_long', message: MESSAGES.questionTooLong };
  }
  let analysed = maskLinks(trimmed);
  const danger = dangerKind(analysed) !== null;
  if (danger) analysed = analysed.replace(LONG_RUN, LINK_PLACEHOLDER);
  else if (hasLongWord(analysed)) return { ok: false, code: 'long_word', message: MESSAGES.wordTooLong };
  if (countWords(trimmed) > MAX_WORDS) {
    return { ok: false, code: 'too_many_words', message: MESSAGES.wordLimit };
  }
  if (danger) return { ok: true, text: analysed };
  const short = options.knowsWord !== undefined && isKnownShortQuestion(analysed, options.knowsWord);
  if (!short && !isFrench(analysed)) return { ok: false, code: 'not_french', message: MESSAGES.notFrench };
  return { ok: true, text: analysed };
}
