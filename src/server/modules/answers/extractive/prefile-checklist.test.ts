/** The pré-dossier (prefile-checklist.ts): its topic, and the question for the professional from what the person asks. */
import { describe, expect, it } from 'vitest';
import type { CaseGroup } from '../cases/resolve-case';
import { understand } from '../question/understand';
import { ASK_PROFESSIONAL, prefileSection, prefileTopic, professionalQuestions } from './prefile-checklist';

const group: CaseGroup = { prefix: [], options: ['Logement vide', 'Logement meublé'], kept: ['Logement vide', 'Logement meublé'], state: 'open' };

describe('professionalQuestions', () => {
  it('asks the question of what the person asks, and nothing of its own for a right or a question of no kind', () => {
    expect(professionalQuestions('delai', undefined)).toEqual([ASK_PROFESSIONAL.delai]);
    expect(professionalQuestions('droit', undefined)).toEqual([]);
    expect(professionalQuestions('autre', undefined)).toEqual([]);
  });

  it('asks first which case of an open choice is the person’s', () => {
    const questions = professionalQuestions('droit', group);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toBe('Ma situation relève-t-elle du cas « Logement vide » ou du cas « Logement meublé »\u202f?');
  });
});

describe('prefileSection', () => {
  it('writes the line for the professional only when there is something to ask', () => {
    const asked = prefileSection(understand('Combien de temps le propriétaire a-t-il pour rendre le dépôt de garantie ?'), [], undefined);
    expect(asked).toContain(`À demander au professionnel\u202f: ${ASK_PROFESSIONAL.delai}`);
    const right = prefileSection(understand('Le propriétaire a-t-il le droit de garder le dépôt de garantie ?'), [], undefined);
    expect(right).not.toContain('À demander au professionnel');
    // The topic's parties and documents are there either way.
    expect(right).toMatch(/^À noter\u202f: les dates clés, les sommes en jeu, .+\.\n\nÀ rassembler\u202f: le bail/u);
  });
});

describe('prefileTopic', () => {
  it('chooses the topic the question and the primary fiche name most, not the first word met', () => {
    const inheritance = "Mon frère a été condamné pour violences volontaires sur notre père. Papa est mort sans laisser de testament. Va-t-il hériter ?";
    expect(prefileTopic(inheritance, '')).toBe('victime');
    expect(prefileTopic(inheritance, 'Succession : indignité Famille Héritage')).toBe('succession');
    expect(prefileTopic("L'huissier veut saisir mes meubles et je travaille toute la journée", 'Saisie des biens mobiliers Argent Saisies')).toBe('argent');
  });
  it('reads a fine of a criminal court as no road topic, and a bank card as the bank rather than a debt', () => {
    expect(prefileTopic('Le tribunal correctionnel m’a condamné à 1 000 € d’amende, puis-je faire appel ?', '')).not.toBe('route');
    expect(prefileTopic("J'ai reçu une amende forfaitaire de 135 €", '')).toBe('route');
    expect(prefileTopic('Quelqu’un a payé avec ma carte bancaire avant mon opposition', '')).toBe('banque');
    expect(prefileTopic('J’ai déposé un dossier de surendettement à la Banque de France', '')).toBe('argent');
  });
});
