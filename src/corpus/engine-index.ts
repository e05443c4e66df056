/**
 * The index as the search engine (engine.ts) holds it in memory: the files of a built index read from disk
 * (manifest, fiche metadata, terms, typed-array postings, the words the question's analysis looks up), and
 * the per-fiche arrays derived from them once, when the index is opened (title terms, title family, theme,
 * public sector, other source, paired fiche). Nothing here depends on a query: the scoring
 * (engine-scoring.ts) and the ranking (engine-ranking.ts) read these arrays at every search.
 */
import fs from 'node:fs';
import path from 'node:path';
import SearchableMap from 'minisearch/SearchableMap';
import { analyze } from './analyzer.js';
import { FILES, type FicheMeta, type Manifest } from './index-schema.js';
import { LEXICON_THEMES } from './lexicon.js';
import type { QueryContext } from './query.js';
import { agreeingPairs } from './source-pairs.js';
import { titleFamily } from './engine-tuning.js';

/** A title about public agents only (« … d'un fonctionnaire », « … d'un agent public contractuel »). */
const PUBLIC_AGENT_TITLE = /\b(?:d'un|du|des|pour un|aux) (?:fonctionnaires?|agents? publics?|militaires?)\b/iu;

/** Typed-array views over postings.bin (see index-schema.ts for the layout). */
export class Postings {
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

/** The files of a built index, read as they are (index-schema.ts describes each). */
export interface IndexFiles {
  manifest: Manifest;
  metas: FicheMeta[];
  /** Index terms, by term id. */
  terms: string[];
  postings: Postings;
  /** What the question's analysis looks words up in (query.ts): the vocabulary, the acronyms, the fuzzy map. */
  ctx: QueryContext;
}

/** Reads the files of the index built in `indexDir` (the fiches' and passages' texts are read later, one at a time). */
export function readIndexFiles(indexDir: string): IndexFiles {
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
  return { manifest, metas, terms, postings, ctx: { vocab, abbreviations, fuzzyVocab } };
}

/**
 * The fiches of two sources that say the same thing (source-pairs.ts), by id: the pairs whose titles agree,
 * also those of an index built before that check; none when the index has no pairs file.
 */
export function readSourcePairs(indexDir: string, metas: readonly FicheMeta[]): Record<string, string> {
  const pairsFile = path.join(indexDir, FILES.sourcePairs);
  return fs.existsSync(pairsFile) ? agreeingPairs(JSON.parse(fs.readFileSync(pairsFile, 'utf8')) as Record<string, string>, metas) : {};
}

/** The index files and the per-fiche arrays derived from them (fiche `f` is `metas[f]`). */
export class LoadedIndex {
  readonly manifest: Manifest;
  readonly metas: FicheMeta[];
  readonly postings: Postings;
  /** Fiche id → fiche index. */
  readonly byId = new Map<string, number>();
  /** Index term → term id (its place in the postings). */
  readonly termIndex = new Map<string, number>();
  /** Title term id → fiches whose title contains it. */
  readonly titleFiches = new Map<number, Uint32Array>();
  /** Number of distinct index terms in each title. */
  readonly titleLen: Uint8Array;
  /** Title family id of each fiche (0 = none), see titleFamily. */
  readonly ficheFamily: Uint32Array;
  /** Theme id of each fiche (first two levels of its theme path). */
  readonly ficheTheme: Uint32Array;
  /** 1 for public-sector fiches (theme « … fonction publique »). */
  readonly publicSector: Uint8Array;
  /** 1 for a fiche from another source than service-public.fr (see TUNING.otherSource). */
  readonly otherSource: Uint8Array;
  /**
   * Document frequency of each term among service-public.fr's documents, and their count: what makes a term
   * « common » (TUNING.commonDf), so that another source's pages do not change how the main corpus is read.
   * Undefined when the index has no other source (the postings' own counts are the same).
   */
  readonly mainDf: Uint32Array | undefined;
  readonly mainDocs: number;
  /** The fiche (index) that says the same thing in another source, or -1 (see TUNING.fresher). */
  readonly pairOf: Int32Array;
  /** Top-level theme id of each fiche (the first level of its theme path). */
  readonly ficheTop: Uint16Array;
  /** Lexicon theme → top-level theme ids of its corpus themes. */
  readonly lexiconThemeTops = new Map<string, Set<number>>();

  constructor(
    files: IndexFiles,
    /** Fiches of two sources that say the same thing (source-pairs.ts), by id. */
    pairs: Record<string, string>,
  ) {
    const { manifest, metas, terms, postings } = files;
    this.manifest = manifest;
    this.metas = metas;
    this.postings = postings;
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
    this.titleLen = new Uint8Array(metas.length);
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
      const { termStart, docIds, docFiche } = postings;
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

  /** Document frequency of a term (by id) among service-public.fr's documents: see mainDf. */
  mainDocFrequency(tid: number): number {
    const { termStart } = this.postings;
    return this.mainDf ? (this.mainDf[tid] as number) : (termStart[tid + 1] as number) - (termStart[tid] as number);
  }
}
