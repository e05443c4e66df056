import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema } from '../../../common/api/answers';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../../../../test/support/fake-llm';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { healthResponseSchema } from '../../../common/api/health';
import { searchResponseSchema } from '../../../common/api/search';
import { RETRIEVAL, retrieveSources } from '../answers/retrieval/retrieve';
import { NOT_LEGAL } from '../answers/llm/query-rewrite';
import { denseWeight, fuseWithDense } from './fusion';
import { DENSE_CANDIDATES, queryText } from './semantic';

/**
 * The model of meaning and the question rewrite in the app, against local servers speaking the real
 * protocols: an operator's embeddings endpoint (EMBEDDINGS_BASE_URL, which replaces the local model) with
 * deterministic vectors, and a chat-completions server that answers the rewrite request (and fails the
 * composition, so answers stay extractive and comparable). The local model itself: model-process.api.test.ts
 * and semantic-local-model.api.test.ts.
 */

const DEPOSIT = "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";
const DEPOSIT_TERMS = 'bailleur restitution dépôt de garantie locataire';
const QUESTION = 'Mon chef me rabaisse et me crie dessus devant les collègues tous les jours, que puis-je faire ?';
const TERMS = 'harcèlement moral travail salarié';

/** Taken by the lexical search (a word of the corpus, no legal signal) though it is no legal question. */
const OFF_TOPIC = 'quelle heure est-il';
/** A question with a legal signal of its own (« droit ») that a model might still call off-topic. */
const LEGAL_SIGNAL = 'Mon voisin a-t-il le droit de tondre sa pelouse le dimanche ?';

/** The fake model's rewrite of each question: off-topic for the two above, terms for the others. */
const rewriteOf = (r: FakeLlmRequest): string => {
  const body = JSON.stringify(r.body);
  if (body.includes(OFF_TOPIC) || body.includes(LEGAL_SIGNAL)) return NOT_LEGAL;
  return body.includes('dépôt de garantie') ? DEPOSIT_TERMS : TERMS;
};

const isRewrite = (r: FakeLlmRequest): boolean =>
  JSON.stringify((r.body as { messages?: unknown } | undefined)?.messages ?? '').includes('moteur de recherche');

let tmp: string;
let emb: FakeEmbeddings;
let llm: FakeLlm;
let t: TestApp;
let seq = 0;

async function ask(question: string): Promise<{ ids: string[]; mode: string }> {
  seq += 1;
  const { b } = await signedInUser(t.app, `dense${seq}@exemple.fr`);
  const res = await b.post('/api/answers', { question });
  expect(res.statusCode).toBe(200);
  const body = answerResponseSchema.parse(res.json());
  return { ids: body.answer.sources.map((s) => s.id), mode: body.answer.mode };
}

/** An answer lists the retrieved sources its sentences cite, in retrieval's order. */
function expectCitedFrom(got: string[], retrieved: string[]): void {
  expect(got.length).toBeGreaterThan(0);
  const positions = got.map((id) => retrieved.indexOf(id));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

async function metrics(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  return res.body.split('\n');
}

async function counters(): Promise<string[]> {
  return (await metrics()).filter((l) => l.startsWith('questionlegale_retrieval_models_total{') && !l.endsWith(' 0'));
}

/** The fake model's dense ranking of a question (what the model reads of it: queryText). */
async function denseIds(question: string): Promise<string[]> {
  const matrix = await t.app.semantic?.vectors.whenReady(t.app.searchEngine);
  return matrix?.topK(Float32Array.from(fakeVector(queryText(question))), DENSE_CANDIDATES).map((s) => s.id) ?? [];
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-models-api-'));
  emb = await startFakeEmbeddings();
  llm = await startFakeLlm((r) => (isRewrite(r) ? { kind: 'answer', text: rewriteOf(r) } : { kind: 'status', status: 500 }));
  t = await createTestApp('pglite', {
    ...AUTH_TEST_ENV,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    // The shared test index is passed as the engine; INDEX_DIR only places the cached vectors.
    INDEX_DIR: path.join(tmp, 'index'),
    EMBEDDINGS_BASE_URL: emb.baseUrl,
    EMBEDDINGS_MODEL: 'bge-m3',
    EMBEDDINGS_TIMEOUT_MS: '1000',
    EMBEDDINGS_BATCH_SIZE: '256',
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'modele-de-test',
    LLM_TIMEOUT_MS: '1000',
    // The rewrite is on by default with a language model (LLM_QUERY_REWRITE unset).
    LLM_QUERY_REWRITE_TIMEOUT_MS: '1000',
  });
});

afterAll(async () => {
  await t?.close();
  await emb?.close();
  await llm?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the model of meaning in POST /api/answers', () => {
  it('computes the corpus vectors once the app is ready, in batches of passages, and saves them beside the index', async () => {
    expect(t.app.semantic?.process).toBeUndefined();
    const matrix = await t.app.semantic?.vectors.whenReady(t.app.searchEngine);
    expect(matrix?.ids.length).toBeGreaterThan(3000);
    expect(emb.requests.every((r) => r.inputs.length <= 256 && r.model === 'bge-m3')).toBe(true);
    // One unit per fiche (title and summary).
    expect(emb.requests.reduce((n, r) => n + r.inputs.length, 0)).toBe(matrix?.ids.length);
    expect(new Set(matrix?.ids).size).toBe(matrix?.ids.length);
    expect(fs.readdirSync(path.join(tmp, 'index.vectors'))).toHaveLength(1);
  });

  it('reports the model ready in /api/health and /metrics', async () => {
    await t.app.semantic?.vectors.whenReady(t.app.searchEngine);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // An operator's endpoint: no local process, so no restarts.
    expect(healthResponseSchema.parse(res.json()).embeddings).toEqual({ state: 'ready', model: 'bge-m3' });
    expect(t.app.embeddingsHealth()).toEqual({ state: 'ready', model: 'bge-m3' });
    const lines = await metrics();
    expect(lines).toContain('questionlegale_embeddings_state{state="ready"} 1');
    expect(lines).toContain('questionlegale_embeddings_state{state="starting"} 0');
    expect(lines).toContain('questionlegale_embeddings_progress 1');
  });

  it('GET /api/search fuses the dense ranking of the query with the lexical results', async () => {
    const q = 'Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois';
    const lexical = t.app.searchEngine.search(q, 5);
    const expected = fuseWithDense(t.app.searchEngine, lexical, await denseIds(q), denseWeight(q), 5);
    const before = emb.requests.length;
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&limit=5` });
    expect(res.statusCode).toBe(200);
    expect(searchResponseSchema.parse(res.json()).results.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(emb.requests.slice(before).map((r) => r.inputs)).toEqual([[queryText(q)]]);
  });

  it('the rewrite adds legal terms and the dense channel re-ranks: the sources follow both', async () => {
    const engine = t.app.searchEngine;
    const dense = await denseIds(DEPOSIT);
    // A language model is configured: retrieval gives it its number of sources.
    const helped = retrieveSources(engine, DEPOSIT, {
      maxSources: RETRIEVAL.modelSources,
      models: { searchTerms: DEPOSIT_TERMS, rerank: (lexical) => fuseWithDense(engine, lexical, dense, denseWeight(DEPOSIT)) },
    });
    expect(helped.outOfScope).toBe(false);
    const embeddingsBefore = emb.requests.length;
    const llmBefore = llm.requests.length;

    const got = await ask(DEPOSIT);
    expect(got.mode).toBe('extractive');
    expectCitedFrom(got.ids, helped.sources.map((s) => s.id));
    expect(emb.requests.slice(embeddingsBefore).map((r) => r.inputs)).toEqual([[queryText(DEPOSIT)]]);
    expect(llm.requests.slice(llmBefore).filter(isRewrite)).toHaveLength(1);
    expect(await counters()).toEqual([
      'questionlegale_retrieval_models_total{model="dense",outcome="used"} 1',
      'questionlegale_retrieval_models_total{model="rewrite",outcome="used"} 1',
    ]);
  });

  it('a question the lexical search takes is never refused because of a model: helped sources in scope, else the lexical ones', async () => {
    const engine = t.app.searchEngine;
    const dense = await denseIds(QUESTION);
    // Whatever the rewrite's terms lead to, a question the lexical search takes is answered: from the
    // helped sources when they are in scope, from the lexical ones otherwise (the fallback itself is unit-tested).
    const helped = retrieveSources(engine, QUESTION, {
      maxSources: RETRIEVAL.modelSources,
      models: { searchTerms: TERMS, rerank: (lexical) => fuseWithDense(engine, lexical, dense, denseWeight(QUESTION)) },
    });
    const lexical = retrieveSources(engine, QUESTION, { maxSources: RETRIEVAL.modelSources });
    expect(lexical.outOfScope).toBe(false);
    const got = await ask(QUESTION);
    // Answered with sources (ask() fails on anything but a 200), not refused as out of scope.
    expect(got.ids.length).toBeGreaterThan(0);
    if (helped.outOfScope) expectCitedFrom(got.ids, lexical.sources.map((s) => s.id));
  });

  it('the model finds a question off-topic: refused (422, not charged) unless the question carries a legal signal', async () => {
    const engine = t.app.searchEngine;
    // Both would be answered by the lexical search alone.
    expect(retrieveSources(engine, OFF_TOPIC).outOfScope).toBe(false);
    expect(retrieveSources(engine, LEGAL_SIGNAL).outOfScope).toBe(false);
    seq += 1;
    const { b, userId } = await signedInUser(t.app, `dense${seq}@exemple.fr`);
    const refused = await b.post('/api/answers', { question: OFF_TOPIC });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('out_of_scope');
    expect(await t.app.accounts.credits.balance(userId)).toBe(3);
    const answered = await ask(LEGAL_SIGNAL);
    expect(answered.ids.length).toBeGreaterThan(0);
    expect((await counters()).filter((l) => l.includes('off_topic'))).toEqual(['questionlegale_retrieval_models_total{model="rewrite",outcome="off_topic"} 2']);
  });

  it('both services failing: the answer rests on the lexical search alone', async () => {
    emb.setScript({ kind: 'stall' });
    llm.setScript({ kind: 'status', status: 503 });
    // A language model is configured: retrieval gives it its number of sources.
    const lexical = retrieveSources(t.app.searchEngine, QUESTION, { maxSources: RETRIEVAL.modelSources }).sources.map((s) => s.id);
    const got = await ask(QUESTION);
    expectCitedFrom(got.ids, lexical);
    expect(await counters()).toEqual([
      'questionlegale_retrieval_models_total{model="dense",outcome="used"} 4',
      'questionlegale_retrieval_models_total{model="dense",outcome="timeout"} 1',
      'questionlegale_retrieval_models_total{model="rewrite",outcome="used"} 2',
      'questionlegale_retrieval_models_total{model="rewrite",outcome="off_topic"} 2',
      'questionlegale_retrieval_models_total{model="rewrite",outcome="error"} 1',
    ]);
  });
});
