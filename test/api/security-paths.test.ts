import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { FRAMEWORK_ERROR_MESSAGES } from '../../src/server/plugins/security';
import { REDIRECT_REFUSED_MESSAGE } from '../../src/server/modules/auth/auth-routes';
import { MESSAGES } from '../../src/common/messages';
import { isSitePath } from '../../src/common/auth/redirect-path';
import { createTestApp, type TestApp } from '../support/app';
import { ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signUp } from './support/http';
import { rawRequest, type RawReply } from './support/raw-http';

/**
 * The guards in front of better-auth (modules/auth/auth-routes.ts) read the path Node received; better-auth
 * reads the URL rebuilt by the WHATWG parser, which resolves `..`, `%2e%2e`, `\`… A target the two read
 * differently used to reach an action its guard never saw (`POST /api/auth/x/../sign-in/email`: unlimited
 * password guesses). Every such target is now refused (French 400 `bad_url`) before any guard, so each action
 * below is tried through every shape over a real socket (`inject` would resolve the path before sending it).
 */

const PER_EMAIL = 3;

/** The shapes of one action's path (`sign-in/email`) that a parser reads as that action. */
const SHAPES: readonly (readonly [string, (action: string) => string])[] = [
  ['a dot-dot segment', (a) => `/api/auth/x/../${a}`],
  ['an encoded dot-dot segment', (a) => `/api/auth/x/%2e%2e/${a}`],
  ['an upper-case encoded dot-dot segment', (a) => `/api/auth/x/%2E%2E/${a}`],
  ['a half-encoded dot-dot segment', (a) => `/api/auth/x/.%2e/${a}`],
  ['a dot segment', (a) => `/api/auth/./${a}`],
  ['an encoded dot segment', (a) => `/api/auth/%2e/${a}`],
  ['a dot-dot segment before auth', (a) => `/api/x/../auth/${a}`],
  // The only form-body path (an OAuth provider's form_post answer), left at once.
  ['a dot-dot segment after the callback path', (a) => `/api/auth/callback/../${a}`],
  ['an encoded dot-dot segment after the callback path', (a) => `/api/auth/callback/%2e%2e/${a}`],
  ['a double slash', (a) => `/api/auth//${a}`],
  ['a double slash before auth', (a) => `/api//auth/${a}`],
  ['an encoded slash', (a) => `/api/auth/x/..%2f${a}`],
  ['encoded slashes', (a) => `/api/auth/x%2F..%2F${a}`],
  ['backslashes', (a) => `/api/auth/x\\..\\${a}`],
  ['a fragment', (a) => `/api/auth/${a}#x`],
];

function expectRefusedTarget(res: RawReply, label: string): void {
  expect(res.status, label).toBe(400);
  expect(JSON.parse(res.text), label).toMatchObject({ error: { code: 'bad_url', message: FRAMEWORK_ERROR_MESSAGES.badUrl } });
  expect(res.headers['set-cookie'], label).toBeUndefined();
}

describe('one request target for every guard (raw paths over a real socket)', () => {
  let t: TestApp;
  let port: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      PUBLIC_URL: ORIGIN,
      AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
      AUTH_RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const email = (label: string): string => {
    seq += 1;
    return `${label}-${seq}@exemple.fr`;
  };
  const post = (target: string, body: object | string, headers: Record<string, string> = {}): Promise<RawReply> =>
    rawRequest({
      port,
      method: 'POST',
      path: target,
      headers: { origin: ORIGIN, 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const userExists = async (address: string): Promise<boolean> =>
    (await t.testDb.database.db.select({ id: users.id }).from(users).where(eq(users.email, address))).length > 0;
  const outboxSize = (): number => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  };
  /** A signed-in account: its address and the session cookie header. */
  async function signedIn(label: string): Promise<{ address: string; cookie: string }> {
    const address = email(label);
    const b = new TestBrowser(t.app, '10.77.0.1');
    expect((await signUp(b, address)).statusCode).toBe(200);
    expect((await signIn(b, address)).statusCode).toBe(200);
    return { address, cookie: [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') };
  }

  it('sign-in: once the guesses of an address are spent, no shape of the path signs in (nor guesses on)', async () => {
    const address = email('connexion');
    expect((await signUp(new TestBrowser(t.app, '10.77.0.2'), address)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i <= PER_EMAIL; i++) codes.push((await post('/api/auth/sign-in/email', { email: address, password: 'Mauvais123' })).status);
    expect(codes).toEqual([401, 401, 401, 429]);
    for (const [label, shape] of SHAPES) {
      expectRefusedTarget(await post(shape('sign-in/email'), { email: address, password: 'Mauvais123' }), `${label}, wrong password`);
      expectRefusedTarget(await post(shape('sign-in/email'), { email: address, password: STRONG_PASSWORD }), `${label}, right password`);
    }
    expect((await post('/api/auth/sign-in/email', { email: address, password: STRONG_PASSWORD })).status).toBe(429);
  });

  it('sign-up: no shape creates an account past the per-address limit, nor at all', async () => {
    const address = email('inscription');
    const codes: number[] = [];
    for (let i = 0; i <= PER_EMAIL; i++) codes.push((await post('/api/auth/sign-up/email', { name: 'Camille', email: address, password: STRONG_PASSWORD })).status);
    expect(codes).toEqual([200, 422, 422, 429]);
    for (const [label, shape] of SHAPES) {
      const fresh = email('forme');
      expectRefusedTarget(await post(shape('sign-up/email'), { name: 'Camille', email: fresh, password: STRONG_PASSWORD }), label);
      expect(await userExists(fresh), label).toBe(false);
    }
  });

  it('sign-up with a form-encoded body: refused whatever the shape (the limits read JSON only)', async () => {
    for (const [label, shape] of SHAPES) {
      const fresh = email('formulaire');
      const form = new URLSearchParams({ name: 'Camille', email: fresh, password: STRONG_PASSWORD }).toString();
      expectRefusedTarget(await post(shape('sign-up/email'), form), label);
      expect(await userExists(fresh), label).toBe(false);
    }
    const form = new URLSearchParams({ name: 'Camille', email: email('formulaire'), password: STRONG_PASSWORD }).toString();
    const plain = await post('/api/auth/sign-up/email', form);
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.text)).toMatchObject({ error: { message: MESSAGES.jsonRequired } });
  });

  it('reset e-mails: no shape sends one more to an address past its limit, nor any', async () => {
    const address = email('reinitialisation');
    expect((await signUp(new TestBrowser(t.app, '10.77.0.3'), address)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i <= PER_EMAIL; i++) codes.push((await post('/api/auth/request-password-reset', { email: address })).status);
    expect(codes).toEqual([200, 200, 200, 429]);
    const mails = outboxSize();
    for (const [label, shape] of SHAPES) {
      expectRefusedTarget(await post(shape('request-password-reset'), { email: address }), label);
    }
    expect(outboxSize()).toBe(mails);
  });

  it('change-password: no shape lets the current password be guessed past the limit', async () => {
    const { cookie } = await signedIn('mot-de-passe');
    const change = (target: string): Promise<RawReply> =>
      post(target, { currentPassword: 'Mauvais123', newPassword: 'Nouveau123', revokeOtherSessions: true }, { cookie });
    const codes: number[] = [];
    for (let i = 0; i <= PER_EMAIL; i++) codes.push((await change('/api/auth/change-password')).status);
    expect(codes).toEqual([400, 400, 400, 429]);
    for (const [label, shape] of SHAPES) expectRefusedTarget(await change(shape('change-password')), label);
  });

  it('delete-user: no shape deletes an account without its password', async () => {
    const { address, cookie } = await signedIn('suppression');
    for (const [label, shape] of SHAPES) {
      expectRefusedTarget(await post(shape('delete-user'), {}, { cookie }), label);
      expect(await userExists(address), label).toBe(true);
    }
    const plain = await post('/api/auth/delete-user', {}, { cookie });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.text)).toMatchObject({ error: { code: 'PASSWORD_REQUIRED', message: MESSAGES.passwordRequiredToDelete } });
    expect(await userExists(address)).toBe(true);
  });

  it('the plain paths and pages still answer as before', async () => {
    const { address } = await signedIn('normal');
    expect((await post('/api/auth/sign-in/email', { email: address, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await rawRequest({ port, method: 'GET', path: '/api/auth/get-session' })).status).toBe(200);
    expect((await rawRequest({ port, method: 'GET', path: '/api/health/live' })).status).toBe(200);
    expect((await rawRequest({ port, method: 'GET', path: '/app/compte/', headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await rawRequest({ port, method: 'GET', path: '/api/search?q=cong%C3%A9%20pay%C3%A9' })).status).toBe(200);
  });
});

describe('redirect targets that only look local (raw requests)', () => {
  let t: TestApp;
  let port: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      PUBLIC_URL: ORIGIN,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Targets better-auth (or a browser) turns into another site: `/.//evil.example` → `//evil.example`. */
  const TARGETS = [
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.///evil.example',
    '/a/..//evil.example',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/\\evil.example',
    '//evil.example',
    `${ORIGIN}/.//evil.example`,
  ];

  function expectRedirectRefused(res: RawReply, label: string): void {
    expect(res.status, label).toBe(403);
    expect(JSON.parse(res.text), label).toMatchObject({ error: { code: 'INVALID_CALLBACK_URL', message: REDIRECT_REFUSED_MESSAGE } });
    expect(res.headers.location, label).toBeUndefined();
  }

  it('GET /api/auth/verify-email never answers a Location that leaves the site', async () => {
    for (const target of TARGETS) {
      const res = await rawRequest({ port, method: 'GET', path: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}` });
      expectRedirectRefused(res, target);
    }
    // A local path is still followed (the invalid token sends the visitor there with the error).
    const local = await rawRequest({ port, method: 'GET', path: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/login')}` });
    expect(local.status).toBe(302);
    expect(isSitePath(local.headers.location)).toBe(true);
  });

  it('sign-up cannot plant such a target in the confirmation e-mail; reset and confirmation requests refuse them too', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = (): number => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
    for (const target of TARGETS) {
      seq += 1;
      const before = mails();
      const json = (action: string, body: object): Promise<RawReply> =>
        rawRequest({ port, method: 'POST', path: `/api/auth/${action}`, headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expectRedirectRefused(await json('sign-up/email', { name: 'Camille', email: `piege-${seq}@exemple.fr`, password: STRONG_PASSWORD, callbackURL: target }), `sign-up ${target}`);
      expectRedirectRefused(await json('request-password-reset', { email: `piege-${seq}@exemple.fr`, redirectTo: target }), `reset ${target}`);
      expectRedirectRefused(await json('send-verification-email', { email: `piege-${seq}@exemple.fr`, callbackURL: target }), `verification ${target}`);
      expect(mails(), target).toBe(before);
    }
  });
});
