import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../corpus/index-lifecycle';
import type { StaticSite } from '../static-pages/static-layout';
import { articlesRoutes, renderArticlesPage, SOURCE_CREDIT } from './articles-routes';

const SITE: StaticSite = { siteTitle: 'QuestionLegale.info', contactEmail: 'contact@questionlegale.info', stylesheets: [] };

let engine: SearchEngine;
let app: FastifyInstance;

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
  app = Fastify();
  await app.register(articlesRoutes, { engine, site: SITE });
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app.close();
});

describe('/Articles/', () => {
  it('lists the themes and their fiches with links to service-public.fr, the source and the corpus date', async () => {
    const res = await app.inject({ method: 'GET', url: '/Articles/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('href="/static.css"');
    expect(html).toContain('<summary>Logement (');
    expect(html).toContain('href="https://www.service-public.fr/particuliers/vosdroits/F31269"');
    expect(html).toContain('Dépôt de garantie dans un contrat de location');
    expect(html).toContain(SOURCE_CREDIT.replace(/'/g, '&#39;'));
    expect(html).toContain(`datetime="${engine.corpusDate}"`);
    expect(html).toContain('href="/mentions.html"');
    expect(html).not.toMatch(/<script|style=/);
  });

  it('lists the labour ministry fiches apart, with their site, and states the date of each source', async () => {
    const html = (await app.inject({ method: 'GET', url: '/Articles/' })).body;
    expect(html).toContain('<h2 id="ministere-travail-titre">Fiches pratiques du ministère du Travail</h2>');
    expect(html).toContain('href="https://travail-emploi.gouv.fr/la-periode-dessai"');
    // Under their own heading, not among service-public.fr's themes.
    const ministry = html.indexOf('id="ministere-travail"');
    expect(html.indexOf('href="https://travail-emploi.gouv.fr/')).toBeGreaterThan(ministry);
    for (const s of engine.manifest.sources ?? []) expect(html).toContain(`données du <time datetime="${s.date}">`);
    expect(html).toContain('Fiches pratiques du ministère du Travail (travail-emploi.gouv.fr)\u202f: données du');
  });

  it('serves the same page at /Articles/index.htm', async () => {
    const a = await app.inject({ method: 'GET', url: '/Articles/' });
    const b = await app.inject({ method: 'GET', url: '/Articles/index.htm' });
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('escapes titles and URLs', () => {
    const html = renderArticlesPage(
      [{ audience: 'particuliers', title: 'Logement <b>', fiches: [{ id: 'F1', title: '<script>alert(1)</script>', url: 'https://x.fr/?a=1&b="2"', date: '2020-01-01' }] }],
      '2020-01-01',
      SITE,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://x.fr/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('Logement &lt;b&gt;');
    expect(html).toContain('1 janvier 2020');
  });
});
