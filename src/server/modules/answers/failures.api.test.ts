import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { createRoutesApp, createTestApp, type TestApp } from '../../../../test/support/app';
import { AUTH_TEST_ENV, ORIGIN, signedInUser, type SignedInUser } from '../../../../test/api/support/http';
import { metricsPlugin } from '../../plugins/metrics';
import type { CreditsService } from '../credits/credits-service';
import { answersRoutes } from './answers-routes';
import { ANSWER_MESSAGES, createAnswersService, type AnswersServiceDeps } from './answers-service';
import { feedbackRoutes } from './feedback-routes';
import { captureLogs } from '../../../../test/support/logs';

/**
 * An exception a route catches is logged with its class and frame (never its message, which here quotes
 * the question), counted in /metrics under `questionlegale_failures_total{where}`, and the user gets the
 * usual French message.
 */
const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";
const SECRET = 'dépôt de garantie depuis trois mois';

class RetrievalBug extends Error {
  override name = 'RetrievalBug';
}

interface Harness {
  app: FastifyInstance;
  lines: string[];
}

async function harness(register: (app: FastifyInstance) => Promise<void>): Promise<Harness> {
  const { lines, stream } = captureLogs();
  const app = await createRoutesApp({ logger: { level: 'info', stream } });
  await app.register(metricsPlugin, { token: undefined, defaultMetrics: false });
  await register(app);
  await app.ready();
  return { app, lines };
}

async function failures(app: FastifyInstance, where: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).payload;
  const m = new RegExp(`^questionlegale_failures_total\\{where="${where}"\\} (\\d+)$`, 'mu').exec(text);
  return Number(m?.[1] ?? 0);
}

/** The one error line of the capture, parsed. */
function errorLine(lines: string[], msg: string): { failure: { name: string; at?: string } } {
  const line = lines.map((l) => JSON.parse(l) as { msg: string; level: number; failure: { name: string; at?: string } }).find((l) => l.msg === msg);
  if (!line) throw new Error(`no log line « ${msg} »`);
  expect(line.level).toBe(50);
  return line;
}

describe('caught exceptions are logged by class, counted and answered in French', () => {
  let t: TestApp;
  let seq = 0;
  const open: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV });
  });
  afterAll(async () => {
    await Promise.all(open.map((a) => a.close()));
    await t?.close();
  });

  async function user(): Promise<SignedInUser> {
    seq += 1;
    return signedInUser(t.app, `panne${seq}@exemple.fr`);
  }

  async function answersApp(deps: Partial<AnswersServiceDeps>): Promise<Harness> {
    const service = createAnswersService({ engine: t.app.searchEngine, credits: t.app.accounts.credits, ...deps });
    const routes: FastifyPluginAsync = (api) => answersRoutes(api, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
    const h = await harness(async (app) => {
      await app.register(routes);
    });
    open.push(h.app);
    return h;
  }

  it('an exception while preparing (not the database): 503 in French, logged with its class, counted', async () => {
    const credits: CreditsService = {
      ...t.app.accounts.credits,
      debit: () => Promise.reject(new RetrievalBug(`cannot handle « ${QUESTION} »`)),
    };
    const { app, lines } = await answersApp({ credits });
    const { apiKey } = await user();
    const before = await failures(app, 'answer_prepare');
    const res = await app.inject({ method: 'POST', url: '/answers', headers: { authorization: `Bearer ${apiKey}` }, payload: { question: QUESTION } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'answer_failed', message: ANSWER_MESSAGES.unavailable } });
    const line = errorLine(lines, 'answer preparation failed');
    expect(line.failure.name).toBe('RetrievalBug');
    expect(line.failure.at).toMatch(/failures\.api\.test\.ts/u);
    expect(lines.join('')).not.toContain(SECRET);
    expect(await failures(app, 'answer_prepare')).toBe(before + 1);
  });

  it('an exception in the language-model path: logged with its class, counted, the extractive answer is delivered', async () => {
    const { app, lines } = await answersApp({
      llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'test', timeoutMs: 1000 },
      composeLlm: () => {
        throw new TypeError(`bad prompt for « ${QUESTION} »`);
      },
    });
    const { apiKey } = await user();
    for (const accept of ['application/json', 'text/event-stream']) {
      const before = await failures(app, 'answer_llm');
      lines.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: '/answers',
        headers: { authorization: `Bearer ${apiKey}`, accept, origin: ORIGIN },
        payload: { question: QUESTION },
      });
      expect(res.statusCode).toBe(200);
      if (accept === 'application/json') expect(res.json<{ answer: { mode: string } }>().answer.mode).toBe('extractive');
      else expect(res.payload).toContain('event: done');
      expect(errorLine(lines, 'language model path failed').failure.name).toBe('TypeError');
      expect(lines.join('')).not.toContain(SECRET);
      expect(await failures(app, 'answer_llm')).toBe(before + 1);
    }
  });

  it('an exception while composing: 500 in French, logged with its class, counted', async () => {
    const { app, lines } = await answersApp({
      composeExtractive: () => {
        throw new RangeError(`no sentence in « ${QUESTION} »`);
      },
    });
    const { apiKey } = await user();
    const before = await failures(app, 'answer_compose');
    const res = await app.inject({ method: 'POST', url: '/answers', headers: { authorization: `Bearer ${apiKey}` }, payload: { question: QUESTION } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'answer_failed', message: ANSWER_MESSAGES.failed } });
    expect(errorLine(lines, 'answer composition failed').failure.name).toBe('RangeError');
    expect(lines.join('')).not.toContain(SECRET);
    expect(await failures(app, 'answer_compose')).toBe(before + 1);
  });

  it('a database error while storing feedback: 503 in French, logged with its class and code, counted', async () => {
    class DatabaseBroken extends Error {
      override name = 'DatabaseBroken';
      code = '53100';
    }
    const routes: FastifyPluginAsync = (api) =>
      feedbackRoutes(api, {
        service: { record: () => Promise.reject(new DatabaseBroken(`insert failed: ${SECRET}`)) },
        resolveUser: (r) => t.app.accounts.resolveUser(r),
      });
    const { app, lines } = await harness(async (a) => {
      await a.register(routes);
    });
    open.push(app);
    const { apiKey } = await user();
    const before = await failures(app, 'feedback');
    const res = await app.inject({ method: 'POST', url: '/feedback', headers: { authorization: `Bearer ${apiKey}` }, payload: { helpful: true } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.serverError } });
    const line = errorLine(lines, 'feedback not stored') as { failure: { name: string }; code?: string };
    expect(line.failure.name).toBe('DatabaseBroken');
    expect(line.code).toBe('53100');
    expect(lines.join('')).not.toContain(SECRET);
    expect(await failures(app, 'feedback')).toBe(before + 1);
  });
});
