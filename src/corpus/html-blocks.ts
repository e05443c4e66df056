/**
 * Reads the HTML of a web page's content (the labour ministry's fiches, travail-fiches.ts) into the blocks a
 * fiche's passages are made of: paragraphs, lists (« - item » lines), tables (one line per row, each cell
 * after its column's heading), boxes (« À savoir »), each under the path of the headings above it.
 * Navigation is left out: cards linking to other pages, tags, buttons, images, embedded videos.
 *
 * The HTML comes from a trusted, well-formed source; the reader is a small tolerant tree builder (a stray
 * closing tag is ignored, an unclosed one is closed by its parent's end), linear in the input's length.
 */

export interface HtmlNode {
  name: string;
  attrs: Record<string, string>;
  children: (HtmlNode | string)[];
}

export interface HtmlBlock {
  /** Headings above the block (the caller's path first). */
  path: string[];
  text: string;
}

export interface HtmlLink {
  text: string;
  href: string;
}

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area', 'embed', 'track']);
const BLOCK = new Set([
  'p', 'div', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'section', 'blockquote', 'figure', 'figcaption', 'caption', 'dl', 'dt', 'dd', 'hr', 'article', 'header', 'footer', 'nav', 'aside', 'main', 'br',
]);
/** Elements never read. */
const SKIP = new Set(['button', 'img', 'script', 'style', 'svg', 'iframe', 'figure', 'video', 'audio', 'noscript', 'form', 'input', 'select', 'template']);
/** Classes (of the French state's design system and of the ministry's site) of navigation and decoration. */
const SKIP_CLASS = /(^|\s)(fr-card|fr-tags-group|fr-tag|fr-content-media|fr-accordion__title|fr-link__detail|fr-sr-only|ondine-linked-pages|fr-card__detail)(\s|$)/;
/** Boxes whose paragraphs make one block (« À savoir ! … »). */
const BOX_CLASS = /(^|\s)(fr-highlight|fr-callout)(\s|$)/;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', rsquo: '\u2019', lsquo: '\u2018', laquo: '«', raquo: '»', hellip: '…', ndash: '–', mdash: '—', euro: '€', deg: '°' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e.startsWith('#')) {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'class' || name === 'href') out[name] = decodeEntities(m[3] ?? m[4] ?? m[5] ?? '');
  }
  return out;
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;

/** The element tree of an HTML fragment, under a root named `#root`. */
export function parseHtml(html: string): HtmlNode {
  const root: HtmlNode = { name: '#root', attrs: {}, children: [] };
  const stack: HtmlNode[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1] as HtmlNode;
    if (m[4] !== undefined) {
      top.children.push(decodeEntities(m[4]));
      continue;
    }
    if (m[2] === undefined) {
      if (m[0] === '<') top.children.push('<');
      continue;
    }
    const name = m[2].toLowerCase();
    if (m[1]) {
      // A closing tag closes up to its element; one without an open element is ignored.
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: HtmlNode = { name, attrs: attributes(m[3] ?? ''), children: [] };
    top.children.push(node);
    if (!VOID.has(name) && !(m[3] ?? '').trimEnd().endsWith('/')) stack.push(node);
  }
  return root;
}

function skipped(node: HtmlNode): boolean {
  return SKIP.has(node.name) || SKIP_CLASS.test(node.attrs.class ?? '');
}

export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of a node and its descendants, on one line (blocks inside are separated by a space). */
export function inlineText(node: HtmlNode | string): string {
  const parts: string[] = [];
  const walk = (n: HtmlNode | string): void => {
    if (typeof n === 'string') {
      parts.push(n);
      return;
    }
    if (skipped(n)) return;
    const block = BLOCK.has(n.name);
    if (block) parts.push(' ');
    for (const c of n.children) walk(c);
    if (block) parts.push(' ');
  };
  walk(node);
  return normalizeText(parts.join(''));
}

/** Every link of a fragment (text and address), navigation included. */
export function htmlLinks(node: HtmlNode): HtmlLink[] {
  const out: HtmlLink[] = [];
  const walk = (n: HtmlNode): void => {
    if (n.name === 'a' && n.attrs.href) {
      const text = inlineText(n);
      if (text) out.push({ text, href: n.attrs.href });
      return;
    }
    for (const c of n.children) if (typeof c !== 'string') walk(c);
  };
  walk(node);
  return out;
}

function tableLines(table: HtmlNode): string[] {
  const rows: HtmlNode[] = [];
  let caption = '';
  const walk = (n: HtmlNode): void => {
    for (const c of n.children) {
      if (typeof c === 'string' || skipped(c)) continue;
      if (c.name === 'tr') rows.push(c);
      else if (c.name === 'caption') caption = inlineText(c);
      else if (c.name !== 'table') walk(c);
    }
  };
  walk(table);
  const cells = (r: HtmlNode): HtmlNode[] => r.children.filter((c): c is HtmlNode => typeof c !== 'string' && (c.name === 'td' || c.name === 'th'));
  const first = rows[0];
  const header = first && cells(first).every((c) => c.name === 'th') ? cells(first).map((c) => inlineText(c)) : undefined;
  const lines: string[] = caption ? [`${caption} :`] : [];
  for (const r of header ? rows.slice(1) : rows) {
    const texts = cells(r).map((c) => inlineText(c));
    if (texts.every((t) => !t)) continue;
    lines.push(
      texts
        .map((t, i) => (header?.[i] && i > 0 ? `${header[i]} : ${t}` : t))
        .filter(Boolean)
        .join(' ; '),
    );
  }
  return lines;
}

/** The blocks of an HTML fragment (see the module comment), under `path`; `maxChars` cuts long tables. */
export function htmlBlocks(html: string | HtmlNode, path: string[] = [], maxChars = 1200): HtmlBlock[] {
  const root = typeof html === 'string' ? parseHtml(html) : html;
  const out: HtmlBlock[] = [];
  /** The headings met so far: level and text. */
  const headings: { level: number; text: string }[] = [];
  const here = (): string[] => [...path, ...headings.map((h) => h.text)];
  const push = (text: string): void => {
    const t = text.trim();
    if (t) out.push({ path: here(), text: t });
  };

  /** `inBox`: inside a box, a heading is a line of the box (« À savoir ! »), not a section. */
  const walk = (node: HtmlNode, sink: (text: string) => void, inBox = false): void => {
    let inline: (HtmlNode | string)[] = [];
    const flush = (): void => {
      if (inline.length) sink(inlineText({ name: 'span', attrs: {}, children: inline }));
      inline = [];
    };
    for (const c of node.children) {
      if (typeof c === 'string' || !BLOCK.has(c.name) || c.name === 'br') {
        if (typeof c !== 'string' && c.name === 'br') flush();
        else if (typeof c === 'string' || !skipped(c)) inline.push(c);
        continue;
      }
      flush();
      if (skipped(c)) continue;
      const heading = /^h([1-6])$/.exec(c.name);
      if (heading) {
        const level = Number(heading[1]);
        const text = inlineText(c);
        if (!text) continue;
        if (inBox) {
          sink(text);
          continue;
        }
        while (headings.length && (headings[headings.length - 1]?.level ?? 0) >= level) headings.pop();
        headings.push({ level, text });
        continue;
      }
      switch (c.name) {
        case 'p':
        case 'blockquote':
        case 'caption':
        case 'figcaption':
        case 'dt':
        case 'dd':
          walk(c, sink, inBox);
          break;
        case 'ul':
        case 'ol': {
          const items = c.children
            .filter((li): li is HtmlNode => typeof li !== 'string' && li.name === 'li' && !skipped(li))
            .map((li) => inlineText(li))
            .filter(Boolean);
          if (items.length) sink(items.map((i) => `- ${i}`).join('\n'));
          break;
        }
        case 'table': {
          let chunk: string[] = [];
          let size = 0;
          for (const line of tableLines(c)) {
            if (size + line.length > maxChars && chunk.length) {
              sink(chunk.join('\n'));
              chunk = [];
              size = 0;
            }
            chunk.push(line);
            size += line.length + 1;
          }
          if (chunk.length) sink(chunk.join('\n'));
          break;
        }
        default:
          if (BOX_CLASS.test(c.attrs.class ?? '')) {
            const inner: string[] = [];
            walk(c, (t) => inner.push(t), true);
            if (inner.length) sink(inner.join('\n'));
          } else walk(c, sink, inBox);
      }
    }
    flush();
  };
  walk(root, push);
  return out;
}
