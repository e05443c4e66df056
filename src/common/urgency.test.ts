import { describe, expect, it } from 'vitest';
import { EMERGENCY_NUMBERS, dangerKind, emergencyHref } from './urgency';

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
  // The short forms people type in distress, as they type them (no capital, no accent, no punctuation).
  'il me frappe',
  'au secours il me tape',
  'je veux mourir',
  'mon père me bat',
  'mon copain me tape',
  'ma mère me bat',
  "j'ai envie de me suicider",
  'il va me tuer',
  'mon mari me tape dessus',
  'elle me frappe',
  'mon conjoint me violente',
  "il m'a tapée hier soir",
  'je me suis fait frapper par mon copain',
  'mon mari frappe nos enfants',
  'mon voisin bat sa femme',
  'mon voisin me frappe',
  'un homme m’a agressée dans le métro',
  'je veux en finir',
  "je n'ai plus envie de vivre",
  'ils vont me faire du mal',
  'mon ex veut me tuer',
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
  // The same verbs in their ordinary, figurative or legal senses.
  "licenciement pour violence verbale d'un collègue",
  'mon voisin tape sur le mur tous les soirs',
  'Mon collègue me tape sur les nerfs, puis-je changer de bureau ?',
  'Ce qui me frappe dans ce contrat, c’est la clause de non-concurrence',
  'Le contrat est frappé de nullité, que faire ?',
  'Mon employeur m’a frappé d’une sanction disciplinaire injustifiée',
  'Mon frère me bat toujours aux échecs',
  'Je veux en finir avec mon bail au plus vite',
  'Mon fils tape sur son clavier toute la nuit, le voisin se plaint',
  'Quelle est la sanction pour violation de domicile ?',
  'Mon propriétaire veut me faire payer les travaux',
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

describe('the emergency numbers', () => {
  it('are the six numbers, each reached the way it works: 114 by text message, the others by a call', () => {
    expect(EMERGENCY_NUMBERS.map((e) => emergencyHref(e))).toEqual(['tel:17', 'tel:112', 'sms:114', 'tel:3919', 'tel:119', 'tel:3114']);
    // Each label says whom the number is for.
    expect(EMERGENCY_NUMBERS.find((e) => e.number === '114')?.label).toMatch(/SMS.*ne pouvez pas parler/u);
    expect(EMERGENCY_NUMBERS.find((e) => e.number === '119')?.label).toMatch(/enfan/iu);
    expect(EMERGENCY_NUMBERS.find((e) => e.number === '3114')?.label).toMatch(/suicide/u);
    expect(EMERGENCY_NUMBERS.find((e) => e.number === '3919')?.label).toMatch(/violences conjugales/u);
  });
});

describe('dangerKind', () => {
  it('raises no alarm on a 6,000-character text of openings that never complete', () => {
    // Repeated openings (« viol », « aidez-moi », « mon mari ») are the worst inputs for the patterns' windows,
    // which are bounded (no `.*` across the text): each start reads at most a few words further.
    for (const unit of ['viol ', 'aidez-moi ', 'mon mari ', 'enfant ', "l'"]) {
      const text = unit.repeat(Math.ceil(6000 / unit.length)).slice(0, 6000);
      expect(dangerKind(text)).toBeNull();
    }
  });

  it('tells violence (protection fiches apply) from suicidal thoughts (no fiche is about them)', () => {
    expect(dangerKind('mon mari me frappe')).toBe('violence');
    expect(dangerKind("J'ai reçu des menaces de mort de mon voisin")).toBe('violence');
    expect(dangerKind('Mon fils est maltraité par sa nourrice')).toBe('violence');
    expect(dangerKind("J'ai des idées suicidaires depuis mon licenciement")).toBe('suicide');
    expect(dangerKind('je veux me suicider')).toBe('suicide');
    expect(dangerKind('combien de jours de congés payés')).toBeNull();
  });
});
