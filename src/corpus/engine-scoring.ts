/**
 * The first pass of a search: the BM25F score of every fiche that the query terms touch, from the impacts of
 * the postings (engine-index.ts): its head document and its three best passages, times the share of the
 * query's weight it matches (coordination), the priors of its kind, sector and source, and the title match.
 * The ranking (engine-ranking.ts) re-ranks the best of them. The scratch arrays are allocated once per index
 * and cleared after each query, so that a search makes no garbage on long posting lists.
 *
 * One query runs in four steps, each a method: the postings' impacts summed per document (`accumulate`), the
 * documents folded into their fiches (`fold`: head document and three best passages), the query terms found in
 * each title (`matchTitles`), then each fiche's score from its named parts (`ficheScore`, engine-score-parts.ts)
 * and the `limit` best kept. `explain` runs the same steps and returns the parts of the fiches asked.
 */
import type { QueryTerm } from './query.js';
import type { SearchOptions } from './search-types.js';
import { KIND_PRIOR, TUNING } from './engine-tuning.js';
import type { LoadedIndex } from './engine-index.js';
import { emptyScoreParts, type ScoreParts } from './engine-score-parts.js';

/** Stems that show the question is about the public sector (then « fonction publique » fiches are not demoted). */
const PUBLIC_SECTOR_STEMS = new Set(['fonctionnair', 'fonction', 'publiqu', 'agent', 'territorial', 'hospitali', 'militair', 'titulair', 'contractuel', 'etat', 'magistrat', 'enseign']);

/** A fiche among a query's candidates: its index, its score, and its best passages (document ids, best first). */
export interface Candidate {
  fi: number;
  score: number;
  docs: number[];
}

/** What the scores of one query's fiches share: its terms' weights (by bit, see `accumulate`), their sum, whether it names the public sector. */
interface QueryWeights {
  weights: number[];
  total: number;
  mentionsPublic: boolean;
}

function queryWeights(qterms: QueryTerm[]): QueryWeights {
  let total = 0;
  for (const qt of qterms) total += qt.weight;
  return { weights: qterms.map((t) => t.weight), total, mentionsPublic: qterms.some((t) => PUBLIC_SECTOR_STEMS.has(t.term)) };
}

/** Inserts `c` in `top` (best first) and keeps its `limit` best. */
function insertBest(top: Candidate[], c: Candidate, limit: number): void {
  let i = top.length;
  top.push(c);
  while (i > 0 && (top[i - 1] as Candidate).score < c.score) {
    top[i] = top[i - 1] as Candidate;
    i--;
  }
  top[i] = c;
  if (top.length > limit) top.pop();
}

/** Scores the fiches of one index; one query at a time (the scratch arrays are shared). */
export class FicheScorer {
  private readonly docScore: Float32Array;
  /** Per document: bits of the query terms found (bit 31 marks "touched"). */
  private readonly docMask: Uint32Array;
  private readonly touchedDocs: Uint32Array;
  private readonly touchedFiches: Uint32Array;
  private readonly ficheHead: Float32Array;
  /** The three best passages' scores of each fiche, best first (3 slots a fiche). */
  private readonly ficheBest: Float32Array;
  /** Their document ids + 1 (0: no passage). */
  private readonly ficheBestDoc: Int32Array;
  /** Per fiche: the union of its documents' masks (0: not touched). */
  private readonly ficheTerms: Uint32Array;
  /** Query weight found in each fiche title (scratch, reset after each query). */
  private readonly titleMatched: Float32Array;
  private readonly titleCount: Uint8Array;
  private readonly titleTouched: Uint32Array;
  private nTitleTouched = 0;

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
    this.titleTouched = new Uint32Array(nFiches);
  }

  /**
   * Scores every fiche touched by the query terms (each known to the index) and returns the `limit` best,
   * best first. The fiches of `extra` that score are also put in `side`, wherever they rank.
   */
  score(qterms: QueryTerm[], limit: number, opts: SearchOptions, extra?: Map<number, number>, side?: Map<number, Candidate>): Candidate[] {
    const nFiches = this.fold(this.accumulate(qterms));
    this.matchTitles(qterms);
    const q = queryWeights(qterms);
    const touchedFiches = this.touchedFiches;
    const top: Candidate[] = [];
    for (let k = 0; k < nFiches; k++) {
      const f = touchedFiches[k] as number;
      const score = this.ficheScore(f, q, opts);
      if (score > 0 && side && extra?.has(f)) side.set(f, this.candidate(f, score));
      if (score > 0 && (top.length < limit || score > (top[top.length - 1] as Candidate).score)) insertBest(top, this.candidate(f, score), limit);
      this.clearFiche(f);
    }
    this.clearTitles();
    return top;
  }

  /**
   * The parts of the first-pass score of each fiche of `fis` for the query (`score`'s steps, for
   * `npm run explain`); undefined for a fiche that does not score (no query term, or a kind not asked).
   */
  explain(qterms: QueryTerm[], fis: readonly number[], opts: SearchOptions): (ScoreParts | undefined)[] {
    const nFiches = this.fold(this.accumulate(qterms));
    this.matchTitles(qterms);
    const q = queryWeights(qterms);
    const out = fis.map((f) => {
      if (this.ficheTerms[f] === 0) return undefined;
      const parts = emptyScoreParts();
      return this.ficheScore(f, q, opts, parts) > 0 ? parts : undefined;
    });
    for (let k = 0; k < nFiches; k++) this.clearFiche(this.touchedFiches[k] as number);
    this.clearTitles();
    return out;
  }

  /**
   * Adds each posting's impact × its term's weight to its document's score and the term's bit to its mask
   * (terms beyond the 31st score but have no bit). Returns the number of documents touched, listed in
   * `touchedDocs`.
   */
  private accumulate(qterms: QueryTerm[]): number {
    const { termIndex } = this.index;
    const { termStart, docIds, impacts } = this.index.postings;
    const docScore = this.docScore;
    const docMask = this.docMask;
    const touched = this.touchedDocs;
    let nTouched = 0;
    for (let qi = 0; qi < qterms.length; qi++) {
      const qt = qterms[qi] as QueryTerm;
      const tid = termIndex.get(qt.term) as number;
      const w = qt.weight;
      const bit = qi < 31 ? 1 << qi : 0;
      const end = termStart[tid + 1] as number;
      for (let p = termStart[tid] as number; p < end; p++) {
        const d = docIds[p] as number;
        const m = docMask[d] as number;
        if (m === 0) touched[nTouched++] = d;
        docScore[d] = (docScore[d] as number) + w * (impacts[p] as number);
        docMask[d] = m | bit | 0x80000000;
      }
    }
    return nTouched;
  }

  /**
   * Folds the `nTouched` documents into their fiches: the head document's score, the three best passages
   * (score and id), the union of the masks; clears the documents' scratch. Returns the number of fiches
   * touched, listed in `touchedFiches`.
   */
  private fold(nTouched: number): number {
    const { docFiche, docHead } = this.index.postings;
    const { docScore, docMask, touchedDocs: touched, touchedFiches, ficheTerms } = this;
    const head = this.ficheHead;
    const best = this.ficheBest;
    const bestDoc = this.ficheBestDoc;
    let nTouchedFiches = 0;
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
    return nTouchedFiches;
  }

  /** Title match: the query weight and the number of query terms found in each title (none when TUNING.title is 0). */
  private matchTitles(qterms: QueryTerm[]): void {
    if (!(TUNING.title > 0)) return;
    const { termIndex, titleFiches } = this.index;
    const { titleMatched, titleCount, titleTouched } = this;
    let n = this.nTitleTouched;
    for (const qt of qterms) {
      const list = titleFiches.get(termIndex.get(qt.term) as number);
      if (!list) continue;
      for (const f of list) {
        if (titleMatched[f] === 0) titleTouched[n++] = f;
        titleMatched[f] = (titleMatched[f] as number) + qt.weight;
        titleCount[f] = (titleCount[f] as number) + 1;
      }
    }
    this.nTitleTouched = n;
  }

  /**
   * The first-pass score of touched fiche `f`: (head + passages) × kindPrior × coordination × publicSector ×
   * otherSource × title (engine-score-parts.ts); 0 for a kind not asked. The parts are locals, written into
   * `parts` only when it is given (explain), so the hot loop allocates nothing.
   */
  private ficheScore(f: number, q: QueryWeights, opts: SearchOptions, parts?: ScoreParts): number {
    const meta = this.index.metas[f];
    if (!meta || (opts.kinds && !opts.kinds.includes(meta.kind))) return 0;
    const { publicSector, otherSource, titleLen } = this.index;
    const best = this.ficheBest;
    const o = f * 3;
    const [p0, p1, p2] = TUNING.passages;
    const head = TUNING.head * (this.ficheHead[f] as number);
    const b0 = p0 * (best[o] as number);
    const b1 = p1 * (best[o + 1] as number);
    const b2 = p2 * (best[o + 2] as number);
    const mask = this.ficheTerms[f] as number;
    const { weights, total } = q;
    let matched = 0;
    for (let i = 0; i < weights.length && i < 31; i++) if (mask & (1 << i)) matched += weights[i] as number;
    const coordination = total > 0 ? Math.pow(matched / total, TUNING.coordination) : 1;
    const kindPrior = KIND_PRIOR[meta.kind];
    const sector = publicSector[f] === 1 && !q.mentionsPublic ? TUNING.publicSector : 1;
    const source = otherSource[f] === 1 ? TUNING.otherSource : 1;
    let title = 1;
    const tm = this.titleMatched[f] as number;
    if (tm > 0 && TUNING.title > 0) {
      const cov = tm / total;
      const prec = Math.min(1, (this.titleCount[f] as number) / Math.max(1, titleLen[f] as number));
      title = 1 + TUNING.title * cov * Math.pow(prec, TUNING.titlePrecision);
    }
    // Summed and multiplied in this order (a factor of 1 changes no bit), so that the rankings stay those of the one-loop scorer.
    const score = (head + b0 + b1 + b2) * kindPrior * coordination * sector * source * title;
    if (parts) {
      parts.head = head;
      parts.passages = b0 + b1 + b2;
      parts.kindPrior = kindPrior;
      parts.coordination = coordination;
      parts.publicSector = sector;
      parts.otherSource = source;
      parts.title = title;
      parts.score = score;
    }
    return score;
  }

  /** Fiche `f` as a candidate: its score and its best passages' document ids, best first. */
  private candidate(f: number, score: number): Candidate {
    const bestDoc = this.ficheBestDoc;
    const o = f * 3;
    const docs = [bestDoc[o], bestDoc[o + 1], bestDoc[o + 2]].filter((x): x is number => x !== undefined && x > 0).map((x) => x - 1);
    return { fi: f, score, docs };
  }

  /** Clears fiche `f`'s scratch (head, best passages, mask) for the next query. */
  private clearFiche(f: number): void {
    const { ficheBest: best, ficheBestDoc: bestDoc } = this;
    const o = f * 3;
    this.ficheHead[f] = 0;
    best[o] = 0;
    best[o + 1] = 0;
    best[o + 2] = 0;
    bestDoc[o] = 0;
    bestDoc[o + 1] = 0;
    bestDoc[o + 2] = 0;
    this.ficheTerms[f] = 0;
  }

  /** Clears the title matches of the query. */
  private clearTitles(): void {
    const { titleMatched, titleCount, titleTouched } = this;
    for (let k = 0; k < this.nTitleTouched; k++) {
      const f = titleTouched[k] as number;
      titleMatched[f] = 0;
      titleCount[f] = 0;
    }
    this.nTitleTouched = 0;
  }
}
