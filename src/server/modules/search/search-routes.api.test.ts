import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, SEARCH_MESSAGES } from '../../../common/api/search';
import { apiErrorSchema } from '../../../common/api/errors';
import type { SearchEngine } from '../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../corpus/index-lifecycle';
import { createRoutesApp } from '../../../../test/support/app';
import { searchRoutes } from './search-routes';

let engine: SearchEngine;

async function buildApp(perMinute?: number): Promise<FastifyInstance> {
  const app = await createRoutesApp();
  await app.register(rateLimit, { global: false });
  await app.register(searchRoutes, { prefix: '/api', engine, ...(perMinute ? { perMinute } : {}) });
  await app.ready();
  return app;
}

let app: FastifyInstance;

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
  app = await buildApp();
}, 300_000);

afterAll(async () => {
  await app.close();
});

describe('GET /api/search', () => {
  it('returns the deposit fiche for an everyday question about a rental deposit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search', query: { q: 'mon proprio garde ma caution', limit: '5' } });
    expect(res.statusCode).toBe(200);
    const body = searchResponseSchema.parse(res.json());
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    expect(body.results.map((r) => r.id)).toContain('F31269');
    const first = body.results[0];
    expect(first?.url).toMatch(/^https:\/\/www\.service-public\.fr\//);
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'score', 'snippet', 'title', 'type', 'url']);
    expect(body.tookMs).toBeGreaterThanOrEqual(0);
  });

  it('honours the limit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search?q=licenciement&limit=2' });
    expect(res.statusCode).toBe(200);
    expect(searchResponseSchema.parse(res.json()).results).toHaveLength(2);
  });

  it.each([
    ['empty', '/api/search?q=', SEARCH_MESSAGES.empty],
    ['blank', '/api/search?q=%20%20', SEARCH_MESSAGES.empty],
    ['missing', '/api/search', SEARCH_MESSAGES.notText],
    ['repeated (array)', '/api/search?q=a&q=b', SEARCH_MESSAGES.notText],
    ['no letters', '/api/search?q=%3F%3F%3F%20123', SEARCH_MESSAGES.notText],
  ])('rejects a %s query with a French 400', async (_name, url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('invalid_query');
    expect(body.error.message).toBe(message);
  });

  it('rejects more than 500 words', async () => {
    const q = Array.from({ length: 501 }, () => 'loyer').join(' ');
    const res = await app.inject({ method: 'GET', url: '/api/search', query: { q } });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.message).toBe(SEARCH_MESSAGES.tooLong);
    const ok = await app.inject({ method: 'GET', url: '/api/search', query: { q: q.split(' ').slice(0, 500).join(' ') } });
    expect(ok.statusCode).toBe(200);
  });

  it('rejects more than 6,000 characters with a French 400 and answers the worst 6,000-character shape', async () => {
    const long = await app.inject({ method: 'GET', url: '/api/search', query: { q: 'a'.repeat(6001) } });
    expect(long.statusCode).toBe(400);
    expect(apiErrorSchema.parse(long.json()).error.message).toBe(SEARCH_MESSAGES.tooManyChars);
    // 1,200 unknown hyphenated words (each once looked up with spelling tolerance): now only the first few are.
    const pieces = Array.from({ length: 1200 }, (_, i) => `q${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + ((i * 7) % 26))}z`);
    const worst = await app.inject({ method: 'GET', url: '/api/search', query: { q: pieces.join('-').slice(0, 6000) } });
    expect(worst.statusCode).toBe(200);
  });

  it('rejects an invalid limit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search?q=loyer&limit=500' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('invalid_limit');
  });

  it('rate-limits per IP at 60 requests a minute', async () => {
    const limited = await buildApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await limited.inject({ method: 'GET', url: '/api/search?q=bail', remoteAddress: '10.0.0.7' });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      const other = await limited.inject({ method: 'GET', url: '/api/search?q=bail', remoteAddress: '10.0.0.8' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('takes its per-IP limit from the configuration (SEARCH_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await buildApp(3);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.inject({ method: 'GET', url: '/api/search?q=bail', remoteAddress: '10.0.0.9' });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/search (the site: the text in the body, never in a URL)', () => {
  it('answers the same results as GET for the same query', async () => {
    const q = 'mon proprio garde ma caution';
    const byGet = searchResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/search', query: { q, limit: '5' } })).json());
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: { q, limit: 5 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const byPost = searchResponseSchema.parse(res.json());
    expect(byPost.results.map((r) => r.id)).toEqual(byGet.results.map((r) => r.id));
    expect(byPost.results.map((r) => r.id)).toContain('F31269');
  });

  it('refuses a bad body with the search’s French messages, and a body over its limit with a 413', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/search', payload: { q: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'invalid_query', message: SEARCH_MESSAGES.empty } });
    const badLimit = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'bail', limit: 0 } });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({ error: { code: 'invalid_limit' } });
    const notText = await app.inject({ method: 'POST', url: '/api/search', payload: { q: ['bail'] } });
    expect(notText.statusCode).toBe(400);
    const huge = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'bail '.repeat(20_000) } });
    expect(huge.statusCode).toBe(413);
  });
});
