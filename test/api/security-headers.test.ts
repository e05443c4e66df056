import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFeedback, users } from '../../src/server/db/schema';
import { ORIGIN_REFUSED_MESSAGE } from '../../src/server/plugins/origin-check';
import { createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, setCookies, signIn, signUp } from './support/http';
import { IN_SCOPE_QUESTIONS } from './support/fuzz-requests';

/**
 * Security checks as tests: security headers and CSP on every kind of reply, session cookies
 * httpOnly / SameSite=Lax / Secure behind an HTTPS proxy, and cross-origin POSTs refused on every route
 * that changes something — with nothing changed.
 */

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** The headers every reply of the site carries, whatever its type. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const h = res.headers;
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(h['x-powered-by'], what).toBeUndefined();
  const policy = csp(res);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('style-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  for (const [name, values] of policy) {
    expect(values, `${what} ${name}`).not.toContain("'unsafe-inline'");
    expect(values, `${what} ${name}`).not.toContain("'unsafe-eval'");
    expect(values, `${what} ${name}`).not.toContain('*');
  }
}

const cookieHeader = (b: TestBrowser) => [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');

describe('security headers, cookies and cross-origin requests', () => {
  let t: TestApp;
  let b: TestBrowser;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' });
    b = new TestBrowser(t.app);
    expect((await signUp(b, 'entetes@exemple.fr')).statusCode).toBe(200);
    expect((await signIn(b, 'entetes@exemple.fr')).statusCode).toBe(200);
    const [row] = await t.testDb.database.db.select().from(users).where(eq(users.email, 'entetes@exemple.fr'));
    userId = row?.id ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every kind of page and reply carries the security headers and the strict CSP', async () => {
    const html = { accept: 'text/html' };
    const pages: [string, string, Record<string, string>][] = [
      ['home', '/', html],
      ['SPA route', '/login', html],
      ['unknown page (SPA)', '/nimporte/quoi', html],
      ['static page', '/mentions.html', html],
      ['Articles', '/Articles/', html],
      ['hashed asset', '/assets/index-Ab12Cd34.js', {}],
      ['API JSON', '/api/health', {}],
      ['API 404', '/api/introuvable', {}],
      ['asset 404', '/assets/introuvable.js', {}],
      ['API 401', '/api/profile', {}],
      ['API 400', '/api/search?q=', {}],
    ];
    for (const [what, url, headers] of pages) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(res, what);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/introuvable' })).statusCode).toBe(404);
    // Without an HTTPS proxy there is no HSTS (it would pin a plain-HTTP development site).
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('error replies raised by the framework (413, 415, invalid JSON) carry them too', async () => {
    const cookie = cookieHeader(b);
    const cases = [
      { payload: JSON.stringify({ question: 'x'.repeat(300 * 1024) }), type: 'application/json', status: 413 },
      { payload: '<question/>', type: 'application/xml', status: 415 },
      { payload: '{"question":', type: 'application/json', status: 400 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/answers', payload: c.payload, headers: { origin: ORIGIN, cookie, 'content-type': c.type } });
      expect(res.statusCode).toBe(c.status);
      expectSecurityHeaders(res, `${c.status}`);
    }
  });

  it('the answer stream (SSE) and the pré-dossier PDF carry them too', async () => {
    const question = IN_SCOPE_QUESTIONS[0] ?? '';
    const stream = await b.post('/api/answers', { question }, { accept: 'text/event-stream' });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expectSecurityHeaders(stream, 'SSE');

    const json = await b.post('/api/answers', { question });
    expect(json.statusCode).toBe(200);
    const pdf = await b.post('/api/answers/pdf', { question, answer: json.json<{ answer: unknown }>().answer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectSecurityHeaders(pdf, 'PDF');
  });

  it('the session cookie is httpOnly, SameSite=Lax, path / (no Secure on plain-HTTP development)', async () => {
    const fresh = new TestBrowser(t.app);
    const res = await signIn(fresh, 'entetes@exemple.fr');
    const cookies = setCookies(res);
    const session = cookies.find((c) => c.name === 'ql.session_token');
    expect(session, cookies.map((c) => c.name).join(',')).toBeDefined();
    for (const c of cookies) {
      expect(c.attributes.httponly, c.name).toBe(true);
      expect(String(c.attributes.samesite).toLowerCase(), c.name).toBe('lax');
      expect(c.attributes.path, c.name).toBe('/');
    }
    expect(session?.attributes.secure).toBeUndefined();
  });

  describe('cross-origin POSTs', () => {
    /** Every route that changes something, under the API. */
    const STATE_CHANGING = [
      ['/api/answers', { question: IN_SCOPE_QUESTIONS[0] }],
      ['/api/answers/pdf', { question: 'x', answer: {} }],
      ['/api/feedback', { helpful: true }],
      ['/api/profile/api-key', {}],
      ['/api/auth/sign-up/email', { name: 'Pirate', email: 'pirate@exemple.fr', password: STRONG_PASSWORD }],
      ['/api/auth/sign-in/email', { email: 'entetes@exemple.fr', password: STRONG_PASSWORD }],
      ['/api/auth/sign-in/social', { provider: 'google' }],
      ['/api/auth/request-password-reset', { email: 'entetes@exemple.fr' }],
      ['/api/auth/reset-password', { token: 'x', newPassword: 'Pirate2026x' }],
      ['/api/auth/send-verification-email', { email: 'entetes@exemple.fr' }],
      ['/api/auth/sign-out', {}],
      ['/api/auth/update-user', { name: 'Pirate' }],
      ['/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Pirate2026x' }],
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
      ['/api/auth/delete-user', {}],
    ] as const;
    const FOREIGN_ORIGINS = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { referer: `${ORIGIN}/login` },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'https://localhost:3000' },
      { origin: 'http://localhost:3001' },
    ];

    async function snapshot() {
      const db = t.testDb.database.db;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      const [me] = await db.select().from(users).where(eq(users.id, userId));
      const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: cookieHeader(b) } });
      const outbox = path.join(t.config.dataDir, 'outbox');
      return {
        users: count?.n,
        name: me?.name,
        profile: profile.statusCode === 200 ? profile.json<object>() : profile.statusCode,
        feedback: (await db.select().from(answerFeedback)).length,
        mails: fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
      };
    }

    it('are refused (403, French) on every state-changing route, with the session cookie, in any body format — and change nothing', async () => {
      const before = await snapshot();
      expect(before.profile).toMatchObject({ email: 'entetes@exemple.fr' });
      const cookie = cookieHeader(b);
      for (const [url, body] of STATE_CHANGING) {
        for (const headers of FOREIGN_ORIGINS) {
          for (const [type, payload] of [
            ['application/json', JSON.stringify(body)],
            ['application/x-www-form-urlencoded', new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()],
            ['text/plain', JSON.stringify(body)],
          ] as const) {
            for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
              if (method !== 'POST' && type !== 'application/json') continue;
              const res = await t.app.inject({ method, url, payload, headers: { ...headers, cookie, 'content-type': type } });
              const what = `${method} ${url} ${JSON.stringify(headers)} ${type}`;
              expect(res.statusCode, what).toBe(403);
              expect(res.json(), what).toEqual({ error: { code: 'origin_refused', message: ORIGIN_REFUSED_MESSAGE } });
              expect(res.headers['access-control-allow-origin'], what).toBeUndefined();
              expect(res.headers['set-cookie'], what).toBeUndefined();
            }
          }
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('no CORS: a foreign origin gets no Access-Control-Allow-* header, even on a preflight', async () => {
      const get = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { origin: 'https://evil.example', cookie: cookieHeader(b) } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
      expect(get.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/answers',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(preflight.statusCode).toBeLessThan(500);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('GET never changes state: GET on the POST-only routes keeps the key and the session', async () => {
      const before = await snapshot();
      for (const url of ['/api/profile/api-key', '/api/auth/sign-out', '/api/auth/revoke-sessions', '/api/auth/delete-user', '/api/answers', '/api/feedback']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://evil.example', cookie: cookieHeader(b) } });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe('behind an HTTPS reverse proxy (TRUST_PROXY, X-Forwarded-Proto: https)', () => {
  const PUBLIC = 'https://questionlegale.example';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: PUBLIC, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const proxied = { host: 'questionlegale.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };

  it('session cookies are Secure (__Secure- prefix), httpOnly and SameSite=Lax, and work over the proxy', async () => {
    const post = (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.1', headers: { ...proxied, origin: PUBLIC, ...(cookie ? { cookie } : {}) } });
    expect((await post('/api/auth/sign-up/email', { name: 'Proxy', email: 'proxy@exemple.fr', password: STRONG_PASSWORD })).statusCode).toBe(200);
    const res = await post('/api/auth/sign-in/email', { email: 'proxy@exemple.fr', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c.name, c.name).toMatch(/^__Secure-ql\./);
      expect(c.attributes.secure, c.name).toBe(true);
      expect(c.attributes.httponly, c.name).toBe(true);
      expect(String(c.attributes.samesite).toLowerCase(), c.name).toBe('lax');
    }
    const cookie = cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ');
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', remoteAddress: '127.0.0.1', headers: { ...proxied, cookie } });
    expect(profile.statusCode).toBe(200);

    const out = await post('/api/auth/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    for (const c of setCookies(out)) expect(c.attributes.secure, c.name).toBe(true);
  });

  it('HSTS and the same CSP are sent on pages and API replies', async () => {
    for (const url of ['/', '/api/health', '/Articles/', '/api/introuvable']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...proxied, accept: 'text/html' } });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      expectSecurityHeaders(res, url);
    }
  });

  it('the plain-HTTP origin of the same host is not trusted for POSTs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'proxy@exemple.fr', password: STRONG_PASSWORD },
      headers: { ...proxied, origin: 'http://questionlegale.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
