import { describe, expect, it } from 'vitest';
import { questionKind } from './kind';

describe('questionKind', () => {
  it.each([
    ['Combien de temps de préavis dois-je faire ?', 'delai'],
    ['Dans quel délai le propriétaire doit-il rendre le dépôt ?', 'delai'],
    ['Est-il trop tard pour faire recenser ma fille ?', 'delai'],
    ['Mon fils a 15 ans : combien d’heures par jour il peut travailler ?', 'delai'],
    ['Combien vais-je toucher d’allocations ?', 'montant'],
    ['Quel est le montant de la prime de précarité ?', 'montant'],
    ['Ma carte grise est perdue, ça va me coûter combien de la refaire ?', 'montant'],
    ['Je vais toucher combien de chômage après mon CDD ?', 'montant'],
    ['Mon patron a-t-il le droit de me retenir 400 € ?', 'droit'],
    ['Est-ce que je peux ne pas payer le dernier loyer ?', 'droit'],
    ['Est-ce légal de facturer la carafe d’eau ?', 'droit'],
    ['Mon opérateur dit que ça coûte 30 €, c’est vrai ?', 'droit'],
    ['Que puis-je faire contre ce vendeur ?', 'recours'],
    ['Qu’est-ce que je risque si je ne change pas ma carte grise ?', 'montant'],
    ['Comment contester une amende ?', 'recours'],
    ['Quelles démarches pour une carte grise ?', 'demarche'],
    ['J’ai oublié de la déclarer : comment régulariser ?', 'demarche'],
    ['Et pour une fuite sur les canalisations, qui doit payer ?', 'droit'],
    ['C’est quoi une rupture conventionnelle ?', 'definition'],
    ['Mon voisin fait du bruit la nuit', 'autre'],
    // The asking sentence says what is asked, in its own order.
    ['J’ai reçu un avis de contravention. Combien je vais devoir payer, et dans quel délai ?', 'montant'],
    ['Le panneau dit que c’est interdit. Combien de temps ai-je pour contester ?', 'delai'],
    ['Mon patron dit que c’est obligatoire. Que puis-je faire ?', 'recours'],
    // Elided forms: « est-ce qu'on peut », « qu'est-ce qu'on doit faire ».
    ['Ma sœur et moi voulons vendre. Est-ce qu’on peut le faire sans l’accord de mon frère ?', 'droit'],
    ['Est-ce qu’elle peut saisir le juge toute seule ?', 'droit'],
    ['Notre fils veut partir. Et nous, qu’est-ce qu’on doit faire ?', 'recours'],
    // A yes-or-no question that asks for a figure too is answered by the figure.
    ['Le train avait 3 heures de retard. Est-ce qu’on peut être remboursés, et de combien ?', 'montant'],
    ['Mon patron me paie 300 €. Est-ce que c’est légal, et combien je devrais toucher ?', 'montant'],
    ['Est-ce que je peux encore contester, et dans quel délai ?', 'delai'],
  ])('« %s » → %s', (q, kind) => {
    expect(questionKind(q)).toBe(kind);
  });
});
