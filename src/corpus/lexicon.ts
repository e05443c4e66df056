/**
 * Lay → legal lexicon: the words people use (« proprio », « viré », « flashé », « arrêt maladie ») mapped to
 * the vocabulary of the official fiches (« bailleur », « licenciement », « radar automatique », « indemnités
 * journalières »). The data lives in lexicon/<theme>.json, one file per theme of everyday life (logement,
 * travail, famille…): each file lists the theme's cue words (what tells that a question is about that theme)
 * and its entries. Every entry names a fiche whose text uses the legal phrasing (checked by lexicon.test.ts).
 *
 * How the entries are written (docs/decisions/0003-lay-french-and-scope.md): from general knowledge of lay
 * French — the words, spellings and abbreviations a dictionary of legal paraphrase would hold — never from a
 * phrasing of an evaluation set. A word that means something else in another theme gets a context (the
 * question must also name the theme) or exclusions (« paye » is not the salary inside « congé payé »).
 */
import argent from './lexicon/argent.json' with { type: 'json' };
import etrangers from './lexicon/etrangers.json' with { type: 'json' };
import famille from './lexicon/famille.json' with { type: 'json' };
import impots from './lexicon/impots.json' with { type: 'json' };
import justice from './lexicon/justice.json' with { type: 'json' };
import logement from './lexicon/logement.json' with { type: 'json' };
import papiers from './lexicon/papiers.json' with { type: 'json' };
import sante from './lexicon/sante.json' with { type: 'json' };
import succession from './lexicon/succession.json' with { type: 'json' };
import transports from './lexicon/transports.json' with { type: 'json' };
import travail from './lexicon/travail.json' with { type: 'json' };
import voisinage from './lexicon/voisinage.json' with { type: 'json' };
import { foldAccents, tokenize } from './analyzer.js';

export interface LexiconEntry {
  /** Everyday phrasing, as a visitor writes it ("proprio", "arrêt maladie"). Unique across the lexicon. */
  lay: string;
  /** Other ways of writing the same thing (spelling variants, abbreviations, inflections): same mapping. */
  variants?: string[];
  /** Legal phrasings used by the fiches. */
  legal: string[];
  /**
   * Optional context: the mapping applies only if the question also contains one of these words (prefix
   * match on accent-folded words: "lou" matches "louer", "loue"). "@travail" stands for the cue words of
   * the theme « travail » (see LexiconTheme.cues).
   */
  context?: string[];
  /**
   * Optional exclusions: the mapping does not apply when the question contains one of these words (prefix
   * match, outside the lay phrase): « paye » unless « congé » (« congé payé »).
   */
  unless?: string[];
  /** When true the lay word itself is misleading in the corpus and gets a low weight. */
  replace?: boolean;
  /**
   * Weight of the legal phrasings relative to the question's own words (default WEIGHTS.lexicon, 0.9). A lower
   * weight makes the entry a fallback: it decides only when the question's other words match nothing better.
   */
  weight?: number;
  /** A fiche whose text uses the legal phrasing (checked by the lexicon test). */
  fiche: string;
  /** Theme of the file the entry comes from (set on load). */
  theme?: string;
}

export interface LexiconTheme {
  /** File name and key (« logement »). */
  theme: string;
  /** Words (accent-folded prefixes) that tell that a question is about this theme. */
  cues: string[];
  /** Top-level themes of the corpus (service-public.fr theme path) the theme's fiches belong to. */
  corpusThemes: string[];
  entries: LexiconEntry[];
}

export const LEXICON_THEMES: readonly LexiconTheme[] = [logement, travail, famille, argent, transports, justice, sante, etrangers, papiers, impots, succession, voisinage].map(
  (t) => {
    const theme = t as LexiconTheme;
    return { ...theme, entries: theme.entries.map((e) => ({ ...e, theme: theme.theme })) };
  },
);

export const LEXICON: readonly LexiconEntry[] = LEXICON_THEMES.flatMap((t) => t.entries);

const THEME_CUES = new Map(LEXICON_THEMES.map((t) => [t.theme, t.cues.map((c) => foldAccents(c))]));

/** Every lay phrasing of an entry: its lay phrase then its variants. */
export function lexiconPhrasings(entry: LexiconEntry): string[] {
  return [entry.lay, ...(entry.variants ?? [])];
}

/** Context words of an entry, with the « @theme » references replaced by the theme's cue words. */
export function expandContext(words: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const w of words ?? []) {
    if (w.startsWith('@')) {
      const cues = THEME_CUES.get(w.slice(1));
      if (!cues) throw new Error(`lexicon: unknown theme ${w}`);
      out.push(...cues);
    } else out.push(foldAccents(w));
  }
  return out;
}

export interface CompiledEntry {
  entry: LexiconEntry;
  /** The lay phrasing this compiled form matches (the lay phrase or one of its variants). */
  phrase: string;
  layTokens: string[];
  context: string[];
  unless: string[];
}

export function normalizeTokens(text: string): string[] {
  return tokenize(text).map((t) => foldAccents(t));
}

export function compileLexicon(entries: readonly LexiconEntry[]): CompiledEntry[] {
  return entries.flatMap((entry) => {
    const context = expandContext(entry.context);
    const unless = expandContext(entry.unless);
    return lexiconPhrasings(entry).map((phrase) => {
      const layTokens = normalizeTokens(phrase);
      return { entry, phrase: layTokens.join(' '), layTokens, context, unless };
    });
  });
}

/**
 * How loosely a lay phrase is matched in a long question: its words may agree in gender and number
 * (« obligés de payer » for « obligé de payer ») and up to `gaps` small words may stand between two of
 * them (« pas du tout les moyens » for « pas les moyens », « ma paye est en retard » for « paye en
 * retard »): articles, pronouns, auxiliaries and adverbs, never a word of content (« à la rue » is not
 * found in « m'a frappé dans la rue »). An entry that replaces its words is matched exactly. Measured on
 * the long everyday questions: one more expected fiche first and among the sources, none fewer on any set.
 */
export const LAY_MATCH = { gaps: 2, foldFrom: 5 } as const;

/** The small words a gap in a lay phrase may hold (accent-folded). */
const GAP_WORDS: ReadonlySet<string> = new Set(
  'de du des le la les l un une d tout toute tous toutes vraiment encore plus bien tres trop meme deja toujours jamais est a ai as ont sont ete etait me m te t se s lui leur y en ne n nous vous on il elle ils elles je j mon ma mes son sa ses notre nos votre vos leurs'.split(' '),
);

/**
 * A word without its plural and the feminine of a past participle (« obligées », « obligés » → « oblige »),
 * when 5 letters or more remain. A noun's own final « e » stays: « retraite » is not « retrait ».
 */
export function lightFold(token: string): string {
  const f = token.replace(/s$/u, '').replace(/ee$/u, 'e');
  return f.length >= LAY_MATCH.foldFrom ? f : token;
}

/** Positions of each (lightly folded) token in the question, so that an entry is looked for only where its first word is. */
function tokenPositions(folded: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  folded.forEach((k, i) => {
    const list = positions.get(k);
    if (list) list.push(i);
    else positions.set(k, [i]);
  });
  return positions;
}

/**
 * First position of `seq` (lightly folded) in `tokens` and the span matched, or undefined (only the positions
 * of its first word are tried). `folded`: the tokens lightly folded.
 */
function containsSequence(
  tokens: readonly string[],
  folded: readonly string[],
  positions: ReadonlyMap<string, number[]>,
  seq: readonly string[],
  gaps: number,
): { start: number; length: number } | undefined {
  const starts = seq.length > 0 ? positions.get(seq[0] as string) : undefined;
  if (!starts) return undefined;
  outer: for (const i of starts) {
    let at = i;
    for (let j = 1; j < seq.length; j++) {
      const want = seq[j] as string;
      let found = -1;
      for (let k = at + 1; k <= at + 1 + gaps && k < tokens.length; k++) {
        if (folded[k] === want) {
          found = k;
          break;
        }
        if (!GAP_WORDS.has(tokens[k] as string)) break;
      }
      if (found < 0) continue outer;
      at = found;
    }
    return { start: i, length: at - i + 1 };
  }
  return undefined;
}

export interface LexiconMatch {
  entry: LexiconEntry;
  /** The lay phrasing found (accent-folded tokens joined by spaces). */
  phrase: string;
  /** Position of the lay phrase in the folded tokens, and the number of tokens it spans (its words and the gaps between them). */
  start: number;
  length: number;
  /** Words of the lay phrase. */
  words: number;
}

/** Whether a token outside [start, start + length) starts with one of the prefixes. */
function hasWordOutside(tokens: string[], start: number, length: number, prefixes: readonly string[]): boolean {
  return tokens.some((t, i) => (i < start || i >= start + length) && prefixes.some((p) => t.startsWith(p)));
}

let defaultCompiled: CompiledEntry[] | undefined;

/**
 * The legal phrasings of the lexicon entries a text names, without duplicates (« mon proprio garde ma
 * caution » → « bailleur », « dépôt de garantie »): the model of meaning reads them beside the question
 * (src/server/modules/semantic/semantic.ts), since a small model knows the fiches' words better than slang.
 * `compiled`: the lexicon to read them from (default the whole LEXICON; the ablation passes it without an entry).
 */
export function legalPhrasingsOf(text: string, compiled?: readonly CompiledEntry[]): string[] {
  const lexicon = compiled ?? (defaultCompiled ??= compileLexicon(LEXICON));
  const out = new Set<string>();
  for (const m of matchLexicon(normalizeTokens(text), lexicon)) for (const legal of m.entry.legal) out.add(legal);
  return [...out];
}

/** A compiled lexicon's lay tokens lightly folded, and its entries by their first folded word. */
interface LexiconIndex {
  folded: readonly (readonly string[])[];
  byFirst: ReadonlyMap<string, readonly number[]>;
}

const lexiconIndexes = new WeakMap<readonly CompiledEntry[], LexiconIndex>();

/** Built once per compiled lexicon: a question is then compared only with the entries whose first word it holds. */
function lexiconIndex(compiled: readonly CompiledEntry[]): LexiconIndex {
  let index = lexiconIndexes.get(compiled);
  if (!index) {
    const folded = compiled.map((c) => c.layTokens.map(lightFold));
    const byFirst = new Map<string, number[]>();
    folded.forEach((f, i) => {
      const first = f[0];
      if (first === undefined) return;
      const list = byFirst.get(first);
      if (list) list.push(i);
      else byFirst.set(first, [i]);
    });
    lexiconIndexes.set(compiled, (index = { folded, byFirst }));
  }
  return index;
}

/** Entries that apply to a question given as accent-folded tokens. */
export function matchLexicon(foldedTokens: string[], compiled: readonly CompiledEntry[]): LexiconMatch[] {
  const matches: LexiconMatch[] = [];
  const light = foldedTokens.map(lightFold);
  const positions = tokenPositions(light);
  const { folded, byFirst } = lexiconIndex(compiled);
  // The entries whose first word the question holds, in the lexicon's order (the first phrasing of an entry found counts).
  const candidates: number[] = [];
  for (const first of positions.keys()) candidates.push(...(byFirst.get(first) ?? []));
  candidates.sort((a, b) => a - b);
  for (const i of candidates) {
    const c = compiled[i] as CompiledEntry;
    const found = containsSequence(foldedTokens, light, positions, folded[i] ?? [], c.entry.replace ? 0 : LAY_MATCH.gaps);
    if (!found) continue;
    const { start, length } = found;
    if (c.context.length > 0 && !hasWordOutside(foldedTokens, start, length, c.context)) continue;
    if (c.unless.length > 0 && hasWordOutside(foldedTokens, start, length, c.unless)) continue;
    // Two phrasings of one entry (« heures sup », « heure sup ») count once.
    if (matches.some((m) => m.entry === c.entry)) continue;
    matches.push({ entry: c.entry, phrase: c.phrase, start, length, words: c.layTokens.length });
  }
  // The phrase of more words wins: "chômage partiel" hides "chômage" (a phrase spread over a gap does not
  // hide a shorter one that stands whole inside it).
  return matches.filter(
    (m) => !matches.some((o) => o !== m && o.words > m.words && o.start <= m.start && o.start + o.length >= m.start + m.length),
  );
}
