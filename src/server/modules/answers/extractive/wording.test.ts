/** The wording of the answer (wording.ts): the question and buttons of a choice, a case said once. */
import { describe, expect, it } from 'vitest';
import { choiceWording, sayCaseOnce, section } from './wording';

describe('choiceWording', () => {
  const opt = (label: string) => ({ label, sections: [] });
  it('puts the words the options share in the question and keeps what tells them apart on the buttons', () => {
    expect(choiceWording(['Logement vide', 'Logement meublé'], [opt('Logement vide'), opt('Logement meublé')])).toEqual({ question: 'Logement\u202f:', options: [opt('vide'), opt('meublé')] });
    expect(choiceWording(['CDD', 'CDI'], [opt('CDD'), opt('CDI')])).toEqual({ question: 'Votre situation correspond à\u202f:', options: [opt('CDD'), opt('CDI')] });
  });
});

describe('sayCaseOnce', () => {
  // Quotes of F1069 (remboursement d'une consultation médicale) under a case the question left open (answers-tuning-4.json).
  const lead = 'Pour le cas « Respect du parcours de soins coordonnés »\u202f: ';
  const a = "Le médecin conventionné de secteur 1 applique le tarif fixé par convention avec l'Assurance maladie. [1]";
  const b = "Secteur : Adhérant au contrat d'accès aux soins ; base de remboursement : 25 €. [1]";
  const other = "Le médecin on adhérent à l'Optam fixe librement ses tarifs et peut donc pratiquer les dépassements d'honoraires de son choix. [2]";
  it('says the case once, then lists the quotes under it, where the list ends the case', () => {
    expect(sayCaseOnce(`${lead}${a}\n\n${lead}${b}\n\n${other}`, true)).toBe(`Pour le cas « Respect du parcours de soins coordonnés »\u202f:\n- ${a}\n- ${b}\n\n${other}`);
  });
  it('keeps the case on the first paragraph only in prose, or when a quote holds items of its own', () => {
    expect(sayCaseOnce(`${lead}${a}\n\n${lead}${b}`, false)).toBe(`${lead}${a}\n\n${b}`);
    expect(sayCaseOnce(`${lead}${a}\n\n${lead}Les cas :\n- un\n- deux [1]`, true)).toBe(`${lead}${a}\n\nLes cas :\n- un\n- deux [1]`);
  });
  it('leaves a case said once, and cases that differ, as they are', () => {
    const text = `${lead}${a}\n\n${other}\n\nPour un logement vide\u202f: ${b}`;
    expect(sayCaseOnce(text, true)).toBe(text);
  });
  it('lists « Ce que dit la loi » and keeps « En bref » prose', () => {
    const text = `${lead}${a}\n\n${lead}${b}`;
    expect(section('law', text).text).toContain('\n- ');
    expect(section('summary', text).text).toBe(`${lead}${a}\n\n${b}`);
  });
});
