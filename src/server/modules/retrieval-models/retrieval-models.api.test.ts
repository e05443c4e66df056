import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema } from '../../../common/api/answers';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../../../../test/support/fake-llm';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { RETRIEVAL, retrieveSources } from '../answers/retrieval/retrieve';
import { DENSE_CANDIDATES, fuseWithDense } from './retrieval-models';
import { NOT_LEGAL } from './query-rewrite';

/**
 * The optional retrieval models in the answer pipeline, against local servers speaking the real
 * protocols: an embeddings server with deterministic vectors and a chat-completions server that answers
 * the rewrite request (and fails the composition, so answers stay extractive and comparable).
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

async function counters(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  return res.body.split('\n').filter((l) => l.startsWith('questionlegale_retrieval_models_total{') && !l.endsWith(' 0'));
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

describe('retrieval models in POST /api/answers', () => {
  it('computes the fiche vectors once the app is ready, in batches, and saves them beside the index', async () => {
    const matrix = await t.app.retrievalModels?.vectors?.whenReady(t.app.searchEngine);
    expect(matrix?.ids.length).toBeGreaterThan(3000);
    expect(emb.requests.every((r) => r.inputs.length <= 256)).toBe(true);
    expect(emb.requests.reduce((n, r) => n + r.inputs.length, 0)).toBe(matrix?.ids.length);
    expect(fs.readdirSync(path.join(tmp, 'index.vectors'))).toHaveLength(1);
  });

  it('the rewrite adds legal terms and the dense channel re-ranks: the sources follow both', async () => {
    const engine = t.app.searchEngine;
    const matrix = await t.app.retrievalModels?.vectors?.whenReady(engine);
    const dense = (q: string): string[] => matrix?.topK(Float32Array.from(fakeVector(q)), DENSE_CANDIDATES).map((s) => s.id) ?? [];
    const helped = retrieveSources(engine, DEPOSIT, {
      models: { searchTerms: DEPOSIT_TERMS, rerank: (lexical) => fuseWithDense(engine, lexical, dense(DEPOSIT)) },
    });
    expect(helped.outOfScope).toBe(false);
    const embeddingsBefore = emb.requests.length;
    const llmBefore = llm.requests.length;

    const got = await ask(DEPOSIT);
    expect(got.mode).toBe('extractive');
    expectCitedFrom(got.ids, helped.sources.map((s) => s.id));
    expect(emb.requests.slice(embeddingsBefore).map((r) => r.inputs)).toEqual([[DEPOSIT]]);
    expect(llm.requests.slice(llmBefore).filter(isRewrite)).toHaveLength(1);
    expect(await counters()).toEqual([
      'questionlegale_retrieval_models_total{model="dense",outcome="used"} 1',
      'questionlegale_retrieval_models_total{model="rewrite",outcome="used"} 1',
    ]);
  });

  it('a question the lexical search takes is never refused because of a model: helped sources in scope, else the lexical ones', async () => {
    const engine = t.app.searchEngine;
    const matrix = await t.app.retrievalModels?.vectors?.whenReady(engine);
    const denseIds = matrix?.topK(Float32Array.from(fakeVector(QUESTION)), DENSE_CANDIDATES).map((s) => s.id) ?? [];
    // Whatever the rewrite's terms lead to, a question the lexical search takes is answered: from the
    // helped sources when they are in scope, from the lexical ones otherwise (the fallback itself is unit-tested).
    const helped = retrieveSources(engine, QUESTION, { models: { searchTerms: TERMS, rerank: (lexical) => fuseWithDense(engine, lexical, denseIds) } });
    const lexical = retrieveSources(engine, QUESTION);
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
