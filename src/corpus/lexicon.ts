/**
 * Lay → legal lexicon: everyday French words mapped to the vocabulary of the official fiches.
 * The data lives in lexicon.json (one entry per mapping, each with the fiche that justifies it).
 */
import lexiconData from './lexicon.json' with { type: 'json' };
import { foldAccents, tokenize } from './analyzer.js';

export interface LexiconEntry {
  /** Everyday phrasing, as a visitor writes it ("proprio", "arrêt maladie"). */
  lay: string;
  /** Legal phrasings used by the fiches. */
  legal: string[];
  /**
   * Optional context: the mapping applies only if the question also contains one of these words
   * (prefix match on accent-folded words: "lou" matches "louer", "loue").
   */
  context?: string[];
  /** When true the lay word itself is misleading in the corpus and gets a low weight. */
  replace?: boolean;
  /**
   * Weight of the legal phrasings relative to the question's own words (default WEIGHTS.lexicon, 0.9). A lower
   * weight makes the entry a fallback: it decides only when the question's other words match nothing better
   * (« prime » + a branch name → the generic pay fiche, while « prime de précarité » keeps its own fiche).
   */
  weight?: number;
  /** A fiche whose text uses the legal phrasing (checked by the lexicon test). */
  fiche: string;
}

export const LEXICON: readonly LexiconEntry[] = (lexiconData as { entries: LexiconEntry[] }).entries;

export interface CompiledEntry {
  entry: LexiconEntry;
  layTokens: string[];
  context: string[];
}

export function normalizeTokens(text: string): string[] {
  return tokenize(text).map((t) => foldAccents(t));
}

export function compileLexicon(entries: readonly LexiconEntry[]): CompiledEntry[] {
  return entries.map((entry) => ({
    entry,
    layTokens: normalizeTokens(entry.lay),
    context: (entry.context ?? []).map((c) => foldAccents(c)),
  }));
}

function containsSequence(tokens: string[], seq: string[]): number {
  if (seq.length === 0) return -1;
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    for (let j = 0; j < seq.length; j++) if (tokens[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}

export interface LexiconMatch {
  entry: LexiconEntry;
  /** Position of the lay phrase in the folded tokens. */
  start: number;
  length: number;
}

/** Entries that apply to a question given as accent-folded tokens. */
export function matchLexicon(foldedTokens: string[], compiled: readonly CompiledEntry[]): LexiconMatch[] {
  const matches: LexiconMatch[] = [];
  for (const c of compiled) {
    const start = containsSequence(foldedTokens, c.layTokens);
    if (start < 0) continue;
    if (c.context.length > 0) {
      const ok = foldedTokens.some((t, i) => (i < start || i >= start + c.layTokens.length) && c.context.some((ctx) => t.startsWith(ctx)));
      if (!ok) continue;
    }
    matches.push({ entry: c.entry, start, length: c.layTokens.length });
  }
  // Longest match wins: "chômage partiel" hides "chômage".
  return matches.filter(
    (m) => !matches.some((o) => o !== m && o.length > m.length && o.start <= m.start && o.start + o.length >= m.start + m.length),
  );
}
