import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, signedInUser } from './support/http';
import { MESSAGES } from '../../src/common/messages';

/**
 * Limits that must hold against a client who writes its own headers and paths: forwarding headers behind a
 * reverse proxy (TRUST_PROXY), a percent-encoded API path, IPv6 addresses, /metrics behind a proxy.
 */

const METRICS_TOKEN = 'jeton-metriques-0123456789';

function signInFrom(t: TestApp, remoteAddress: string, forwardedFor: string | undefined, n: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: 'https://questionlegale.example', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { email: `inconnu-${n}@exemple.fr`, password: STRONG_PASSWORD },
  });
}

describe('TRUST_PROXY=1: one proxy that appends the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://questionlegale.example', TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3', METRICS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the rightmost X-Forwarded-For entry: a forged leftmost one buys no new budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The client wrote « 198.51.100.<i> »; the proxy (127.0.0.1) appended the real address.
      codes.push((await signInFrom(t, '127.0.0.1', `198.51.100.${i}, 203.0.113.50`, i)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // Another real client behind the same proxy has its own budget.
    expect((await signInFrom(t, '127.0.0.1', '203.0.113.51', 9)).statusCode).toBe(401);
  });

  it('requires the token for /metrics, even from the loopback without forwarding headers', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(404);
    expect(local.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.notFound);
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://questionlegale.example', TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_IP: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('believes X-Forwarded-For from a listed proxy only', async () => {
    // From the proxy: each client address has its own budget.
    for (let i = 0; i < 3; i++) expect((await signInFrom(t, '10.1.2.3', `203.0.113.${60 + i}`, i)).statusCode).toBe(401);
    // Straight from a client outside the list: its header is ignored, its socket address counts.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await signInFrom(t, '198.51.100.7', `203.0.113.${70 + i}`, 10 + i)).statusCode);
    expect(codes).toEqual([401, 401, 429]);
  });
});

describe('cross-site guard against encoded paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses POST /%61pi/… with a session cookie and no Origin: the API key is not rotated', async () => {
    const user = await signedInUser(t.app, 'encodage@exemple.fr');
    const cookie = [...user.b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    for (const url of ['/%61pi/profile/api-key', '/%61%70%69/profile/api-key', '/api/profile/%61pi-key/../api-key']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(403);
    }
    const profile = await user.b.get('/api/profile');
    expect(profile.json<{ apiKey: string }>().apiKey).toBe(user.apiKey);
    // The site itself still can.
    const own = await t.app.inject({ method: 'POST', url: '/%61pi/profile/api-key', headers: { cookie, origin: ORIGIN } });
    expect(own.statusCode).toBe(200);
  });
});

describe('sign-ups per IPv6 /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUpFrom = (remoteAddress: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      headers: { origin: ORIGIN },
      payload: { name: 'Ferme', email: `ferme-${n}@exemple.fr`, password: STRONG_PASSWORD },
    });

  it('counts every address of one /64 together, and another /64 apart', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) codes.push((await signUpFrom(`2001:db8:aa:bb::${i.toString(16)}`, i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await signUpFrom('2001:db8:aa:bb:ffff:1:2:3', 5)).statusCode).toBe(429);
    expect((await signUpFrom('2001:db8:aa:bc::1', 6)).statusCode).toBe(200);
  });
});
