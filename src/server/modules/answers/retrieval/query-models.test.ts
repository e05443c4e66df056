import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { createEngineHolder } from '../../../../corpus/engine-holder';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../../test/support/fake-embeddings';
import { startFakeLlm, type FakeLlm } from '../../../../../test/support/fake-llm';
import { buildSyntheticIndex } from '../../../../../test/support/synthetic-index';
import { denseWeight, fuseWithDense } from '../../semantic/fusion';
import { DENSE_CANDIDATES, queryText, Semantic } from '../../semantic/semantic';
import { NOT_LEGAL } from '../llm/query-rewrite';
import { createQueryModels, retrieveWithModels, SCOPE, type RetrievalModelName, type RetrievalModelOutcome } from './query-models';
import { retrieveSources } from './retrieve';

let tmp: string;
let engine: SearchEngine;
let emb: FakeEmbeddings;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-query-models-'));
  engine = await buildSyntheticIndex(path.join(tmp, 'index'), '2026-01-01');
  emb = await startFakeEmbeddings();
});

afterEach(() => emb.setScript({ kind: 'vectors' }));

afterAll(async () => {
  await emb.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The model of meaning on the fake embeddings server (deterministic bags of words). */
function fakeSemantic(name: string, queryTimeoutMs = 1500): Semantic {
  return new Semantic({ remote: { baseUrl: emb.baseUrl, model: 'bge-m3' }, queryTimeoutMs, batchSize: 10, cacheDir: path.join(tmp, `${name}.vectors`), log: quiet });
}

function recorder(): { calls: [RetrievalModelName, RetrievalModelOutcome][]; fn: (m: RetrievalModelName, o: RetrievalModelOutcome) => void } {
  const calls: [RetrievalModelName, RetrievalModelOutcome][] = [];
  return { calls, fn: (m, o) => calls.push([m, o]) };
}

describe('retrieval with the models', () => {
  it('uses the helped ranking when it finds sources, the lexical one otherwise', () => {
    const q = 'Le bailleur ne rend pas le dépôt de garantie';
    const plain = retrieveSources(engine, q);
    expect(plain.sources[0]?.id).toBe('F1');
    expect(retrieveWithModels(engine, q, undefined)).toEqual(plain);
    expect(retrieveWithModels(engine, q, {})).toEqual(plain);
    // A re-ranking that leaves nothing in scope: the lexical retrieval decides.
    expect(retrieveWithModels(engine, q, { rerank: () => [] })).toEqual(plain);
    const rerank = (lexical: Parameters<typeof fuseWithDense>[1]): ReturnType<typeof fuseWithDense> => fuseWithDense(engine, lexical, ['F2', 'F1'], 1);
    const helped = retrieveWithModels(engine, q, { rerank });
    expect(helped.outOfScope).toBe(false);
    expect(helped).toEqual(retrieveSources(engine, q, { models: { rerank } }));
  });

  it('applies the model’s off-topic verdict only to a question without a legal signal, in the lexical fallback too', () => {
    // A legal notion (« dépôt de garantie ») is a legal signal: the verdict does not refuse the question.
    const legal = 'Le bailleur ne rend pas le dépôt de garantie';
    expect(retrieveWithModels(engine, legal, { offTopic: true })).toEqual(retrieveSources(engine, legal));
    // A theme's word (« locataire ») and no legal signal: the lexical search alone would answer it.
    const plain = 'durée du préavis quand le locataire quitte le logement';
    expect(retrieveSources(engine, plain).outOfScope).toBe(false);
    expect(retrieveWithModels(engine, plain, { offTopic: true }).outOfScope).toBe(true);
    // A helped search that finds nothing falls back to the lexical one, where the verdict still holds.
    expect(retrieveWithModels(engine, plain, { offTopic: true, rerank: () => [] }).outOfScope).toBe(true);
    expect(retrieveWithModels(engine, plain, { rerank: () => [] }).outOfScope).toBe(false);
  });

  it('the model of meaning finding no fiche near the question (farFromCorpus) refuses it only without a legal signal', () => {
    const legal = 'Le bailleur ne rend pas le dépôt de garantie';
    expect(retrieveWithModels(engine, legal, { farFromCorpus: true })).toEqual(retrieveSources(engine, legal));
    const plain = 'durée du préavis quand le locataire quitte le logement';
    expect(retrieveSources(engine, plain).outOfScope).toBe(false);
    expect(retrieveWithModels(engine, plain, { farFromCorpus: true }).outOfScope).toBe(true);
    expect(retrieveWithModels(engine, plain, { farFromCorpus: true, rerank: () => [] }).outOfScope).toBe(true);
  });

  it('the model of meaning’s scope verdict (nearCorpus) keeps a question the lexical scope alone would refuse', () => {
    // A weak match (score about 6) and no legal signal: refused by the lexical rules alone.
    const weak = 'les conditions du travail';
    expect(retrieveSources(engine, weak)).toEqual({ sources: [], outOfScope: true });
    const kept = retrieveWithModels(engine, weak, { nearCorpus: true });
    expect(kept.outOfScope).toBe(false);
    expect(kept.sources.map((s) => s.id)).toEqual(['F6']);
    // A re-ranking that finds nothing in scope: the lexical fallback keeps the verdict too.
    expect(retrieveWithModels(engine, weak, { nearCorpus: true, rerank: () => [] })).toEqual(kept);
    // Without the verdict, the language model's off-topic verdict still refuses a question with no legal signal.
    expect(retrieveWithModels(engine, 'durée du préavis quand le locataire quitte le logement', { offTopic: true }).outOfScope).toBe(true);
  });
});

describe('query models for a question', () => {
  it('none configured: no provider', () => {
    expect(createQueryModels({})).toBeUndefined();
  });

  it('dense: the question’s vector re-ranks the lexical results; not ready, errors and time-outs fall back', async () => {
    const r = recorder();
    const semantic = fakeSemantic('dense');
    const models = createQueryModels({ semantic, record: r.fn });
    const question = 'Mon chef me fait subir des brimades et des humiliations au travail';
    // The first question starts the corpus's vectors: lexical ranking alone meanwhile.
    expect(await models?.forQuestion(engine, question)).toEqual({});
    const matrix = await semantic.vectors.whenReady(engine);
    const before = emb.requests.length;
    const used = await models?.forQuestion(engine, question);
    expect(emb.requests.slice(before).map((q) => q.inputs)).toEqual([[queryText(question)]]);
    const dense = matrix?.topK(Float32Array.from(fakeVector(queryText(question))), DENSE_CANDIDATES).map((s) => s.id) ?? [];
    expect(dense[0]).toBe('F6');
    const lex = engine.search(question, 8, { withPassages: true });
    expect(used?.rerank?.(lex)).toEqual(fuseWithDense(engine, lex, dense, denseWeight(question)));
    // Far from every fiche's words: no scope verdict (nor is it asked for).
    expect(used?.nearCorpus).toBeUndefined();

    // A service that never answers: the question's time limit ends the wait.
    emb.setScript({ kind: 'stall' });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    emb.setScript({ kind: 'status', status: 429 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    emb.setScript({ kind: 'vectors', dims: 64 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    expect(r.calls).toEqual([
      ['dense', 'not_ready'],
      ['dense', 'used'],
      ['dense', 'timeout'],
      ['dense', 'error'],
      ['dense', 'error'],
    ]);
    models?.close();
    await semantic.close();
  });

  it('nearCorpus and farFromCorpus: by the best similarity against SCOPE, only when the model’s scale is known', async () => {
    const semantic = fakeSemantic('scope');
    const matrix = await semantic.vectors.whenReady(engine);
    // The fiche's own words: as close as the fake model can be.
    const near = 'Restitution du dépôt de garantie : délai pour rendre le dépôt de garantie au locataire';
    const far = 'Mon chef me fait subir des brimades et des humiliations au travail';
    const best = (q: string): number => matrix?.topK(Float32Array.from(fakeVector(queryText(q))), 1)[0]?.score ?? 0;
    expect(best(near)).toBeGreaterThanOrEqual(SCOPE.minSimilarity);
    expect(best(far)).toBeLessThan(SCOPE.minSimilarity);

    const known = createQueryModels({ semantic, scopeVerdict: true });
    expect((await known?.forQuestion(engine, near))?.nearCorpus).toBe(true);
    expect((await known?.forQuestion(engine, far))?.nearCorpus).toBeUndefined();
    // farFromCorpus: below SCOPE.farSimilarity, for a question of SCOPE.farMinWords words or more.
    const unrelated = 'Quelle recette de gâteau au chocolat pour dimanche prochain';
    const short = 'gâteau chocolat';
    expect(best(unrelated)).toBeLessThan(SCOPE.farSimilarity);
    expect(best(short)).toBeLessThan(SCOPE.farSimilarity);
    expect((await known?.forQuestion(engine, unrelated))?.farFromCorpus).toBe(true);
    expect((await known?.forQuestion(engine, short))?.farFromCorpus).toBeUndefined();
    expect((await known?.forQuestion(engine, near))?.farFromCorpus).toBeUndefined();
    // An operator's model: its similarities have another scale, no verdict.
    const unknown = createQueryModels({ semantic });
    const got = await unknown?.forQuestion(engine, near);
    expect(got?.rerank).toBeDefined();
    expect(got?.nearCorpus).toBeUndefined();
    expect((await unknown?.forQuestion(engine, 'Quelle recette de gâteau au chocolat pour dimanche prochain'))?.farFromCorpus).toBeUndefined();
    await semantic.close();
  });

  it('the index swapped in gets its own vectors', async () => {
    const semantic = fakeSemantic('swap', 2000);
    const models = createQueryModels({ semantic });
    // Its own first index: the swap closes the engine it replaces, which the other tests still use.
    const holder = createEngineHolder(await buildSyntheticIndex(path.join(tmp, 'swap-first'), '2026-01-01'));
    await semantic.vectors.whenReady(holder.engine);
    expect((await models?.forQuestion(holder.engine, 'dépôt de garantie'))?.rerank).toBeDefined();
    holder.swap(await buildSyntheticIndex(path.join(tmp, 'swapped'), '2026-03-01', [['F9', 'Dépôt de garantie', 'Restitution au locataire.', [['Délai', 'Un mois.']]]]));
    expect(await models?.forQuestion(holder.engine, 'dépôt de garantie')).toEqual({});
    expect(semantic.vectors.status(holder.engine)).toMatchObject({ status: 'computing' });
    const m = await semantic.vectors.whenReady(holder.engine);
    expect(m?.ids).toEqual(['F9']);
    const fused = (await models?.forQuestion(holder.engine, 'dépôt de garantie'))?.rerank?.(holder.engine.search('dépôt de garantie', 8));
    expect(fused?.map((x) => x.id)).toEqual(['F9']);
    models?.close();
    await semantic.close();
  });
});

describe('question rewrite in the query models', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'answer', text: 'bailleur dépôt de garantie restitution' });
  });
  afterAll(async () => llm?.close());

  it('adds legal terms to the search; not legal, errors and time-outs give none', async () => {
    const r = recorder();
    const models = createQueryModels({ rewrite: { baseUrl: llm.baseUrl, model: 'modele-de-test', apiKey: 'sk-test', timeoutMs: 1500 }, record: r.fn });
    const question = 'Mon proprio garde ma caution depuis deux mois';
    expect(await models?.forQuestion(engine, question)).toEqual({ searchTerms: 'bailleur dépôt de garantie restitution' });
    const req = llm.requests.at(-1);
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    const body = req?.body as { model: string; temperature: number; messages: { role: string; content: string }[] };
    expect(body.model).toBe('modele-de-test');
    expect(body.temperature).toBe(0);
    expect(body.messages[1]).toEqual({ role: 'user', content: question });
    llm.setScript({ kind: 'answer', text: NOT_LEGAL });
    expect(await models?.forQuestion(engine, 'la recette de la tarte aux pommes')).toEqual({ offTopic: true });
    llm.setScript({ kind: 'stall', headers: false });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    llm.setScript({ kind: 'status', status: 500 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    expect(r.calls).toEqual([
      ['rewrite', 'used'],
      ['rewrite', 'off_topic'],
      ['rewrite', 'timeout'],
      ['rewrite', 'error'],
    ]);
    models?.close();
  });

  it('both models for one question: the rewrite’s terms and the dense re-ranking together', async () => {
    llm.setScript({ kind: 'answer', text: 'harcèlement moral travail' });
    const semantic = fakeSemantic('both', 2000);
    await semantic.vectors.whenReady(engine);
    const r = recorder();
    const models = createQueryModels({ semantic, rewrite: { baseUrl: llm.baseUrl, model: 'modele-de-test', timeoutMs: 2000 }, record: r.fn });
    const got = await models?.forQuestion(engine, 'Mon chef me crie dessus tous les jours');
    expect(got?.searchTerms).toBe('harcèlement moral travail');
    expect(got?.rerank).toBeDefined();
    expect([...r.calls].sort()).toEqual([
      ['dense', 'used'],
      ['rewrite', 'used'],
    ]);
    models?.close();
    await semantic.close();
  });
});
