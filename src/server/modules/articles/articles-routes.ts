import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SearchEngine, Theme } from '../../../corpus/engine';
import { formatFrenchDate } from '../../../common/french-dates';
import { html, type SafeHtml } from '../static-pages/html';
import { renderStaticPage, type StaticSite } from '../static-pages/static-layout';
import { sourceDatesHtml, type SourceDateLine } from '../static-pages/source-dates';
import { corpusSources, sourceOfUrl } from '../../../corpus/sources';

export interface ArticlesRoutesOptions {
  engine: SearchEngine;
  site: StaticSite;
}

const AUDIENCE_LABELS: Record<string, string> = {
  particuliers: 'Particuliers',
  professionnels: 'Professionnels',
  associations: 'Associations',
};

export const SOURCE_CREDIT =
  "Source\u202f: service-public.fr — Direction de l'information légale et administrative (DILA), Licence Ouverte";
export const MINISTRY_CREDIT = 'Source\u202f: travail-emploi.gouv.fr — Ministère du Travail';

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The labour ministry's fiches of the themes, gathered in one theme of their own (they link to its site). */
function splitMinistry(themes: Theme[]): { main: Theme[]; ministry: Theme['fiches'] } {
  const ministry: Theme['fiches'] = [];
  const main: Theme[] = [];
  for (const t of themes) {
    const own = t.fiches.filter((f) => sourceOfUrl(f.url)?.id !== 'travail-emploi');
    for (const f of t.fiches) if (!own.includes(f) && !ministry.some((m) => m.id === f.id)) ministry.push(f);
    if (own.length) main.push(own.length === t.fiches.length ? t : { ...t, fiches: own });
  }
  ministry.sort((a, b) => a.title.localeCompare(b.title, 'fr'));
  return { main, ministry };
}

/**
 * Server-rendered index of the legal topics of the corpus, in the static pages' layout: service-public.fr's
 * fiches by audience and theme, then the labour ministry's, and the date of each source.
 */
export function renderArticlesPage(allThemes: Theme[], corpusDate: string, site: StaticSite, sources: readonly SourceDateLine[] = [{ name: 'service-public.fr', date: corpusDate }]): string {
  const { main: themes, ministry } = splitMinistry(allThemes);
  const byAudience = new Map<string, Theme[]>();
  for (const t of themes) {
    const list = byAudience.get(t.audience) ?? [];
    list.push(t);
    byAudience.set(t.audience, list);
  }
  const total = themes.reduce((n, t) => n + t.fiches.length, 0);
  const toc: SafeHtml[] = [];
  const sections: SafeHtml[] = [];
  for (const [audience, list] of byAudience) {
    const label = AUDIENCE_LABELS[audience] ?? audience;
    const aid = `public-${slug(audience)}`;
    toc.push(html`
          <li><a href="#${aid}">${label}</a></li>`);
    const blocks = list.map((t) => {
      const items = t.fiches.map((f) => html`
<li><a href="${f.url}" rel="noopener">${f.title}</a></li>`);
      return html`
<details id="${`${aid}-${slug(t.title)}`}"><summary>${t.title} (${t.fiches.length} fiche${t.fiches.length > 1 ? 's' : ''})</summary>
<ul class="article-list">${items}
</ul>
</details>`;
    });
    sections.push(html`
      <section id="${aid}" aria-labelledby="${`${aid}-titre`}">
<h2 id="${`${aid}-titre`}">${label}</h2>${blocks}
</section>`);
  }
  if (ministry.length > 0) {
    toc.push(html`
          <li><a href="#ministere-travail">Ministère du Travail</a></li>`);
    const items = ministry.map((f) => html`
<li><a href="${f.url}" rel="noopener">${f.title}</a></li>`);
    sections.push(html`
      <section id="ministere-travail" aria-labelledby="ministere-travail-titre">
<h2 id="ministere-travail-titre">Fiches pratiques du ministère du Travail</h2>
<p>${ministry.length} fiches de travail-emploi.gouv.fr (contrat, rupture, temps de travail, congés, salaire, représentants du personnel…). ${MINISTRY_CREDIT}.</p>
<details id="ministere-travail-fiches"><summary>Travail (${ministry.length} fiche${ministry.length > 1 ? 's' : ''})</summary>
<ul class="article-list">${items}
</ul>
</details>
</section>`);
  }
  const date = formatFrenchDate(corpusDate);
  return renderStaticPage(site, {
    path: '/Articles/',
    title: 'Articles\u202f: thèmes juridiques et fiches officielles',
    description: `Index des thèmes juridiques et des fiches officielles de service-public.fr utilisées par ${site.siteTitle}\u202f: logement, travail, famille, argent, justice…`,
    main: html`
      <div class="page-intro">
        <h1>Articles\u202f: thèmes juridiques</h1>
        <p>Les ${total} fiches officielles « Vos droits et démarches » sur lesquelles s'appuient nos réponses, classées par thème${ministry.length > 0 ? `, puis les ${ministry.length} fiches pratiques du ministère du Travail` : ''}. Chaque lien ouvre la fiche sur son site officiel.</p>
        <p class="updated">Données à jour au <time datetime="${corpusDate}">${date}</time>. Date de chaque source&#8239;:</p>
        ${sourceDatesHtml(sources)}
      </div>
      <p class="notice">${SOURCE_CREDIT}</p>
      <nav class="toc" aria-label="Publics">
        <h2>Publics</h2>
        <ol>${toc}
        </ol>
      </nav>${sections}`,
    footerNotes: [`${SOURCE_CREDIT}. Données du ${date}.`],
  });
}

/** GET /Articles/ and /Articles/index.htm. */
export async function articlesRoutes(app: FastifyInstance, opts: ArticlesRoutesOptions): Promise<void> {
  // Rendered once per loaded index (a newer index can replace it while the server runs).
  let page: { manifest: object; html: string } | undefined;
  const handler = async (_request: unknown, reply: FastifyReply): Promise<void> => {
    if (page?.manifest !== opts.engine.manifest) {
      page = { manifest: opts.engine.manifest, html: renderArticlesPage(opts.engine.themes(), opts.engine.corpusDate, opts.site, corpusSources(opts.engine.manifest)) };
    }
    await reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(page.html);
  };
  app.get('/Articles/', handler);
  app.get('/Articles/index.htm', handler);
}
