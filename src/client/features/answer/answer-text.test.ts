import { describe, expect, it } from 'vitest';
import { ANSWER_NOTICE } from '../../../common/api/answers';
import { answerToPlainText } from './answer-text';
import { ANSWER, CHOICES, QUESTION } from './answer-test-utils';

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

  it('states the fiches’ dates, and the warning when the data is more than a year old', () => {
    const answer = { ...ANSWER, dataDate: '2020-11-12', sources: ANSWER.sources.map((s) => ({ ...s, date: '2020-11-12' })) };
    const url = 'https://www.service-public.fr/particuliers/vosdroits/F31269';
    const text = answerToPlainText(QUESTION, answer, { now: Date.parse('2026-11-24T12:00:00Z') });
    expect(text).toContain(`Fiches mises à jour le 12 novembre 2020.\nVérifier la version à jour sur service-public.fr\u202f: ${url}`);
    expect(text).toContain(`Attention\u202f: ces informations datent du 12 novembre 2020, il y a plus d'un an.\nVérifiez la fiche à jour\u202f: ${url}`);
    expect(text).not.toContain('Données à jour au');
    // Without the clock, or with recent data, no warning.
    expect(answerToPlainText(QUESTION, answer)).not.toContain('Attention');
    expect(answerToPlainText(QUESTION, { ...answer, dataDate: '2026-11-06' }, { now: Date.parse('2026-11-24T12:00:00Z') })).not.toContain('Attention');
  });
});
