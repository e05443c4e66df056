import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, STRONG_PASSWORD, TestBrowser, signIn, signedInUser } from '../../../../test/api/support/http';
import { accounts, answerFeedback, creditLedger, profiles, sessions, users } from '../../db/schema';
import { ledgerResponseSchema, profileResponseSchema } from '../../../common/auth/profile';
import { MESSAGES } from '../../../common/messages';

interface ErrorReply {
  error: { code: string; message: string };
}

/**
 * The account page's API (/app/compte): profile, ledger of credit movements (no question text), API key,
 * password change, sign out everywhere, and account deletion confirmed by the password.
 */
describe.each(DB_KINDS)('account page API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.testDb.database.db;

  it('lists the credit movements, newest first: date, +/−, reason code, and nothing else', async () => {
    const u = await signedInUser(t.app, `ledger-${kind}@exemple.fr`);
    const credits = t.app.accounts.credits;
    await credits.debit(u.userId, 'question');
    await credits.refund(u.userId, 'refund:answer_failed');
    await credits.debit(u.userId, 'question');
    const res = await u.b.get('/api/profile/ledger');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ledgerResponseSchema.parse(res.json());
    expect(body.movements.map((m) => [m.delta, m.reason])).toEqual([
      [-1, 'question'],
      [1, 'refund:answer_failed'],
      [-1, 'question'],
      [3, 'initial'],
    ]);
    for (const m of body.movements) {
      expect(Object.keys(m).sort()).toEqual(['at', 'delta', 'reason']);
      expect(Number.isNaN(Date.parse(m.at))).toBe(false);
    }
    // Another account sees only its own movements.
    const other = await signedInUser(t.app, `ledger-autre-${kind}@exemple.fr`);
    expect(ledgerResponseSchema.parse((await other.b.get('/api/profile/ledger')).json()).movements).toHaveLength(1);
    // The API key works too.
    const byKey = await new TestBrowser(t.app).get('/api/profile/ledger', { authorization: `Bearer ${u.apiKey}` });
    expect(ledgerResponseSchema.parse(byKey.json()).movements).toHaveLength(4);
  });

  it('refuses the ledger without a session, in French', async () => {
    const res = await new TestBrowser(t.app).get('/api/profile/ledger');
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorReply>().error.message).toBe(MESSAGES.notSignedIn);
  });

  it('regenerates the API key: the old one stops working at once', async () => {
    const u = await signedInUser(t.app, `cle-${kind}@exemple.fr`);
    const res = await u.b.post('/api/profile/api-key');
    expect(res.statusCode).toBe(200);
    const next = profileResponseSchema.parse(res.json()).apiKey;
    expect(next).not.toBe(u.apiKey);
    expect((await new TestBrowser(t.app).get('/api/profile', { authorization: `Bearer ${u.apiKey}` })).statusCode).toBe(401);
    expect((await new TestBrowser(t.app).get('/api/profile', { authorization: `Bearer ${next}` })).statusCode).toBe(200);
  });

  it('changes the password with the current one (French error when it is wrong), and ends the other sessions', async () => {
    const email = `mdp-${kind}@exemple.fr`;
    const u = await signedInUser(t.app, email);
    const elsewhere = new TestBrowser(t.app);
    expect((await signIn(elsewhere, email)).statusCode).toBe(200);

    const wrong = await u.b.post('/api/auth/change-password', { currentPassword: 'Mauvais1x', newPassword: 'Nouveau1mdp' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorReply>().error.message).toBe(MESSAGES.currentPasswordInvalid);

    const weak = await u.b.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'faible' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorReply>().error.message).toBe(MESSAGES.passwordMinLength);

    const ok = await u.b.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Nouveau1mdp',
      revokeOtherSessions: true,
    });
    expect(ok.statusCode).toBe(200);
    expect((await u.b.get('/api/profile')).statusCode).toBe(200); // this browser stays signed in
    expect((await elsewhere.get('/api/profile')).statusCode).toBe(401); // the other one is signed out
    expect((await signIn(new TestBrowser(t.app), email)).statusCode).toBe(401);
    expect((await signIn(new TestBrowser(t.app), email, 'Nouveau1mdp')).statusCode).toBe(200);
  });

  it('signs out everywhere: every session of the account ends, other accounts keep theirs', async () => {
    const email = `partout-${kind}@exemple.fr`;
    const u = await signedInUser(t.app, email);
    const phone = new TestBrowser(t.app);
    expect((await signIn(phone, email)).statusCode).toBe(200);
    const bystander = await signedInUser(t.app, `temoin-${kind}@exemple.fr`);

    const res = await u.b.post('/api/auth/revoke-sessions', {});
    expect(res.statusCode).toBe(200);
    expect((await u.b.get('/api/profile')).statusCode).toBe(401);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, u.userId))).toEqual([]);
    expect((await bystander.b.get('/api/profile')).statusCode).toBe(200);
  });

  it('deletes the account only with its password: user, sessions, ledger, feedback and profile are gone', async () => {
    const email = `supprimer-${kind}@exemple.fr`;
    const u = await signedInUser(t.app, email);
    await t.app.accounts.credits.debit(u.userId, 'question');
    expect((await u.b.post('/api/feedback', { helpful: true, mode: 'extractive' })).statusCode).toBeLessThan(300);
    const bystander = await signedInUser(t.app, `reste-${kind}@exemple.fr`);

    // Without the password (better-auth alone would accept a recent session), then with a wrong one.
    for (const body of [{}, { password: '' }, { token: 'x', password: STRONG_PASSWORD }]) {
      const res = await u.b.post('/api/auth/delete-user', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorReply>().error.message).toBe(MESSAGES.passwordRequiredToDelete);
    }
    const wrong = await u.b.post('/api/auth/delete-user', { password: 'Mauvais1x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorReply>().error.message).toBe(MESSAGES.currentPasswordInvalid);
    expect(await db().select().from(users).where(eq(users.id, u.userId))).toHaveLength(1);

    const ok = await u.b.post('/api/auth/delete-user', { password: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
    for (const table of [sessions, creditLedger, answerFeedback, profiles, accounts] as const) {
      expect(await db().select().from(table).where(eq(table.userId, u.userId))).toEqual([]);
    }
    expect(await db().select().from(users).where(eq(users.id, u.userId))).toEqual([]);
    expect((await u.b.get('/api/profile')).statusCode).toBe(401);
    expect((await new TestBrowser(t.app).get('/api/profile', { authorization: `Bearer ${u.apiKey}` })).statusCode).toBe(401);
    expect((await signIn(new TestBrowser(t.app), email)).statusCode).toBe(401);
    expect((await bystander.b.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses deleting the account without a session, in French', async () => {
    const res = await new TestBrowser(t.app).post('/api/auth/delete-user', { password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorReply>().error.message).toBe(MESSAGES.notSignedIn);
  });
});
