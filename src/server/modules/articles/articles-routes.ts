import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SearchEngine, Theme } from '../../../corpus/engine';

export interface ArticlesRoutesOptions {
  engine: SearchEngine;
  siteTitle: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const AUDIENCE_LABELS: Record<string, string> = {
  particuliers: 'Particuliers',
  professionnels: 'Professionnels',
  associations: 'Associations',
};

export const SOURCE_CREDIT =
  "Source : service-public.fr — Direction de l'information légale et administrative (DILA), Licence Ouverte";

/** "2020-11-12" → "12 novembre 2020". */
export function formatFrenchDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Server-rendered index of the legal topics of the corpus (no script, no inline style). */
export function renderArticlesPage(themes: Theme[], corpusDate: string, siteTitle: string): string {
  const e = escapeHtml;
  const byAudience = new Map<string, Theme[]>();
  for (const t of themes) {
    const list = byAudience.get(t.audience) ?? [];
    list.push(t);
    byAudience.set(t.audience, list);
  }
  const total = themes.reduce((n, t) => n + t.fiches.length, 0);
  const toc: string[] = [];
  const sections: string[] = [];
  for (const [audience, list] of byAudience) {
    const label = AUDIENCE_LABELS[audience] ?? audience;
    const aid = `public-${slug(audience)}`;
    toc.push(`<li><a href="#${e(aid)}">${e(label)}</a></li>`);
    const blocks = list.map((t) => {
      const items = t.fiches
        .map((f) => `<li><a href="${e(f.url)}" rel="noopener">${e(f.title)}</a></li>`)
        .join('\n');
      return `<details id="${e(`${aid}-${slug(t.title)}`)}"><summary>${e(t.title)} (${t.fiches.length} fiche${t.fiches.length > 1 ? 's' : ''})</summary>
<ul class="article-list">
${items}
</ul>
</details>`;
    });
    sections.push(`<section id="${e(aid)}" aria-labelledby="${e(`${aid}-titre`)}">
<h2 id="${e(`${aid}-titre`)}">${e(label)}</h2>
${blocks.join('\n')}
</section>`);
  }
  const date = formatFrenchDate(corpusDate);
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Articles : thèmes juridiques et fiches officielles — ${e(siteTitle)}</title>
    <meta name="description" content="Index des thèmes juridiques et des fiches officielles de service-public.fr utilisées par ${e(siteTitle)} : logement, travail, famille, argent, justice…" />
    <link rel="icon" type="image/svg+xml" href="/images/logo.svg" />
    <link rel="stylesheet" href="/static.css" />
  </head>
  <body>
    <a class="skip-link" href="#contenu">Aller au contenu</a>
    <header>
      <div class="ql-container site-header">
        <a class="brand" href="/">
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>${e(siteTitle)}</span>
        </a>
        <nav aria-label="Navigation principale">
          <ul>
            <li><a href="/">Accueil</a></li>
            <li><a href="/#analyse">Poser une question</a></li>
            <li><a href="/Articles/" aria-current="page">Articles</a></li>
            <li><a href="/services.html">Services aux professionnels</a></li>
            <li><a href="/mentions.html">Mentions légales</a></li>
          </ul>
        </nav>
      </div>
    </header>
    <main id="contenu" tabindex="-1">
      <div class="ql-container">
        <div class="page-intro">
          <h1>Articles : thèmes juridiques</h1>
          <p>Les ${total} fiches officielles « Vos droits et démarches » sur lesquelles s'appuient nos réponses, classées par thème. Chaque lien ouvre la fiche sur service-public.fr.</p>
          <p class="updated">Données à jour au <time datetime="${e(corpusDate)}">${e(date)}</time>.</p>
        </div>
        <p class="notice">${e(SOURCE_CREDIT)}</p>
        <nav class="toc" aria-label="Publics">
          <h2>Publics</h2>
          <ol>
            ${toc.join('\n            ')}
          </ol>
        </nav>
        ${sections.join('\n')}
      </div>
    </main>
    <footer>
      <div class="ql-container site-footer">
        <div>
          <h2>${e(siteTitle)}</h2>
          <p>Information juridique générale fondée sur les sources officielles françaises.</p>
        </div>
        <div>
          <h2>Informations</h2>
          <ul>
            <li><a href="/mentions.html">Mentions légales</a></li>
            <li><a href="/mentions.html#politique">Données personnelles</a></li>
            <li><a href="/services.html">Services aux professionnels</a></li>
          </ul>
        </div>
      </div>
      <div class="ql-container footer-bottom">
        <p>${e(SOURCE_CREDIT)}. Données du ${e(date)}.</p>
        <p>Les réponses sont une information juridique générale, pas un conseil juridique personnalisé.</p>
      </div>
    </footer>
  </body>
</html>
`;
}

/** GET /Articles/ and /Articles/index.htm. */
export async function articlesRoutes(app: FastifyInstance, opts: ArticlesRoutesOptions): Promise<void> {
  // Rendered once per loaded index (a newer index can replace it while the server runs).
  let page: { manifest: object; html: string } | undefined;
  const handler = async (_request: unknown, reply: FastifyReply): Promise<void> => {
    if (page?.manifest !== opts.engine.manifest) {
      page = { manifest: opts.engine.manifest, html: renderArticlesPage(opts.engine.themes(), opts.engine.corpusDate, opts.siteTitle) };
    }
    await reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(page.html);
  };
  app.get('/Articles/', handler);
  app.get('/Articles/index.htm', handler);
}
