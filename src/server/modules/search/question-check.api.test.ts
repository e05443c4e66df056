import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { AUTH_TEST_ENV, ORIGIN, signedInUser } from '../../../../test/api/support/http';
import { QUESTION_CHECK_MAX_LENGTH, questionCheckResponseSchema, SEARCH_MESSAGES } from '../../../common/api/search';
import { MESSAGES } from '../../../common/messages';

/** Short questions: the check the question form asks, and the answers API applying the same rule. */
describe('short questions through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const URL = '/api/search/question-check';
  const post = (payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers }, payload });
  const check = async (question: string) => {
    const res = await post({ question });
    return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
  };

  it('passes one to three words the corpus knows, refuses the others in French', async () => {
    for (const q of ['licenciement abusif', 'divorce', 'Divorce ?', 'congés payés']) {
      const res = await check(q);
      expect(res.status, q).toBe(200);
      expect(questionCheckResponseSchema.parse(res.body), q).toEqual({ ok: true });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const q of ['hello', 'qwerty uiop', 'the divorce']) {
      expect(questionCheckResponseSchema.parse((await check(q)).body), q).toEqual({ ok: false, code: 'not_french', message: MESSAGES.notFrench });
    }
    expect(questionCheckResponseSchema.parse((await check('  ')).body)).toMatchObject({ ok: false, code: 'empty' });
  });

  it('refuses a missing, mistyped or over-long question with a French 400', async () => {
    const cases: [string, string | object, string][] = [
      ['no body', '', "Le corps de la requête n'est pas un JSON valide."],
      ['not an object', '"divorce"', SEARCH_MESSAGES.notText],
      ['null', 'null', SEARCH_MESSAGES.notText],
      ['missing field', {}, SEARCH_MESSAGES.notText],
      ['the old query field', { q: 'divorce' }, SEARCH_MESSAGES.notText],
      ['a list', { question: ['a', 'b'] }, SEARCH_MESSAGES.notText],
      ['a number', { question: 12 }, SEARCH_MESSAGES.notText],
      ['over-long', { question: 'mot '.repeat(60) }, 'La vérification porte sur une question courte (200 caractères au plus).'],
    ];
    for (const [name, payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<unknown>(), name).toEqual({ error: { code: expect.stringMatching(/^invalid_(query|json)$/u), message } });
    }
    expect((await check('m'.repeat(QUESTION_CHECK_MAX_LENGTH))).status).toBe(200);
  });

  it('is a POST: refused without the site\'s Origin (403), never read from the query string (404 for GET)', async () => {
    const noOrigin = await t.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload: { question: 'divorce' } });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json<{ error: { code: string } }>().error.code).toBe('origin_refused');
    const asGet = await t.app.inject({ method: 'GET', url: `${URL}?q=divorce` });
    expect(asGet.statusCode).toBe(404);
    expect(asGet.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.notFound);
  });

  it('refuses a body larger than a short question needs with a French 413', async () => {
    const res = await post({ question: 'x'.repeat(10_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('body_too_large');
  });

  it('the answers API accepts the same short question (a credit is spent, an answer comes back)', async () => {
    const u = await signedInUser(t.app, 'court@exemple.fr');
    const res = await u.b.post('/api/answers', { question: 'licenciement abusif' }, { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ credits: number }>().credits).toBe(2);
    const refused = await u.b.post('/api/answers', { question: 'qwerty uiop' }, { accept: 'application/json' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.notFrench);
  });
});
