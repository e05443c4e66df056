import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFeedback, creditLedger, verifications } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/common/messages';
import { createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signedInUser, type SignedInUser } from './support/http';
import { firstLink, parseMail } from './support/mail';
import { looksFrench } from './support/fuzz-harness';
import { IN_SCOPE_QUESTIONS } from './support/fuzz-requests';

/**
 * Security checks on accounts: one user's API key or session never reads or spends another's
 * credits, a rotated key is dead, reset links are single-use and expire, and no auth endpoint redirects
 * to another site.
 */

type Member = SignedInUser;

describe('accounts security', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.testDb.database.db;

  async function member(label: string): Promise<Member> {
    seq += 1;
    return signedInUser(t.app, `${label}-${seq}@exemple.fr`);
  }


  const bearer = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
  const balance = (userId: string) => t.app.accounts.credits.balance(userId);

  describe('credits and API keys', () => {
    let a: Member;
    let c: Member;
    beforeAll(async () => {
      a = await member('alice');
      c = await member('bruno');
    });

    it("A's API key reads A's profile and spends only A's credits; B is untouched", async () => {
      const profile = await bearer(a.apiKey, 'GET', '/api/profile');
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ email: a.email, credits: 3 });

      const answer = await bearer(a.apiKey, 'POST', '/api/answers', { question: IN_SCOPE_QUESTIONS[0] ?? '' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ credits: number }>().credits).toBe(2);
      expect(await balance(a.userId)).toBe(2);
      expect(await balance(c.userId)).toBe(3);
      expect((await c.b.get('/api/profile')).json()).toMatchObject({ email: c.email, credits: 3, apiKey: c.apiKey });
      const ledgerB = await db().select().from(creditLedger).where(eq(creditLedger.userId, c.userId));
      expect(ledgerB.map((r) => r.delta)).toEqual([3]);
    });

    it("a session reads and spends only its own user's credits, whatever the body claims", async () => {
      const res = await c.b.post('/api/answers', { question: IN_SCOPE_QUESTIONS[1] ?? '', userId: a.userId, user: { id: a.userId } });
      expect(res.statusCode).toBe(200);
      expect(await balance(c.userId)).toBe(2);
      expect(await balance(a.userId)).toBe(2);

      const fb = await c.b.post('/api/feedback', { helpful: true, userId: a.userId });
      expect(fb.statusCode).toBe(204);
      const rows = await db().select().from(answerFeedback);
      expect(rows.map((r) => r.userId)).toEqual([c.userId]);
    });

    it('rotating a key kills the old one at once; the other user\'s key is unaffected', async () => {
      const old = a.apiKey;
      const rotated = await a.b.post('/api/profile/api-key');
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json<{ apiKey: string }>().apiKey;
      expect(fresh).not.toBe(old);
      expect(fresh.length).toBeGreaterThanOrEqual(20);

      for (const [method, url] of [['GET', '/api/profile'], ['POST', '/api/answers'], ['POST', '/api/profile/api-key'], ['POST', '/api/feedback']] as const) {
        const res = await bearer(old, method, url, method === 'POST' ? { question: IN_SCOPE_QUESTIONS[0] ?? '', helpful: true } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(looksFrench(res.json<{ error: { message: string } }>().error.message)).toBe(true);
      }
      expect(await balance(a.userId)).toBe(2);
      expect((await bearer(fresh, 'GET', '/api/profile')).json()).toMatchObject({ email: a.email });
      expect((await bearer(c.apiKey, 'GET', '/api/profile')).json()).toMatchObject({ email: c.email, apiKey: c.apiKey });
      a.apiKey = fresh;
    });

    it('an invalid key is not rescued by a valid cookie; keys never appear in the session reply', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: 'Bearer ql_not_a_key', cookie: [...c.b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
      });
      expect(res.statusCode).toBe(401);
      const session = await c.b.get('/api/auth/get-session');
      expect(session.statusCode).toBe(200);
      expect(session.body).not.toContain(c.apiKey);
    });

    it('after sign-out the old session cookie opens nothing', async () => {
      const jar = new Map(c.b.jar);
      expect((await c.b.post('/api/auth/sign-out', {})).statusCode).toBe(200);
      const replay = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') } });
      expect(replay.statusCode).toBe(401);
      const spend = await t.app.inject({ method: 'POST', url: '/api/answers', headers: { origin: ORIGIN, cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') }, payload: { question: IN_SCOPE_QUESTIONS[0] ?? '' } });
      expect(spend.statusCode).toBe(401);
      expect(await balance(c.userId)).toBe(2);
    });
  });

  describe('password reset links', () => {
    const outbox = () => path.join(t.config.dataDir, 'outbox');
    async function resetLink(email: string): Promise<URL> {
      const before = fs.existsSync(outbox()) ? new Set(fs.readdirSync(outbox())) : new Set<string>();
      const res = await new TestBrowser(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/update-password' });
      expect(res.statusCode).toBe(200);
      const file = fs.readdirSync(outbox()).find((f) => !before.has(f));
      if (!file) throw new Error('no reset e-mail written');
      return new URL(firstLink(parseMail(fs.readFileSync(path.join(outbox(), file), 'utf8')).text));
    }

    it('a reset token works once, ends the sessions, and then is refused in French', async () => {
      const m = await member('oubli');
      const link = await resetLink(m.email);
      const token = link.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(20);
      const stored = await db().select().from(verifications);
      expect(stored.every((v) => !v.identifier.includes(token) && v.value !== token)).toBe(true);

      const first = await new TestBrowser(t.app).post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026x' });
      expect(first.statusCode).toBe(200);
      expect((await m.b.get('/api/profile')).statusCode).toBe(401);

      const again = await new TestBrowser(t.app).post('/api/auth/reset-password', { token, newPassword: 'Pirate2026x' });
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string; error: { message: string } }>()).toMatchObject({ message: MESSAGES.resetLinkInvalid, error: { message: MESSAGES.resetLinkInvalid } });
      expect((await signIn(new TestBrowser(t.app), m.email, 'Pirate2026x')).statusCode).toBe(401);
      expect((await signIn(new TestBrowser(t.app), m.email, 'Nouveau2026x')).statusCode).toBe(200);

      const click = await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/update-password')}` });
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toMatch(/error=INVALID_TOKEN/);
    });

    it('a reset token lives one hour, and an expired one is refused', async () => {
      const m = await member('expire');
      const requestedAt = Date.now();
      const token = (await resetLink(m.email)).searchParams.get('token') ?? '';
      const rows = await db().select().from(verifications).where(eq(verifications.value, m.userId));
      expect(rows).toHaveLength(1);
      const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - requestedAt;
      expect(ttl).toBeGreaterThan(55 * 60_000);
      expect(ttl).toBeLessThanOrEqual(61 * 60_000);

      // One hour later (moved in the database: the server keeps no clock of its own).
      await db().update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.value, m.userId));
      const expired = await new TestBrowser(t.app).post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026x' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.resetLinkInvalid);
      expect((await signIn(new TestBrowser(t.app), m.email, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it("one user's reset token cannot be spent on another account", async () => {
      const a = await member('jeton-a');
      const b2 = await member('jeton-b');
      const token = (await resetLink(a.email)).searchParams.get('token') ?? '';
      const res = await new TestBrowser(t.app).post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026x', email: b2.email, userId: b2.userId });
      expect(res.statusCode).toBe(200);
      expect((await signIn(new TestBrowser(t.app), b2.email, STRONG_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(new TestBrowser(t.app), a.email, 'Nouveau2026x')).statusCode).toBe(200);
    });
  });

  describe('open redirects', () => {
    const FOREIGN = [
      'https://evil.example/piege',
      '//evil.example/piege',
      '/\\evil.example/piege',
      '\\\\evil.example',
      'https:evil.example',
      'http://localhost:3000.evil.example/',
      'http://localhost:3000@evil.example/',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      ' https://evil.example',
      'https://evil.example%2f@localhost:3000',
    ];

    /** A reply that would send the browser somewhere other than this site. */
    function redirectsAway(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
      const targets: string[] = [];
      const location = res.headers.location;
      if (typeof location === 'string') targets.push(location);
      try {
        const json = JSON.parse(res.body) as { url?: unknown; redirect?: unknown };
        if (typeof json?.url === 'string') targets.push(json.url);
      } catch {
        // not JSON
      }
      for (const target of targets) {
        const url = new URL(target, ORIGIN);
        if (url.origin !== ORIGIN || !/^https?:$/.test(url.protocol)) return target;
      }
      return null;
    }

    it('sign-in, sign-up, social sign-in and reset requests refuse foreign callback and redirect URLs', async () => {
      const m = await member('redirige');
      for (const target of FOREIGN) {
        const cases = [
          ['/api/auth/sign-in/email', { email: m.email, password: STRONG_PASSWORD, callbackURL: target }],
          ['/api/auth/sign-up/email', { name: 'Pirate', email: `redir-${seq++}@exemple.fr`, password: STRONG_PASSWORD, callbackURL: target }],
          ['/api/auth/sign-in/social', { provider: 'google', callbackURL: target }],
          ['/api/auth/sign-in/social', { provider: 'google', errorCallbackURL: target }],
          ['/api/auth/sign-in/social', { provider: 'google', newUserCallbackURL: target }],
          ['/api/auth/request-password-reset', { email: m.email, redirectTo: target }],
          ['/api/auth/send-verification-email', { email: m.email, callbackURL: target }],
        ] as const;
        for (const [url, payload] of cases) {
          const res = await new TestBrowser(t.app).post(url, payload);
          expect(redirectsAway(res), `${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeNull();
          expect(res.statusCode, `${url} ${target}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${target}`).toBeLessThan(500);
          expect(looksFrench(res.json<{ error: { message: string } }>().error.message), `${url} ${target}`).toBe(true);
        }
        // The same as a form post (the body better-auth reads itself).
        const form = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: m.email, password: STRONG_PASSWORD, callbackURL: target }).toString(),
        });
        expect(redirectsAway(form), `form ${target} → ${form.statusCode} ${form.body.slice(0, 200)}`).toBeNull();
        expect(form.statusCode, `form ${target}`).toBeGreaterThanOrEqual(400);
      }
    });

    it('the e-mailed links (reset, confirmation) never redirect to another site', async () => {
      const m = await member('lien');
      for (const target of FOREIGN) {
        const q = encodeURIComponent(target);
        for (const url of [`/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=${q}`, `/api/auth/verify-email?token=abc&callbackURL=${q}`, `/api/auth/error?error=x&callbackURL=${q}`]) {
          const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(redirectsAway(res), `${url} → ${res.statusCode} ${String(res.headers.location)}`).toBeNull();
          expect(res.statusCode, url).toBeLessThan(500);
        }
      }
      // A real, valid reset token with a foreign callback is not followed either.
      const before = new Set(fs.existsSync(path.join(t.config.dataDir, 'outbox')) ? fs.readdirSync(path.join(t.config.dataDir, 'outbox')) : []);
      await new TestBrowser(t.app).post('/api/auth/request-password-reset', { email: m.email });
      const file = fs.readdirSync(path.join(t.config.dataDir, 'outbox')).find((f) => !before.has(f)) ?? '';
      const token = new URL(firstLink(parseMail(fs.readFileSync(path.join(t.config.dataDir, 'outbox', file), 'utf8')).text)).searchParams.get('token') ?? '';
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('https://evil.example/vol')}` });
      expect(redirectsAway(res), `${res.statusCode} ${String(res.headers.location)}`).toBeNull();
    });
  });
});
