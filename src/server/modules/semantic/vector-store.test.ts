import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../corpus/engine';
import { createEngineHolder } from '../../../corpus/engine-holder';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { buildSyntheticIndex, SYNTHETIC_FICHES, type SyntheticFiche } from '../../../../test/support/synthetic-index';
import type { EmbeddingsSettings } from './embeddings-client';
import { embeddingUnits, UNIT_CHARS, VectorStore, type VectorStoreOptions } from './vector-store';

let tmp: string;
let engine: SearchEngine;
let emb: FakeEmbeddings;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-vector-store-'));
  engine = await buildSyntheticIndex(path.join(tmp, 'index'), '2026-01-01');
  emb = await startFakeEmbeddings();
});

afterEach(() => {
  emb.setScript({ kind: 'vectors' });
  logs.length = 0;
});

afterAll(async () => {
  await emb.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const SETTINGS = (model = 'bge-m3'): EmbeddingsSettings => ({ baseUrl: emb.baseUrl, model, inputTypes: true });

function storeFor(cacheDir: string, extra: Partial<VectorStoreOptions> = {}): VectorStore {
  return new VectorStore({ endpoint: () => SETTINGS(), batchSize: 4, batchTimeoutMs: 5000, cacheDir, retryMs: 60_000, log, ...extra });
}

const sinceCount = (before: number): number[] => emb.requests.slice(before).map((r) => r.inputs.length);

describe('embedding units', () => {
  it('a fiche is read by its title and its summary, cut at a word within UNIT_CHARS', () => {
    const fiche = engine.getFiche('F1');
    expect(fiche && embeddingUnits(fiche)).toEqual(['Restitution du dépôt de garantie\nDélai pour rendre le dépôt de garantie au locataire.']);
    expect(embeddingUnits({ title: ' Titre seul ', description: '' })).toEqual(['Titre seul']);
    const [long] = embeddingUnits({ title: 'Titre', description: 'mot '.repeat(600) });
    expect(long?.length).toBeLessThanOrEqual(UNIT_CHARS);
    expect(long?.length).toBeGreaterThan(UNIT_CHARS * 0.8);
    // Cut between two words, never inside one.
    expect(long?.endsWith('mot')).toBe(true);
  });

  it('the cache key follows the unit texts and the model, not the index build', () => {
    const store = storeFor(path.join(tmp, 'unused.vectors'));
    const units = { owners: ['F1', 'F2'], texts: ['Dépôt de garantie', 'Préavis'] };
    const key = store.key(units, 'bge-m3');
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(store.key({ owners: ['F1', 'F2'], texts: ['Dépôt de garantie', 'Préavis'] }, 'bge-m3')).toBe(key);
    expect(store.key(units, 'mistral-embed')).not.toBe(key);
    expect(store.key({ owners: ['F1', 'F2'], texts: ['Dépôt de garantie', 'Préavis du locataire'] }, 'bge-m3')).not.toBe(key);
    // The same texts owned by other fiches are other units.
    expect(store.key({ owners: ['F2', 'F1'], texts: ['Dépôt de garantie', 'Préavis'] }, 'bge-m3')).not.toBe(key);
  });
});

describe('corpus vectors', () => {
  it('are computed once in batches of passages, saved beside the index, read back by the next start', async () => {
    const cacheDir = path.join(tmp, 'index.vectors');
    const before = emb.requests.length;
    const progress: [number, number][] = [];
    const first = storeFor(cacheDir, { onProgress: (done, total) => progress.push([done, total]) });
    expect(first.status(engine)).toEqual({ status: 'none' });
    expect(first.get(engine)).toBeUndefined();
    expect(first.status(engine)).toEqual({ status: 'computing', done: 0, total: 6 });
    const m = await first.whenReady(engine);
    // 6 fiches, one unit each, in batches of 4, sent as passages.
    expect(sinceCount(before)).toEqual([4, 2]);
    expect(emb.requests.slice(before).map((r) => r.inputType)).toEqual(['passage', 'passage']);
    expect(progress).toEqual([
      [4, 6],
      [6, 6],
    ]);
    expect([...(m?.ids ?? [])].sort()).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(first.get(engine)).toBe(m);
    expect(first.status(engine)).toEqual({ status: 'ready', units: 6 });
    expect(fs.readdirSync(cacheDir)).toEqual([expect.stringMatching(/^[0-9a-f]{24}\.bin$/) as unknown]);
    expect(logs).toEqual([
      {
        msg: 'modèle de sens\u202f: vecteurs du corpus prêts',
        obj: { semantic: { event: 'vectors_ready', units: 6, computed: 6, dims: 256, fromCache: false, ms: expect.any(Number) as unknown } },
      },
    ]);

    // A restart: read from the cache, nothing asked of the model.
    const again = storeFor(cacheDir);
    const cached = await again.whenReady(engine);
    expect(emb.requests.length).toBe(before + 2);
    expect([...(cached?.data ?? [])]).toEqual([...(m?.data ?? [])]);
    expect(cached?.ids).toEqual(m?.ids);
    expect(logs.at(-1)?.obj).toMatchObject({ semantic: { event: 'vectors_ready', fromCache: true, computed: 0 } });
    // Read in the call itself: ready at once, not after a tick.
    const readAtOnce = storeFor(cacheDir);
    expect(readAtOnce.get(engine)?.ids).toEqual(m?.ids);

    // The index built again from the same fiches (a restart after `npm run build:index`): same texts, same vectors.
    const rebuilt = await buildSyntheticIndex(path.join(tmp, 'rebuilt'), '2026-02-01');
    expect(await storeFor(cacheDir).whenReady(rebuilt)).toBeDefined();
    expect(emb.requests.length).toBe(before + 2);

    // A corpus update changed one fiche's summary: only that unit is computed, the others are reused.
    const changed: SyntheticFiche[] = SYNTHETIC_FICHES.map((f) => (f[0] === 'F2' ? [f[0], f[1], 'Préavis de départ du locataire.', f[3]] : f));
    const updated = await buildSyntheticIndex(path.join(tmp, 'updated'), '2026-03-01', changed);
    const progressAfterUpdate: [number, number][] = [];
    const next = await storeFor(cacheDir, { onProgress: (done, total) => progressAfterUpdate.push([done, total]) }).whenReady(updated);
    expect(emb.requests.slice(before + 2).map((r) => r.inputs)).toEqual([['Préavis du locataire\nPréavis de départ du locataire.']]);
    expect(progressAfterUpdate).toEqual([[6, 6]]);
    const row = (matrix: typeof m, id: string): number[] => {
      const r = matrix?.ids.indexOf(id) ?? -1;
      const dims = matrix?.dims ?? 0;
      return [...(matrix?.data.slice(r * dims, (r + 1) * dims) ?? [])];
    };
    // The reused rows are the saved ones (normalised once more: equal within float precision).
    const gap = (a: number[], b: number[]): number => Math.max(...a.map((x, i) => Math.abs(x - (b[i] ?? NaN))));
    for (const id of ['F1', 'F3', 'F4', 'F5', 'F6']) expect(gap(row(next, id), row(m, id))).toBeLessThan(1e-6);
    expect(gap(row(next, 'F2'), row(m, 'F2'))).toBeGreaterThan(0.01);
    expect(fs.readdirSync(cacheDir)).toHaveLength(1);

    // Another model: every unit computed again (no row of another model reused); its file replaces the other's.
    const other = storeFor(cacheDir, { endpoint: () => SETTINGS('mistral-embed'), batchSize: 10 });
    await other.whenReady(engine);
    expect(sinceCount(before + 3)).toEqual([6]);
    expect(emb.requests.at(-1)?.model).toBe('mistral-embed');
    expect(fs.readdirSync(cacheDir)).toHaveLength(1);
  });

  it('after a failure, resume after the retry delay with the units still missing', async () => {
    let clock = 1_000_000;
    const cacheDir = path.join(tmp, 'retry.vectors');
    const before = emb.requests.length;
    emb.setScript((_r, i) => (i === before + 1 ? { kind: 'status', status: 503 } : { kind: 'vectors' }));
    const v = storeFor(cacheDir, { now: () => clock });
    expect(await v.whenReady(engine)).toBeUndefined();
    expect(v.status(engine)).toEqual({ status: 'failed', reason: 'Le service de vecteurs a répondu HTTP 503.' });
    expect(logs.at(-1)).toEqual({
      msg: 'modèle de sens\u202f: calcul des vecteurs interrompu, recherche lexicale seule en attendant',
      obj: { semantic: { event: 'vectors_failed', reason: 'Le service de vecteurs a répondu HTTP 503.', computed: 4, retryInSeconds: 60 } },
    });
    // Within the delay: not asked again.
    expect(v.get(engine)).toBeUndefined();
    expect(emb.requests.length).toBe(before + 2);
    clock += 60_000;
    expect(v.get(engine)).toBeUndefined();
    expect(v.status(engine)).toEqual({ status: 'computing', done: 4, total: 6 });
    expect(await v.whenReady(engine)).toBeDefined();
    // Only the two units that were missing.
    expect(sinceCount(before + 2)).toEqual([2]);
  });

  it('a model that is down, stops between two batches or changes its vectors’ length gives no vectors, and says why', async () => {
    const down = storeFor(path.join(tmp, 'down.vectors'), { endpoint: () => undefined });
    expect(await down.whenReady(engine)).toBeUndefined();
    expect(down.status(engine)).toEqual({ status: 'failed', reason: "Le modèle de sens n'est pas démarré." });

    // The local process stops after the first batch (it restarts on another port: undefined meanwhile).
    let calls = 0;
    const before = emb.requests.length;
    const stopped = storeFor(path.join(tmp, 'stopped.vectors'), { endpoint: () => (++calls <= 2 ? SETTINGS() : undefined) });
    expect(await stopped.whenReady(engine)).toBeUndefined();
    expect(stopped.status(engine)).toEqual({ status: 'failed', reason: "Le modèle de sens s'est arrêté." });
    expect(sinceCount(before)).toEqual([4]);

    emb.setScript((_r, i) => ({ kind: 'vectors', dims: i === before + 2 ? 256 : 64 }));
    const resized = storeFor(path.join(tmp, 'resized.vectors'));
    expect(await resized.whenReady(engine)).toBeUndefined();
    expect(resized.status(engine)).toEqual({ status: 'failed', reason: 'Le service de vecteurs a changé de dimensions.' });
  });

  it('are still used when the cache cannot be written', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'x');
    const v = storeFor(path.join(file, 'vectors'));
    expect(await v.whenReady(engine)).toBeDefined();
    expect(logs.map((l) => l.msg)).toEqual(['modèle de sens\u202f: vecteurs non enregistrés (dossier en lecture seule\u202f?)', 'modèle de sens\u202f: vecteurs du corpus prêts']);
  });

  it('a passage far longer than the model’s window is cut before it is sent', async () => {
    const sentence = 'Le locataire doit payer le loyer et les charges à la date prévue par le bail. ';
    const long = sentence.repeat(Math.ceil(20_000 / sentence.length));
    const fiches: SyntheticFiche[] = [...SYNTHETIC_FICHES, ['F7', 'Paiement du loyer', long, [['Date', 'Le loyer se paie chaque mois.']]]];
    const big = await buildSyntheticIndex(path.join(tmp, 'long'), '2026-01-01', fiches);
    expect(big.getFiche('F7')?.description.length).toBeGreaterThan(19_000);
    const before = emb.requests.length;
    const v = storeFor(path.join(tmp, 'long.vectors'), { batchSize: 1 });
    expect((await v.whenReady(big))?.ids).toHaveLength(7);
    const sent = emb.requests.slice(before);
    expect(sent).toHaveLength(7);
    const f7 = sent.find((r) => r.inputs[0]?.startsWith('Paiement du loyer'));
    expect(f7?.inputs[0]?.length).toBeLessThanOrEqual(UNIT_CHARS);
    expect(`Paiement du loyer\n${long}`.startsWith(f7?.inputs[0] ?? '-')).toBe(true);
    // Every request body stays small: one unit of at most UNIT_CHARS characters (2 bytes each at most in
    // UTF-8 for French text), the model's name and the JSON around them.
    for (const r of sent) expect(r.bytes).toBeLessThan(UNIT_CHARS * 2 + 200);
  });

  it('a computation for an index swapped out meanwhile stops; the new index gets its own vectors', async () => {
    // Its own indexes: the swap closes the engine it replaces.
    const holder = createEngineHolder(await buildSyntheticIndex(path.join(tmp, 'swap-first'), '2026-01-01'));
    const next = await buildSyntheticIndex(path.join(tmp, 'swap-next'), '2026-03-01', SYNTHETIC_FICHES.slice(0, 4));
    const cacheDir = path.join(tmp, 'swap.vectors');
    const before = emb.requests.length;
    // The first batch is answered after the swap.
    emb.setScript({ kind: 'vectors', delayMs: 300 });
    const v = storeFor(cacheDir, { batchSize: 2 });
    const first = v.whenReady(holder.engine);
    await new Promise((r) => setTimeout(r, 100));
    holder.swap(next);
    expect(await first).toBeUndefined();
    // Stopped after the batch in flight, nothing saved, no failure reported.
    expect(sinceCount(before)).toEqual([2]);
    expect(fs.existsSync(cacheDir)).toBe(false);
    expect(logs.filter((l) => l.msg.includes('interrompu'))).toEqual([]);
    expect(v.status(holder.engine)).toEqual({ status: 'none' });
    emb.setScript({ kind: 'vectors' });
    const m = await v.whenReady(holder.engine);
    expect([...(m?.ids ?? [])].sort()).toEqual(['F1', 'F2', 'F3', 'F4']);
  });

  it('close() ends a computation without reporting a failure', async () => {
    emb.setScript({ kind: 'stall' });
    const v = storeFor(path.join(tmp, 'closed.vectors'));
    const pending = v.whenReady(engine);
    await new Promise((r) => setTimeout(r, 50));
    v.close();
    expect(await pending).toBeUndefined();
    expect(v.status(engine)).toEqual({ status: 'none' });
    expect(logs).toEqual([]);
  });
});
