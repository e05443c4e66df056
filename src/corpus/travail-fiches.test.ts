import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isoDate, loadTravailFiches, parseTravailFiche, travailDataFile, travailFicheId, type TravailPage } from './travail-fiches';

const pages = JSON.parse(fs.readFileSync(travailDataFile(), 'utf8')) as TravailPage[];
const page = (title: string): TravailPage => {
  const p = pages.find((x) => x.title === title);
  if (!p) throw new Error(`page absente : ${title}`);
  return p;
};

describe('the labour ministry fiches (@socialgouv/fiches-travail-data)', () => {
  it('reads a page into a fiche of its own source, id, address and date', () => {
    const f = parseTravailFiche(page('Le travail saisonnier'));
    expect(f).toMatchObject({
      id: 'T100986',
      source: 'travail-emploi',
      kind: 'fiche',
      url: 'https://travail-emploi.gouv.fr/le-travail-saisonnier',
      date: '2023-12-06',
      themePath: ['Travail', 'Le travail saisonnier'],
    });
    // The page's sections, each under its title; the first (the page itself, « À savoir ») under none.
    expect(f?.passages.map((p) => p.section.join(' > '))).toEqual([
      '',
      'Le terme du contrat saisonnier',
      'La succession de contrats saisonniers',
      'La clause de reconduction',
      'La clause de reconduction',
      'La clause de reconduction',
    ]);
    expect(f?.passages[0]?.text).toContain("À savoir !\nSauf convention ou accord collectif contraire, l'indemnité de fin de contrat");
    // Lists of links to other pages are no text; « Qui contacter » and « Services en ligne » are kept apart.
    expect(f?.passages.some((p) => p.text.includes('Les règles de décompte des effectifs'))).toBe(false);
    expect(f?.whereToGo).toEqual([{ title: 'Inspection du travail', url: expect.stringMatching(/^https:\/\/travail-emploi\.gouv\.fr\//) }]);
    expect(f?.services[0]?.title).toContain('Conseillers-Entreprises');
    // Every article the page cites, with its Légifrance address and id.
    expect(f?.references[0]).toEqual({
      title: 'Code du travail : article L1242-2',
      url: 'https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000037312980',
      legiarti: 'LEGIARTI000037312980',
      textId: 'LEGITEXT000006072050',
    });
  });

  it('loads every page once, with ids that are never service-public.fr numbers, and links pages to each other', () => {
    const fiches = loadTravailFiches();
    expect(fiches.length).toBeGreaterThan(250);
    expect(new Set(fiches.map((f) => f.id)).size).toBe(fiches.length);
    expect(fiches.every((f) => /^T(\d+|-[A-Za-z0-9]+)$/.test(f.id) && f.source === 'travail-emploi')).toBe(true);
    expect(fiches.every((f) => /^\d{4}-\d{2}-\d{2}$/.test(f.date) && f.url.startsWith('https://'))).toBe(true);
    expect(fiches.filter((f) => f.related.length > 0).length).toBeGreaterThan(100);
    const delegates = fiches.find((f) => f.title === 'Les délégués syndicaux');
    expect(delegates?.related.length).toBeGreaterThan(0);
  });

  it('names pages and reads dates', () => {
    expect(travailFicheId('article375542')).toBe('T375542');
    expect(travailFicheId('12509')).toBe('T12509');
    expect(travailFicheId('article-ACFg1E')).toBe('T-ACFg1E');
    expect(travailFicheId('')).toBeUndefined();
    expect(isoDate('13/11/2025')).toBe('2025-11-13');
    expect(isoDate('2025-11-13')).toBe('');
    expect(parseTravailFiche({ pubId: 'article1', title: 'Sans texte', url: 'https://travail-emploi.gouv.fr/x', sections: [] })).toBeUndefined();
  });
});
