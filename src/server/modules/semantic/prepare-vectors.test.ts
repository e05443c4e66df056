import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../corpus/engine';
import { createEngineHolder } from '../../../corpus/engine-holder';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { buildSyntheticIndex, SYNTHETIC_FICHES, type SyntheticFiche } from '../../../../test/support/synthetic-index';
import { prepareVectors, type VectorsJob } from './prepare-vectors';
import { cacheKeys, moveVectorCache, vectorCacheDir } from './vector-cache';
import { embeddingUnits, VectorStore } from './vector-store';

/**
 * A corpus update's vectors, as its child process computes them before the swap (prepare-vectors.ts), and
 * the server's store that finds them ready at the swap. The update's plumbing end to end (child process,
 * moving the file, the app's health): corpus-update/corpus-update-vectors.api.test.ts.
 */

let tmp: string;
let emb: FakeEmbeddings;
/** The index in service, with its vectors saved beside it. */
let indexDir: string;
let live: SearchEngine;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

/** The synthetic fiches with F2's summary rewritten: one changed unit. */
const CHANGED: SyntheticFiche[] = SYNTHETIC_FICHES.map((f) => (f[0] === 'F2' ? [f[0], f[1], 'Préavis de départ du locataire.', f[3]] : f));

const job = (extra: Partial<VectorsJob> = {}): VectorsJob => ({ settings: { baseUrl: emb.baseUrl, model: 'bge-m3', inputTypes: true }, batchSize: 4, batchTimeoutMs: 5000, budgetMs: 60_000, ...extra });

let staged = 0;
/** A new index built into a staging directory beside the index in service, as the update does. */
async function stage(fiches: readonly SyntheticFiche[] = CHANGED): Promise<{ dir: string; engine: SearchEngine }> {
  staged += 1;
  const dir = `${indexDir}.staging-${staged}`;
  return { dir, engine: await buildSyntheticIndex(dir, '2026-03-01', fiches) };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-prepare-vectors-'));
  emb = await startFakeEmbeddings();
  indexDir = path.join(tmp, 'index');
  live = await buildSyntheticIndex(indexDir, '2026-01-01');
  const server = new VectorStore({ endpoint: () => job().settings, batchSize: 16, batchTimeoutMs: 5000, cacheDir: vectorCacheDir(indexDir), retryMs: 60_000, log });
  expect(await server.whenReady(live)).toBeDefined();
});

afterEach(() => {
  emb.setScript({ kind: 'vectors' });
  logs.length = 0;
});

afterAll(async () => {
  await emb.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the vectors of a corpus update, before the swap', () => {
  it('sends only the changed fiche to the model, saves them beside the staging directory, and the server reads them at the swap', async () => {
    const { dir, engine } = await stage();
    const before = emb.requests.length;
    const prepared = await prepareVectors(engine, job(), { indexDir, stagingDir: dir });
    expect(prepared).toEqual({ prepared: true, units: 6, computed: 1, ms: expect.any(Number) as unknown });
    const f2 = engine.getFiche('F2');
    expect(emb.requests.slice(before).map((r) => [r.inputs, r.inputType])).toEqual([[f2 && embeddingUnits(f2), 'passage']]);
    // Written beside the staging directory, not into the cache of the index in service (still its own file).
    expect(cacheKeys(vectorCacheDir(dir))).toHaveLength(1);
    const liveKeys = cacheKeys(vectorCacheDir(indexDir));
    expect(liveKeys).toHaveLength(1);

    // The swap, as the updater does it: the file moved into the server's cache, then the holder swaps. The
    // server's store finds them in the swap itself, even with its model restarting (no endpoint then).
    const holder = createEngineHolder(live);
    const server = new VectorStore({ endpoint: () => undefined, model: 'bge-m3', batchSize: 16, batchTimeoutMs: 5000, cacheDir: vectorCacheDir(indexDir), retryMs: 60_000, log });
    const atSwap: unknown[] = [];
    holder.onSwap(() => {
      server.get(holder.engine);
      atSwap.push(server.status(holder.engine));
    });
    expect(moveVectorCache(vectorCacheDir(dir), vectorCacheDir(indexDir))).toBe(true);
    holder.swap(engine);
    expect(atSwap).toEqual([{ status: 'ready', units: 6 }]);
    expect(server.get(holder.engine)?.ids).toHaveLength(6);
    expect(emb.requests.length).toBe(before + 1);
    expect(logs.at(-1)?.obj).toMatchObject({ semantic: { event: 'vectors_ready', units: 6, computed: 0, fromCache: true } });
    // The cache holds the new index's file alone; the staging directory's vectors are gone.
    expect(cacheKeys(vectorCacheDir(indexDir))).toEqual([cacheKeys(vectorCacheDir(indexDir))[0]]);
    expect(cacheKeys(vectorCacheDir(indexDir))).not.toEqual(liveKeys);
    expect(fs.existsSync(vectorCacheDir(dir))).toBe(false);
    live = engine;
  });

  it('a model that fails, is unreachable or too slow leaves the index without prepared vectors, and says why', async () => {
    const edited: SyntheticFiche[] = SYNTHETIC_FICHES.map((f) => (f[0] === 'F5' ? [f[0], f[1], 'Divorce sans juge devant notaire.', f[3]] : f));

    emb.setScript({ kind: 'status', status: 503 });
    const failing = await stage(edited);
    expect(await prepareVectors(failing.engine, job(), { indexDir, stagingDir: failing.dir })).toEqual({
      prepared: false,
      reason: 'Le service de vecteurs a répondu HTTP 503.',
      ms: expect.any(Number) as unknown,
    });
    expect(fs.existsSync(vectorCacheDir(failing.dir))).toBe(false);

    const unreachable = await stage(edited);
    const closed = await prepareVectors(unreachable.engine, job({ settings: { baseUrl: 'http://127.0.0.1:9/v1', model: 'bge-m3' } }), { indexDir, stagingDir: unreachable.dir });
    expect(closed).toMatchObject({ prepared: false, reason: expect.stringMatching(/^Le service de vecteurs est injoignable/) as unknown });

    emb.setScript({ kind: 'stall' });
    const slow = await stage(edited);
    const started = performance.now();
    expect(await prepareVectors(slow.engine, job({ budgetMs: 200 }), { indexDir, stagingDir: slow.dir })).toMatchObject({ prepared: false, reason: 'Calcul des vecteurs arrêté au bout de 0 s.' });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(fs.existsSync(vectorCacheDir(slow.dir))).toBe(false);
  });
});
