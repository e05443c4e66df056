import { describe, expect, it } from 'vitest';
import { addToHistory, readCurrentAnswer, readHistory, saveCurrentAnswer, CURRENT_ANSWER_KEY, HISTORY_KEY } from './answer-storage';
import { formatFrenchDate, formatFrenchDateTime, parseBlocks, parseInline } from './answer-text';
import { storedAnswer } from './answer-test-utils';

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

describe('answer storage', () => {
  it('ignores unreadable stored data instead of failing', () => {
    window.sessionStorage.setItem(CURRENT_ANSWER_KEY, '{pas du json');
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify([{ question: 'x' }, storedAnswer('Valide ?')]));
    expect(readCurrentAnswer()).toBeNull();
    expect(readHistory().map((h) => h.question)).toEqual(['Valide ?']);
  });

  it('round-trips the current answer and does not list the same answer twice', () => {
    const item = storedAnswer();
    saveCurrentAnswer(item);
    expect(readCurrentAnswer()).toEqual(item);
    addToHistory(item);
    addToHistory(item);
    expect(readHistory()).toEqual([item]);
  });
});
