import { describe, expect, it } from 'vitest';
import { ANSWER_NOTICE } from '../../../common/api/answers';
import { answerToPlainText, isDataStale } from './answer-text';
import { ANSWER, CHOICES, QUESTION } from './answer-test-utils';

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
