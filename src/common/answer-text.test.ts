import { describe, expect, it } from 'vitest';
import { chosenCaseLine, parseInline, parseSectionText, withAbsoluteSiteLinks } from './answer-text';

describe('parseSectionText', () => {
  it('splits paragraphs on blank lines and groups item lines into lists', () => {
    expect(parseSectionText('Premier paragraphe\nsur deux lignes.\n\nÀ faire :\n- un\n- deux\n  suite de deux\nFin.\r\n\r\nDernier.')).toEqual([
      { kind: 'paragraph', text: 'Premier paragraphe sur deux lignes.' },
      { kind: 'paragraph', text: 'À faire :' },
      { kind: 'list', items: ['un', 'deux suite de deux'] },
      { kind: 'paragraph', text: 'Fin.' },
      { kind: 'paragraph', text: 'Dernier.' },
    ]);
  });

  it('reads "•" and "*" items like "- " items, and blank lines holding spaces as blank', () => {
    expect(parseSectionText('Pièces :\n• bail ;\n* état des lieux\n\td’entrée.\n \u00a0\nSuite.')).toEqual([
      { kind: 'paragraph', text: 'Pièces :' },
      { kind: 'list', items: ['bail ;', 'état des lieux d’entrée.'] },
      { kind: 'paragraph', text: 'Suite.' },
    ]);
  });

  it('keeps a dash that starts no item in its paragraph', () => {
    expect(parseSectionText('-\n-5 % de majoration')).toEqual([{ kind: 'paragraph', text: '- -5 % de majoration' }]);
  });

  it('gives nothing for empty text', () => {
    expect(parseSectionText('  \n\n ')).toEqual([]);
  });
});

describe('parseInline', () => {
  it('finds citation markers, grouped or not, and web addresses without their final punctuation', () => {
    expect(parseInline('Le délai est d’un mois [1][2], voire deux [1, 3]. Voir https://www.justice.fr/recherche/annuaires.')).toEqual([
      { kind: 'text', text: 'Le délai est d’un mois ' },
      { kind: 'cite', numbers: [1] },
      { kind: 'cite', numbers: [2] },
      { kind: 'text', text: ', voire deux ' },
      { kind: 'cite', numbers: [1, 3] },
      { kind: 'text', text: '. Voir ' },
      { kind: 'url', url: 'https://www.justice.fr/recherche/annuaires' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('finds the site’s own professionals search written as a path, but not inside a web address', () => {
    expect(parseInline('Cherchez un avocat : /#professionnels. Ou https://exemple.fr/#professionnels')).toEqual([
      { kind: 'text', text: 'Cherchez un avocat : ' },
      { kind: 'site', path: '/#professionnels' },
      { kind: 'text', text: '. Ou ' },
      { kind: 'url', url: 'https://exemple.fr/#professionnels' },
    ]);
  });

  it('leaves brackets that are not markers alone', () => {
    expect(parseInline('article [L. 1234-1]')).toEqual([{ kind: 'text', text: 'article [L. 1234-1]' }]);
  });
});

describe('withAbsoluteSiteLinks', () => {
  it('spells out the site’s paths under the origin, and leaves web addresses alone', () => {
    const text = 'Cherchez (/#professionnels) ou « /#professionnels », pas https://exemple.fr/#professionnels.';
    expect(withAbsoluteSiteLinks(text, 'https://questionlegale.info/')).toBe(
      'Cherchez (https://questionlegale.info/#professionnels) ou « https://questionlegale.info/#professionnels », pas https://exemple.fr/#professionnels.',
    );
    expect(withAbsoluteSiteLinks(text, undefined)).toBe(text);
  });
});

describe('chosenCaseLine', () => {
  it('puts the chosen case after the question that settles it, with one colon', () => {
    expect(chosenCaseLine('Votre logement est :', 'meublé')).toBe('Votre logement est : meublé');
    expect(chosenCaseLine('Votre contrat', ' CDD ')).toBe('Votre contrat\u202f: CDD');
    expect(chosenCaseLine(undefined, 'vide')).toBe('Votre situation\u202f: vide');
  });
});
