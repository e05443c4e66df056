/**
 * French text tools: a sentence splitter that never cuts inside an abbreviation or a number, the cutting of
 * a fiche passage into quotable units (a sentence, or a sentence ending with « : » together with the list it
 * introduces) for the extractive composer, text normalisation, and the shortening of an article text on a
 * sentence boundary (the answer's sources and the pré-dossier PDF). Everything here slices the source text:
 * a unit's sentence is always a verbatim substring.
 */

/** Words after which a full stop is not the end of a sentence (lower case, without the dot). */
const ABBREVIATIONS = new Set([
  'art', 'arts', 'al', 'cf', 'p', 'pp', 'ex', 'env', 'min', 'max', 'mme', 'mmes', 'mlle', 'mlles', 'mm', 'me', 'dr', 'pr',
  'st', 'ste', 'n', 'no', 'nos', 'vol', 'ch', 'chap', 'réf', 'ref', 'tél', 'tel', 'av', 'bd', 'c', 'j', 'o', 'cass', 'civ',
  'soc', 'crim', 'com', 'req', 'ass', 'plén', 'ord', 'décr', 'suiv', 'spéc', 'ibid', 'op', 'cit', 'coll', 'éd', 'ed', 'dép',
  'fig', 'hab', 'approx', 'apr', 'janv', 'févr', 'fév', 'sept', 'oct', 'nov', 'déc', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam',
  'dim', 'env', 'vs', 'resp', 'cod', 'mod',
]);

/** A run of sentence-final punctuation, closing quotes/brackets, then a space or the end. */
const END_RE = /[.!?…]+[»"”')\]]*(?=\s|$)/gu;
const LETTER_RE = /\p{L}/u;

function wordBefore(text: string, end: number, min: number): string {
  let i = end;
  while (i > min && (LETTER_RE.test(text[i - 1] ?? '') || text[i - 1] === '-')) i -= 1;
  return text.slice(i, end);
}

/**
 * Splits one line of French prose into sentences. A full stop does not end a sentence after an
 * abbreviation (« art. », « M. », « n. », « L. 1234-9 », initials), inside a number (« 1.5 »), or when
 * the next word does not start like a sentence (lower-case letter). « … » and « ! ? » end sentences.
 * The pieces, concatenated, give back the line (modulo the spaces between them).
 */
export function splitFrenchSentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  END_RE.lastIndex = 0;
  for (let m = END_RE.exec(line); m !== null; m = END_RE.exec(line)) {
    const end = m.index + m[0].length;
    const rest = line.slice(end);
    const next = /^\s+(\S)/u.exec(rest)?.[1];
    if (m[0].startsWith('.') && !m[0].startsWith('..')) {
      const word = wordBefore(line, m.index, start);
      const bare = word.replace(/^-+/, '');
      const last = bare.split('-').pop() ?? '';
      const isInitial = last.length === 1 && last === last.toUpperCase() && LETTER_RE.test(last);
      if (ABBREVIATIONS.has(last.toLowerCase()) || isInitial) continue;
      // « c.-à-d. », « etc. » followed by a lower-case word: handled by the next-character rule below.
    }
    if (next !== undefined && !/[\p{Lu}\d«"“(\-–—]/u.test(next)) continue;
    const s = line.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
  }
  const tail = line.slice(start).trim();
  if (tail) out.push(tail);
  return out;
}

/** Lower case, no accents, single spaces, typographic apostrophes unified: for comparisons and dedup. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Collapses runs of white space (a passage line may hold several). */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Prefixes of lines that announce a linked resource rather than state a rule. */
const RESOURCE_LINE_RE =
  /^(?:Où s'adresser|Modèle de document|Formulaire|Service en ligne|Téléservice|Simulateur|Question-réponse|Fiche|Pour en savoir plus|Voir aussi|Ressource|Démarche en ligne|Outil de calcul)\s*:/iu;

export type UnitKind = 'sentence' | 'intro';

/** A quotable piece of a passage. */
export interface Unit {
  /** The sentence, verbatim. */
  sentence: string;
  /** List items introduced by the sentence (it ends with « : »), verbatim, without the "- ". */
  items: string[];
  /**
   * The end of the sentence after its list, when the list sits in the middle of it (« Si les plantations
   * sont situées : - …, - …, alors seule une démarche amiable peut être envisagée. »), verbatim.
   */
  tail?: string;
  /** Nearest heading line above the unit inside its passage (« Délai », « Retenues »…), if any. */
  heading?: string;
  /** Index of the unit in its passage (0 = first). */
  index: number;
  /**
   * The unit belongs to a worked example (« Par exemple, le défunt a un patrimoine de 200 000 €… » and the
   * sentences of the same paragraph that go on with it, or a paragraph under a heading « Exemple »): its
   * figures are another person's.
   */
  example?: true;
  /** The unit is a list item whose introduction lies in the passage above: one case of several. */
  listed?: true;
}

const EXAMPLE_START_RE = /^(?:Exemples?|Par exemple)(?![\p{L}\p{N}])/u;

function isHeadingLine(line: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (line.startsWith('- ') || line.includes(' | ')) return false;
  if (line.length > 70) return false;
  return !/[.:;!?…,)]$/u.test(line);
}

/**
 * Cuts a passage text (lines; list items start with "- "; tables use " | ") into units. Resource lines
 * (« Modèle de document : … », « Où s'adresser : … ») and table rows are not units; heading lines
 * become the `heading` of the units below them.
 */
export function passageUnits(text: string): Unit[] {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const units: Unit[] = [];
  const broken = new Set<Unit>();
  let heading: string | undefined;
  let last: Unit | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('- ')) {
      const item = line.slice(2).trim();
      if (last && /:$/u.test(last.sentence)) {
        if (item && !RESOURCE_LINE_RE.test(item)) last.items.push(item);
        continue;
      }
      // An item whose introduction lies in the passage above (« Si le contrat ne précise rien, les
      // conséquences sont les suivantes : » heads the chapter, each case below holds its items) is a rule
      // of its own when it reads as one: a capital first, a full stop last. A fragment (« de ses bagages, »)
      // needs the introduction it lacks here: not quotable.
      if (/^\p{Lu}/u.test(item) && /[.!]$/u.test(item) && !RESOURCE_LINE_RE.test(item)) {
        last = undefined;
        for (const sentence of splitFrenchSentences(item)) units.push((last = { sentence, items: [], index: units.length, listed: true, ...(heading !== undefined ? { heading } : {}) }));
      }
      continue;
    }
    if (last && last.items.length > 0 && /^\p{Ll}/u.test(line)) {
      // The list sat in the middle of a sentence: its end is part of the unit. An end that opens another
      // list cannot be held by one unit, and the sentence without its end is not quotable.
      const [end, ...rest] = splitFrenchSentences(line);
      if (end && !/:$/u.test(end)) last.tail = end;
      else broken.add(last);
      last = undefined;
      for (const sentence of rest) units.push((last = { sentence, items: [], index: units.length, ...(heading !== undefined ? { heading } : {}) }));
      continue;
    }
    last = undefined;
    if (line.includes(' | ') || RESOURCE_LINE_RE.test(line)) continue;
    if (/ :$/u.test(line) && line.length < 80 && !/\s(?:est|sont|peut|doit|a|ont)\s/u.test(line) && lines[i + 1]?.includes(' | ')) continue;
    if (isHeadingLine(line, lines[i + 1])) {
      heading = line;
      continue;
    }
    const example = EXAMPLE_START_RE.test(line) || (heading !== undefined && EXAMPLE_START_RE.test(heading));
    for (const sentence of splitFrenchSentences(line)) {
      const unit: Unit = { sentence, items: [], index: units.length, ...(heading !== undefined ? { heading } : {}), ...(example ? { example: true as const } : {}) };
      units.push(unit);
      last = unit;
    }
  }
  // An introduction whose list was not found is not quotable on its own.
  return units.filter((u) => (!/:$/u.test(u.sentence) || u.items.length > 0) && !broken.has(u));
}

/** Shortens a text to at most `max` characters on a sentence boundary (never mid-sentence, at least one sentence). */
export function shortenOnSentence(text: string, max: number): string {
  const flat = squeeze(text);
  if (flat.length <= max) return flat;
  const sentences = splitFrenchSentences(flat);
  let out = '';
  for (const s of sentences) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max && out) break;
    out = next;
    if (out.length > max) break;
  }
  return out === flat ? out : `${out} […]`;
}
