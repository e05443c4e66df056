/** Query analysis: accent restoration, spelling tolerance, acronyms and the lay → legal lexicon. */
import { analyzeToken, foldAccents, isArticleRef, isStopWord, stemWord, tokenize } from './analyzer.js';
import type SearchableMap from 'minisearch/SearchableMap';
import { compileLexicon, LEXICON, matchLexicon, type CompiledEntry } from './lexicon.js';

export interface QueryTerm {
  term: string;
  weight: number;
  /** Unknown word: matched with bounded fuzzy search. */
  fuzzy: boolean;
}

export interface QueryContext {
  /** Folded word → [most frequent spelling, frequency] over the corpus. */
  vocab: Map<string, [string, number]>;
  /** Folded acronym → expansion defined by the fiches. */
  abbreviations: Map<string, string>;
  lexicon?: readonly CompiledEntry[];
  /** Folded words (4+ letters) → frequency, for bounded fuzzy matching of unknown words. */
  fuzzyVocab?: SearchableMap<number>;
}

/** Fuzzy matching bounds: edit distance 1 from 4 letters, 2 from 8 letters, at most 2 candidates. */
export const FUZZY = { minLength: 4, distance2From: 8, maxCandidates: 2 } as const;

/** Known corpus words close to an unknown word, best first (smallest distance, then most frequent). */
export function fuzzyCandidates(word: string, ctx: QueryContext): { form: string; distance: number }[] {
  const folded = foldAccents(word);
  if (!ctx.fuzzyVocab || folded.length < FUZZY.minLength) return [];
  const maxD = folded.length >= FUZZY.distance2From ? 2 : 1;
  const found = ctx.fuzzyVocab.fuzzyGet(folded, maxD);
  return [...found.entries()]
    .map(([w, [count, distance]]) => ({ w, count, distance }))
    .sort((a, b) => a.distance - b.distance || b.count - a.count)
    .slice(0, FUZZY.maxCandidates)
    .map(({ w, distance }) => ({ form: ctx.vocab.get(w)?.[0] ?? w, distance }));
}

/** Weights of the different term sources. */
export const WEIGHTS = {
  original: 1,
  lexicon: 0.9,
  replacedLay: 0.15,
  acronym: 0.7,
  fuzzy: 0.8,
} as const;

const defaultLexicon = compileLexicon(LEXICON);

/**
 * Question scaffolding: word sequences that frame a question without naming its subject
 * (« a-t-il le droit », « que dit la loi », « quelles sont les règles »). Folded tokens, elisions removed.
 * « droit » alone stays a topic word (droit de retrait, droit de grève).
 */
const QUESTION_SCAFFOLDS: readonly (readonly string[])[] = [
  ...['a', 'ai', 'as', 'ont', 'avoir', 'il', 'elle', 'je', 'on', 't'].map((w) => [w, 'le', 'droit']),
  ['dit', 'la', 'loi'],
  ['selon', 'la', 'loi'],
  ['quelles', 'sont', 'les', 'regles'],
  ['quelle', 'est', 'la', 'regle'],
  ['quels', 'sont', 'mes', 'droits'],
  ['quels', 'sont', 'les', 'droits'],
  ['que', 'faire'],
  ['comment', 'faire'],
  ['je', 'veux'],
  ['je', 'voudrais'],
  ['savoir', 'si'],
];

/** Indices of the tokens that belong to question scaffolding. */
function scaffoldTokens(folded: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < folded.length; i++) {
    for (const seq of QUESTION_SCAFFOLDS) {
      if (seq.every((w, k) => folded[i + k] === w)) for (let k = 0; k < seq.length; k++) out.add(i + k);
    }
  }
  return out;
}

/** Stem of a query word, restoring the accents the visitor left out ("indemnite" → "indemnité"). */
function queryStem(word: string, ctx: QueryContext): { stem: string | null; known: boolean } {
  if (isArticleRef(word) || /^\d+$/.test(word)) return { stem: analyzeToken(word), known: true };
  if (isStopWord(word)) return { stem: null, known: true };
  const folded = foldAccents(word);
  const v = ctx.vocab.get(folded);
  if (v) return { stem: analyzeToken(v[0]), known: true };
  return { stem: analyzeToken(word), known: false };
}

function addTerm(terms: Map<string, QueryTerm>, term: string | null, weight: number, fuzzy = false): void {
  if (!term) return;
  const prev = terms.get(term);
  if (!prev) terms.set(term, { term, weight, fuzzy });
  else {
    prev.weight = Math.max(prev.weight, weight);
    prev.fuzzy = prev.fuzzy && fuzzy;
  }
}

function expandPhrase(text: string, weight: number, terms: Map<string, QueryTerm>, ctx: QueryContext): void {
  for (const tok of tokenize(text)) {
    const { stem } = queryStem(tok, ctx);
    addTerm(terms, stem, weight);
  }
}

/**
 * What one query may cost, whatever it holds (public search takes any text): only its first `chars`
 * characters and first `tokens` words are read, a word longer than `wordChars` is skipped (no corpus word
 * is that long, and stemming costs in proportion to length), and only the first `fuzzy` unknown words are
 * looked up with spelling tolerance (each lookup walks the vocabulary tree). A 500-word question keeps its
 * first 200 words for retrieval.
 */
export const QUERY_LIMITS = { chars: 6000, tokens: 200, wordChars: 40, fuzzy: 8 } as const;

export function analyzeQuery(query: string, ctx: QueryContext): QueryTerm[] {
  const tokens = tokenize(query.slice(0, QUERY_LIMITS.chars))
    .filter((t) => t.length <= QUERY_LIMITS.wordChars)
    .slice(0, QUERY_LIMITS.tokens);
  let fuzzyLookups = QUERY_LIMITS.fuzzy;
  const folded = tokens.map((t) => foldAccents(t));
  const terms = new Map<string, QueryTerm>();
  const matches = matchLexicon(folded, ctx.lexicon ?? defaultLexicon);
  const scaffold = scaffoldTokens(folded);
  const replaced = new Set<number>();
  for (const m of matches) {
    if (m.entry.replace) for (let i = m.start; i < m.start + m.length; i++) replaced.add(i);
  }
  tokens.forEach((tok, i) => {
    if (scaffold.has(i)) return;
    const { stem, known } = queryStem(tok, ctx);
    if (!stem) return;
    const isWord = !isArticleRef(tok) && !/^\d+$/.test(tok);
    const fuzzy = isWord && !known && tok.length >= FUZZY.minLength;
    addTerm(terms, stem, replaced.has(i) ? WEIGHTS.replacedLay : WEIGHTS.original, fuzzy);
    if (fuzzy && fuzzyLookups > 0) {
      fuzzyLookups -= 1;
      for (const c of fuzzyCandidates(tok, ctx)) addTerm(terms, analyzeToken(c.form), c.distance === 1 ? WEIGHTS.fuzzy : WEIGHTS.fuzzy * 0.7, true);
    }
    const expansion = ctx.abbreviations.get(folded[i] ?? '');
    if (expansion && tok.length >= 2 && tok.length <= 8) expandPhrase(expansion, WEIGHTS.acronym, terms, ctx);
  });
  for (const m of matches) for (const legal of m.entry.legal) expandPhrase(legal, m.entry.weight ?? WEIGHTS.lexicon, terms, ctx);
  return [...terms.values()];
}

export { stemWord };
