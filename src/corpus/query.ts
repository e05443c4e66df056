/**
 * Query analysis: accent restoration, spelling tolerance, acronyms, the lay → legal lexicon, and what the
 * question says beyond its words (facets): the themes of the lexicon entries it uses, and the time elapsed
 * since the facts (« il y a 4 ans » with a complaint → the limitation period).
 */
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

/** Index terms of a legal phrasing (stop words dropped). */
function phraseStems(text: string, ctx: QueryContext): string[] {
  const out: string[] = [];
  for (const tok of tokenize(text)) {
    const { stem } = queryStem(tok, ctx);
    if (stem && !out.includes(stem)) out.push(stem);
  }
  return out;
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

/** What the analysis of a question gives the ranking: weighted terms and the themes the question is about. */
export interface AnalyzedQuestion {
  terms: QueryTerm[];
  /** Themes (lexicon/<theme>.json) of the lexicon entries found in the question, without duplicates. */
  themes: string[];
  /**
   * The legal concepts a facet of the question names (« délai de prescription » for « il y a 4 ans » and a
   * complaint), each as its index terms: a fiche named after one of them is about the question.
   */
  concepts: string[][];
}

/** Number words people write instead of digits (« il y a trois ans »). */
const NUMBER_WORDS = new Set(['un', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'quinze', 'vingt', 'trente', 'quelques', 'plusieurs']);
const YEAR_WORDS = new Set(['an', 'ans', 'annee', 'annees']);
/** Words of an action whose deadline may have passed (complaint, claim, appeal, payment claimed back). */
const ACTION_PREFIXES = ['plainte', 'poursuiv', 'attaqu', 'contest', 'reclam', 'recours', 'rembours', 'agir', 'justice', 'tribunal', 'proces', 'prud'];

/**
 * Elapsed-time facet: facts dated years back (« il y a 4 ans », « voilà trois ans », « 5 ans après ») in a
 * question about acting on them (a complaint, a claim, an appeal) ask whether it is too late: the
 * limitation period. « trop tard » says it outright. Returns the legal phrasings to add.
 */
export function elapsedTimeFacet(folded: readonly string[]): string[] {
  const action = folded.some((t) => ACTION_PREFIXES.some((p) => t.startsWith(p)));
  if (!action) return [];
  for (let i = 0; i + 1 < folded.length; i++) {
    const n = folded[i] ?? '';
    if ((/^\d+$/.test(n) || NUMBER_WORDS.has(n)) && YEAR_WORDS.has(folded[i + 1] ?? '')) {
      const before = folded.slice(Math.max(0, i - 3), i).join(' ');
      const after = folded[i + 2] ?? '';
      // « il y a 4 ans », « voilà 4 ans », « 4 ans après » date the facts; « depuis 4 ans » and « ça fait 4 ans
      // que » usually describe a situation that lasts (« locataire depuis 4 ans »).
      if (/\b(?:y a|voila)$/.test(before) || after === 'apres') return ['délai de prescription'];
    }
    if (n === 'trop' && folded[i + 1] === 'tard') return ['délai de prescription'];
  }
  return [];
}

/** Weight of the phrasings a facet adds (a hint: the question's own words decide first). */
export const FACET_WEIGHT = 1;

/**
 * Analyses a query. `asked` is the question as the visitor wrote it when `query` is a reduced form of it
 * (the answers search without « je voudrais savoir… »): the facets are read from it. `known` are legal
 * concepts the caller knows the question is about (a danger question is about protecting the victim): they
 * count as facets.
 */
export function analyzeQuestion(query: string, ctx: QueryContext, asked: string = query, known: readonly string[] = []): AnalyzedQuestion {
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
  // Named concepts come from the facets only: measured on every lexicon phrasing, naming them all dilutes
  // the ranking (everyday MRR −0.03 to −0.06, held-out dev −0.004 to −0.011).
  const concepts: string[][] = [];
  const askedFolded = asked === query ? folded : tokenize(asked).map((t) => foldAccents(t));
  for (const legal of [...elapsedTimeFacet(askedFolded), ...known]) {
    expandPhrase(legal, FACET_WEIGHT, terms, ctx);
    concepts.push(phraseStems(legal, ctx));
  }
  const themes = [...new Set(matches.map((m) => m.entry.theme).filter((t): t is string => Boolean(t)))];
  return { terms: [...terms.values()], themes, concepts: concepts.filter((c) => c.length > 0) };
}

export { stemWord };
