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

  it('leaves GET requests and non-API paths alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/not-api', payload: {} })).statusCode).toBe(404);
  });
});
