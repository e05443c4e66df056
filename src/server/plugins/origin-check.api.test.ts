import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { ORIGIN_REFUSED_MESSAGE } from './origin-check';

describe('cross-site request guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://questionlegale.info', TRUSTED_ORIGINS: 'https://partenaire.fr' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/does-not-exist', headers: { host: 'localhost:3000', ...headers }, payload: {} });

  it('refuses API POSTs without an Origin header, in French', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'origin_refused', message: ORIGIN_REFUSED_MESSAGE } });
  });

  it('refuses a foreign origin', async () => {
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });

  it('lets the site itself, the public URL and trusted origins through', async () => {
    for (const origin of ['http://localhost:3000', 'https://questionlegale.info', 'https://partenaire.fr']) {
      expect((await post({ origin })).statusCode, origin).toBe(404);
    }
  });

  it('exempts api-key calls that carry no cookie, but not cookie sessions', async () => {
    expect((await post({ authorization: 'Bearer 1234' })).statusCode).toBe(404);
    expect((await post({ authorization: 'Bearer 1234', cookie: 'a=b' })).statusCode).toBe(403);
  });

  it('leaves GET requests alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/health' })).statusCode).toBe(200);
  });

  it('guards every state-changing request, whatever the spelling of its path', async () => {
    for (const url of ['/%61pi/does-not-exist', '/%61%70%69/profile/api-key', '/API/does-not-exist', '/not-api', '/api/../api/profile/api-key']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: { host: 'localhost:3000', cookie: 'ql.session_token=x' }, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('origin_refused');
      }
    }
    // A path the parsers would read differently is refused before any guard (plugins/request-target.ts).
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '//api/does-not-exist', headers: { host: 'localhost:3000', cookie: 'ql.session_token=x' }, payload: {} });
      expect(res.statusCode, method).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('bad_url');
    }
  });
});

describe('cross-site request guard without PUBLIC_URL (local use)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PORT: '3000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts every loopback name of the listening port, and no other port or host', async () => {
    const post = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/does-not-exist', headers: { host: 'localhost:3000', origin }, payload: {} });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await post(origin)).statusCode, origin).toBe(404);
    }
    for (const origin of ['http://127.0.0.1:4000', 'http://127.0.0.2:3000', 'https://127.0.0.1:3000', 'http://evil.example:3000']) {
      expect((await post(origin)).statusCode, origin).toBe(403);
    }
  });
});
