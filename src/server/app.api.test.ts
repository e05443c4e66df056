import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test/support/app';
import { DB_KINDS } from '../../test/support/databases';
import { apiErrorSchema } from '../common/api/errors';
import { healthResponseSchema } from '../common/api/health';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../common/public-config';

describe.each(DB_KINDS)('platform on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CONTACT_EMAIL: 'equipe@exemple.fr' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health reports the database and the index in service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const engine = t.app.searchEngine;
    expect(healthResponseSchema.parse(res.json())).toEqual({
      status: 'ok',
      db: 'ok',
      // CORPUS_UPDATE_URLS=off (tests): no scheduled update to describe. Each source with its date.
      corpus: {
        date: engine.corpusDate,
        fiches: engine.ficheCount,
        builtAt: engine.manifest.builtAt,
        sources: [
          { name: 'service-public.fr', date: engine.corpusDate },
          { name: 'travail-emploi.gouv.fr', date: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) },
          { name: 'legifrance.gouv.fr', date: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) },
        ],
      },
      // EMBEDDINGS_LOCAL=off (tests): the model of meaning is off, and says why.
      embeddings: { state: 'off', reason: expect.stringContaining('EMBEDDINGS_LOCAL=off') },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('migrations created the schema', async () => {
    expect(t.testDb.database.kind).toBe(kind);
    const { appMeta } = await import('./db/schema');
    await t.testDb.database.db.insert(appMeta).values({ key: 'k', value: 'v' });
    const rows = await t.testDb.database.db.select().from(appMeta);
    expect(rows.map((r) => r.key)).toContain('k');
  });

  it('unknown /api paths get a JSON 404 with a French message', async () => {
    for (const url of ['/api/nope', '/api', '/api/health/extra?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(apiErrorSchema.parse(res.json()).error.message).toBe("Cette adresse n'existe pas.");
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/unknown', headers: { origin: 'http://localhost:80' }, payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
  });

  it('serves index.html with no-cache, the injected public config and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
    const match = new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(res.body);
    expect(match).not.toBeNull();
    const injected = JSON.parse(match?.[1] ?? '{}') as { contactEmail: string; siteTitle: string };
    expect(injected.contactEmail).toBe('equipe@exemple.fr');
    expect(injected.siteTitle).toBe('QuestionLegale.info');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // No IP-geolocation service by default: only the reverse geocoding « Me localiser » may ask after a click.
    expect(csp).toMatch(/connect-src 'self' https:\/\/api-adresse\.data\.gouv\.fr(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('unknown pages fall back to the SPA (which redirects to /)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/une/page/inconnue?x=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('serves hashed assets immutable and compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(gzipSync('x'.repeat(4000)).length + 200);
  });

  it('serves the Brotli copy written at build time instead of compressing the asset again', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-Pre12345.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('/* built-br */');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-Pre12345.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('yyyy');
  });

  it('serves static pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mentions.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Mentions légales');
    expect(res.body).toContain('mailto:equipe@exemple.fr');
    expect(res.body).not.toContain('contact@questionlegale.info');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('wires the search API, the /Articles/ page and the corpus date', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/search?q=mon%20proprio%20garde%20ma%20caution&limit=3' });
    expect(search.statusCode).toBe(200);
    const body = search.json() as { results: { id: string; url: string }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(body.results[0]?.url).toMatch(/^https:\/\/www\.service-public\.fr\//);
    const bad = await t.app.inject({ method: 'GET', url: '/api/search?q=' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toBe('Veuillez saisir une recherche.');
    const articles = await t.app.inject({ method: 'GET', url: '/Articles/' });
    expect(articles.statusCode).toBe(200);
    expect(articles.body).toContain('service-public.fr');
    expect(articles.headers['content-security-policy']).toBeDefined();
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const injected = JSON.parse(/type="application\/json">(.*?)<\/script>/.exec(index.body)?.[1] ?? '{}') as { corpusDate: string | null };
    expect(injected.corpusDate).toBe(t.app.searchEngine.corpusDate);
    expect(injected.corpusDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('malformed JSON gets a French 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(apiErrorSchema.parse(res.json()).error.message).toMatch(/[a-zé]/);
  });
});
