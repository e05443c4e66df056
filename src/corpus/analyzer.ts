/**
 * French analyzer shared by indexing and querying: lower-casing, elision, stop words,
 * Snowball stemming, accent folding, number and article-reference tokens (`L1234-9`).
 */
import { Lru } from '../common/lru.js';
import { frenchStemmer } from './snowball.js';

/** Standard French stop words (Snowball list) plus question words that carry no topic. */
const STOP_WORDS_LIST = `au aux avec ce ces dans de des du elle en et eux il ils je la le les leur lui ma mais me même mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l à m n s t y été étée étées étés étant étante étants étantes suis es est sommes êtes sont serai seras sera serons serez seront serais serait serions seriez seraient étais était étions étiez étaient fus fut fûmes fûtes furent sois soit soyons soyez soient fusse fusses fût fussions fussiez fussent ayant ayante ayantes ayants eu eue eues eus ai as avons avez ont aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient avais avait avions aviez avaient eut eûmes eûtes eurent aie aies ait ayons ayez aient eusse eusses eût eussions eussiez eussent ceci cela celà cet cette ici ils les leurs quel quels quelle quelles sans soi
comment quoi quand combien pourquoi est-ce estce qu'est-ce puis peut peuvent pouvez pouvons peux doit doivent dois devez faut faire fait font fais si alors donc car ni or tout tous toute toutes très plus moins bien aussi encore déjà y-a-t-il a-t-il t-il t-elle ça cas chez avoir être svp merci bonjour madame monsieur aujourd'hui hui dont où lorsque lors mes mon ma moi`;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  STOP_WORDS_LIST.split(/\s+/)
    .filter(Boolean)
    .map((w) => foldAccents(w)),
);

/** Fast path of foldAccents: lower-case ASCII text needs no work. */
function isPlainLowerAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127 || (c >= 65 && c <= 90)) return false;
  }
  return true;
}

/** Removes diacritics (é → e, ç → c, œ → oe) and lower-cases. */
export function foldAccents(text: string): string {
  if (isPlainLowerAscii(text)) return text;
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Article references: "L1234-9", "L. 1234-9", "R.4624-10", "article D1234-1-1" → "l1234-9". */
const ARTICLE_REF_RE = /\b([LRDA])\s?\.?\s?(\d{2,4}(?:-\d+){1,3})\b/gi;
/** Article reference token prefix char set used by isArticleRef. */
const ARTICLE_TOKEN_RE = /^[lrda]\d{2,4}(?:-\d+){1,3}$/;

const ELISION_RE = /\b(?:l|d|j|qu|n|s|c|m|t|jusqu|lorsqu|puisqu|quoiqu)['’‘`´]/gi;

export function isArticleRef(token: string): boolean {
  return ARTICLE_TOKEN_RE.test(token);
}

/**
 * Splits a text into raw lower-case tokens (not yet stemmed): article references are kept whole,
 * elisions removed, words split on anything that is not a letter or digit.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const withoutRefs = text.replace(ARTICLE_REF_RE, (_m, letter: string, num: string) => {
    out.push(`${letter.toLowerCase()}${num}`);
    return ' ';
  });
  const cleaned = withoutRefs.toLowerCase().replace(ELISION_RE, ' ');
  for (const raw of cleaned.split(/[^\p{L}\p{N}]+/u)) {
    if (raw) out.push(raw);
  }
  return out;
}

/**
 * Word caches: least recently used first out, so the words of the corpus and of frequent questions stay
 * while a stream of distinct words (every query word goes through here) cannot grow the heap. Words
 * longer than `wordMax` are analysed each time: a pasted run of letters would otherwise pin its
 * whole text.
 */
export const ANALYZER_CACHE = { entries: 50_000, wordMax: 40 } as const;

const stemCache = new Lru<string, string>(ANALYZER_CACHE.entries);

/** Entries held by the word caches (tests check they stay bounded). */
export function analyzerCacheSizes(): { stems: number; tokens: number } {
  return { stems: stemCache.size, tokens: tokenCache.size };
}

/** Stems one lower-case word (accents kept for the stemmer) and folds the stem. */
export function stemWord(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  let stem: string;
  if (/^\d/.test(word) || isArticleRef(word)) stem = word;
  else if (word.length <= 3) stem = foldAccents(word);
  else stem = foldAccents(frenchStemmer.stem(word));
  if (word.length <= ANALYZER_CACHE.wordMax) stemCache.set(word, stem);
  return stem;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(foldAccents(word));
}

const tokenCache = new Lru<string, string | null>(ANALYZER_CACHE.entries);

/**
 * Turns one raw token into an index term, or null for stop words and noise (cached).
 * Used for documents (whose spelling is correct).
 */
export function analyzeToken(token: string): string | null {
  const cached = tokenCache.get(token);
  if (cached !== undefined) return cached;
  const term = analyzeTokenUncached(token);
  if (token.length <= ANALYZER_CACHE.wordMax) tokenCache.set(token, term);
  return term;
}

function analyzeTokenUncached(token: string): string | null {
  if (!token) return null;
  if (isArticleRef(token)) return token;
  if (/^\d+$/.test(token)) return token.length <= 6 ? token : null;
  if (isStopWord(token)) return null;
  if (token.length < 2) return null;
  return stemWord(token);
}

/** Full analysis of a document text into index terms. */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const t of tokenize(text)) {
    const a = analyzeToken(t);
    if (a) terms.push(a);
  }
  return terms;
}

