/**
 * The first pass of a search: the BM25F score of every fiche that the query terms touch, from the impacts of
 * the postings (engine-index.ts): its head document and its three best passages, times the share of the
 * query's weight it matches (coordination), the priors of its kind, sector and source, and the title match.
 * The ranking (engine-ranking.ts) re-ranks the best of them. The scratch arrays are allocated once per index
 * and cleared after each query, so that a search makes no garbage on long posting lists.
 */
import type { QueryTerm } from './query.js';
import type { SearchOptions } from './search-types.js';
import { KIND_PRIOR, TUNING } from './engine-tuning.js';
import type { LoadedIndex } from './engine-index.js';

/** Stems that show the question is about the public sector (then « fonction publique » fiches are not demoted). */
const PUBLIC_SECTOR_STEMS = new Set(['fonctionnair', 'fonction', 'publiqu', 'agent', 'territorial', 'hospitali', 'militair', 'titulair', 'contractuel', 'etat', 'magistrat', 'enseign']);

/** A fiche among a query's candidates: its index, its score, and its best passages (document ids, best first). */
export interface Candidate {
  fi: number;
  score: number;
  docs: number[];
}

/** Scores the fiches of one index; one query at a time (the scratch arrays are shared). */
export class FicheScorer {
  private readonly docScore: Float32Array;
  private readonly docMask: Uint32Array;
  private readonly touchedDocs: Uint32Array;
  private readonly touchedFiches: Uint32Array;
  private readonly ficheHead: Float32Array;
  private readonly ficheBest: Float32Array;
  private readonly ficheBestDoc: Int32Array;
  private readonly ficheTerms: Uint32Array;
  /** Query weight found in each fiche title (scratch, reset after each query). */
  private readonly titleMatched: Float32Array;
  private readonly titleCount: Uint8Array;

  constructor(private readonly index: LoadedIndex) {
    const nDocs = index.manifest.layout.nDocs;
    const nFiches = index.metas.length;
    this.docScore = new Float32Array(nDocs);
    this.docMask = new Uint32Array(nDocs);
    this.touchedDocs = new Uint32Array(nDocs);
    this.touchedFiches = new Uint32Array(nFiches);
    this.ficheHead = new Float32Array(nFiches);
    this.ficheBest = new Float32Array(nFiches * 3);
    this.ficheBestDoc = new Int32Array(nFiches * 3);
    this.ficheTerms = new Uint32Array(nFiches);
    this.titleMatched = new Float32Array(nFiches);
    this.titleCount = new Uint8Array(nFiches);
  }

  /**
   * Scores every fiche touched by the query terms (each known to the index) and returns the `limit` best,
   * best first. The fiches of `extra` that score are also put in `side`, wherever they rank.
   */
  score(qterms: QueryTerm[], limit: number, opts: SearchOptions, extra?: Map<number, number>, side?: Map<number, Candidate>): Candidate[] {
    const { metas, termIndex, titleFiches, titleLen, publicSector, otherSource } = this.index;
    const { termStart, docIds, impacts, docFiche, docHead } = this.index.postings;
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
      const tid = termIndex.get(qt.term) as number;
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
        const list = titleFiches.get(termIndex.get(qt.term) as number);
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
    const top: Candidate[] = [];
    const [p0, p1, p2] = TUNING.passages;
    for (let k = 0; k < nTouchedFiches; k++) {
      const f = touchedFiches[k] as number;
      const o = f * 3;
      const meta = metas[f];
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
        if (publicSector[f] === 1 && !mentionsPublic) score *= TUNING.publicSector;
        if (otherSource[f] === 1) score *= TUNING.otherSource;
        const tm = titleMatched[f] as number;
        if (tm > 0 && TUNING.title > 0) {
          const cov = tm / totalWeight;
          const prec = Math.min(1, (titleCount[f] as number) / Math.max(1, titleLen[f] as number));
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
          top[i] = top[i - 1] as Candidate;
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
}
