import { describe, expect, it } from 'vitest';
import { normalizeLegifranceUrl } from './legifrance';

describe('normalizeLegifranceUrl', () => {
  it.each([
    [
      'http://www.legifrance.gouv.fr/affichCodeArticle.do;jsessionid=8A1B2C3D.tpdila12v_1?idArticle=LEGIARTI000028650462&cidTexte=LEGITEXT000006072050',
      'https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000028650462',
    ],
    [
      'https://www.legifrance.gouv.fr/affichCode.do?idArticle=LEGIARTI000031068493&idSectionTA=LEGISCTA000020602117&cidTexte=LEGITEXT000006070933&dateTexte=20170323',
      'https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000031068493',
    ],
    [
      'http://www.legifrance.gouv.fr/affichCode.do?idSectionTA=LEGISCTA000006170820&cidTexte=LEGITEXT000006072026',
      'https://www.legifrance.gouv.fr/codes/section_lc/LEGITEXT000006072026/LEGISCTA000006170820/',
    ],
    ['http://legifrance.gouv.fr/affichCode.do?cidTexte=LEGITEXT000006069577', 'https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577/'],
    ['https://www.legifrance.gouv.fr/affichTexte.do?cidTexte=JORFTEXT000029133200', 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000029133200'],
    ['http://www.legifrance.gouv.fr/affichTexte.do?cidTexte=LEGITEXT000006063274', 'https://www.legifrance.gouv.fr/loda/id/LEGITEXT000006063274/'],
    ['https://www.legifrance.gouv.fr/codes/id/LEGIARTI000018532067/', 'https://www.legifrance.gouv.fr/codes/id/LEGIARTI000018532067/'],
    ['http://circulaires.legifrance.gouv.fr/pdf/2014/03/cir_38105.pdf', 'https://circulaires.legifrance.gouv.fr/pdf/2014/03/cir_38105.pdf'],
  ])('%s', (raw, expected) => {
    expect(normalizeLegifranceUrl(raw)).toBe(expected);
  });

  it('leaves other sites and unreadable addresses alone', () => {
    expect(normalizeLegifranceUrl('http://www.service-public.fr/particuliers/vosdroits/F1')).toBe('http://www.service-public.fr/particuliers/vosdroits/F1');
    expect(normalizeLegifranceUrl('https://legifrance.gouv.fr.evil.example/affichCode.do?idArticle=LEGIARTI000028650462')).toBe(
      'https://legifrance.gouv.fr.evil.example/affichCode.do?idArticle=LEGIARTI000028650462',
    );
    expect(normalizeLegifranceUrl('pas une adresse')).toBe('pas une adresse');
  });
});
