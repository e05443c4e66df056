import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { AUTH_TEST_ENV, STRONG_PASSWORD, TestBrowser, signIn, signUp } from '../../../../test/api/support/http';
import { startTestSmtp, type TestSmtp } from '../../../../test/api/support/mail';
import { looksFrench } from '../../../../test/api/support/fuzz-harness';
import { users } from '../../db/schema';
import { MESSAGES } from '../../../common/messages';
import { captureLogs } from '../../../../test/support/logs';

interface ErrorReply {
  code: string;
  message: string;
  error: { code: string; message: string };
}

const LIMITS = { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' };

/**
 * What the auth endpoints say: every `message` in French (better-auth's own English included), the account
 * name rule, unknown auth paths, e-mails and logs that carry no raw name nor address.
 */
describe('auth replies and e-mails', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const logs = captureLogs();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, ...LIMITS, SMTP_URL: smtp.url }, { logger: { level: 'info', stream: logs.stream } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers unknown /api/auth paths with a French 404, not « Une erreur interne »', async () => {
    for (const [method, url] of [['GET', '/api/auth/nimporte-quoi'], ['POST', '/api/auth/pas/de/route'], ['GET', '/api/auth/']] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: 'http://localhost:3000', accept: 'application/json' }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(404);
      const body = res.json<ErrorReply>();
      expect(body.message, url).toBe(MESSAGES.notFound);
      expect(body.error.message, url).toBe(MESSAGES.notFound);
    }
  });

  it("puts French in every error's `message`, better-auth's own origin check included", async () => {
    // Our guard lets the request through (the Origin names the Host it was sent to); better-auth refuses it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'autre.example:3000', origin: 'http://autre.example:3000' },
      payload: { email: 'x@exemple.fr', password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    const body = res.json<ErrorReply>();
    expect(body.message).not.toMatch(/invalid origin/i);
    expect(looksFrench(body.message)).toBe(true);
    expect(body.error.message).toBe(body.message);

    const b = new TestBrowser(t.app);
    const cases: [string, object][] = [
      ['/api/auth/sign-up/email', { email: 'pas-une-adresse', password: STRONG_PASSWORD, name: 'A' }],
      ['/api/auth/sign-up/email', { name: 'A', email: 'a@exemple.fr' }],
      ['/api/auth/sign-in/email', { email: 'a@exemple.fr', password: 12 }],
      ['/api/auth/reset-password', { newPassword: STRONG_PASSWORD }],
      ['/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Nouveau2026x' }],
    ];
    for (const [url, payload] of cases) {
      const reply = await b.post(url, payload);
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
      const error = reply.json<ErrorReply>();
      expect(looksFrench(error.message), `${url} → ${error.message}`).toBe(true);
      expect(error.message, url).toBe(error.error.message);
    }
  });

  it('refuses a NUL character in a body or a link with a French 400, never a database error', async () => {
    const b = new TestBrowser(t.app);
    const body = await b.post('/api/auth/reset-password', { token: 'abc\u0000\u0001', newPassword: STRONG_PASSWORD });
    expect(body.statusCode).toBe(400);
    expect(body.json<ErrorReply>().error.message).toBe(MESSAGES.badRequest);
    const link = await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/abc%00def?callbackURL=%2F' });
    expect(link.statusCode).toBe(400);
    expect(link.json<ErrorReply>().error.message).toBe(MESSAGES.badRequest);
  });

  it("puts French in success replies' `message` too", async () => {
    const res = await new TestBrowser(t.app).post('/api/auth/request-password-reset', { email: 'personne@exemple.fr' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: boolean; message: string }>();
    expect(body.status).toBe(true);
    expect(looksFrench(body.message)).toBe(true);
    expect(body.message).not.toMatch(/check your email/i);
  });

  it('refuses a confirmation e-mail when confirmation is off, in French, and sends nothing', async () => {
    const b = new TestBrowser(t.app);
    expect((await signUp(b, 'sansconfirmation@exemple.fr')).statusCode).toBe(200);
    const before = smtp.mails.length;
    const res = await b.post('/api/auth/send-verification-email', { email: 'sansconfirmation@exemple.fr' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorReply>()).toMatchObject({ code: 'EMAIL_VERIFICATION_DISABLED', message: MESSAGES.emailVerificationDisabled });
    // The reset request below is answered once its e-mail is sent: had the confirmation gone, it came first.
    await b.post('/api/auth/request-password-reset', { email: 'sansconfirmation@exemple.fr' });
    const next = await smtp.waitFor('sansconfirmation@exemple.fr', before);
    expect(next.subject).toContain('Réinitialisation');
    expect(smtp.mails.slice(before).filter((m) => m.subject.includes('Confirmez'))).toEqual([]);
  });

  describe('the account name', () => {
    it('accepts up to 80 characters, trimmed', async () => {
      const b = new TestBrowser(t.app);
      const name = 'é'.repeat(80);
      expect((await signUp(b, 'nom80@exemple.fr', ` ${name} `)).statusCode).toBe(200);
      const [row] = await t.testDb.database.db.select({ name: users.name }).from(users).where(eq(users.email, 'nom80@exemple.fr'));
      expect(row?.name).toBe(name);
    });

    it('refuses a longer name, an empty one and control characters with a French message, creating nothing', async () => {
      const b = new TestBrowser(t.app);
      const cases: [string, string][] = [
        ['a'.repeat(81), MESSAGES.nameTooLong],
        ['x'.repeat(339), MESSAGES.nameTooLong],
        // Within the 64 kB body limit of the auth routes (a larger body gets a French 413 first).
        ['x'.repeat(50_000), MESSAGES.nameTooLong],
        ['   ', MESSAGES.nameRequired],
        ['Camille\r\nBcc: pirate@evil.example', MESSAGES.nameInvalidCharacters],
        ['\u001b[2J\u001b[31mOpérateur', MESSAGES.nameInvalidCharacters],
      ];
      let i = 0;
      for (const [name, message] of cases) {
        i += 1;
        const res = await signUp(b, `nom-refuse-${i}@exemple.fr`, name);
        expect(res.statusCode, JSON.stringify(name.slice(0, 20))).toBe(400);
        expect(res.json<ErrorReply>()).toMatchObject({ code: 'INVALID_NAME', message, error: { message } });
      }
      const created = await t.testDb.database.db.select().from(users);
      expect(created.filter((u) => u.email.startsWith('nom-refuse-'))).toEqual([]);
    });

    it('applies the same rule when a signed-in user renames the account', async () => {
      const b = new TestBrowser(t.app);
      await signUp(b, 'renomme@exemple.fr');
      expect((await signIn(b, 'renomme@exemple.fr')).statusCode).toBe(200);
      const refused = await b.post('/api/auth/update-user', { name: 'y'.repeat(81) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorReply>().message).toBe(MESSAGES.nameTooLong);
      const ok = await b.post('/api/auth/update-user', { name: '  Camille Renard ' });
      expect(ok.statusCode).toBe(200);
      const [row] = await t.testDb.database.db.select({ name: users.name }).from(users).where(eq(users.email, 'renomme@exemple.fr'));
      expect(row?.name).toBe('Camille Renard');
    });

    it('keeps names stored before the rule out of e-mails as raw text: one line, no link', async () => {
      const b = new TestBrowser(t.app);
      await signUp(b, 'ancien-nom@exemple.fr');
      await t.testDb.database.db
        .update(users)
        .set({ name: `Camille\r\nCliquez ici : https://evil.example/vol ${'z'.repeat(200_000)}` })
        .where(eq(users.email, 'ancien-nom@exemple.fr'));
      const before = smtp.mails.length;
      await b.post('/api/auth/request-password-reset', { email: 'ancien-nom@exemple.fr' });
      const mail = await smtp.waitFor('ancien-nom@exemple.fr', before);
      expect(mail.text).toMatch(/^Bonjour,\r?\n/);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.raw.length).toBeLessThan(20_000);
    });
  });

  it('writes no e-mail address to the logs, only a hash', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'journal-adresse@exemple.fr');
    const before = smtp.mails.length;
    await b.post('/api/auth/request-password-reset', { email: 'journal-adresse@exemple.fr' });
    await smtp.waitFor('journal-adresse@exemple.fr', before);
    const sent = logs.lines.filter((l) => l.includes('e-mail sent'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((l) => /"to":"sha256:[0-9a-f]{16}"/.test(l))).toBe(true);
    expect(logs.lines.join('\n')).not.toContain('journal-adresse');
  });
});

describe('auth without PUBLIC_URL, opened at 127.0.0.1 (local use)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp('pglite', { ...LIMITS, PORT: '3000', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
    it(`registers, signs in and asks for a reset from ${origin}`, async () => {
      const host = new URL(origin).host;
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { host, origin }, payload });
      const email = `local-${host.replace(/[^0-9]/g, '')}@exemple.fr`;
      const up = await post('/api/auth/sign-up/email', { name: 'Local', email, password: STRONG_PASSWORD, callbackURL: '/login' });
      expect(up.statusCode, up.body).toBe(200);
      const inRes = await post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
      expect(inRes.statusCode, inRes.body).toBe(200);
      const reset = await post('/api/auth/request-password-reset', { email, redirectTo: `${origin}/update-password` });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  }

  it('still refuses another port or host, in French', async () => {
    const origin = 'http://127.0.0.1:4000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      payload: { email: 'x@exemple.fr', redirectTo: `${origin}/update-password` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorReply>().message).toBe("L'adresse de redirection n'est pas autorisée.");
  });
});
