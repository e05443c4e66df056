import { describe, expect, it } from 'vitest';
import { dangerKind } from './urgency';

/** True when the question reveals danger of any kind (the answer then starts with the emergency numbers). */
const detectUrgency = (question: string): boolean => dangerKind(question) !== null;

const POSITIVE = [
  'Je subis des violences conjugales depuis des mois, que faire ?',
  'mon mari me frappe',
  'Mon mari me frappe quand il boit, puis-je partir avec les enfants ?',
  "Mon ex-compagnon m'a frappée hier soir devant les enfants",
  'ma femme me bat et je ne sais pas quoi faire',
  "Mon conjoint m'a étranglée, est-ce que je peux porter plainte ?",
  'VIOLENCES FAMILIALES : mon père nous tabasse',
  "Je pense qu'un enfant est en danger chez mes voisins",
  'Mon fils est maltraité par sa nourrice',
  "L'enfant de ma voisine est battu, qui appeler ?",
  "J'ai des idées suicidaires depuis mon licenciement",
  "J'ai envie de mourir, je n'arrive plus à payer mes dettes",
  'je veux me suicider',
  "on m'agresse dans la rue, que faire",
  "J'ai reçu des menaces de mort de mon voisin",
  'Mon voisin menace de me tuer avec un couteau',
  "j'ai été violée par mon collègue",
  'Il me bat tous les soirs',
  'mon beau-père a des gestes d’inceste sur ma fille',
];

const NEGATIVE = [
  'Mon propriétaire ne me rend pas mon dépôt de garantie',
  'Licenciement pour violence verbale d’un collègue : est-ce une faute grave ?',
  'Mon employeur peut-il me licencier pendant un arrêt maladie ?',
  'Comment contester une amende de stationnement ?',
  'Mon voisin fait du bruit tous les soirs',
  'Comment divorcer rapidement ?',
  'Le père de mon enfant ne paie plus la pension alimentaire',
  'Mon fils a pris un coup de soleil à la colonie, la colonie est-elle responsable ?',
  "Mon père menace de me déshériter, en a-t-il le droit ?",
  'Puis-je me rétracter après un achat en ligne ?',
  'Comment tuer le temps pendant un préavis de démission ?',
  'La violation du secret professionnel par mon avocat',
  'Mon frère a battu le record du club, peut-il toucher une prime ?',
  'Je suis victime de harcèlement moral au travail',
  'Quelle est la peine pour des violences volontaires sans ITT ?',
  "Mes parents sont morts, qui hérite de la maison ?",
  'Mon enfant est malade, puis-je prendre un congé ?',
];

describe('detectUrgency', () => {
  it.each(POSITIVE)('detects danger: %s', (q) => {
    expect(detectUrgency(q)).toBe(true);
  });
  it.each(NEGATIVE)('does not raise an alarm for: %s', (q) => {
    expect(detectUrgency(q)).toBe(false);
  });
  it('ignores case and accents', () => {
    expect(detectUrgency('MON MARI ME FRAPPE')).toBe(true);
    expect(detectUrgency('jai ete frappee par mon mari')).toBe(true);
    expect(detectUrgency('idees suicidaires')).toBe(true);
  });
});

describe('dangerKind', () => {
  it('tells violence (protection fiches apply) from suicidal thoughts (no fiche is about them)', () => {
    expect(dangerKind('mon mari me frappe')).toBe('violence');
    expect(dangerKind("J'ai reçu des menaces de mort de mon voisin")).toBe('violence');
    expect(dangerKind('Mon fils est maltraité par sa nourrice')).toBe('violence');
    expect(dangerKind("J'ai des idées suicidaires depuis mon licenciement")).toBe('suicide');
    expect(dangerKind('je veux me suicider')).toBe('suicide');
    expect(dangerKind('combien de jours de congés payés')).toBeNull();
  });
});
