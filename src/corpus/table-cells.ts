/**
 * The text of a table's cells (`Cellule` of a `Tableau`): a cell read as a value (its paragraphs and lists joined
 * into one clause) or as a heading (joined as one label, without final punctuation), and the small readers of
 * XML text the table's other files share (element children, raw text, spaces and final punctuation).
 */
import { splitFrenchSentences } from '../common/french-text.js';
import type { Casing } from './fiche-casing.js';
import type { XmlNode } from './types.js';

const BLOCK_ELEMENTS = new Set(['Paragraphe', 'Item', 'Liste', 'Citation', 'Description']);

/** The element children of a node, only those named `name` when it is given. */
export function elementChildren(node: XmlNode, name?: string): XmlNode[] {
  return (node.children ?? []).filter((c) => c.type === 'element' && (name === undefined || c.name === name));
}

/** All the text under a node, a block element (paragraph, list, item…) set apart by spaces. */
export function rawText(node: XmlNode): string {
  if (node.type === 'text') return String(node.text ?? '');
  if (node.type === 'cdata') return node.cdata ?? '';
  let out = '';
  for (const c of node.children ?? []) {
    const t = rawText(c);
    out += c.type === 'element' && BLOCK_ELEMENTS.has(c.name ?? '') ? ` ${t} ` : t;
  }
  return out;
}

/** Runs of white space made one space, the ends trimmed. */
export function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** « etc. » keeps its full stop; any other final full stop, colon, semicolon or comma goes. */
export function stripEnd(text: string): string {
  if (/\b(?:etc|cf|ex)\.$/iu.test(text)) return text;
  return text.replace(/\s*[.:;,]+$/u, '');
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

/** Text of a cell as a value: its paragraphs and lists joined into one clause. */
export function cellValue(cell: XmlNode, lower: Casing): string {
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

/** Text of a cell as a heading: its paragraphs and lists joined as one label, without final punctuation. */
export function cellHeading(cell: XmlNode, lower: Casing): string {
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
