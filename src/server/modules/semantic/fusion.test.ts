import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine, SearchResult } from '../../../corpus/engine';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { buildSyntheticIndex } from '../../../../test/support/synthetic-index';
import { denseWeight, FUSION, fuseWithDense, hybridSearch } from './fusion';
import { queryText, Semantic } from './semantic';

let tmp: string;
let engine: SearchEngine;
let emb: FakeEmbeddings;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-fusion-'));
  engine = await buildSyntheticIndex(path.join(tmp, 'index'), '2026-01-01');
  emb = await startFakeEmbeddings();
});

afterAll(async () => {
  await emb.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const lexical: SearchResult[] = [
  { id: 'F3', title: 'Licenciement', url: '', score: 40, snippet: '', type: 'fiche', passages: [{ section: 'A', text: 'x', score: 0 }] },
  { id: 'F4', title: 'Congés', url: '', score: 20, snippet: '', type: 'fiche', passages: [] },
  { id: 'F1', title: 'Dépôt', url: '', score: 10, snippet: '', type: 'fiche', passages: [] },
];
const ids = (rs: SearchResult[]): string[] => rs.map((r) => r.id);

describe('dense weight', () => {
  it('a few words (a search box) lean on the lexical ranking, a told situation on meaning', () => {
    expect(denseWeight('préavis démission')).toBe(FUSION.shortWeight);
    expect(denseWeight('  un  deux trois quatre cinq six sept huit ')).toBe(FUSION.shortWeight);
    expect(denseWeight('un deux trois quatre cinq six sept huit neuf')).toBe(FUSION.longWeight);
    expect(denseWeight('Mon propriétaire garde mon dépôt de garantie depuis trois mois')).toBe(FUSION.longWeight);
    expect(denseWeight('')).toBe(FUSION.shortWeight);
    expect(FUSION.shortWeight).toBeLessThan(FUSION.longWeight);
  });
});

describe('fusion with the lexical ranking', () => {
  it('reorders by weighted RRF, keeps the lexical score scale and the number of results, brings dense-only fiches', () => {
    // Weight 1, k = 10: F4 is in both lists (1/12 + 1/11); F3 (lexical 1st) and F6 (dense 1st) tie at 1/11,
    // the lexical one first; F1 and F2 tie beyond the count.
    const fused = fuseWithDense(engine, lexical, ['F6', 'F4', 'F2'], 1);
    expect(ids(fused)).toEqual(['F4', 'F3', 'F6']);
    expect(fused.map((r) => r.score)).toEqual([40, 20, 10]);
    expect(fused[1]?.passages).toEqual(lexical[0]?.passages);
    expect(fused[2]).toEqual({ id: 'F6', title: 'Harcèlement moral au travail', url: engine.getFiche('F6')?.url, score: 10, snippet: '', type: 'fiche', pubType: engine.getFiche('F6')?.pubType, passages: [] });
    expect(fuseWithDense(engine, lexical, [], 1)).toEqual(lexical);
    expect(fuseWithDense(engine, [], ['F1'], 1)).toEqual([]);
  });

  it('the weight decides how far the dense ranking moves the lexical one', () => {
    // F1, lexical 3rd, is the dense ranking's first: 1/13 + w/11 against F3's 1/11 and F4's 1/12.
    expect(ids(fuseWithDense(engine, lexical, ['F1'], 0))).toEqual(['F3', 'F4', 'F1']);
    expect(ids(fuseWithDense(engine, lexical, ['F1'], FUSION.shortWeight))).toEqual(['F3', 'F1', 'F4']);
    expect(ids(fuseWithDense(engine, lexical, ['F1'], 1))).toEqual(['F1', 'F3', 'F4']);
    // A fiche the dense ranking alone brings needs weight to enter: 0.1/11 is below every lexical rank here.
    expect(ids(fuseWithDense(engine, lexical, ['F6'], FUSION.shortWeight, 4))).toEqual(['F3', 'F4', 'F1', 'F6']);
    expect(ids(fuseWithDense(engine, lexical, ['F6'], 2))).toEqual(['F6', 'F3', 'F4']);
  });

  it('keeps `size` results; past the lexical ones they carry the last lexical score', () => {
    const five = fuseWithDense(engine, lexical, ['F6', 'F4', 'F2'], 1, 5);
    expect(ids(five)).toEqual(['F4', 'F3', 'F6', 'F1', 'F2']);
    expect(five.map((r) => r.score)).toEqual([40, 20, 10, 10, 10]);
    expect(ids(fuseWithDense(engine, lexical, ['F6', 'F4', 'F2'], 1, 2))).toEqual(['F4', 'F3']);
    expect(fuseWithDense(engine, lexical, ['F6'], 1, 0)).toEqual([]);
    expect(ids(fuseWithDense(engine, lexical, [], 1, 2))).toEqual(['F3', 'F4']);
    // An id the index does not hold (vectors of another build) is skipped.
    expect(ids(fuseWithDense(engine, lexical, ['F99', 'F6'], 1, 5))).toEqual(['F3', 'F4', 'F6', 'F1']);
  });
});

describe('hybrid search', () => {
  it('fuses the query’s dense ranking with the lexical results; lexical alone without a ready model or for other kinds', async () => {
    const semantic = new Semantic({ remote: { baseUrl: emb.baseUrl, model: 'bge-m3' }, queryTimeoutMs: 2000, batchSize: 10, cacheDir: path.join(tmp, 'hybrid.vectors'), log: quiet });
    const query = 'brimades humiliations répétées au travail par mon chef, que faire';
    const plain = engine.search(query, 5);
    expect(await hybridSearch(engine, undefined, query, 5)).toEqual(plain);
    // The vectors are not computed yet: lexical, and the computation starts.
    expect(await hybridSearch(engine, semantic, query, 5)).toEqual(plain);
    const matrix = await semantic.vectors.whenReady(engine);
    const before = emb.requests.length;
    const got = await hybridSearch(engine, semantic, query, 5);
    expect(emb.requests.slice(before).map((r) => r.inputs)).toEqual([[queryText(query)]]);
    const dense = matrix?.topK(Float32Array.from(fakeVector(queryText(query))), 20).map((s) => s.id) ?? [];
    expect(dense[0]).toBe('F6');
    expect(got).toEqual(fuseWithDense(engine, plain, dense, denseWeight(query), 5));
    // The lexical search finds two fiches; the dense ranking fills the five places asked.
    expect(ids(plain)).toEqual(['F6', 'F4']);
    expect(ids(got)).toHaveLength(5);
    // Only dossiers or resources asked: the dense ranking (fiches) is not asked.
    expect(await hybridSearch(engine, semantic, query, 5, { kinds: ['dossier'] })).toEqual(engine.search(query, 5, { kinds: ['dossier'] }));
    expect(emb.requests.length).toBe(before + 1);
    // The model fails: lexical.
    emb.setScript({ kind: 'status', status: 500 });
    expect(await hybridSearch(engine, semantic, query, 5)).toEqual(plain);
    emb.setScript({ kind: 'vectors' });
    await semantic.close();
  });
});
