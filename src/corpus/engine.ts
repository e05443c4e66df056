/**
 * The search engine over a built index: answers fiche-level queries by aggregating passage-level scores of the
 * project's own BM25F scorer (impacts computed at build time into typed-array postings, fields in
 * `index-schema.ts`), then re-ranks the best candidates (title match, theme coherence, code-article channel,
 * title-family diversity). MiniSearch is used only to find index terms close to a misspelt query term
 * (`SearchableMap.fuzzyGet`); it does not rank. Building, caching and locking the index on disk live in
 * index-lifecycle.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import SearchableMap from 'minisearch/SearchableMap';
import { analyze, foldAccents } from './analyzer.js';
import { FILES, SECTION_SEPARATOR, type FicheMeta, type Manifest } from './index-schema.js';
import { ArticleChannel } from './article-channel.js';
import { ArticleStore } from './legi.js';
import { analyzeQuestion, type AnalyzedQuestion, type QueryContext, type QueryTerm } from './query.js';
import { LEXICON, LEXICON_THEMES, normalizeTokens, type CompiledEntry } from './lexicon.js';
import type { CodeArticle, Fiche } from './types.js';
import { agreeingPairs } from './source-pairs.js';
import { KIND_PRIOR, TUNING, titleFamily } from './engine-tuning.js';
import type { SearchEngine, SearchOptions, SearchResult, Theme } from './search-types.js';

export type { SearchEngine, SearchOptions, SearchResult, SearchResultPassage, Theme, ThemeFiche } from './search-types.js';
export { KIND_PRIOR, TUNING, titleFamily } from './engine-tuning.js';

/** From this length, a word one letter away from a fiche word counts as known (« harcelemment »). */
const KNOWN_WORD_TYPO_FROM = 6;
/** The everyday words of the lexicon (« proprio », « boulot »…), folded. */
const LAY_WORDS: ReadonlySet<string> = new Set(LEXICON.flatMap((e) => normalizeTokens(e.lay)));

/** Stems that show the question is about the public sector (then « fonction publique » fiches are not demoted). */
/** A title about public agents only (« … d'un fonctionnaire », « … d'un agent public contractuel »). */
const PUBLIC_AGENT_TITLE = /\b(?:d'un|du|des|pour un|aux) (?:fonctionnaires?|agents? publics?|militaires?)\b/iu;
const PUBLIC_SECTOR_STEMS = new Set(['fonctionnair', 'fonction', 'publiqu', 'agent', 'territorial', 'hospitali', 'militair', 'titulair', 'contractuel', 'etat', 'magistrat', 'enseign']);

/** Opens an already built index. */
export function openIndex(indexDir: string): SearchEngine {
  const read = (f: string): string => fs.readFileSync(path.join(indexDir, f), 'utf8');
  const manifest = JSON.parse(read(FILES.manifest)) as Manifest;
  const metas = JSON.parse(read(FILES.meta)) as FicheMeta[];
  const terms = JSON.parse(read(FILES.terms)) as string[];
  const vocabObj = JSON.parse(read(FILES.vocab)) as Record<string, [string, number]>;
  const vocab = new Map(Object.entries(vocabObj));
  const fuzzyVocab = new SearchableMap<number>();
  for (const [w, [, count]] of vocab) if (w.length >= 4) fuzzyVocab.set(w, count);
  const abbreviations = new Map(Object.entries(JSON.parse(read(FILES.abbreviations)) as Record<string, string>));
  const bin = fs.readFileSync(path.join(indexDir, FILES.postings));
  const postings = new Postings(bin, manifest.layout.nTerms, manifest.layout.nPostings, manifest.layout.nDocs);
  const articles = new ArticleStore(indexDir);
  const pairsFile = path.join(indexDir, FILES.sourcePairs);
  // The pairs whose titles agree (source-pairs.ts), also those of an index built before that check.
  const pairs = fs.existsSync(pairsFile) ? agreeingPairs(JSON.parse(fs.readFileSync(pairsFile, 'utf8')) as Record<string, string>, metas) : {};
  return new Engine(indexDir, manifest, metas, terms, postings, { vocab, abbreviations, fuzzyVocab }, articles, ArticleChannel.open(indexDir), pairs);
}

/** Typed-array views over postings.bin (see index-schema.ts for the layout). */
class Postings {
  readonly termStart: Uint32Array;
  readonly docIds: Uint32Array;
  readonly impacts: Float32Array;
  readonly docFiche: Uint32Array;
  readonly passageStart: Uint32Array;
  readonly docHead: Uint8Array;

  constructor(bin: Buffer, nTerms: number, nPostings: number, nDocs: number) {
    const buf = new ArrayBuffer(bin.length);
    new Uint8Array(buf).set(bin);
    let off = 0;
    this.termStart = new Uint32Array(buf, off, nTerms + 1);
    off += 4 * (nTerms + 1);
    this.docIds = new Uint32Array(buf, off, nPostings);
    off += 4 * nPostings;
    this.impacts = new Float32Array(buf, off, nPostings);
    off += 4 * nPostings;
    this.docFiche = new Uint32Array(buf, off, nDocs);
    off += 4 * nDocs;
    this.passageStart = new Uint32Array(buf, off, nDocs + 1);
    off += 4 * (nDocs + 1);
    this.docHead = new Uint8Array(buf, off, nDocs);
  }
}

class Engine implements SearchEngine {
  readonly corpusDate: string;
  readonly ficheCount: number;
  private readonly byId = new Map<string, number>();
  private readonly termIndex = new Map<string, number>();
  private fichesFd: number | undefined;
  private passagesFd: number | undefined;
  private closed = false;
  private readonly docScore: Float32Array;
  private readonly docMask: Uint32Array;
  private readonly touchedDocs: Uint32Array;
  private readonly touchedFiches: Uint32Array;
  private readonly ficheHead: Float32Array;
  private readonly ficheBest: Float32Array;
  private readonly ficheBestDoc: Int32Array;
  private readonly ficheTerms: Uint32Array;
  /** Title term id → fiches whose title contains it. */
  private readonly titleFiches = new Map<number, Uint32Array>();
  /** Number of distinct index terms in each title. */
  private readonly titleLen: Uint8Array;
  /** Title family id of each fiche (0 = none), see titleFamily. */
  private readonly ficheFamily: Uint32Array;
  /** Theme id of each fiche (first two levels of its theme path). */
  private readonly ficheTheme: Uint32Array;
  /** Query weight found in each fiche title (scratch, reset after each query). */
  private readonly titleMatched: Float32Array;
  private readonly titleCount: Uint8Array;
  /** 1 for public-sector fiches (theme « … fonction publique »). */
  private readonly publicSector: Uint8Array;
  /** 1 for a fiche from another source than service-public.fr (see TUNING.otherSource). */
  private readonly otherSource: Uint8Array;
  /**
   * Document frequency of each term among service-public.fr's documents, and their count: what makes a term
   * « common » (TUNING.commonDf), so that another source's pages do not change how the main corpus is read.
   * Undefined when the index has no other source (the postings' own counts are the same).
   */
  private readonly mainDf: Uint32Array | undefined;
  private readonly mainDocs: number;
  /** The fiche (index) that says the same thing in another source, or -1 (see TUNING.fresher). */
  private readonly pairOf: Int32Array;
  /** Top-level theme of each fiche (index in topThemes). */
  private readonly ficheTop: Uint16Array;
  /** Lexicon theme → top-level theme ids of its corpus themes. */
  private readonly lexiconThemeTops = new Map<string, Set<number>>();

  constructor(
    private readonly dir: string,
    readonly manifest: Manifest,
    private readonly metas: FicheMeta[],
    terms: string[],
    private readonly postings: Postings,
    private readonly ctx: QueryContext,
    private readonly articles: ArticleStore,
    private readonly channel: ArticleChannel | undefined,
    /** Fiches of two sources that say the same thing (source-pairs.ts), by id. */
    pairs: Record<string, string> = {},
  ) {
    this.corpusDate = manifest.corpusDate;
    this.ficheCount = metas.length;
    metas.forEach((m, i) => this.byId.set(m.id, i));
    terms.forEach((t, i) => this.termIndex.set(t, i));
    this.ficheTheme = new Uint32Array(metas.length);
    this.ficheFamily = new Uint32Array(metas.length);
    const families = new Map<string, number[]>();
    metas.forEach((m, f) => {
      const fam = titleFamily(m.title);
      if (!fam) return;
      let l = families.get(fam);
      if (!l) families.set(fam, (l = []));
      l.push(f);
    });
    let famId = 0;
    for (const l of families.values()) {
      if (l.length < 2) continue;
      famId++;
      for (const f of l) this.ficheFamily[f] = famId;
    }
    const themeIds = new Map<string, number>();
    this.docScore = new Float32Array(manifest.layout.nDocs);
    this.docMask = new Uint32Array(manifest.layout.nDocs);
    this.touchedDocs = new Uint32Array(manifest.layout.nDocs);
    this.touchedFiches = new Uint32Array(metas.length);
    this.ficheHead = new Float32Array(metas.length);
    this.ficheBest = new Float32Array(metas.length * 3);
    this.ficheBestDoc = new Int32Array(metas.length * 3);
    this.ficheTerms = new Uint32Array(metas.length);
    this.titleLen = new Uint8Array(metas.length);
    this.titleMatched = new Float32Array(metas.length);
    this.titleCount = new Uint8Array(metas.length);
    this.publicSector = new Uint8Array(metas.length);
    this.ficheTop = new Uint16Array(metas.length);
    this.otherSource = Uint8Array.from(metas, (m) => (m.source && m.source !== 'service-public' ? 1 : 0));
    this.pairOf = new Int32Array(metas.length).fill(-1);
    const fiByIdx = new Map(metas.map((m, i) => [m.id, i]));
    for (const [a, b] of Object.entries(pairs)) {
      const ia = fiByIdx.get(a);
      const ib = fiByIdx.get(b);
      if (ia === undefined || ib === undefined) continue;
      this.pairOf[ia] = ib;
      this.pairOf[ib] = ia;
    }
    if (this.otherSource.includes(1)) {
      const { termStart, docIds, docFiche } = this.postings;
      const nTerms = termStart.length - 1;
      this.mainDf = new Uint32Array(nTerms);
      for (let t = 0; t < nTerms; t++) {
        let n = 0;
        for (let k = termStart[t] as number; k < (termStart[t + 1] as number); k++) if (!this.otherSource[docFiche[docIds[k] as number] as number]) n++;
        this.mainDf[t] = n;
      }
      let docs = 0;
      for (let d = 0; d < docFiche.length; d++) if (!this.otherSource[docFiche[d] as number]) docs++;
      this.mainDocs = docs;
    } else {
      this.mainDf = undefined;
      this.mainDocs = manifest.layout.nDocs;
    }
    const topIds = new Map<string, number>();
    metas.forEach((m, f) => {
      const top = m.themePath[0] ?? '';
      let id = topIds.get(top);
      if (id === undefined) topIds.set(top, (id = topIds.size));
      this.ficheTop[f] = id;
    });
    for (const t of LEXICON_THEMES) {
      this.lexiconThemeTops.set(t.theme, new Set(t.corpusThemes.map((c) => topIds.get(c)).filter((x): x is number => x !== undefined)));
    }
    const lists = new Map<number, number[]>();
    metas.forEach((m, f) => {
      const ids = new Set<number>();
      for (const t of analyze(m.title)) {
        const tid = this.termIndex.get(t);
        if (tid !== undefined) ids.add(tid);
      }
      this.titleLen[f] = Math.min(255, ids.size);
      const themeKey = m.themePath.slice(0, 2).join('|');
      let th = themeIds.get(themeKey);
      if (th === undefined) themeIds.set(themeKey, (th = themeIds.size));
      this.ficheTheme[f] = th;
      for (const tid of ids) {
        let l = lists.get(tid);
        if (!l) lists.set(tid, (l = []));
        l.push(f);
      }
      // Filed under the public service, or titled for its agents only (« Capital décès versé pour le décès d'un
      // fonctionnaire », filed under the family's allowances).
      this.publicSector[f] = m.themePath.some((t) => /fonction publique/i.test(t)) || PUBLIC_AGENT_TITLE.test(m.title) ? 1 : 0;
    });
    for (const [tid, l] of lists) this.titleFiches.set(tid, Uint32Array.from(l));
  }

  analyzeQuestion(query: string, lexicon?: readonly CompiledEntry[], asked?: string, concepts?: readonly string[]): AnalyzedQuestion {
    return analyzeQuestion(query, lexicon ? { ...this.ctx, lexicon } : this.ctx, asked, concepts);
  }

  knowsWord(word: string): boolean {
    const folded = foldAccents(word.trim());
    if (folded.length < 2 || folded.length > 40) return false;
    if (this.ctx.vocab.has(folded) || this.ctx.abbreviations.has(folded) || LAY_WORDS.has(folded)) return true;
    if (folded.length < KNOWN_WORD_TYPO_FROM || !this.ctx.fuzzyVocab) return false;
    return this.ctx.fuzzyVocab.fuzzyGet(folded, 1).size > 0;
  }

  search(query: string, limit = 10, opts: SearchOptions = {}): SearchResult[] {
    const analyzed = this.analyzeQuestion(query, opts.lexicon, opts.asked, opts.concepts);
    const qterms = analyzed.terms.filter((t) => this.termIndex.has(t.term));
    if (qterms.length === 0 || limit <= 0) return [];
    if (TUNING.commonWeight < 1) {
      // Terms found in more than 10 % of the documents (« demande », « droit », « service », « mois ») count little, also in the coordination share.
      const { termStart } = this.postings;
      const maxDf = TUNING.commonDf * this.mainDocs;
      for (const qt of qterms) {
        const tid = this.termIndex.get(qt.term) as number;
        const df = this.mainDf ? (this.mainDf[tid] as number) : (termStart[tid + 1] as number) - (termStart[tid] as number);
        if (df > maxDf) qt.weight *= TUNING.commonWeight;
      }
    }
    const pool = TUNING.theme > 0 ? Math.max(limit, TUNING.pool) : limit;
    const bonus = this.channel && TUNING.articles > 0 ? this.channel.ficheBonus(qterms, TUNING.topArticles, TUNING.articleFanout) : undefined;
    const side = new Map<number, { fi: number; score: number; docs: number[] }>();
    let top = this.rank(qterms, pool, opts, bonus, side);
    if (bonus && bonus.size > 0 && top.length > 0) {
      // Code-article channel: fiches citing the articles that match the question best get a share of the best score.
      const scale = (top[0] as { score: number }).score * TUNING.articles;
      const byFi = new Map(top.map((c) => [c.fi, c]));
      for (const [fi, b] of bonus) {
        let c = byFi.get(fi) ?? side.get(fi);
        if (!c) {
          const meta = this.metas[fi];
          if (!meta || (opts.kinds && !opts.kinds.includes(meta.kind))) continue;
          c = { fi, score: 0, docs: [] };
        }
        c.score += scale * b;
        byFi.set(fi, c);
      }
      top = [...byFi.values()].sort((a, b) => b.score - a.score);
      if (top.length > pool) top.length = pool;
    }
    if (TUNING.theme > 0 && top.length > 1) {
      // Theme coherence: a fiche whose theme gathers much of the candidates' score is on the question's subject.
      const mass = new Map<number, number>();
      let total = 0;
      for (const c of top) {
        const th = this.ficheTheme[c.fi] as number;
        mass.set(th, (mass.get(th) ?? 0) + c.score);
        total += c.score;
      }
      for (const c of top) c.score *= 1 + TUNING.theme * ((mass.get(this.ficheTheme[c.fi] as number) ?? 0) / total);
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.questionTheme > 0 && analyzed.themes.length > 0 && top.length > 1) {
      // The question's own themes (its lay words): candidates filed under them come first among equals.
      const tops = new Set<number>();
      for (const t of analyzed.themes) for (const id of this.lexiconThemeTops.get(t) ?? []) tops.add(id);
      for (const c of top) if (tops.has(this.ficheTop[c.fi] as number)) c.score *= 1 + TUNING.questionTheme;
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.concept > 0 && analyzed.concepts.length > 0 && top.length > 1) {
      const named = this.namedFiches(analyzed.concepts);
      for (const c of top) if (named.has(c.fi)) c.score *= 1 + TUNING.concept;
      top.sort((a, b) => b.score - a.score);
    }
    if (TUNING.fresher > 0 && top.length > 1) this.fresherFirst(top, limit);
    if (TUNING.family < 1 && top.length > 1) top = this.diversify(top);
    if (top.length > limit) top.length = limit;
    const withSnippets = opts.snippets !== false;
    const stems = new Set(qterms.map((t) => t.term));
    return top.map(({ fi, score, docs }) => {
      const meta = this.metas[fi] as FicheMeta;
      const result: SearchResult = {
        id: meta.id,
        title: meta.title,
        url: meta.url,
        score: Math.round(score * 100) / 100,
        snippet: withSnippets ? this.snippet(meta, docs, stems) : '',
        type: meta.kind,
        pubType: meta.pubType,
      };
      if (opts.withPassages) {
        result.passages = docs.map((d) => {
          const { section, text } = this.passage(d);
          return { section, text, score: 0 };
        });
      }
      return result;
    });
  }

  /**
   * Of two fiches that say the same thing in two sources (source-pairs.ts), both among the `limit` results
   * asked, the fresher is moved up to just before the older one, with its score (scores stay in order); the
   * older one and those between them move down one place. A fiche beyond the results asked is never brought
   * in (the candidates' pool is deeper than the results): so, rule on, a shorter list can order a pair
   * differently than a longer one.
   */
  private fresherFirst(top: { fi: number; score: number }[], limit: number): void {
    const depth = Math.min(limit, top.length);
    for (let i = 0; i < depth; i++) {
      const a = top[i] as { fi: number; score: number };
      const pair = this.pairOf[a.fi] as number;
      if (pair < 0) continue;
      const k = top.findIndex((c, j) => j > i && j < depth && c.fi === pair);
      if (k < 0) continue;
      const b = top[k] as { fi: number; score: number };
      if ((this.metas[b.fi]?.date ?? '') <= (this.metas[a.fi]?.date ?? '')) continue;
      top.splice(k, 1);
      top.splice(i, 0, { ...b, score: a.score });
      i++;
    }
  }

  /** Fiches whose title holds every term of one of the concepts. */
  private namedFiches(concepts: readonly string[][]): Set<number> {
    const out = new Set<number>();
    for (const concept of concepts) {
      let inter: Set<number> | undefined;
      for (const term of concept) {
        const tid = this.termIndex.get(term);
        const list = tid === undefined ? undefined : this.titleFiches.get(tid);
        if (!list) {
          inter = new Set();
          break;
        }
        const prev: Set<number> | undefined = inter;
        inter = prev ? new Set(list.filter((f) => prev.has(f))) : new Set(list);
        if (inter.size === 0) break;
      }
      for (const f of inter ?? []) out.add(f);
    }
    return out;
  }

  /** Greedy re-ranking: each fiche of a title family already ranked above costs a factor TUNING.family. */
  private diversify<T extends { fi: number; score: number }>(top: T[]): T[] {
    const rest = [...top];
    const out: T[] = [];
    const seen = new Map<number, number>();
    while (rest.length > 0) {
      let bi = 0;
      let bs = -Infinity;
      for (let i = 0; i < rest.length; i++) {
        const c = rest[i] as T;
        const fam = this.ficheFamily[c.fi] as number;
        const s = fam > 0 ? c.score * Math.pow(TUNING.family, seen.get(fam) ?? 0) : c.score;
        if (s > bs) {
          bs = s;
          bi = i;
        }
      }
      const [c] = rest.splice(bi, 1) as [T];
      // The greedy order keeps scores decreasing: the API shows the score the fiche was ranked by.
      c.score = bs;
      const fam = this.ficheFamily[c.fi] as number;
      if (fam > 0) seen.set(fam, (seen.get(fam) ?? 0) + 1);
      out.push(c);
    }
    return out;
  }

  /** Scores every fiche touched by the query terms and returns the `limit` best, best first. */
  private rank(
    qterms: QueryTerm[],
    limit: number,
    opts: SearchOptions,
    extra?: Map<number, number>,
    side?: Map<number, { fi: number; score: number; docs: number[] }>,
  ): { fi: number; score: number; docs: number[] }[] {
    const { termStart, docIds, impacts, docFiche, docHead } = this.postings;
    const docScore = this.docScore;
    // Per document: bits of the query terms found (bit 31 marks "touched").
    const docMask = this.docMask;
    // Preallocated scratch lists (no per-query garbage on long posting lists).
    const touched = this.touchedDocs;
    let nTouched = 0;
    const ficheTerms = this.ficheTerms;
    const touchedFiches = this.touchedFiches;
    let nTouchedFiches = 0;
    let totalWeight = 0;
    qterms.forEach((qt, qi) => {
      const tid = this.termIndex.get(qt.term) as number;
      const w = qt.weight;
      totalWeight += w;
      const bit = qi < 31 ? 1 << qi : 0;
      const end = termStart[tid + 1] as number;
      for (let p = termStart[tid] as number; p < end; p++) {
        const d = docIds[p] as number;
        const m = docMask[d] as number;
        if (m === 0) touched[nTouched++] = d;
        docScore[d] = (docScore[d] as number) + w * (impacts[p] as number);
        docMask[d] = m | bit | 0x80000000;
      }
    });
    const head = this.ficheHead;
    const best = this.ficheBest;
    const bestDoc = this.ficheBestDoc;
    for (let k = 0; k < nTouched; k++) {
      const d = touched[k] as number;
      const s = docScore[d] as number;
      docScore[d] = 0;
      const f = docFiche[d] as number;
      if (ficheTerms[f] === 0) touchedFiches[nTouchedFiches++] = f;
      ficheTerms[f] = (ficheTerms[f] as number) | (docMask[d] as number);
      docMask[d] = 0;
      if (docHead[d] !== 0) {
        head[f] = s;
        continue;
      }
      const o = f * 3;
      if (s > (best[o] as number)) {
        best[o + 2] = best[o + 1] as number;
        bestDoc[o + 2] = bestDoc[o + 1] as number;
        best[o + 1] = best[o] as number;
        bestDoc[o + 1] = bestDoc[o] as number;
        best[o] = s;
        bestDoc[o] = d + 1;
      } else if (s > (best[o + 1] as number)) {
        best[o + 2] = best[o + 1] as number;
        bestDoc[o + 2] = bestDoc[o + 1] as number;
        best[o + 1] = s;
        bestDoc[o + 1] = d + 1;
      } else if (s > (best[o + 2] as number)) {
        best[o + 2] = s;
        bestDoc[o + 2] = d + 1;
      }
    }
    // Title match: query weight and number of query terms found in each title.
    const titleMatched = this.titleMatched;
    const titleCount = this.titleCount;
    const titleTouched: number[] = [];
    if (TUNING.title > 0) {
      for (const qt of qterms) {
        const list = this.titleFiches.get(this.termIndex.get(qt.term) as number);
        if (!list) continue;
        for (const f of list) {
          if (titleMatched[f] === 0) titleTouched.push(f);
          titleMatched[f] = (titleMatched[f] as number) + qt.weight;
          titleCount[f] = (titleCount[f] as number) + 1;
        }
      }
    }
    const mentionsPublic = qterms.some((t) => PUBLIC_SECTOR_STEMS.has(t.term));
    const weights = qterms.map((t) => t.weight);
    const top: { fi: number; score: number; docs: number[] }[] = [];
    const [p0, p1, p2] = TUNING.passages;
    for (let k = 0; k < nTouchedFiches; k++) {
      const f = touchedFiches[k] as number;
      const o = f * 3;
      const meta = this.metas[f];
      const mask = ficheTerms[f] as number;
      let score = 0;
      if (meta && (!opts.kinds || opts.kinds.includes(meta.kind))) {
        let matched = 0;
        for (let i = 0; i < weights.length && i < 31; i++) if (mask & (1 << i)) matched += weights[i] as number;
        const coord = totalWeight > 0 ? Math.pow(matched / totalWeight, TUNING.coordination) : 1;
        score =
          (TUNING.head * (head[f] as number) + p0 * (best[o] as number) + p1 * (best[o + 1] as number) + p2 * (best[o + 2] as number)) *
          KIND_PRIOR[meta.kind] *
          coord;
        if (this.publicSector[f] === 1 && !mentionsPublic) score *= TUNING.publicSector;
        if (this.otherSource[f] === 1) score *= TUNING.otherSource;
        const tm = titleMatched[f] as number;
        if (tm > 0 && TUNING.title > 0) {
          const cov = tm / totalWeight;
          const prec = Math.min(1, (titleCount[f] as number) / Math.max(1, this.titleLen[f] as number));
          score *= 1 + TUNING.title * cov * Math.pow(prec, TUNING.titlePrecision);
        }
      }
      if (score > 0 && side && extra?.has(f)) {
        const docs = [bestDoc[o], bestDoc[o + 1], bestDoc[o + 2]].filter((x): x is number => x !== undefined && x > 0).map((x) => x - 1);
        side.set(f, { fi: f, score, docs });
      }
      if (score > 0 && (top.length < limit || score > (top[top.length - 1] as { score: number }).score)) {
        const docs = [bestDoc[o], bestDoc[o + 1], bestDoc[o + 2]].filter((x): x is number => x !== undefined && x > 0).map((x) => x - 1);
        let i = top.length;
        top.push({ fi: f, score, docs });
        while (i > 0 && (top[i - 1] as { score: number }).score < score) {
          top[i] = top[i - 1] as { fi: number; score: number; docs: number[] };
          i--;
        }
        top[i] = { fi: f, score, docs };
        if (top.length > limit) top.pop();
      }
      head[f] = 0;
      best[o] = 0;
      best[o + 1] = 0;
      best[o + 2] = 0;
      bestDoc[o] = 0;
      bestDoc[o + 1] = 0;
      bestDoc[o + 2] = 0;
      ficheTerms[f] = 0;
    }
    for (const f of titleTouched) {
      titleMatched[f] = 0;
      titleCount[f] = 0;
    }
    return top;
  }

  private passage(doc: number): { section: string; text: string } {
    const raw = this.passageText(doc);
    const sep = raw.indexOf(SECTION_SEPARATOR);
    return sep >= 0 ? { section: raw.slice(0, sep), text: raw.slice(sep + 1) } : { section: '', text: raw };
  }

  private passageText(doc: number): string {
    const start = this.postings.passageStart[doc];
    const end = this.postings.passageStart[doc + 1];
    if (start === undefined || end === undefined || end <= start) return '';
    if (this.passagesFd === undefined) this.passagesFd = fs.openSync(this.file(FILES.passages), 'r');
    const buf = Buffer.alloc(end - start);
    fs.readSync(this.passagesFd, buf, 0, end - start, start);
    return buf.toString('utf8');
  }

  private snippet(meta: FicheMeta, docs: number[], stems: Set<string>): string {
    const doc = docs[0];
    const text = doc !== undefined ? this.passage(doc).text : '';
    if (!text) return truncate(meta.description || meta.title, 240);
    const sentences = text.split(/(?<=[.!?:;])\s+|\n/).filter((s) => s.trim().length > 0);
    let bestSentence = sentences[0] ?? text;
    let bestScore = -1;
    for (const s of sentences) {
      const found = new Set(analyze(s).filter((t) => stems.has(t))).size;
      if (found > bestScore) {
        bestScore = found;
        bestSentence = s;
      }
    }
    return truncate(bestSentence.replace(/\s+/g, ' ').trim(), 240);
  }

  getFiche(id: string): Fiche | undefined {
    const i = this.byId.get(id.trim().toUpperCase());
    const meta = i === undefined ? undefined : this.metas[i];
    if (!meta) return undefined;
    if (this.fichesFd === undefined) this.fichesFd = fs.openSync(this.file(FILES.fiches), 'r');
    const buf = Buffer.alloc(meta.loc[1]);
    fs.readSync(this.fichesFd, buf, 0, meta.loc[1], meta.loc[0]);
    return JSON.parse(buf.toString('utf8')) as Fiche;
  }

  pairedFiche(id: string): string | undefined {
    const fi = this.metas.findIndex((m) => m.id === id);
    const pair = fi < 0 ? -1 : (this.pairOf[fi] as number);
    return pair < 0 ? undefined : this.metas[pair]?.id;
  }

  getArticle(idOrNumber: string, codeId?: string): CodeArticle | undefined {
    return this.articles.get(idOrNumber, codeId);
  }

  /** Path of an index file, opened lazily; refused once closed (the directory may hold another index by then). */
  private file(name: string): string {
    if (this.closed) throw new Error('Index de recherche fermé.');
    return path.join(this.dir, name);
  }

  close(): void {
    this.closed = true;
    for (const fd of [this.fichesFd, this.passagesFd]) if (fd !== undefined) fs.closeSync(fd);
    this.fichesFd = undefined;
    this.passagesFd = undefined;
    this.articles.close();
  }

  themes(): Theme[] {
    const groups = new Map<string, Theme>();
    for (const m of this.metas) {
      if (m.kind !== 'fiche') continue;
      const audience = m.audiences[0] ?? 'particuliers';
      // The home level of the breadcrumb (« Accueil professionnels », with a no-break space in the data) is no theme.
      const title = m.themePath.find((t) => !/^Accueil[\s\u00a0\ufffd]/iu.test(t)) ?? (m.subject || 'Autres');
      const key = `${audience}|${title}`;
      let g = groups.get(key);
      if (!g) {
        g = { audience, title, fiches: [] };
        groups.set(key, g);
      }
      g.fiches.push({ id: m.id, title: m.title, url: m.url, date: m.date });
    }
    const order = ['particuliers', 'professionnels', 'associations'];
    const themes = [...groups.values()];
    for (const t of themes) t.fiches.sort((a, b) => a.title.localeCompare(b.title, 'fr'));
    themes.sort((a, b) => order.indexOf(a.audience) - order.indexOf(b.audience) || a.title.localeCompare(b.title, 'fr'));
    return themes;
  }
}

function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max * 0.6 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}
