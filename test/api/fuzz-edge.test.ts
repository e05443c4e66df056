import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkErrorHandler, FRAMEWORK_ERROR_MESSAGES } from '../../src/server/plugins/security';
import { FUZZ_ENV, looksFrench } from './support/fuzz-harness';
import { BROKEN_ENCODING_PATHS, HUGE_QUESTION, IN_SCOPE_QUESTIONS, SITE_ORIGIN, THOUSAND_CHAR_WORD } from './support/fuzz-requests';
import { STRONG_PASSWORD, TestBrowser, signIn, signUp } from './support/http';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Hostile inputs, one by one, on every route that takes a body: oversized bodies,
 * 10,000-level JSON, invalid UTF-8, huge headers, 500 words of 1,000 characters, wrong content types,
 * arrays/numbers/null instead of objects, prototype-polluting keys. Also over real HTTP (headers and
 * bytes `app.inject` cannot send).
 */

/** Every route that reads a JSON body. */
const BODY_ROUTES = [
  '/api/answers',
  '/api/answers/pdf',
  '/api/feedback',
  '/api/profile/api-key',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-in/social',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/sign-out',
];

function expectFrenchError(res: LightMyRequestResponse, what: string): { code: string; message: string } {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.headers['content-type'], what).toContain('application/json');
  const body = res.json<{ error?: { code?: unknown; message?: unknown } }>();
  expect(typeof body.error?.code, what).toBe('string');
  const message = String(body.error?.message);
  expect(looksFrench(message), `${what}: ${message}`).toBe(true);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  return { code: String(body.error?.code), message };
}

describe('hostile inputs', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...FUZZ_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' });
    const b = new TestBrowser(t.app);
    expect((await signUp(b, 'limites@exemple.fr')).statusCode).toBe(200);
    expect((await signIn(b, 'limites@exemple.fr', STRONG_PASSWORD)).statusCode).toBe(200);
    cookie = [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  });
  afterAll(async () => {
    await t?.close();
  });

  // Signed in everywhere but on sign-out (a valid sign-out would end the session the other cases use).
  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: SITE_ORIGIN, ...(url.endsWith('/sign-out') ? {} : { cookie }), 'content-type': 'application/json', ...headers },
    });

  /** Routes that read no body may accept any valid JSON. */
  const READS_BODY = (url: string) => url !== '/api/profile/api-key' && url !== '/api/auth/sign-out';

  it('bodies over the limit (256 KB; 1 MB for the PDF): 413 in French on every route', async () => {
    const big = JSON.stringify({ question: 'loyer '.repeat(50_000), email: 'a@b.fr', password: 'x', helpful: true });
    expect(big.length).toBeGreaterThan(256 * 1024);
    for (const url of BODY_ROUTES.filter((u) => u !== '/api/answers/pdf')) {
      const res = await post(url, big);
      expect(res.statusCode, url).toBe(413);
      expectFrenchError(res, url);
    }
    const pdf = await post('/api/answers/pdf', JSON.stringify({ question: 'x'.repeat(1100 * 1024) }));
    expect(pdf.statusCode).toBe(413);
    expectFrenchError(pdf, 'pdf');
  });

  // How long such inputs may hold the server is bounded in adversarial-input.test.ts (CPU time, event loop).
  it('500 words of 1,000 characters each: refused in French as a body (413) and as a search (400 or results)', async () => {
    expect(HUGE_QUESTION.split(' ')).toHaveLength(500);
    expect(THOUSAND_CHAR_WORD).toHaveLength(1000);
    const answer = await post('/api/answers', JSON.stringify({ question: HUGE_QUESTION }), { accept: 'text/event-stream' });
    expect(answer.statusCode).toBe(413);
    expectFrenchError(answer, 'answers');

    const search = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(HUGE_QUESTION)}` });
    expect(search.statusCode).toBeLessThan(500);
    if (search.statusCode >= 400) expectFrenchError(search, 'search');
  });

  it('the largest question that fits the body limit (500 words, ~250 KB) is judged and costs nothing', async () => {
    const word = `locataire${'e'.repeat(480)}`;
    const question = Array.from({ length: 500 }, () => word).join(' ');
    const before = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json<{ credits: number }>().credits;
    const res = await post('/api/answers', JSON.stringify({ question }));
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expectFrenchError(res, 'answers');
    const after = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json<{ credits: number }>().credits;
    if (res.statusCode !== 200) expect(after).toBe(before);
  });

  it('JSON nested 10,000 and 100,000 levels deep: a French 4xx on every route, never a crash', async () => {
    const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const inField = (n: number) => `{"question":${deepObject(n)},"email":${deepArray(n)},"helpful":${deepArray(n)}}`;
    for (const url of BODY_ROUTES) {
      for (const payload of [deepArray(10_000), deepObject(10_000), inField(10_000), deepArray(100_000)]) {
        const res = await post(url, payload);
        if (READS_BODY(url) || res.statusCode >= 400) expectFrenchError(res, `${url} (${payload.length} bytes)`);
        else expect(res.statusCode, url).toBe(200);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('invalid UTF-8 in bodies and query strings: French 4xx or a normal answer, never a 5xx', async () => {
    const bad = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0xaf]);
    const bodies = [
      Buffer.concat([Buffer.from('{"question":"Mon propri'), bad, Buffer.from('taire garde ma caution"}')]),
      Buffer.concat([Buffer.from('{"email":"'), bad, Buffer.from('@exemple.fr","password":"Motdepasse1","name":"'), bad, Buffer.from('"}')]),
      Buffer.concat([Buffer.from('{"helpful":true,"reason":"'), bad, Buffer.from('"}')]),
      bad,
    ];
    for (const url of BODY_ROUTES) {
      for (const payload of bodies) {
        const res = await post(url, payload);
        expect(res.statusCode, url).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res, url);
      }
    }
    for (const q of ['%FF%FE', '%C3%28', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', 'loyer%00impay%C3%A9', '%', '%%%', '%E0%A4%A']) {
      for (const url of [`/api/search?q=${q}`, `/api/search?q=loyer&limit=${q}`, `/api/health?x=${q}`, `/api/auth/get-session?x=${q}`, `/api/auth/verify-email?token=${q}`, `/api/auth/reset-password/${q.replace(/%/g, '')}?callbackURL=${q}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res, url);
      }
    }
  });

  it('wrong content types on every route: 4xx with a French JSON error', async () => {
    const types = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/x-www-form-urlencoded', 'image/png', ''];
    for (const url of BODY_ROUTES) {
      for (const type of types) {
        const res = await post(url, type.includes('urlencoded') ? 'email=a%40b.fr&password=x' : '{"question":"x"}', { 'content-type': type });
        expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res, `${url} ${type}`);
      }
    }
  });

  it('arrays, numbers, strings and null where an object is expected: French 400s', async () => {
    for (const url of BODY_ROUTES) {
      for (const payload of ['[]', '[{"question":"loyer"}]', '42', '-1e309', '"texte"', 'null', 'true', '{}', '{"question":null,"email":null,"helpful":null}', '{"question":["a"],"email":{"a":1},"helpful":"oui"}']) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res, `${url} ${payload}`);
      }
    }
  });

  it('prototype-polluting keys are refused (400) and never reach Object.prototype', async () => {
    const payloads = [
      '{"__proto__":{"polluted":"oui"},"question":"loyer"}',
      '{"constructor":{"prototype":{"polluted":"oui"}},"helpful":true}',
      '{"helpful":true,"reason":"other","__proto__":{"isAdmin":true,"credits":1000000}}',
      '{"email":"a@b.fr","password":"Motdepasse1","name":"x","__proto__":{"emailVerified":true,"polluted":"oui"}}',
    ];
    for (const url of BODY_ROUTES) {
      for (const payload of payloads) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
        if (READS_BODY(url)) {
          const { code } = expectFrenchError(res, `${url} ${payload}`);
          expect(code, url).not.toBe('');
        }
      }
    }
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json<{ credits: number }>();
    expect(profile.credits).toBeLessThan(1000);
  });

  it('headers of 1 MB and 1,000 headers through inject: no 5xx, sessions and keys still checked', async () => {
    const huge = 'a'.repeat(1024 * 1024);
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x-h${i}`, `v${i}`]));
    for (const headers of [{ 'x-enorme': huge }, { cookie: `ql.session_token=${huge}` }, { authorization: `Bearer ${huge}` }, { origin: huge }, { accept: huge }, many]) {
      for (const [method, url] of [['GET', '/api/profile'], ['POST', '/api/answers'], ['GET', '/api/search?q=loyer'], ['POST', '/api/auth/sign-in/email']] as const) {
        const res = await t.app.inject({ method, url, headers: { origin: SITE_ORIGIN, 'content-type': 'application/json', ...headers }, ...(method === 'POST' ? { payload: '{"question":"loyer impayé","email":"a@b.fr","password":"x"}' } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res, `${method} ${url}`);
      }
    }
  });

  describe('over real HTTP', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Sends raw bytes and returns what the server wrote back before closing (or after 5 s). */
    function raw(bytes: Buffer | string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        const timer = setTimeout(() => socket.destroy(), 5000);
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('latin1'));
        });
        socket.write(bytes);
      });
    }

    const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);

    it('a header of 64 KB gets 431 from Node, a 20 KB URL 414 or 431, and the server keeps serving', async () => {
      const bigHeader = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Enorme: ${'a'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(bigHeader)).toBe(431);
      const bigUrl = await raw(`GET /api/search?q=${'loyer+'.repeat(4000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect([414, 431]).toContain(statusOf(bigUrl));
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
    });

    it('garbage bytes, a bad request line and a lying Content-Length: 400 from the parser or a French 4xx, never a crash', async () => {
      for (const bytes of [
        Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
        'GET /\u0000 HTTP/1.1\r\n\r\n',
        'POST /api/answers HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n',
        'POST /api/answers HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        `POST /api/answers HTTP/1.1\r\nHost: x\r\nOrigin: ${SITE_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 10\r\nConnection: close\r\n\r\n{"q":`,
      ]) {
        const reply = await raw(bytes);
        const status = statusOf(reply);
        expect(status === 0 || (status >= 400 && status < 500), reply.slice(0, 120)).toBe(true);
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    });

    it('a chunked body over the limit without Content-Length: 413 in French', async () => {
      const chunk = 'a'.repeat(64 * 1024);
      const body = `{"question":"${chunk.repeat(5)}"}`;
      const res = await fetch(`http://127.0.0.1:${port}/api/answers`, {
        method: 'POST',
        headers: { origin: SITE_ORIGIN, 'content-type': 'application/json', cookie },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
      expect(res.status).toBe(413);
      const json = (await res.json()) as { error: { message: string } };
      expect(looksFrench(json.error.message)).toBe(true);
    });
  });

  it('frameworkErrorHandler answers a broken percent-encoding in French with security headers', async () => {
    const app = Fastify({ frameworkErrors: frameworkErrorHandler });
    app.get('/api/:x', async () => ({ ok: true }));
    for (const url of BROKEN_ENCODING_PATHS.filter((p) => p.startsWith('/api/'))) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'bad_url', message: FRAMEWORK_ERROR_MESSAGES.badUrl } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
    await app.close();
  });

  it('a path with broken percent-encoding gets a French JSON 400 with security headers, never a 5xx', async () => {
    for (const url of BROKEN_ENCODING_PATHS) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'bad_url', message: FRAMEWORK_ERROR_MESSAGES.badUrl } });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('a normal question still gets its answer after all this', async () => {
    const res = await post('/api/answers', JSON.stringify({ question: IN_SCOPE_QUESTIONS[0] }));
    expect(res.statusCode).toBe(200);
  });
});
