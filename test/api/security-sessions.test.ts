import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV, STRONG_PASSWORD, TestBrowser, signIn, signUp } from './support/http';

/**
 * « Se déconnecter de tous les appareils » ends every session and replaces the API key (a credential read
 * from the account page of a session being ended); and no JSON reply of the auth endpoints hands the browser
 * a session token (the session lives in an HttpOnly cookie, which a script in the page cannot read — the
 * token in a reply body it could).
 */

/** The session token of a browser: the cookie's value before its signature. */
function sessionToken(b: TestBrowser): string {
  const cookie = [...b.jar].find(([name]) => name.includes('session_token'));
  const token = cookie?.[1].split('.')[0];
  if (!token) throw new Error('no session cookie');
  return token;
}

function expectNoToken(res: LightMyRequestResponse, token: string, label: string): void {
  expect(res.statusCode, label).toBe(200);
  expect(res.body, label).not.toContain(token);
  expect(res.body, label).not.toMatch(/"(?:token|accessToken|refreshToken|idToken)"/u);
}

describe('sessions, API key and tokens', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An account signed in on two devices, and its API key. */
  async function twoDevices(): Promise<{ email: string; a: TestBrowser; b: TestBrowser; apiKey: string }> {
    seq += 1;
    const email = `appareils-${seq}@exemple.fr`;
    const a = new TestBrowser(t.app, '10.8.0.1');
    const b = new TestBrowser(t.app, '10.8.0.2');
    expect((await signUp(a, email)).statusCode).toBe(200);
    expect((await signIn(a, email)).statusCode).toBe(200);
    expect((await signIn(b, email)).statusCode).toBe(200);
    const apiKey = (await a.get('/api/profile')).json<{ apiKey: string }>().apiKey;
    return { email, a, b, apiKey };
  }
  const profileWithKey = (key: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${key}` } });
  const signedIn = async (b: TestBrowser): Promise<boolean> => (await b.get('/api/auth/get-session')).json<unknown>() !== null;

  it('signing out everywhere ends every session and replaces the API key', async () => {
    const { email, a, b, apiKey } = await twoDevices();
    expect((await profileWithKey(apiKey)).statusCode).toBe(200);
    const res = await a.post('/api/auth/revoke-sessions', {});
    expect(res.statusCode).toBe(200);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(b)).toBe(false);
    expect((await profileWithKey(apiKey)).statusCode).toBe(401);
    const c = new TestBrowser(t.app, '10.8.0.3');
    expect((await signIn(c, email)).statusCode).toBe(200);
    const fresh = (await c.get('/api/profile')).json<{ apiKey: string }>().apiKey;
    expect(fresh).not.toBe(apiKey);
    expect((await profileWithKey(fresh)).statusCode).toBe(200);
  });

  it('signing out the other devices ends theirs and replaces the API key, this session stays', async () => {
    const { a, b, apiKey } = await twoDevices();
    expect((await a.post('/api/auth/revoke-other-sessions', {})).statusCode).toBe(200);
    expect(await signedIn(a)).toBe(true);
    expect(await signedIn(b)).toBe(false);
    expect((await profileWithKey(apiKey)).statusCode).toBe(401);
    expect((await a.get('/api/profile')).json<{ apiKey: string }>().apiKey).not.toBe(apiKey);
  });

  it('a refused sign-out (no session) replaces nothing', async () => {
    const { apiKey } = await twoDevices();
    const stranger = new TestBrowser(t.app, '10.8.0.4');
    expect((await stranger.post('/api/auth/revoke-sessions', {})).statusCode).toBe(401);
    expect((await profileWithKey(apiKey)).statusCode).toBe(200);
  });

  it('no auth reply carries a session token in its JSON', async () => {
    seq += 1;
    const email = `jetons-${seq}@exemple.fr`;
    // The sign-up signs its own browser in (no e-mail confirmation here): its reply carries no token either.
    const registering = new TestBrowser(t.app, '10.8.1.1');
    const signUpRes = await signUp(registering, email);
    expect(signUpRes.statusCode).toBe(200);
    expectNoToken(signUpRes, sessionToken(registering), 'sign-up');
    const a = new TestBrowser(t.app, '10.8.1.1');
    const signInRes = await signIn(a, email);
    const token = sessionToken(a);
    expectNoToken(signInRes, token, 'sign-in');
    expect(signInRes.json<{ user: { email: string } }>().user.email).toBe(email);
    const session = await a.get('/api/auth/get-session');
    expectNoToken(session, token, 'get-session');
    expect(session.json<{ user: { email: string }; session: { expiresAt: string } }>()).toMatchObject({ user: { email }, session: { expiresAt: expect.any(String) } });
    const list = await a.get('/api/auth/list-sessions');
    expectNoToken(list, token, 'list-sessions');
    expect(list.json<unknown[]>().length).toBe(2); // the registering browser's session and this one's
    const change = await a.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Nouveau123', revokeOtherSessions: true });
    expectNoToken(change, sessionToken(a), 'change-password');
  });
});
