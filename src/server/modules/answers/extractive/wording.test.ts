/** The wording of the answer (wording.ts): the question and buttons of a choice. */
import { describe, expect, it } from 'vitest';
import { choiceWording } from './wording';

describe('choiceWording', () => {
  const opt = (label: string) => ({ label, sections: [] });
  it('puts the words the options share in the question and keeps what tells them apart on the buttons', () => {
    expect(choiceWording(['Logement vide', 'Logement meublé'], [opt('Logement vide'), opt('Logement meublé')])).toEqual({ question: 'Logement\u202f:', options: [opt('vide'), opt('meublé')] });
    expect(choiceWording(['CDD', 'CDI'], [opt('CDD'), opt('CDI')])).toEqual({ question: 'Votre situation correspond à\u202f:', options: [opt('CDD'), opt('CDI')] });
  });
});
