import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, TestBrowser, signIn, signUp } from '../../../../test/api/support/http';
import { answerFeedback, users } from '../../db/schema';
import { FEEDBACK_MESSAGES } from './feedback-routes';

describe.each(DB_KINDS)('POST /api/feedback on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('401 in French when not signed in, whatever the body; nothing stored', async () => {
    for (const payload of [{ helpful: true }, { helpful: 'oui' }]) {
      const res = await new TestBrowser(t.app).post('/api/feedback', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: FEEDBACK_MESSAGES.unauthorized } });
    }
    expect(await t.testDb.database.db.select().from(answerFeedback)).toEqual([]);
  });

  it('stores the verdict, reason and mode (no text) and answers 204; 400 on a bad body', async () => {
    const b = new TestBrowser(t.app);
    const email = `avis-${kind}@exemple.fr`;
    await signUp(b, email);
    await signIn(b, email);
    const [u] = await t.testDb.database.db.select().from(users).where(eq(users.email, email));

    for (const bad of [{}, { helpful: 'oui' }, { helpful: false, reason: 'inconnue' }, { helpful: true, mode: 'magie' }]) {
      const res = await b.post('/api/feedback', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_feedback', message: FEEDBACK_MESSAGES.invalid } });
    }

    const ok = await b.post('/api/feedback', { helpful: false, reason: 'unclear', mode: 'llm', question: 'texte à ne pas garder' });
    expect(ok.statusCode).toBe(204);
    expect(ok.payload).toBe('');
    expect((await b.post('/api/feedback', { helpful: true })).statusCode).toBe(204);

    const rows = await t.testDb.database.db.select().from(answerFeedback).where(eq(answerFeedback.userId, u?.id ?? ''));
    expect(rows.map((r) => ({ helpful: r.helpful, reason: r.reason, mode: r.mode })).sort((a, c) => Number(a.helpful) - Number(c.helpful))).toEqual([
      { helpful: false, reason: 'unclear', mode: 'llm' },
      { helpful: true, reason: null, mode: null },
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['createdAt', 'helpful', 'id', 'mode', 'reason', 'userId']);
    expect(JSON.stringify(rows)).not.toContain('texte à ne pas garder');
  });
});
