/**
 * Article numbers of French legal texts, as they appear in prose and in the references of a fiche:
 * "article L1234-5", "art. R. 4127-1", "l'article 22 de la loi du 6 juillet 1989", "articles L1234-9
 * et L1234-10", "article 1240 du Code civil", "L. 1234-9", "article 1er", "article 9-1 bis",
 * "articles 1714 à 1751-1". Dates ("6 juillet 1989"), text numbers ("n° 89-462"), amounts and
 * durations are not articles.
 */
import { Lru } from '../../../../common/lru';

export interface ArticleNumber {
  /** "" when written without a letter; otherwise "l", "r", "d", "a" or "lo" (lower case). */
  prefix: string;
  parts: number[];
  /** Latin ordinal suffix, lower case ("bis", "ter"…), or "". */
  suffix: string;
}

export interface ArticleMention {
  /** Normalised display form, e.g. "L1234-9", "22", "9-1 bis". */
  label: string;
  number: ArticleNumber;
  /** Offset of the number in the text. */
  index: number;
  /** When the mention is the end of a range ("articles X à Y"): the start of that range. */
  rangeFrom?: ArticleNumber;
}

const SUFFIXES = 'bis|ter|quater|quinquies|sexies|septies|octies|nonies|decies';
/** One article number: optional letter prefix, digits with hyphenated parts, "1er", a latin suffix. */
const NUM = `(?:(LO|[LRDA])\\s?\\.?\\s?)?(\\d{1,5}(?:-\\d{1,5}){0,5})(?:er)?(?:\\s?(${SUFFIXES})\\b)?(?![°\\d%])`;
/** Words that make a number a quantity, not an article ("article 22, 2 mois"). */
const QUANTITY = `(?!\\s*(?:mois|ans?|ann[ée]es?|jours?|semaines?|heures?|€|euros?|%|fois|ème|e\\b))`;
const KEYWORD_RE = new RegExp(`(?:articles?|arts?\\.)\\s*(?:premier\\b|${NUM})`, 'giu');
/** List or range continuation, tried at the end of the previous number (sticky). */
const CONTINUATION_RE = new RegExp(`(\\s*,\\s*|\\s+et\\s+|\\s+ou\\s+|\\s+à\\s+|\\s+au\\s+)${NUM}${QUANTITY}`, 'iuy');
/** A codified article without the word "article": capital letter prefix and a hyphenated number. */
const STANDALONE_RE = /(LO|[LRD])\s?\.?\s?(\d{1,5}(?:-\d{1,5}){1,5})(?![°\d-])/gu;
/** Characters that may not stand right before "article" or a standalone number. */
const WORD_BEFORE_RE = /[\p{L}\d]/u;
const STANDALONE_BEFORE_RE = /[\p{L}\d.-]/u;

function toNumber(prefix: string | undefined, digits: string, suffix: string | undefined): ArticleNumber {
  return {
    prefix: (prefix ?? '').toLowerCase(),
    parts: digits.split('-').map((d) => Number.parseInt(d, 10)),
    suffix: (suffix ?? '').toLowerCase(),
  };
}

export function articleLabel(a: ArticleNumber): string {
  return `${a.prefix.toUpperCase()}${a.parts.join('-')}${a.suffix ? ` ${a.suffix}` : ''}`;
}

/** Exact comparison key: "l1234-9", "22", "9-1bis". */
export function articleKey(a: ArticleNumber): string {
  return `${a.prefix}${a.parts.join('-')}${a.suffix}`;
}

const QUANTITY_AFTER_RE = new RegExp(QUANTITY, 'iuy');
const LIST_GOES_ON_RE = /\s*(?:,|et\s|ou\s|à\s)/iuy;

/** All matches of a global regex (plain exec loop: cheaper than matchAll, which clones the regex). */
export function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    if (m[0] === '') re.lastIndex += 1;
  }
  return out;
}

function testAt(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(text);
}

function execAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Every article number named in a text, in order. */
export function findArticleMentions(text: string): ArticleMention[] {
  const out: ArticleMention[] = [];
  const covered: [number, number][] = [];

  if (!/art|\d-\d/i.test(text)) return out;
  for (const m of execAll(KEYWORD_RE, text)) {
    const start = m.index;
    if (start > 0 && WORD_BEFORE_RE.test(text[start - 1] ?? '')) continue;
    let end = start + m[0].length;
    const firstDigits = m[2];
    if (firstDigits === undefined) {
      // "article premier"
      const n = toNumber(undefined, '1', undefined);
      out.push({ label: articleLabel(n), number: n, index: start });
      covered.push([start, end]);
      continue;
    }
    // "article 3 mois" is not an article reference.
    if (!m[1] && !testAt(QUANTITY_AFTER_RE, text, end)) continue;
    let n = toNumber(m[1], firstDigits, m[3]);
    out.push({ label: articleLabel(n), number: n, index: start });
    // Lists and ranges: "articles L1234-9 et L1234-10", "articles 1240, 1241 et 1242", "articles 12 à 15-4".
    for (;;) {
      const c = execAt(CONTINUATION_RE, text, end);
      if (!c || c[3] === undefined) break;
      const sep = (c[1] ?? '').trim().toLowerCase();
      // After a comma, an unprefixed number is an article only when the list goes on ("1240, 1241 et 1242").
      if (sep === ',' && !c[2] && !testAt(LIST_GOES_ON_RE, text, end + c[0].length)) break;
      // "articles L1234-9 et 1234-10": the second number shares the first one's letter.
      const next = toNumber(c[2] ?? (n.prefix || undefined), c[3], c[4]);
      const mention: ArticleMention = { label: articleLabel(next), number: next, index: end + (c[1]?.length ?? 0) };
      if (sep === 'à' || sep === 'au') mention.rangeFrom = n;
      out.push(mention);
      n = next;
      end += c[0].length;
    }
    covered.push([start, end]);
  }

  for (const m of execAll(STANDALONE_RE, text)) {
    const i = m.index;
    if (i > 0 && STANDALONE_BEFORE_RE.test(text[i - 1] ?? '')) continue;
    if (covered.some(([s, e]) => i >= s && i < e)) continue;
    const n = toNumber(m[1], m[2] ?? '', undefined);
    out.push({ label: articleLabel(n), number: n, index: i });
  }
  return out.sort((a, b) => a.index - b.index);
}

function compareParts(a: number[], b: number[]): number {
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

interface ArticleRange {
  prefixes: Set<string>;
  from: number[];
  to: number[];
}

/** The articles a set of legal references allows an answer to name. */
export interface ArticleIndex {
  has(a: ArticleNumber): boolean;
  readonly size: number;
}

/** Parses a bare article id ("L1234-9", "R. 4127-1", "22", "9-1 bis"); null for anything else. */
export function parseArticleId(id: string): ArticleNumber | null {
  const m = new RegExp(`^\\s*(?:articles?\\s+|art\\.\\s*)?${NUM}\\s*$`, 'iu').exec(id);
  if (!m || m[2] === undefined) return null;
  return toNumber(m[1], m[2], m[3]);
}

/**
 * Builds the index of allowed articles from reference titles, URLs and article ids. Ranges in titles
 * ("articles L1242-1 à L1242-4", "articles 1714 à 1751-1") allow every article between their ends.
 */
/**
 * The mentions of the texts indexes are built from: the fiches' passages and references, read again for
 * every answer (and for each of its options) that quotes the same fiches. Only read.
 */
const indexedMentions = new Lru<string, readonly ArticleMention[]>(5_000);

export function buildArticleIndex(refs: { title: string; url?: string; articleId?: string }[]): ArticleIndex {
  const exact = new Set<string>();
  /** Keys without prefix, for mentions written without their letter ("article 1234-9"). */
  const bare = new Set<string>();
  const ranges: ArticleRange[] = [];
  const add = (a: ArticleNumber): void => {
    exact.add(articleKey(a));
    bare.add(articleKey({ ...a, prefix: '' }));
  };
  for (const r of refs) {
    let url = r.url ?? '';
    try {
      url = decodeURIComponent(url);
    } catch {
      // keep the raw URL
    }
    for (const text of [r.title, url]) {
      for (const m of indexedMentions.memo(text, findArticleMentions)) {
        add(m.number);
        if (m.rangeFrom) {
          const from = m.rangeFrom;
          ranges.push({ prefixes: new Set([from.prefix, m.number.prefix]), from: from.parts, to: m.number.parts });
        }
      }
    }
    if (r.articleId) {
      const a = parseArticleId(r.articleId);
      if (a) add(a);
    }
  }
  return {
    size: exact.size + ranges.length,
    has(a) {
      if (exact.has(articleKey(a))) return true;
      if (a.prefix === '' && bare.has(articleKey(a))) return true;
      return ranges.some(
        (r) => (a.prefix === '' || r.prefixes.has(a.prefix)) && compareParts(a.parts, r.from) >= 0 && compareParts(a.parts, r.to) <= 0,
      );
    },
  };
}
