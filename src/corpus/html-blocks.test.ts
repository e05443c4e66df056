import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlBlocks, htmlLinks, inlineText, parseHtml } from './html-blocks';

describe('htmlBlocks', () => {
  it('reads paragraphs, lists and headings into blocks under their headings', () => {
    const html =
      '<p>Le <strong>contrat</strong> est écrit.</p><h3>Durée</h3><p>Six mois au plus.</p>' +
      '<ul><li>Renouvelable <a href="/x">une fois</a> ;</li><li>par écrit.</li></ul><h4>Exception</h4><p>Sauf accord.</p><h3>Fin</h3><p>Terme.</p>';
    expect(htmlBlocks(html, ['Section'])).toEqual([
      { path: ['Section'], text: 'Le contrat est écrit.' },
      { path: ['Section', 'Durée'], text: 'Six mois au plus.' },
      { path: ['Section', 'Durée'], text: '- Renouvelable une fois ;\n- par écrit.' },
      { path: ['Section', 'Durée', 'Exception'], text: 'Sauf accord.' },
      { path: ['Section', 'Fin'], text: 'Terme.' },
    ]);
  });

  it('keeps a box as one block, its heading a line of it, and splits lines at <br>', () => {
    const html = '<div class="fr-highlight"><h3>À savoir !</h3><p>Premier point.<br>Second point.</p></div><p>Après.</p>';
    expect(htmlBlocks(html)).toEqual([
      { path: [], text: 'À savoir !\nPremier point.\nSecond point.' },
      { path: [], text: 'Après.' },
    ]);
  });

  it('reads a table row by row, each cell after its column heading', () => {
    const html =
      '<table><caption>Durées</caption><thead><tr><th>Statut</th><th>Durée</th></tr></thead>' +
      '<tbody><tr><td>Ouvriers</td><td>2 mois</td></tr><tr><td>Cadres</td><td>4 mois</td></tr></tbody></table>';
    expect(htmlBlocks(html)).toEqual([{ path: [], text: 'Durées :\nOuvriers ; Durée : 2 mois\nCadres ; Durée : 4 mois' }]);
  });

  it('leaves navigation out: cards, tags, buttons, images, videos', () => {
    const html =
      '<div class="fr-card"><h3 class="fr-card__title"><a href="/autre">Autre page</a></h3><p class="fr-card__desc">Résumé…</p></div>' +
      '<section class="fr-accordion"><h3 class="fr-accordion__title"><button>Lire la retranscription</button></h3><div class="fr-collapse"><p>Texte lu.</p></div></section>' +
      '<img src="x.png" alt="image"><div class="fr-content-media"><iframe src="v"></iframe></div><p class="fr-tag">Fiche pratique</p>';
    expect(htmlBlocks(html)).toEqual([{ path: [], text: 'Texte lu.' }]);
  });

  it('decodes entities and survives stray or unclosed tags', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#8239;&#x2019;&nbsp;&inconnu;')).toBe('a & b <c> \u202f\u2019\u00a0&inconnu;');
    expect(htmlBlocks('<p>un</span> deux <p>trois</div>')).toEqual([
      { path: [], text: 'un deux' },
      { path: [], text: 'trois' },
    ]);
    expect(inlineText(parseHtml('a < b'))).toBe('a < b');
  });

  it('lists the links of a fragment', () => {
    expect(htmlLinks(parseHtml('<ul><li><a href="https://a.fr/x">Inspection du travail</a></li><li><a href="#">  </a></li></ul>'))).toEqual([
      { text: 'Inspection du travail', href: 'https://a.fr/x' },
    ]);
  });
});
