import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signedInUser } from '../../../../test/api/support/http';
import { firstLink, startTestSmtp, type TestSmtp } from '../../../../test/api/support/mail';
import { MESSAGES } from '../../../common/messages';

/**
 * After a password reset or change, nothing the old password opened still works: the other sessions, the
 * reset links still pending, the API key. The owner gets an e-mail saying so, pointing to the account page.
 */
describe.each(DB_KINDS)('after a password reset or change, on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let seq = 0;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(kind, {
      ...AUTH_TEST_ENV,
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_EMAIL: '4',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const email = (label: string) => `${label}-${kind}-${++seq}@exemple.fr`;
  const bearer = (key: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${key}` } });

  async function resetToken(to: string): Promise<string> {
    const before = smtp.mails.length;
    const res = await new TestBrowser(t.app).post('/api/auth/request-password-reset', { email: to });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(to, before);
    return new URL(firstLink(mail.text)).searchParams.get('token') ?? '';
  }

  it('a reset ends every session, every other pending reset link and the API key, and says so by e-mail', async () => {
    const owner = await signedInUser(t.app, email('reinit'));
    const laptop = new TestBrowser(t.app, '10.20.0.2');
    expect((await signIn(laptop, owner.email)).statusCode).toBe(200);
    const older = await resetToken(owner.email);
    const newer = await resetToken(owner.email);

    const before = smtp.mails.length;
    const done = await new TestBrowser(t.app).post('/api/auth/reset-password', { token: newer, newPassword: 'Nouveau2026x' });
    expect(done.statusCode).toBe(200);

    // The older link, never used, is dead too.
    const reuse = await new TestBrowser(t.app).post('/api/auth/reset-password', { token: older, newPassword: 'Pirate2026x' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json<{ message: string }>().message).toBe(MESSAGES.resetLinkInvalid);
    expect((await signIn(new TestBrowser(t.app), owner.email, 'Pirate2026x')).statusCode).toBe(401);

    for (const b of [owner.b, laptop]) expect((await b.get('/api/profile')).statusCode).toBe(401);
    expect((await bearer(owner.apiKey)).statusCode).toBe(401);

    const again = new TestBrowser(t.app);
    expect((await signIn(again, owner.email, 'Nouveau2026x')).statusCode).toBe(200);
    const fresh = (await again.get('/api/profile')).json<{ apiKey: string; credits: number }>();
    expect(fresh.apiKey).not.toBe(owner.apiKey);
    expect(fresh.credits).toBe(3);
    expect((await bearer(fresh.apiKey)).statusCode).toBe(200);

    const notice = await smtp.waitFor(owner.email, before);
    expect(notice.subject).toContain('Votre mot de passe a été modifié');
    expect(notice.text).toContain('réinitialisé');
    expect(notice.text).toContain('toutes vos sessions ont été fermées');
    expect(notice.text).toContain('Les autres liens de réinitialisation');
    expect(notice.text).toContain("clé d'API a été remplacée");
    expect(notice.text).toContain(`${ORIGIN}/app/compte`);
    expect(notice.html).toContain(`href="${ORIGIN}/app/compte"`);
  });

  it('a change ends the other sessions (whatever the client asks), pending reset links and the API key', async () => {
    const owner = await signedInUser(t.app, email('change'));
    const phone = new TestBrowser(t.app, '10.20.0.3');
    expect((await signIn(phone, owner.email)).statusCode).toBe(200);
    const pending = await resetToken(owner.email);

    const before = smtp.mails.length;
    const res = await owner.b.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Change2026x',
      revokeOtherSessions: false,
    });
    expect(res.statusCode).toBe(200);

    // This browser stays signed in; the phone is out.
    expect((await owner.b.get('/api/profile')).statusCode).toBe(200);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);
    expect((await bearer(owner.apiKey)).statusCode).toBe(401);
    const link = await new TestBrowser(t.app).post('/api/auth/reset-password', { token: pending, newPassword: 'Pirate2026x' });
    expect(link.statusCode).toBe(400);

    const notice = await smtp.waitFor(owner.email, before);
    expect(notice.subject).toContain('Votre mot de passe a été modifié');
    expect(notice.text).toContain('vos sessions ouvertes sur les autres appareils ont été fermées');
    expect(notice.text).toContain(`${ORIGIN}/app/compte`);
  });

  it('a wrong current password changes nothing and is rate limited per account', async () => {
    const owner = await signedInUser(t.app, email('devine'));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A new address each time: the limit follows the account, not the address.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: `10.21.0.${i + 1}`,
        headers: { origin: ORIGIN, cookie: [...owner.b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
        payload: { currentPassword: `Mauvais${i}2026x`, newPassword: 'Change2026x' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json<{ message: string }>().message).toBe(MESSAGES.tooManyAttempts);
    }
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    expect((await bearer(owner.apiKey)).statusCode).toBe(200);
  });
});
