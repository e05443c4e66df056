import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECTION_IDS,
  answerResponseSchema,
  answerSectionSchema,
  sseChoicesSchema,
  sseDoneSchema,
  sseErrorSchema,
  sseMetaSchema,
  sseSourcesSchema,
  type Answer,
} from '../../../common/api/answers';
import { MESSAGES } from '../../../common/messages';
import { createRoutesApp, createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { parseSse } from '../../../../test/support/sse';
import { AUTH_TEST_ENV, ORIGIN, TestBrowser, signedInUser, type SignedInUser } from '../../../../test/api/support/http';
import { creditLedger } from '../../db/schema';
import { answersRoutes } from './answers-routes';
import { ANSWER_MESSAGES, createAnswersService } from './answers-service';
import { toAnswerSources } from './llm/compose-llm';
import { retrieveSources } from './retrieval/retrieve';

const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";
/** Leaves open whether the flat is furnished (the maximum deposit differs). */
const OPEN_CASE = 'Quel est le montant maximum du dépôt de garantie que peut demander le propriétaire ?';
const SETTLED_CASE = 'Quel est le montant maximum du dépôt de garantie pour une location meublée ?';
const OUT_OF_SCOPE = 'Quelle est la meilleure recette de la tarte aux pommes pour le dessert de dimanche ?';
const URGENT_OUT_OF_SCOPE = "Mon mari me frappe tous les soirs et j'ai peur pour ma vie, que faire ?";
const ENGLISH = 'My landlord does not want to give back my security deposit, what should I do about it?';

/** Every citation marker of the answer names one of its sources. */
function expectValidMarkers(answer: Answer): void {
  const ns = new Set(answer.sources.map((s) => s.n));
  answer.sources.forEach((s, i) => expect(s.n).toBe(i + 1));
  let markers = 0;
  for (const s of answer.sections) {
    for (const m of s.text.matchAll(/\[(\d+)\]/g)) {
      markers += 1;
      expect(ns.has(Number(m[1]))).toBe(true);
    }
  }
  expect(markers).toBeGreaterThan(0);
}

function expectFiveSections(answer: Answer): void {
  expect(answer.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
  for (const s of answer.sections) expect(s.text.trim().length).toBeGreaterThan(0);
}

describe.each(DB_KINDS)('POST /api/answers on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function user(): Promise<SignedInUser> {
    seq += 1;
    return signedInUser(t.app, `reponse${seq}-${kind}@exemple.fr`);
  }

  const ledger = (userId: string) => t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const balance = async (userId: string) => t.app.accounts.credits.balance(userId);

  it('401 in French without a session or API key (JSON even when a stream is asked for)', async () => {
    const b = new TestBrowser(t.app);
    for (const accept of ['application/json', 'text/event-stream']) {
      const res = await b.post('/api/answers', { question: QUESTION }, { accept });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: ANSWER_MESSAGES.unauthorized } });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/answers', headers: { authorization: 'Bearer nope' }, payload: { question: QUESTION } });
    expect(bad.statusCode).toBe(401);
    // Sign-in is checked before the body: an anonymous caller learns nothing about what it should hold.
    for (const payload of [{ question: 42 }, { city: '<b>' }, ['x']]) {
      const res = await b.post('/api/answers', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: ANSWER_MESSAGES.unauthorized } });
    }
  });

  it('400 with the exact messages of the client (empty, 501 words, English, missing), nothing charged', async () => {
    const { b, userId } = await user();
    const cases: [unknown, string][] = [
      [{ question: '   ' }, MESSAGES.emptyQuestion],
      [{ question: `${'loyer '.repeat(501)}` }, MESSAGES.wordLimit],
      [{ question: ENGLISH }, MESSAGES.notFrench],
    ];
    for (const [payload, message] of cases) {
      const res = await b.post('/api/answers', payload as object, { accept: 'text/event-stream' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_question', message } });
    }
    const missing = await b.post('/api/answers', { questoin: QUESTION });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('invalid_question');
    // A bad question and a bad city: the question's message.
    const both = await b.post('/api/answers', { question: 42, city: '<b>Lyon</b>' });
    expect(both.json()).toEqual({ error: { code: 'invalid_question', message: ANSWER_MESSAGES.invalidRequest } });
    // A bad city has its own message (it used to be reported as a missing question).
    for (const city of ['L'.repeat(81), 'Lyon\nParis', '<b>Lyon</b>', 42]) {
      const res = await b.post('/api/answers', { question: QUESTION, city });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_city', message: ANSWER_MESSAGES.invalidCity } });
    }
    expect(await balance(userId)).toBe(3);
    expect(await ledger(userId)).toHaveLength(1);
  });

  it('422 out of scope, in French, not charged', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: OUT_OF_SCOPE });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { code: 'out_of_scope', message: ANSWER_MESSAGES.outOfScope } });
    expect(await balance(userId)).toBe(3);
  });

  it('an urgent question gets the emergency numbers and its legal fiches, free, even without credits', async () => {
    const { b, userId } = await user();
    await t.app.accounts.credits.grant(userId, -3, 'test');
    const res = await b.post('/api/answers', { question: URGENT_OUT_OF_SCOPE });
    expect(res.statusCode).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.urgent).toBe(true);
    // The protection fiches: domestic violence and how to file a complaint.
    expect(body.answer.sources.map((s) => s.id)).toEqual(expect.arrayContaining(['F12544', 'F1435']));
    expectFiveSections(body.answer);
    for (const n of ['17', '112', '3919', '119', '3114']) expect(body.answer.sections[0]?.text).toContain(`- ${n}\u202f:`);
    expect(body.credits).toBe(0);
    expect(await balance(userId)).toBe(0);
  });

  it('200 JSON: five sections in order, valid markers, sources with references, one credit and one ledger row', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION, city: 'Lyon' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = answerResponseSchema.parse(res.json());
    expectFiveSections(body.answer);
    expectValidMarkers(body.answer);
    expect(body.answer.mode).toBe('extractive');
    expect(body.answer.urgent).toBe(false);
    expect(body.answer.dataDate).toBe(t.app.searchEngine.corpusDate);
    expect(body.answer.sources.map((s) => s.id)).toContain('F31269');
    // The retrieved sources that a quoted sentence cites, in retrieval's order, numbered again from 1,
    // with their references as retrieved (article text attached when the article is in the corpus).
    const retrieved = toAnswerSources(retrieveSources(t.app.searchEngine, QUESTION).sources);
    const ids = retrieved.map((s) => s.id);
    const positions = body.answer.sources.map((s) => ids.indexOf(s.id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const s of body.answer.sources) expect(s.references).toEqual(retrieved.find((r) => r.id === s.id)?.references);
    expect(body.answer.sources.some((s) => s.references.length > 0)).toBe(true);
    expect(body.answer.sections.find((s) => s.id === 'professional')?.text).toContain('Lyon');
    expect(body.credits).toBe(2);
    expect(await balance(userId)).toBe(2);
    const rows = await ledger(userId);
    expect(rows.filter((r) => r.delta === -1).map((r) => r.reason)).toEqual(['question']);
  });

  it('SSE: headers, then meta, section × 5 in order, sources, done', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-accel-buffering']).toBe('no');
    // The extractive composer may add a `choices` event (a case the question leaves open) before `sources`.
    const events = parseSse(res.payload).filter((e) => e.event !== 'choices');
    expect(events.map((e) => e.event)).toEqual(['meta', 'section', 'section', 'section', 'section', 'section', 'sources', 'done']);
    const meta = sseMetaSchema.parse(events[0]?.data);
    expect(meta).toEqual({ urgent: false, dataDate: t.app.searchEngine.corpusDate });
    const sections = events.slice(1, 6).map((e) => answerSectionSchema.parse(e.data));
    const sources = sseSourcesSchema.parse(events[6]?.data);
    const answer: Answer = { sections, ...sources };
    expectFiveSections(answer);
    expectValidMarkers(answer);
    expect(sseDoneSchema.parse(events[7]?.data)).toEqual({ credits: 2 });
    expect(await balance(userId)).toBe(2);
  });

  it('choices: a case the question leaves open comes with one whole answer per option, for one credit (JSON and SSE)', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: OPEN_CASE });
    expect(res.statusCode).toBe(200);
    const { answer } = answerResponseSchema.parse(res.json());
    expect(answer.choices?.options.length).toBeGreaterThanOrEqual(2);
    for (const o of answer.choices?.options ?? []) {
      expectFiveSections({ ...answer, sections: o.sections });
      expectValidMarkers({ ...answer, sections: o.sections });
    }
    expect(answer.choices?.options.map((o) => o.label).join(' ')).toMatch(/meubl/iu);
    // Offered only because the case changes the answer: each option's « En bref » says something else.
    const leads = (answer.choices?.options ?? []).map((o) => o.sections[0]?.text);
    expect(new Set(leads).size).toBe(leads.length);
    expect(await balance(userId)).toBe(2);

    const stream = await b.post('/api/answers', { question: OPEN_CASE }, { accept: 'text/event-stream' });
    const events = parseSse(stream.payload);
    expect(events.map((e) => e.event)).toEqual(['meta', 'section', 'section', 'section', 'section', 'section', 'choices', 'sources', 'done']);
    expect(sseChoicesSchema.parse(events[6]?.data).choices).toEqual(answer.choices);
    expect(await balance(userId)).toBe(1);
  });

  it('no choices when the question settles the case', async () => {
    const { b } = await user();
    const res = await b.post('/api/answers', { question: SETTLED_CASE });
    const { answer } = answerResponseSchema.parse(res.json());
    expect(answer.choices).toBeUndefined();
    expect(answer.sections.map((s) => s.text).join('\n')).toMatch(/2 mois/u);
  });

  it('Authorization: Bearer <api key> works without cookie or Origin', async () => {
    const { b, userId } = await user();
    const key = (await b.get('/api/profile')).json<{ apiKey: string }>().apiKey;
    expect(key.length).toBeGreaterThan(10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/answers',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      payload: { question: QUESTION },
    });
    expect(res.statusCode).toBe(200);
    expect(answerResponseSchema.parse(res.json()).credits).toBe(2);
    expect(await balance(userId)).toBe(2);
  });

  it('402 without credits, with pointers to free legal help; not charged', async () => {
    const { b, userId } = await user();
    await t.app.accounts.credits.grant(userId, -3, 'test');
    const res = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(402);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('no_credits');
    expect(error.message).toMatch(/^Vous n'avez plus de crédit disponible\./);
    for (const p of ['point-justice', 'aide juridictionnelle', 'consultations gratuites']) expect(error.message).toContain(p);
    expect(await balance(userId)).toBe(0);
  });

  it('20 concurrent questions with 3 credits: exactly 3 answers and 17 × 402', async () => {
    const { b, userId } = await user();
    const results = await Promise.all(Array.from({ length: 20 }, () => b.post('/api/answers', { question: QUESTION })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(17);
    expect(await balance(userId)).toBe(0);
    expect((await ledger(userId)).filter((r) => r.delta === -1)).toHaveLength(3);
  });

  describe('with a composer that throws', () => {
    let failing: FastifyInstance;
    beforeAll(async () => {
      failing = await createRoutesApp({ logger: false });
      const service = createAnswersService({
        engine: t.app.searchEngine,
        credits: t.app.accounts.credits,
        composeExtractive: () => {
          throw new Error('composition impossible');
        },
      });
      await failing.register(answersRoutes, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
      await failing.ready();
    });
    afterAll(async () => {
      await failing.close();
    });

    it('JSON: 500 answer_failed in French, the credit is refunded (ledger: debit + refund)', async () => {
      const { apiKey, userId } = await user();
      const res = await failing.inject({
        method: 'POST',
        url: '/answers',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { question: QUESTION },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'answer_failed', message: ANSWER_MESSAGES.failed } });
      expect(await balance(userId)).toBe(3);
      const moves = (await ledger(userId)).filter((r) => r.reason !== 'signup' && r.delta !== 3);
      expect(moves.map((r) => [r.delta, r.reason])).toEqual([
        [-1, 'question'],
        [1, 'refund:answer_failed'],
      ]);
    });

    it('SSE: meta then an error event; the credit is refunded', async () => {
      const { apiKey, userId } = await user();
      const res = await failing.inject({
        method: 'POST',
        url: '/answers',
        headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream', origin: ORIGIN },
        payload: { question: QUESTION },
      });
      expect(res.statusCode).toBe(200);
      const events = parseSse(res.payload);
      expect(events.map((e) => e.event)).toEqual(['meta', 'error']);
      expect(sseErrorSchema.parse(events[1]?.data)).toEqual({ code: 'answer_failed', message: ANSWER_MESSAGES.failed });
      expect(await balance(userId)).toBe(3);
    });
  });

  it('503 (nothing charged) when the credit cannot be taken because the database is down', async () => {
    const { b } = await user();
    const down = await createRoutesApp({ logger: false });
    const broken = new Error('connection refused');
    const service = createAnswersService({
      engine: t.app.searchEngine,
      credits: {
        debit: () => Promise.reject(broken),
        refund: () => Promise.reject(broken),
        grant: () => Promise.reject(broken),
        balance: () => Promise.reject(broken),
      },
    });
    await down.register(answersRoutes, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
    const key = (await b.get('/api/profile')).json<{ apiKey: string }>().apiKey;
    const res = await down.inject({ method: 'POST', url: '/answers', headers: { authorization: `Bearer ${key}` }, payload: { question: QUESTION } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'answer_failed', message: ANSWER_MESSAGES.unavailable } });
    await down.close();
  });
});

