import { describe, expect, it } from 'vitest';
import { ANSWER_NOTICE } from '../../../common/api/answers';
import { answerToPlainText, formatFrenchDate, formatFrenchDateTime, isDataStale, parseBlocks, parseInline } from './answer-text';
import { ANSWER, CHOICES, QUESTION } from './answer-test-utils';

describe('parseBlocks', () => {
  it('splits paragraphs on blank lines and groups "- " lines into lists', () => {
    expect(parseBlocks('Premier paragraphe\nsur deux lignes.\n\nÀ faire :\n- un\n- deux\n  suite de deux\nFin.\r\n\r\nDernier.')).toEqual([
      { kind: 'paragraph', text: 'Premier paragraphe sur deux lignes.' },
      { kind: 'paragraph', text: 'À faire :' },
      { kind: 'list', items: ['un', 'deux suite de deux'] },
      { kind: 'paragraph', text: 'Fin.' },
      { kind: 'paragraph', text: 'Dernier.' },
    ]);
  });

  it('gives nothing for empty text', () => {
    expect(parseBlocks('  \n\n ')).toEqual([]);
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

describe('French dates', () => {
  it('formats a calendar date, an ISO date-time (Paris time), and leaves unreadable text as is', () => {
    expect(formatFrenchDate('2026-03-01')).toBe('1 mars 2026');
    expect(formatFrenchDate('2026-12-31T23:30:00Z')).toBe('1 janvier 2027');
    expect(formatFrenchDateTime('2026-07-14T10:05:00Z')).toBe('14 juillet 2026 à 12:05');
    expect(formatFrenchDate('bientôt')).toBe('bientôt');
  });
});

describe('isDataStale', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('is true only for data more than a year old', () => {
    expect(isDataStale('2020-11-12', now)).toBe(true);
    expect(isDataStale('2025-11-20', now)).toBe(true);
    expect(isDataStale('2025-11-30', now)).toBe(false);
    expect(isDataStale('2026-11-06', now)).toBe(false);
    expect(isDataStale('pas une date', now)).toBe(false);
  });
});

describe('answerToPlainText', () => {
  it('names the chosen case, spells out the site’s paths, and links the live fiche next to the data date', () => {
    const option = CHOICES.options[1]!;
    const text = answerToPlainText(QUESTION, { ...ANSWER, sections: option.sections }, {
      chosenCase: { question: CHOICES.question, label: option.label },
      origin: 'https://questionlegale.info',
    });
    expect(text).toContain('Votre logement est : meublé');
    expect(text).toContain('Logement meublé : le dépôt de garantie est de deux mois de loyer au plus [1].');
    expect(text).not.toContain('un mois de loyer hors charges');
    expect(text).toContain('https://questionlegale.info/#professionnels');
    expect(text).toContain('Données à jour au 6 novembre 2026.\nVérifier la version à jour sur service-public.fr\u202f: https://www.service-public.fr/particuliers/vosdroits/F31269');
    expect(text).toContain(ANSWER_NOTICE);
  });
});
