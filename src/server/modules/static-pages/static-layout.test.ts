import { describe, expect, it } from 'vitest';
import { html } from './html';
import { renderStaticPage, spaStylesheets, type StaticSite } from './static-layout';

const HOSTILE = `<script>alert("x")</script> & 'quote'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quote&#39;';

describe('html template tag', () => {
  it('escapes every interpolated text, in content and in attribute values', () => {
    const out = html`<a href="${HOSTILE}" title='${HOSTILE}'>${HOSTILE}</a>`.toString();
    expect(out).toBe(`<a href="${ESCAPED}" title='${ESCAPED}'>${ESCAPED}</a>`);
    expect(out).not.toContain('<script>');
  });

  it('inserts fragments it built as they are, and lists of them; nothing for null, undefined and false', () => {
    const items = ['<b>', 'a & b'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.toString()).toBe('<ul><li>&lt;b&gt;</li><li>a &amp; b</li></ul>0');
  });

  it('does not trust a string that merely looks like HTML, nor an object that prints as HTML', () => {
    const lookalike = { toString: () => '<i>x</i>' } as unknown as string;
    expect(html`${'<i>x</i>'}|${lookalike}`.toString()).toBe('&lt;i&gt;x&lt;/i&gt;|&lt;i&gt;x&lt;/i&gt;');
  });
});

describe('static page layout', () => {
  const site: StaticSite = { siteTitle: HOSTILE, contactEmail: 'a"b@exemple.fr', stylesheets: ['/assets/index-Ab12.css'] };

  it('escapes the configured site title, contact address, page title and description', () => {
    const page = renderStaticPage(site, {
      path: '/services.html',
      title: HOSTILE,
      description: HOSTILE,
      main: html`<h1>${HOSTILE}</h1>`,
      footerNotes: [HOSTILE],
    });
    expect(page).not.toContain('<script>');
    expect(page).toContain(`<title>${ESCAPED} — ${ESCAPED}</title>`);
    expect(page).toContain(`<meta name="description" content="${ESCAPED}" />`);
    expect(page).toContain(`<span>${ESCAPED}</span>`);
    expect(page).toContain('<a href="mailto:a&quot;b@exemple.fr">a&quot;b@exemple.fr</a>');
    expect(page).toContain(`<p>${ESCAPED}</p>`);
    expect(page.match(/<h1>/g)).toHaveLength(1);
  });

  it('links the application stylesheet first, then /static.css; marks the current page in the header', () => {
    const page = renderStaticPage(site, { path: '/services.html', title: 'T', description: 'D', main: html`<h1>T</h1>` });
    const links = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/assets/index-Ab12.css', '/static.css']);
    expect(page.match(/aria-current="page"/g)).toHaveLength(1);
    expect(page).toContain('<a href="/services.html" aria-current="page">Services aux professionnels</a>');
    expect(page).not.toMatch(/<script|style=/);
  });

  it('reads the stylesheets of the built index.html, and only same-site ones', () => {
    const index = `<head><script type="module" crossorigin src="/assets/index-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/x.js">
      <link rel="stylesheet" crossorigin href="/assets/index-DG_HY4b8.css">
      <link href="/assets/other.css" rel="stylesheet">
      <link rel="stylesheet" href="https://cdn.exemple.fr/a.css"><link rel="stylesheet" href="//cdn.exemple.fr/b.css"></head>`;
    expect(spaStylesheets(index)).toEqual(['/assets/index-DG_HY4b8.css', '/assets/other.css']);
    expect(spaStylesheets('<html></html>')).toEqual([]);
  });
});
