/**
 * Dense retrieval over the corpus's vectors from the model of meaning: unit-length vectors in one typed array,
 * cosine top-k, and reciprocal rank fusion (RRF) of ranked lists. Pure: no I/O, no model.
 */

/** Largest vector length accepted from a model (BGE-M3: 1024, Mistral embed: 1024, OpenAI large: 3072). */
export const MAX_DIMS = 8192;

/** Scales `v` to unit length in place; false when it has no direction (all zeros, or not finite). */
export function normalizeInPlace(v: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += (v[i] as number) * (v[i] as number);
  if (!(sum > 0) || !Number.isFinite(sum)) return false;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
  return true;
}

export interface Scored {
  id: string;
  score: number;
}

/** Vectors, normalised, row i of `data` for `ids[i]` (an id may own several rows: a fiche's sections). */
export class VectorMatrix {
  readonly dims: number;

  constructor(
    readonly ids: readonly string[],
    readonly data: Float32Array,
  ) {
    if (ids.length === 0 || data.length % ids.length !== 0) throw new Error('vector matrix: sizes differ');
    this.dims = data.length / ids.length;
  }

  /** Builds a matrix from one vector per id (normalised here; a vector with no direction stays zero). */
  static fromRows(ids: readonly string[], rows: readonly Float32Array[]): VectorMatrix {
    const dims = rows[0]?.length ?? 0;
    if (dims === 0 || rows.length !== ids.length) throw new Error('vector matrix: sizes differ');
    const data = new Float32Array(ids.length * dims);
    rows.forEach((r, i) => {
      if (r.length !== dims) throw new Error('vector matrix: sizes differ');
      const row = Float32Array.from(r);
      if (normalizeInPlace(row)) data.set(row, i * dims);
    });
    return new VectorMatrix(ids, data);
  }

  /**
   * The `k` ids closest to `query` by cosine (query of the same length; normalised here). An id with
   * several rows (a fiche's sections) scores its best row.
   */
  topK(query: Float32Array, k: number): Scored[] {
    if (query.length !== this.dims || k <= 0) return [];
    const q = Float32Array.from(query);
    if (!normalizeInPlace(q)) return [];
    // The best rows first, in a buffer a few times larger than k so that repeated ids still leave k.
    for (let width = k * 4; ; width *= 4) {
      const rows = this.topRows(q, width);
      const out: Scored[] = [];
      const seen = new Set<string>();
      for (const r of rows) {
        const id = this.ids[r.row] as string;
        if (seen.has(id)) continue;
        seen.add(id);
        out.push({ id, score: r.score });
        if (out.length === k) return out;
      }
      if (rows.length < width) return out;
    }
  }

  /** The `width` rows of highest dot product with the unit vector `q`, best first. */
  private topRows(q: Float32Array, width: number): { row: number; score: number }[] {
    const { data, dims } = this;
    const n = this.ids.length;
    // A small sorted buffer: width is a few tens or hundreds, n some thousands.
    const size = Math.min(width, n);
    const topScore = new Float64Array(size).fill(-Infinity);
    const topRow = new Int32Array(size).fill(-1);
    const last = size - 1;
    for (let r = 0; r < n; r++) {
      let s = 0;
      const o = r * dims;
      for (let d = 0; d < dims; d++) s += (data[o + d] as number) * (q[d] as number);
      if (s <= (topScore[last] as number)) continue;
      let i = last;
      while (i > 0 && s > (topScore[i - 1] as number)) {
        topScore[i] = topScore[i - 1] as number;
        topRow[i] = topRow[i - 1] as number;
        i--;
      }
      topScore[i] = s;
      topRow[i] = r;
    }
    const out: { row: number; score: number }[] = [];
    for (let i = 0; i <= last; i++) if ((topRow[i] as number) >= 0) out.push({ row: topRow[i] as number, score: topScore[i] as number });
    return out;
  }
}

/** The usual RRF constant: a rank r adds 1 / (k + r) (r from 1). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of ranked id lists: each list adds weight / (k + rank) to the ids it holds (weight 1
 * unless given). Ties keep the order of the first list that holds the id, then of the next ones (the
 * lexical ranking first).
 */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k: number = RRF_K, weights: readonly number[] = []): string[] {
  const score = new Map<string, number>();
  const order = new Map<string, number>();
  for (const [l, list] of lists.entries()) {
    const w = weights[l] ?? 1;
    list.forEach((id, rank) => {
      score.set(id, (score.get(id) ?? 0) + w / (k + rank + 1));
      if (!order.has(id)) order.set(id, order.size);
    });
  }
  return [...score.keys()].sort((a, b) => (score.get(b) as number) - (score.get(a) as number) || (order.get(a) as number) - (order.get(b) as number));
}
