import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, answerResponseSchema, sseSourcesSchema, type Answer } from '../../../common/api/answers';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { parseSse } from '../../../../test/support/sse';
import { startFakeLlm, type FakeLlm } from '../../../../test/support/fake-llm';
import { AUTH_TEST_ENV, signedInUser, type SignedInUser } from '../../../../test/api/support/http';
import { creditLedger } from '../../db/schema';
import { RETRIEVAL, retrieveSources } from './retrieval/retrieve';

const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";

/** A well-formed model answer citing the real numbers of the retrieved sources. */
function goodAnswer(deposit: number, cdc: number): string {
  return `## En bref
Le bailleur doit restituer le dépôt de garantie dans un délai d'un mois si l'état des lieux de sortie est conforme, de deux mois sinon [${deposit}]. Un retard ouvre droit à une majoration [${deposit}].

## Ce que dit la loi
- Le dépôt de garantie est restitué dans un délai maximal de deux mois après la remise des clés [${deposit}].
- La commission départementale de conciliation peut être saisie gratuitement [${cdc}].

## Démarches et délais
1. Envoyez une mise en demeure au bailleur par lettre recommandée avec accusé de réception [${deposit}].
2. Saisissez la commission départementale de conciliation [${cdc}].

## Votre pré-dossier
- Date de remise des clés et copie de l'état des lieux de sortie.
- Bail, quittances et preuve du versement du dépôt.

## Quel professionnel consulter
Un conciliateur de justice ou l'ADIL de votre département ; un commissaire de justice si la mise en demeure reste sans effet.
`;
}

describe.each(DB_KINDS)('POST /api/answers in llm mode on %s', (kind) => {
  let t: TestApp;
  let llm: FakeLlm;
  let seq = 0;
  let good = '';
  let cdcNumber = 0;
  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'status', status: 500 });
    t = await createTestApp(kind, {
      ...AUTH_TEST_ENV,
      AUTH_RATE_LIMIT_PER_IP: '10000',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'sk-test-llm',
      LLM_MODEL: 'modele-de-test',
      // The composition is under test: the question rewrite (on by default with a model) is tested apart.
      LLM_QUERY_REWRITE: 'false',
      // Long enough that a loaded machine never mistakes the scripted model for a stalled one; the stall
      // tests wait this long once each.
      LLM_TIMEOUT_MS: '2000',
      LLM_TOTAL_TIMEOUT_MS: '6000',
    });
    const sources = retrieveSources(t.app.searchEngine, QUESTION).sources;
    const deposit = sources.find((s) => s.id === 'F31269')?.n;
    const cdc = sources.find((s) => s.id === 'F1216')?.n ?? sources.find((s) => s.id !== 'F31269')?.n;
    if (deposit === undefined || cdc === undefined) throw new Error('expected the deposit fiches among the sources');
    good = goodAnswer(deposit, cdc);
    cdcNumber = cdc;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  async function user(): Promise<SignedInUser & { key: string }> {
    seq += 1;
    const u = await signedInUser(t.app, `llm${seq}-${kind}@exemple.fr`);
    return { ...u, key: u.apiKey };
  }

  async function debits(userId: string): Promise<{ delta: number; reason: string }[]> {
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows.filter((r) => r.delta !== 3).map((r) => ({ delta: r.delta, reason: r.reason }));
  }

  function expectValid(answer: Answer): void {
    expect(answer.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const s of answer.sections) expect(s.text.trim()).not.toBe('');
    const ns = new Set(answer.sources.map((s) => s.n));
    for (const s of answer.sections) for (const m of s.text.matchAll(/\[(\d+)\]/g)) expect(ns.has(Number(m[1]))).toBe(true);
  }

  it('a good model answer is delivered in mode "llm", charged once', async () => {
    llm.setScript({ kind: 'answer', text: good });
    const before = llm.requests.length;
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION });
    expect(res.statusCode).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.mode).toBe('llm');
    expectValid(body.answer);
    expect(body.answer.sections[4]?.text).toContain('conciliateur de justice');
    expect(body.credits).toBe(2);
    expect(await debits(userId)).toEqual([{ delta: -1, reason: 'question' }]);
    const request = llm.requests[before];
    expect(request?.headers.authorization).toBe('Bearer sk-test-llm');
    expect((request?.body as { model?: string }).model).toBe('modele-de-test');
    // The model reads more fiches than the extractive composer quotes from; the answer lists those it
    // cites, under the numbers its sections use.
    const wider = retrieveSources(t.app.searchEngine, QUESTION, { maxSources: RETRIEVAL.modelSources }).sources;
    expect(wider.length).toBeGreaterThan(RETRIEVAL.defaultSources);
    const cited = wider.filter((s) => s.id === 'F31269' || s.n === cdcNumber);
    expect(body.answer.sources.map((s) => [s.n, s.id])).toEqual(cited.map((s) => [s.n, s.id]));
    expect(body.answer.sources.length).toBeLessThan(wider.length);
    const messages = (request?.body as { messages?: { content: string }[] }).messages ?? [];
    expect(messages[1]?.content).toContain(`Sources utilisables (${wider.length})`);
  });

  it('SSE in llm mode: meta, five sections, sources (mode llm), done', async () => {
    llm.setScript({ kind: 'answer', text: good, delayMs: 1 });
    const { b } = await user();
    const res = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    const events = parseSse(res.payload);
    expect(events.map((e) => e.event)).toEqual(['meta', 'section', 'section', 'section', 'section', 'section', 'sources', 'done']);
    expect(sseSourcesSchema.parse(events[6]?.data).mode).toBe('llm');
  });

  it('a model that never answers (timeout) falls back to extractive, charged exactly once', async () => {
    llm.setScript({ kind: 'stall', headers: false });
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION });
    expect(res.statusCode).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.mode).toBe('extractive');
    expectValid(body.answer);
    expect(body.credits).toBe(2);
    expect(await debits(userId)).toEqual([{ delta: -1, reason: 'question' }]);
  });

  it('a malformed stream falls back to extractive, charged exactly once', async () => {
    llm.setScript({ kind: 'raw', chunks: ['data: {"choices":[{"delta":{"content":"## En bref\\nRien"}}]}\n\n', 'data: {pas du json\n\n', 'data: [DONE]\n\n'] });
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION });
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.mode).toBe('extractive');
    expectValid(body.answer);
    expect(await debits(userId)).toEqual([{ delta: -1, reason: 'question' }]);
  });

  it('SSE: a model that stalls after two sections → reset, then the five extractive sections', async () => {
    // Enough of the answer to complete « En bref » and « Ce que dit la loi », then silence.
    const cut = good.indexOf('## Votre pré-dossier');
    llm.setScript({ kind: 'stall', text: good.slice(0, cut), deltas: 10_000, deltaSize: 20 });
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    // The extractive answer may add a `choices` event (a case the question leaves open) before `sources`.
    const names = parseSse(res.payload).map((e) => e.event).filter((n) => n !== 'choices');
    const reset = names.indexOf('reset');
    expect(reset).toBeGreaterThan(1);
    expect(names.slice(0, reset).filter((n) => n === 'section').length).toBeGreaterThanOrEqual(1);
    expect(names.slice(reset + 1)).toEqual(['section', 'section', 'section', 'section', 'section', 'sources', 'done']);
    const sources = sseSourcesSchema.parse(parseSse(res.payload).find((e) => e.event === 'sources')?.data);
    expect(sources.mode).toBe('extractive');
    expect(await debits(userId)).toEqual([{ delta: -1, reason: 'question' }]);
  });

  it('a client that leaves the stream before « done » gets its credit back', async () => {
    llm.setScript({ kind: 'stall', headers: true });
    const { userId, key } = await user();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = llm.requests.length;
    const controller = new AbortController();
    const res = await fetch(`${address}/api/answers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ question: QUESTION }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('event: meta');
    expect(await t.app.accounts.credits.balance(userId)).toBe(2);
    controller.abort();
    await reader?.cancel().catch(() => undefined);
    await expect.poll(() => t.app.accounts.credits.balance(userId), { timeout: 5000 }).toBe(3);
    expect(await debits(userId)).toEqual([
      { delta: -1, reason: 'question' },
      { delta: 1, reason: 'refund:client_gone' },
    ]);
    // The model call was abandoned too.
    await expect.poll(() => llm.requests[before]?.clientClosedEarly).toBe(true);
  });
});
