import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSyntheticIndex } from '../../test/support/synthetic-index';
import { analyze } from './analyzer';
import { LoadedIndex, readIndexFiles } from './engine-index';
import { FicheScorer } from './engine-scoring';
import { partsProduct } from './engine-score-parts';
import type { QueryTerm } from './query';

let tmp: string;
let index: LoadedIndex;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-engine-scoring-'));
  const dir = path.join(tmp, 'index');
  (await buildSyntheticIndex(dir, '2026-01-01')).close?.();
  index = new LoadedIndex(readIndexFiles(dir), {});
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The query terms of `text` that the index knows, weight 1. */
function terms(text: string): QueryTerm[] {
  return analyze(text)
    .filter((term) => index.termIndex.has(term))
    .map((term) => ({ term, weight: 1, fuzzy: false }));
}

const ids = (cands: { fi: number }[]): string[] => cands.map((c) => index.metas[c.fi]?.id ?? '?');

describe('first-pass scoring', () => {
  it('returns at most `limit` fiches, best first, the fiche titled with the words first', () => {
    const scorer = new FicheScorer(index);
    const top = scorer.score(terms('préavis du locataire logement'), 2, {});
    expect(top.length).toBeLessThanOrEqual(2);
    expect(ids(top)[0]).toBe('F2');
    expect(top.every((c, i) => i === 0 || (top[i - 1]?.score ?? 0) >= c.score)).toBe(true);
    expect(top[0]?.docs.length).toBeGreaterThan(0);
  });

  it('clears its scratch arrays: a query scores the same before and after another one', () => {
    const scorer = new FicheScorer(index);
    const first = scorer.score(terms('licenciement indemnité'), 5, {});
    scorer.score(terms('congés payés salarié'), 5, {});
    expect(scorer.score(terms('licenciement indemnité'), 5, {})).toEqual(first);
  });

  it('explains each score by its named parts, whose product is the score, and leaves the next query unchanged', () => {
    const scorer = new FicheScorer(index);
    const q = terms('préavis du locataire logement');
    const top = scorer.score(q, 5, {});
    const untouched = index.byId.get('F5') as number;
    const parts = scorer.explain(q, [...top.map((c) => c.fi), untouched], {});
    expect(parts).toHaveLength(top.length + 1);
    top.forEach((c, i) => {
      const p = parts[i];
      if (!p) throw new Error(`no parts for ${ids([c]).join('')}`);
      expect(p.score).toBe(c.score);
      expect(partsProduct(p)).toBeCloseTo(c.score, 6);
      expect(p.head + p.passages).toBeGreaterThan(0);
    });
    // F2, titled with the query's words, owes part of its score to its title; F5 (a divorce) is not touched.
    expect(parts[0]?.title).toBeGreaterThan(1);
    expect(parts[top.length]).toBeUndefined();
    expect(scorer.score(q, 5, {})).toEqual(top);
  });

  it('puts a fiche of `extra` that scores in `side`, even beyond the `limit` best', () => {
    const scorer = new FicheScorer(index);
    const all = scorer.score(terms('salarié travail congés licenciement'), 10, {});
    expect(all.length).toBeGreaterThan(1);
    const last = all[all.length - 1] as { fi: number; score: number };
    const side = new Map<number, { fi: number; score: number; docs: number[] }>();
    const top = scorer.score(terms('salarié travail congés licenciement'), 1, {}, new Map([[last.fi, 1]]), side);
    expect(top).toHaveLength(1);
    expect(side.get(last.fi)?.score).toBe(last.score);
  });
});
