/**
 * Second retrieval channel through the codes: a small BM25 index over the code articles cited by the fiches
 * (by LEGIARTI id, or by the numbers named in the reference title: single articles and the ends of ranges) and the map article → citing fiches.
 * At query time the best articles lend a bonus to the fiches that cite them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze, foldAccents } from './analyzer.js';
import { normalizeArticleNum } from './legi.js';
import type { CodeArticle, Fiche } from './types.js';

export const ARTICLE_CHANNEL_FILES = { meta: 'article-channel.json', postings: 'article-channel.bin' } as const;

/** BM25 parameters of the article index (section titles = the code's table of contents, body = article text). */
const ART_BM25 = { k1: 1.2, boost: { section: 1, body: 1 }, b: { section: 0.5, body: 0.75 } } as const;

interface ChannelMeta {
  terms: string[];
  nArticles: number;
  nPostings: number;
  /** Per article: indexes of the citing fiches (in fiches.jsonl order). */
  fiches: number[][];
}

const NUM_RE = /\b([LRDA])\s?\.?\s?\*?\s?(\d{1,4}(?:-\d+)*)\b/g;

/** Article numbers named by a reference title, ranges expanded by the caller: [[from, to?]…]. */
export function citedNumbers(title: string): [string, string | undefined][] {
  const colon = title.indexOf(':');
  const tail = colon >= 0 ? title.slice(colon + 1) : title;
  const out: [string, string | undefined][] = [];
  // Split on list separators but keep « X à Y » together.
  for (const part of tail.split(/,|;|\bet\b/)) {
    const nums = [...part.matchAll(NUM_RE)].map((m) => normalizeArticleNum(`${m[1]}${m[2]}`));
    if (nums.length === 0) continue;
    if (nums.length === 2 && /(?:^|\s)(?:à|au)(?:\s|$)/.test(part)) out.push([nums[0] as string, nums[1]]);
    else for (const n of nums) out.push([n, undefined]);
  }
  return out;
}

/**
 * Builds the channel into `dir` from fiches.jsonl order (`fiches`) and the articles in code order.
 * Returns the number of indexed articles.
 */
export function buildArticleChannel(dir: string, fiches: Fiche[], articles: CodeArticle[]): number {
  const byId = new Map<string, number>();
  const byNum = new Map<string, number>();
  const codeByTitle = new Map<string, string>();
  articles.forEach((a, i) => {
    const inForce = a.etat.startsWith('VIGUEUR');
    if (!byId.has(a.id) || inForce) byId.set(a.id, i);
    const key = `${a.codeId}|${normalizeArticleNum(a.num)}`;
    if (a.num && (!byNum.has(key) || inForce)) byNum.set(key, i);
    codeByTitle.set(foldAccents(a.codeTitle), a.codeId);
  });
  const cited = new Map<number, Set<number>>();
  const cite = (art: number, fiche: number): void => {
    const a = articles[art];
    if (!a || !a.etat.startsWith('VIGUEUR') || !a.text) return;
    let s = cited.get(art);
    if (!s) cited.set(art, (s = new Set()));
    s.add(fiche);
  };
  fiches.forEach((f, fi) => {
    for (const r of f.references) {
      if (r.legiarti) {
        const a = byId.get(r.legiarti);
        if (a !== undefined) cite(a, fi);
      }
      const colon = r.title.indexOf(':');
      if (colon < 0) continue;
      const codeId = codeByTitle.get(foldAccents(r.title.slice(0, colon).trim()));
      if (!codeId) continue;
      for (const [from, to] of citedNumbers(r.title)) {
        // A range counts by its two ends only: expanding it (up to 60 articles) measured worse
        // (dev A 0.744 → 0.726 hit@5, B 0.839 → 0.833): long ranges dilute the fiche's subject.
        for (const num of to ? [from, to] : [from]) {
          const art = byNum.get(`${codeId}|${num}`);
          if (art !== undefined) cite(art, fi);
        }
      }
    }
  });
  const arts = [...cited.keys()].sort((a, b) => a - b);
  const termIds = new Map<string, number>();
  const lists: number[][] = [];
  const lens: [number, number][] = [];
  arts.forEach((art, ai) => {
    const a = articles[art] as CodeArticle;
    const fields: [string, 0 | 1][] = [
      [a.sections.slice(-3).join(' '), 0],
      [a.text, 1],
    ];
    const tf = new Map<number, [number, number]>();
    const len: [number, number] = [0, 0];
    for (const [text, fi] of fields) {
      const terms = analyze(text);
      len[fi] = terms.length;
      for (const t of terms) {
        let id = termIds.get(t);
        if (id === undefined) {
          id = lists.length;
          termIds.set(t, id);
          lists.push([]);
        }
        let c = tf.get(id);
        if (!c) tf.set(id, (c = [0, 0]));
        c[fi] += 1;
      }
    }
    lens.push(len);
    for (const [id, c] of tf) (lists[id] as number[]).push(ai, c[0], c[1]);
  });
  const n = arts.length;
  const avg = [0, 1].map((fi) => lens.reduce((s, l) => s + l[fi as 0 | 1], 0) / Math.max(1, n));
  let nPostings = 0;
  for (const l of lists) nPostings += l.length / 3;
  const nTerms = lists.length;
  const buf = new ArrayBuffer(4 * (nTerms + 1) + 8 * nPostings);
  const termStart = new Uint32Array(buf, 0, nTerms + 1);
  const ids = new Uint32Array(buf, 4 * (nTerms + 1), nPostings);
  const impacts = new Float32Array(buf, 4 * (nTerms + 1) + 4 * nPostings, nPostings);
  let pos = 0;
  lists.forEach((l, tid) => {
    termStart[tid] = pos;
    const df = l.length / 3;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let k = 0; k < l.length; k += 3) {
      const ai = l[k] as number;
      const len = lens[ai] as [number, number];
      let wtf = 0;
      const fs0 = l[k + 1] as number;
      const fs1 = l[k + 2] as number;
      if (fs0) wtf += (ART_BM25.boost.section * fs0) / (1 - ART_BM25.b.section + (ART_BM25.b.section * len[0]) / (avg[0] || 1));
      if (fs1) wtf += (ART_BM25.boost.body * fs1) / (1 - ART_BM25.b.body + (ART_BM25.b.body * len[1]) / (avg[1] || 1));
      ids[pos] = ai;
      impacts[pos] = (idf * wtf * (ART_BM25.k1 + 1)) / (wtf + ART_BM25.k1);
      pos++;
    }
  });
  termStart[nTerms] = pos;
  const meta: ChannelMeta = {
    terms: [...termIds.keys()],
    nArticles: n,
    nPostings,
    fiches: arts.map((a) => [...(cited.get(a) as Set<number>)]),
  };
  fs.writeFileSync(path.join(dir, ARTICLE_CHANNEL_FILES.meta), JSON.stringify(meta));
  fs.writeFileSync(path.join(dir, ARTICLE_CHANNEL_FILES.postings), new Uint8Array(buf));
  return n;
}

/** Query side of the channel. */
export class ArticleChannel {
  private readonly termIndex = new Map<string, number>();
  private readonly termStart: Uint32Array;
  private readonly ids: Uint32Array;
  private readonly impacts: Float32Array;
  private readonly fichesOf: Uint32Array[];
  private readonly score: Float32Array;
  private readonly touched: Uint32Array;

  constructor(meta: ChannelMeta, bin: Buffer) {
    meta.terms.forEach((t, i) => this.termIndex.set(t, i));
    const nTerms = meta.terms.length;
    const buf = new ArrayBuffer(bin.length);
    new Uint8Array(buf).set(bin);
    this.termStart = new Uint32Array(buf, 0, nTerms + 1);
    this.ids = new Uint32Array(buf, 4 * (nTerms + 1), meta.nPostings);
    this.impacts = new Float32Array(buf, 4 * (nTerms + 1) + 4 * meta.nPostings, meta.nPostings);
    this.fichesOf = meta.fiches.map((f) => Uint32Array.from(f));
    this.score = new Float32Array(meta.nArticles);
    this.touched = new Uint32Array(meta.nArticles);
  }

  static open(dir: string): ArticleChannel | undefined {
    try {
      const meta = JSON.parse(fs.readFileSync(path.join(dir, ARTICLE_CHANNEL_FILES.meta), 'utf8')) as ChannelMeta;
      return new ArticleChannel(meta, fs.readFileSync(path.join(dir, ARTICLE_CHANNEL_FILES.postings)));
    } catch {
      return undefined;
    }
  }

  get size(): number {
    return this.fichesOf.length;
  }

  /**
   * Fiche bonus in ]0, 1]: the `topArticles` best articles for the query, each scored relative to the best one and
   * divided by (number of citing fiches)^fanout (an article cited by many fiches says little about each);
   * a fiche gets the best value among the articles it cites.
   */
  ficheBonus(qterms: readonly { term: string; weight: number }[], topArticles: number, fanout: number): Map<number, number> {
    const { termStart, ids, impacts, score, touched } = this;
    let nTouched = 0;
    for (const qt of qterms) {
      const tid = this.termIndex.get(qt.term);
      if (tid === undefined) continue;
      const end = termStart[tid + 1] as number;
      for (let p = termStart[tid] as number; p < end; p++) {
        const a = ids[p] as number;
        if (score[a] === 0) touched[nTouched++] = a;
        score[a] = (score[a] as number) + qt.weight * (impacts[p] as number);
      }
    }
    const topA: number[] = [];
    const topS: number[] = [];
    for (let k = 0; k < nTouched; k++) {
      const a = touched[k] as number;
      const s = score[a] as number;
      score[a] = 0;
      if (topA.length >= topArticles && s <= (topS[topS.length - 1] as number)) continue;
      let i = topA.length;
      topA.push(a);
      topS.push(s);
      while (i > 0 && (topS[i - 1] as number) < s) {
        topA[i] = topA[i - 1] as number;
        topS[i] = topS[i - 1] as number;
        i--;
      }
      topA[i] = a;
      topS[i] = s;
      if (topA.length > topArticles) {
        topA.pop();
        topS.pop();
      }
    }
    const out = new Map<number, number>();
    const max = topS[0] ?? 0;
    if (max <= 0) return out;
    topA.forEach((a, i) => {
      const fl = this.fichesOf[a] as Uint32Array;
      const v = ((topS[i] as number) / max) * Math.pow(fl.length, -fanout);
      for (const f of fl) if ((out.get(f) ?? 0) < v) out.set(f, v);
    });
    return out;
  }
}
