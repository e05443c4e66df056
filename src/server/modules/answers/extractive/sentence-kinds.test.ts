/** What a sentence says (sentence-kinds.ts): its kinds, its own condition, whether it refers back, is an example, gives the figure asked. */
import { describe, expect, it } from 'vitest';
import { askedFigure, isExample, quotableSentence, refersBack, sentenceCondition, sentenceKinds, trailingCondition } from './sentence-kinds';

describe('sentenceKinds and quotableSentence (accented words at the edges)', () => {
  it('reads rules whose words start or end with an accented letter', () => {
    expect(sentenceKinds('Le ravalement est à la charge du syndicat.').normative).toBe(true);
    expect(sentenceKinds('Le vendeur est obligé de reprendre le bien.').normative).toBe(true);
    expect(sentenceKinds('Vous avez 2 mois à compter de la notification.').duration).toBe(true);
    expect(sentenceKinds('Le remboursement intervient dans les meilleurs délais.').normative).toBe(false);
  });
  it('quotes a sentence that opens with an accented capital, not a heading or a fragment', () => {
    expect(quotableSentence('À noter : il est interdit de fumer dans les parties communes.')).toBe(true);
    expect(quotableSentence('Également, le bailleur doit remettre une quittance.')).toBe(true);
    expect(quotableSentence('Que faire en cas de litige ?')).toBe(false);
    expect(quotableSentence('**Carte grise')).toBe(false);
  });
});

describe('sentenceCondition', () => {
  it('reads a sentence’s own condition', () => {
    expect(sentenceCondition('Si le logement est meublé, le dépôt est de 2 mois.')).toBe('Si le logement est meublé,');
    expect(sentenceCondition('Excès de moins de 20 km/h : 1 point.')).toBe('Excès de moins de 20 km/h');
    expect(sentenceCondition('Le dépôt est de 1 mois.')).toBeUndefined();
    expect(sentenceCondition("S'il n'était pas marié, ses biens vont à ses parents.")).toBe("S'il n'était pas marié,");
    expect(sentenceCondition('Sans réponse du bailleur, le locataire peut saisir la commission.')).toBe('Sans réponse du bailleur,');
    // A table row: every heading is its condition, the last cell's column heading too.
    expect(sentenceCondition('Ressources : entre 69 309 € et 92 381 € inclus ; montant de base : 65,98 €.')).toBe('Ressources : entre 69 309 € et 92 381 € inclus ; montant de base');
    expect(sentenceCondition('Montant maximum : crédit d’impôt ; par enfant, en cas de garde alternée : 575 € maximum.')).toBe('Montant maximum : crédit d’impôt ; par enfant, en cas de garde alternée');
    // An age group as the subject of the rule.
    expect(sentenceCondition('Le mineur ne doit pas travailler plus de 7 heures par jour.')).toBe('Le mineur');
    expect(sentenceCondition("L'enfant de moins de 10 ans doit être installé à l'arrière.")).toBe("L'enfant de moins de 10 ans");
    expect(sentenceCondition('Le salarié doit bénéficier d’une pause.')).toBeUndefined();
  });
});

describe('what « En bref » prefers', () => {
  it('reads an example as such', () => {
    expect(isExample('Par exemple, si 200 € ont été dépensés, votre banque vous rembourse 150 €.')).toBe(true);
    expect(isExample('Exemple : le salarié qui a travaillé 5 mois acquiert 13 jours.')).toBe(true);
    expect(isExample('Exemplaire du contrat : il est remis au salarié.')).toBe(false);
    expect(isExample('Le remboursement est partiel : 50 € restent à votre charge.')).toBe(false);
  });
  it('for « combien de temps » and « combien », the figure in numbers, not only named', () => {
    expect(askedFigure('delai', 'L’amende minorée est réglée dans un délai de 30 jours.')).toBe(true);
    expect(askedFigure('delai', 'Vous pouvez demander un délai de paiement au comptable public.')).toBe(false);
    expect(askedFigure('montant', 'Le timbre fiscal coûte 86 €.')).toBe(true);
    expect(askedFigure('montant', 'Le montant dépend de vos revenus.')).toBe(false);
    expect(askedFigure('droit', 'Le timbre fiscal coûte 86 €.')).toBe(false);
  });
});

describe('refersBack', () => {
  it('reads « ce droit », « ce délai » as the sentence before’s, unless the sentence itself named it first', () => {
    expect(refersBack('Ce délai court à partir de la réception.')).toBe(true);
    expect(refersBack("Si vous exercez ce droit, le vendeur doit vous rembourser.")).toBe(true);
    expect(refersBack('Il peut porter plainte.')).toBe(true);
    expect(
      refersBack(
        "Si l'un des parents bénéficie d'un droit de visite et si l'autre parent l'empêche d'exercer ce droit, il peut porter plainte auprès du procureur.",
      ),
    ).toBe(false);
    expect(refersBack('Le délai de préavis est de 3 mois.')).toBe(false);
    // « À défaut » is often written without its accent.
    expect(refersBack('A défaut, il encourt une amende administrative.')).toBe(true);
  });
});

describe('a condition at the end of a sentence', () => {
  it('reads it', () => {
    expect(trailingCondition("Pour les remplacer, il n'est pas nécessaire de retourner chez le médecin, si votre dernière ordonnance date de moins de 3 ans.")).toBe('si votre dernière ordonnance date de moins de 3 ans');
    expect(trailingCondition('Le locataire doit payer le loyer.')).toBeUndefined();
    expect(trailingCondition("Le salarié a droit à une indemnité, lorsqu'il a au moins 8 mois d'ancienneté.")).toBe("lorsqu'il a au moins 8 mois d'ancienneté");
  });
});
