import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeFakeClientDist, type TestApp } from '../../../../test/support/app';

/**
 * The pages the server renders itself, through the whole application: one header, one footer, one layout,
 * the configured site title, contact address and legal notice written in (escaped), the application's
 * stylesheet linked before /static.css, and the strict CSP (no script, no inline style).
 */

const SITE_TITLE = 'Droit & <Vous> "Info"';
const SITE_TITLE_HTML = 'Droit &amp; &lt;Vous&gt; &quot;Info&quot;';
const SPA_CSS = '/assets/index-Zz98Yy76.css';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = makeFakeClientDist();
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>x</title><link rel="stylesheet" crossorigin href="${SPA_CSS}"></head><body><div id="root"></div></body></html>`,
  );
  t = await createTestApp('pglite', {
    CLIENT_DIST_DIR: dist,
    SITE_TITLE,
    CONTACT_EMAIL: 'equipe@exemple.fr',
    PUBLISHER_NAME: '<script>alert(1)</script> Dupont & Fils',
    PUBLISHER_ADDRESS: '3 place du Marché, 69001 Lyon',
    PUBLISHER_EMAIL: 'editeur@exemple.fr',
    PUBLISHER_DIRECTOR: 'Marc "Le Directeur" Dupont',
    HOST_NAME: 'Hébergeur <SAS>',
    HOST_ADDRESS: '2 rue du Serveur, 59100 Roubaix',
    HOST_PHONE: '09 00 00 00 00',
  });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const PAGES = [
  {
    url: '/mentions.html',
    h1: 'Mentions légales',
    title: 'Mentions légales, données personnelles et sources',
    main: [
      '<h2 id="titre-service">Nature du service</h2>',
      'Données personnelles (RGPD)',
      '<dt>Hébergeur</dt><dd>Hébergeur &lt;SAS&gt;</dd>',
      // What « Me localiser » sends, and where.
      '<strong>Le site ne cherche pas à vous localiser de lui-même.</strong>',
      'api-adresse.data.gouv.fr',
    ],
  },
  {
    url: '/services.html',
    h1: 'Services aux professionnels du droit',
    title: 'Services aux professionnels du droit',
    main: ['<h3>Fiche professionnelle</h3>', 'href="mailto:equipe@exemple.fr?subject=Services%20aux%20professionnels"'],
  },
  {
    url: '/Articles/',
    h1: 'Articles\u202f: thèmes juridiques',
    title: 'Articles\u202f: thèmes juridiques et fiches officielles',
    main: ['<summary>Logement (', 'Dépôt de garantie dans un contrat de location', 'Données à jour au <time datetime="'],
  },
  {
    url: '/Articles/index.htm',
    h1: 'Articles\u202f: thèmes juridiques',
    title: 'Articles\u202f: thèmes juridiques et fiches officielles',
    main: ['<summary>Logement ('],
  },
] as const;

const NAV = [
  ['/', 'Accueil'],
  ['/#analyse', 'Poser une question'],
  ['/Articles/', 'Articles'],
  ['/services.html', 'Services aux professionnels'],
  ['/mentions.html', 'Mentions légales'],
] as const;

const FOOTER_LINKS = [
  ['/mentions.html', 'Mentions légales'],
  ['/mentions.html#politique', 'Données personnelles'],
  ['/services.html', 'Services aux professionnels'],
  ['/services.html#promotion', 'Publicité et partenariats'],
] as const;

function only(htmlText: string, pattern: RegExp): string {
  const found = htmlText.match(new RegExp(pattern.source, 'g')) ?? [];
  expect(found, pattern.source).toHaveLength(1);
  return found[0] ?? '';
}

async function get(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  return res.body;
}

describe('static pages', () => {
  it.each(PAGES)('$url answers 200 with the header, the footer and its main content', async (page) => {
    const body = await get(page.url);
    expect(body).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(body).toContain(`<title>${page.title} — ${SITE_TITLE_HTML}</title>`);
    expect(body).not.toMatch(/<script|style=/);
    expect([...body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual([SPA_CSS, '/static.css']);

    const header = only(body, /<header class="ql-header">[\s\S]*?<\/header>/);
    expect(header).toContain(`<span>${SITE_TITLE_HTML}</span>`);
    for (const [href, label] of NAV) expect(header).toMatch(new RegExp(`<a href="${href}"( aria-current="page")?>${label}</a>`));
    expect(header.match(/aria-current="page"/g)).toHaveLength(1);
    expect(header).toContain(`<a href="${page.url.startsWith('/Articles/') ? '/Articles/' : page.url}" aria-current="page">`);

    const main = only(body, /<main id="contenu" tabindex="-1">[\s\S]*?<\/main>/);
    expect(only(main, /<h1>[^<]*<\/h1>/)).toBe(`<h1>${page.h1}</h1>`);
    for (const text of page.main) expect(main).toContain(text);

    const footer = only(body, /<footer>[\s\S]*?<\/footer>/);
    expect(footer).toContain(`<h2>${SITE_TITLE_HTML}</h2>`);
    expect(footer).toContain('<a href="mailto:equipe@exemple.fr">equipe@exemple.fr</a>');
    for (const [href, label] of FOOTER_LINKS) expect(footer).toContain(`<a href="${href}">${label}</a>`);
    expect(footer).toContain('Les réponses sont une information juridique générale, pas un conseil juridique personnalisé.');

    // The configuration replaces the defaults everywhere on the page.
    expect(body).not.toContain('contact@questionlegale.info');
    expect(body).not.toContain('QuestionLegale.info');
  });

  it('every page has the same header (but the current link) and the same footer links', async () => {
    const bodies = await Promise.all(PAGES.map((p) => get(p.url)));
    const headers = bodies.map((b) => only(b, /<header[\s\S]*?<\/header>/).replace(' aria-current="page"', ''));
    expect(new Set(headers).size).toBe(1);
    const footers = bodies.map((b) => only(b, /<div class="ql-container site-footer">[\s\S]*?<div class="ql-container footer-bottom">/));
    expect(new Set(footers).size).toBe(1);
  });

  it('/mentions.html writes the configured publisher and host, escaped', async () => {
    const body = await get('/mentions.html');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('<dt>Éditeur</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt; Dupont &amp; Fils</dd>');
    expect(body).toContain('<dt>Nom du service</dt><dd>Droit &amp; &lt;Vous&gt; &quot;Info&quot;, service en ligne');
    expect(body).toContain('<dt>Courriel</dt><dd><a href="mailto:editeur@exemple.fr">editeur@exemple.fr</a></dd>');
    expect(body).toContain('<dt>Directeur ou directrice de la publication</dt><dd>Marc &quot;Le Directeur&quot; Dupont</dd>');
    expect(body).toContain('<dt>Téléphone</dt><dd>09 00 00 00 00</dd>');
    expect(body).not.toContain("n'a pas encore renseigné");
  });

  it('/mentions.html names each source of the data with the date of the data in service', async () => {
    const body = await get('/mentions.html');
    const sources = t.app.searchEngine.manifest.sources ?? [];
    expect(sources.map((x) => x.name)).toEqual(['service-public.fr', 'travail-emploi.gouv.fr', 'legifrance.gouv.fr']);
    expect(body).toContain('Fiches pratiques du ministère du Travail');
    expect(body).toContain('<code>@socialgouv/fiches-travail-data</code>');
    for (const x of sources) expect(body).toContain(`données du <time datetime="${x.date}">`);
  });
});

describe('static pages with the default configuration', () => {
  it('say plainly that the publisher and host are not set yet, and use the default title and address', async () => {
    const plain = await createTestApp('pglite');
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/mentions.html' });
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/n'a pas encore renseigné ces informations/g)).toHaveLength(2);
      expect(res.body).toContain('<title>Mentions légales, données personnelles et sources — QuestionLegale.info</title>');
      expect(res.body).toContain('<a href="mailto:contact@questionlegale.info">contact@questionlegale.info</a>');
      // The fake build has no stylesheet: /static.css alone.
      expect([...res.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/static.css']);
    } finally {
      await plain.close();
    }
  });
});
