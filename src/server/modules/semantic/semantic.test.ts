import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../corpus/engine';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { buildSyntheticIndex } from '../../../../test/support/synthetic-index';
import { DENSE_CANDIDATES, LOCAL_MODEL, QUESTION_CHARS, queryText, Semantic, type SemanticOptions } from './semantic';

let tmp: string;
let engine: SearchEngine;
let emb: FakeEmbeddings;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-semantic-'));
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

function remote(cacheDir: string, extra: Partial<SemanticOptions> = {}): Semantic {
  return new Semantic({ remote: { baseUrl: emb.baseUrl, model: 'bge-m3', inputTypes: true }, queryTimeoutMs: 1500, batchSize: 4, cacheDir, log, ...extra });
}

describe('what the model reads of a question', () => {
  it('the question, then the legal phrasings of the lay words it uses (the lexicon)', () => {
    expect(queryText('mon proprio garde ma caution')).toBe('mon proprio garde ma caution\ndépôt de garantie, propriétaire, bailleur');
    // Nothing the lexicon knows: the question alone.
    expect(queryText('Quelle est la durée du préavis du locataire ?')).toBe('Quelle est la durée du préavis du locataire ?');
  });

  it('bounded: at most QUESTION_CHARS characters of the question, whatever its length', () => {
    const long = `${'Je voudrais savoir ce que dit la loi sur mon logement. '.repeat(100)} mon proprio garde ma caution`;
    expect(long.length).toBeGreaterThan(QUESTION_CHARS * 2);
    const text = queryText(long);
    expect(text.startsWith(long.slice(0, QUESTION_CHARS))).toBe(true);
    // The lay words past the bound are not read either: no phrasing added.
    expect(text).toBe(long.slice(0, QUESTION_CHARS));
  });
});

describe('the model of meaning with an operator’s endpoint', () => {
  it('reports building with progress, then ready; ranks a question by the vectors of the corpus', async () => {
    const semantic = remote(path.join(tmp, 'ready.vectors'));
    expect(semantic.process).toBeUndefined();
    expect(semantic.endpoint()).toEqual({ baseUrl: emb.baseUrl, model: 'bge-m3', inputTypes: true });
    await semantic.start();
    expect(semantic.state(engine)).toEqual({ state: 'building', done: 0, total: 0 });
    // The first question finds no vectors: it starts their computation and gets no dense ranking.
    const question = 'Mon chef me fait subir des brimades et des humiliations au travail';
    expect(await semantic.rank(engine, question)).toEqual({ outcome: 'not_ready', fiches: [] });
    expect(semantic.state(engine)).toEqual({ state: 'building', done: 0, total: 6 });
    const matrix = await semantic.vectors.whenReady(engine);
    expect(semantic.state(engine)).toEqual({ state: 'ready' });

    const before = emb.requests.length;
    const ranking = await semantic.rank(engine, question);
    expect(emb.requests.slice(before).map((r) => [r.inputs, r.inputType])).toEqual([[[queryText(question)], 'query']]);
    expect(ranking.outcome).toBe('used');
    expect(ranking.fiches).toEqual(matrix?.topK(Float32Array.from(fakeVector(queryText(question))), DENSE_CANDIDATES));
    expect(ranking.fiches[0]?.id).toBe('F6');
    expect(ranking.fiches).toHaveLength(6);
    expect((await semantic.rank(engine, question, 2)).fiches).toEqual(ranking.fiches.slice(0, 2));
    await semantic.close();
  });

  it('a time-out, an HTTP error or vectors of another length give no ranking, and say which', async () => {
    const semantic = remote(path.join(tmp, 'errors.vectors'));
    await semantic.vectors.whenReady(engine);
    const question = 'dépôt de garantie';
    emb.setScript({ kind: 'stall' });
    const started = Date.now();
    expect(await semantic.rank(engine, question)).toEqual({ outcome: 'timeout', fiches: [] });
    // The question's time limit (1.5 s) ended the wait.
    expect(Date.now() - started).toBeLessThan(6000);
    emb.setScript({ kind: 'status', status: 429 });
    expect(await semantic.rank(engine, question)).toEqual({ outcome: 'error', fiches: [] });
    emb.setScript({ kind: 'vectors', dims: 64 });
    expect(await semantic.rank(engine, question)).toEqual({ outcome: 'error', fiches: [] });
    // A question of no word the fake model reads has no direction: nothing close, no fiche.
    emb.setScript({ kind: 'raw', body: JSON.stringify({ data: [{ index: 0, embedding: new Array<number>(256).fill(0) }] }) });
    expect(await semantic.rank(engine, question)).toEqual({ outcome: 'empty', fiches: [] });
    await semantic.close();
  });

  it('vectors that cannot be computed: off with the reason, in French', async () => {
    emb.setScript({ kind: 'status', status: 401 });
    const semantic = remote(path.join(tmp, 'failed.vectors'));
    await semantic.vectors.whenReady(engine);
    expect(semantic.state(engine)).toEqual({ state: 'off', reason: 'vecteurs du corpus indisponibles\u202f: Le service de vecteurs a répondu HTTP 401.' });
    await semantic.close();
  });

  it('close() stops a question waiting for the model', async () => {
    const semantic = remote(path.join(tmp, 'close.vectors'), { queryTimeoutMs: 10_000 });
    await semantic.vectors.whenReady(engine);
    emb.setScript({ kind: 'stall' });
    const pending = semantic.rank(engine, 'dépôt de garantie');
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await semantic.close();
    expect(await pending).toEqual({ outcome: 'error', fiches: [] });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('the local model, not installed', () => {
  it('is off with a French reason that says how to install it; questions get no dense ranking', async () => {
    const python = path.join(tmp, 'no-venv', 'bin', 'python');
    const semantic = new Semantic({ local: { python, script: 'scripts/semantic/serve.py' }, queryTimeoutMs: 300, batchSize: 4, cacheDir: path.join(tmp, 'local.vectors'), log });
    expect(semantic.process).toBeDefined();
    await semantic.start();
    const reason = `modèle non installé (${python} absent\u202f: lancez scripts/semantic/install-model.sh)`;
    expect(semantic.state(engine)).toEqual({ state: 'off', reason });
    expect(semantic.endpoint()).toBeUndefined();
    expect(await semantic.rank(engine, 'dépôt de garantie')).toEqual({ outcome: 'not_ready', fiches: [] });
    expect(logs).toEqual([{ msg: `modèle de sens indisponible (${reason})\u202f: recherche lexicale seule`, obj: { semantic: { event: 'model_off', reason } } }]);
    // Started once: a second start() says nothing more.
    await semantic.start();
    expect(logs).toHaveLength(1);
    await semantic.close();
    expect(LOCAL_MODEL).toBe('multilingual-e5-small-q4');
  });
});
