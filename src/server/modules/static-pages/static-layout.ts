import fs from 'node:fs';
import path from 'node:path';
import { html, type SafeHtml } from './html';

/**
 * The one layout of the pages the server renders itself (/Articles/, /mentions.html, /services.html): plain
 * HTML without script or inline style, the site's header and footer, and the application's own stylesheet
 * (its design tokens, reset and typography) followed by /static.css, which holds only what these pages add.
 */

/** What every static page needs from the configuration. */
export interface StaticSite {
  siteTitle: string;
  contactEmail: string;
  /** The built application's stylesheets (readSpaStylesheets), linked before /static.css. */
  stylesheets: readonly string[];
}

/** The pages of the header's navigation that the server renders (the current one is marked). */
export type StaticPagePath = '/Articles/' | '/services.html' | '/mentions.html';

export interface StaticPage {
  path: StaticPagePath;
  /** The page's own title; the site title follows it (« Mentions légales — QuestionLegale.info »). */
  title: string;
  description: string;
  main: SafeHtml;
  /** Lines written at the bottom of the footer before the general notice (the Articles page's source). */
  footerNotes?: readonly string[];
}

const NAV_ITEMS: readonly { href: string; label: string }[] = [
  { href: '/', label: 'Accueil' },
  { href: '/#analyse', label: 'Poser une question' },
  { href: '/Articles/', label: 'Articles' },
  { href: '/services.html', label: 'Services aux professionnels' },
  { href: '/mentions.html', label: 'Mentions légales' },
];

const FOOTER_LINKS: readonly { href: string; label: string }[] = [
  { href: '/mentions.html', label: 'Mentions légales' },
  { href: '/mentions.html#politique', label: 'Données personnelles' },
  { href: '/services.html', label: 'Services aux professionnels' },
  { href: '/services.html#promotion', label: 'Publicité et partenariats' },
];

/** The stylesheets the built application's index.html links (Vite writes them with hashed names). */
export function spaStylesheets(indexHtml: string): string[] {
  const hrefs: string[] = [];
  for (const tag of indexHtml.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href?.startsWith('/') && !href.startsWith('//')) hrefs.push(href);
  }
  return hrefs;
}

/** Reads the application's stylesheets from the built client, once at start; none when it is not built. */
export function readSpaStylesheets(clientDistDir: string): string[] {
  try {
    return spaStylesheets(fs.readFileSync(path.join(clientDistDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

function header(site: StaticSite, current: StaticPagePath): SafeHtml {
  const items = NAV_ITEMS.map(
    (item) =>
      html`
            <li><a href="${item.href}"${item.href === current ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  );
  return html`<header class="ql-header">
      <div class="ql-container site-header">
        <a class="ql-brand" href="/">
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>${site.siteTitle}</span>
        </a>
        <nav aria-label="Navigation principale">
          <ul>${items}
          </ul>
        </nav>
      </div>
    </header>`;
}

function footer(site: StaticSite, notes: readonly string[]): SafeHtml {
  const links = FOOTER_LINKS.map(
    (link) => html`
            <li><a href="${link.href}">${link.label}</a></li>`,
  );
  const lines = notes.map((note) => html`
        <p>${note}</p>`);
  return html`<footer>
      <div class="ql-container site-footer">
        <div>
          <h2>${site.siteTitle}</h2>
          <p>Information juridique générale fondée sur les sources officielles françaises.</p>
        </div>
        <div>
          <h2>Contact</h2>
          <ul>
            <li><a href="mailto:${site.contactEmail}">${site.contactEmail}</a></li>
            <li>Du lundi au vendredi, 9h–18h</li>
            <li>Paris, France</li>
          </ul>
        </div>
        <div>
          <h2>Informations</h2>
          <ul>${links}
          </ul>
        </div>
      </div>
      <div class="ql-container footer-bottom">${lines}
        <p>Les réponses sont une information juridique générale, pas un conseil juridique personnalisé.</p>
      </div>
    </footer>`;
}

/** A whole static page: head, skip link, header, the page's <main>, footer. */
export function renderStaticPage(site: StaticSite, page: StaticPage): string {
  const stylesheets = [...site.stylesheets, '/static.css'].map(
    (href) => html`
    <link rel="stylesheet" href="${href}" />`,
  );
  return html`<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${page.title} — ${site.siteTitle}</title>
    <meta name="description" content="${page.description}" />
    <meta name="theme-color" content="#1e3a8a" />
    <link rel="icon" type="image/svg+xml" href="/images/logo.svg" />${stylesheets}
  </head>
  <body>
    <a class="ql-skip-link" href="#contenu">Aller au contenu</a>
    ${header(site, page.path)}
    <main id="contenu" tabindex="-1">
${page.main}
    </main>
    ${footer(site, page.footerNotes ?? [])}
  </body>
</html>
`.toString();
}
