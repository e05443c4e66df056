import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { questionCheckResponseSchema } from '../../../common/api/search';
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

  const check = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/question-check?q=${encodeURIComponent(q)}` });
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

  it('refuses a missing, repeated or over-long parameter with a French 400', async () => {
    for (const url of ['/api/search/question-check', '/api/search/question-check?q=a&q=b', `/api/search/question-check?q=${'mot '.repeat(60)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/[éèà]|texte|question/);
    }
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
