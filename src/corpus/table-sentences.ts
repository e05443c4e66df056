/**
 * Tables of the fiches (`Tableau`) turned into plain French sentences at index time, one per data cell:
 * row heading + column heading + cell, e.g. « Excès de vitesse inférieur à 20 km/h, nombre de points
 * retirés : 1. » The composer quotes sentences and the index matches words, so a table written as
 * sentences can be quoted and found like any paragraph, each figure still beside what it applies to.
 *
 * This file writes the sentences and cuts them into chunks. The text of a cell is read by table-cells.ts, the
 * cells are laid out on a grid (spans, sideways tables, unmarked heading rows) by table-grid.ts, whose header
 * also gives the XML shape, and the casing of a heading or cell inside a sentence comes from fiche-casing.ts.
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
import { casing, type Casing, type FicheWords } from './fiche-casing.js';
import { clean, elementChildren, rawText, stripEnd } from './table-cells.js';
import { buildGrid, markHeadingRows, transpose, type Cell, type GridRow, type Slot } from './table-grid.js';
import type { XmlNode } from './types.js';

/** In a table of one row, a first cell longer than this is a value, not the row's heading. */
const LONE_VALUE_CHARS = 150;

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
