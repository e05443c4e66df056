import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import { understand } from '../question/understand';
import type { Fiche } from '../../../../corpus/types';
import { pathStatus, resolveCases, type CaseResolution } from './resolve-case';
import { factVerdict, headingRange, isSituational, negationPair, statedVerdict } from './heading-verdict';

let engine: SearchEngine;

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

/**
 * The cases of a real fiche resolved for a question, with the fiche; `withTexts`: with the passages' texts,
 * as retrieval and the composer resolve them (a subtree's words and an introduction's list can settle cases).
 */
function resolved(id: string, question: string, withTexts = false): { fiche: Fiche; res: CaseResolution } {
  const fiche = engine.getFiche(id);
  if (!fiche) throw new Error(`no fiche ${id}`);
  const u = understand(question);
  const texts = withTexts ? fiche.passages.map((p) => p.text) : undefined;
  return { fiche, res: resolveCases(fiche.passages.map((p) => p.section), u.words, u.facts, new Map(), texts) };
}

/** The headings at `depth` (0: top level) of the passages of a fiche kept for a question. */
function keptTops(id: string, question: string, depth = 0): string[] {
  const { fiche, res } = resolved(id, question);
  return [...new Set(fiche.passages.filter((p) => !pathStatus(p.section, res).excluded).map((p) => p.section[depth] ?? ''))];
}

describe('resolveCases on real fiches', () => {
  it('a furnished flat keeps « Logement meublé » and drops « Logement vide », an unfurnished one the reverse (F929, congé du propriétaire)', () => {
    const furnished = keptTops('F929', 'Je loue un studio meublé, mon propriétaire veut reprendre le logement pour sa fille');
    expect(furnished).toContain('Logement meublé');
    expect(furnished).not.toContain('Logement vide');
    const unfurnished = keptTops('F929', 'Mon appartement est loué vide, le propriétaire me donne congé pour vendre');
    expect(unfurnished).toContain('Logement vide');
    expect(unfurnished).not.toContain('Logement meublé');
  });

  it('a driver who left the licence at home keeps « Vous avez le permis » (F17698, conduite sans permis)', () => {
    const q = "Contrôle de gendarmerie hier : j'avais oublié mon permis à la maison. Qu'est-ce que je dois faire ?";
    expect(keptTops('F17698', q)).toEqual(['', 'Vous avez le permis']);
    const without = keptTops('F17698', "Je conduis sans permis depuis un an, j'ai été contrôlé : qu'est-ce que je risque ?");
    expect(without).toContain("Vous n'avez pas le permis");
    expect(without).not.toContain('Vous avez le permis');
  });

  it('a young person who says nothing of living abroad keeps « Jeune vivant en France » (F870, recensement)', () => {
    const tops = keptTops('F870', 'Ma fille a eu 16 ans il y a cinq mois et nous avons oublié de la faire recenser');
    expect(tops).toContain('Jeune vivant en France');
    expect(tops).not.toContain("Jeune vivant à l'étranger");
    const abroad = keptTops('F870', "Mon fils vit à l'étranger avec son père, il a eu 16 ans : doit-il se faire recenser ?");
    expect(abroad).toContain("Jeune vivant à l'étranger");
    expect(abroad).not.toContain('Jeune vivant en France');
  });

  it("a landlord taking the flat back for a relative keeps « Congé pour reprise » and drops « Congé pour vendre » (F929)", () => {
    const kept = keptTops('F929', "Je loue un T2 vide depuis 5 ans. Le proprio veut récupérer l'appart pour y loger sa fille. Il peut me mettre dehors ?", 1);
    expect(kept.some((h) => h.startsWith('Congé pour reprise'))).toBe(true);
    expect(kept).not.toContain('Congé pour vendre');
  });

  it('a niece keeps the tax case « Neveu ou nièce » and drops the children’s (F14198, droits de succession)', () => {
    const kept = keptTops('F14198', "Ma tante est décédée sans enfants et m'a laissé sa maison. Combien vais-je payer de droits de succession ?", 1);
    expect(kept).toContain('Neveu ou nièce');
    expect(kept).not.toContain('Enfant');
    expect(kept).not.toContain('Frère ou sœur');
  });

  it('a question that does not say leaves the case open, with both options (F929)', () => {
    const fiche = engine.getFiche('F929');
    const u = understand('Mon propriétaire me donne congé, combien de temps avant la fin du bail ?');
    const res = resolveCases(fiche?.passages.map((p) => p.section) ?? [], u.words, u.facts);
    const top = res.groups.find((g) => g.prefix.length === 0);
    expect(top?.state).toBe('open');
    expect(top?.kept).toEqual(expect.arrayContaining(['Logement vide', 'Logement meublé']));
  });

  it('a CDI keeps the CDI rules of the trial period and drops the CDD ones (F1643)', () => {
    const tops = keptTops('F1643', 'Je suis en CDI depuis six semaines et mon employeur arrête ma période d’essai');
    expect(tops).toContain('CDI');
    expect(tops).not.toContain('CDD');
  });

  it('a lease signed in 2019 keeps « Bail signé depuis le 27 mars 2014 » (F2889)', () => {
    const tops = keptTops('F2889', 'Mon bail, signé en 2019, prévoit une pénalité en cas de retard de loyer');
    expect(tops).toContain('Bail signé depuis le 27 mars 2014');
    expect(tops).not.toContain('Bail signé avant le 27 mars 2014');
  });

  it('reads sibling stages of a procedure as cases: a dossier just filed is at « Dès le dépôt » (F10434, surendettement)', () => {
    const filed = keptTops('F10434', 'Je viens de déposer mon dossier de surendettement et un créancier fait saisir mon compte bancaire. Que faire ?');
    expect(filed).toEqual(['Dès le dépôt du dossier de surendettement']);
    // A question that names both stages leaves the case open: both stay, and the answer asks.
    const { res } = resolved('F10434', 'Mon dossier de surendettement a été déclaré recevable mais la saisie sur mon salaire continue. Est-ce normal ?');
    expect(res.groups.find((g) => g.prefix.length === 0)).toMatchObject({ state: 'open', kept: ['Dès le dépôt du dossier de surendettement', 'Dès que le dossier est recevable'] });
  });

  it('reads « Majeur » / « Mineur » against the ages told, and the visitor as an adult when none is (F20104, ivresse)', () => {
    // '' is the fiche's introduction, above both cases.
    expect(keptTops('F20104', "J'ai 19 ans et j'ai été arrêté ivre sur la voie publique, qu'est-ce que je risque ?")).toEqual(['', 'Majeur']);
    expect(keptTops('F20104', 'Mon fils de 16 ans a été ramené ivre par la police, que risque-t-il ?')).toEqual(['', 'Mineur']);
    expect(keptTops('F20104', "Que risque-t-on en cas d'ivresse sur la voie publique ?")).toEqual(['', 'Majeur']);
  });

  it('reads sibling « Vous êtes … » headings as the person’s situations: a son keeps « Vous êtes l’enfant du défunt » (F80)', () => {
    const q = 'Ma mère est décédée. Je suis son fils unique, elle laisse 30 000 € sur ses comptes. Est-ce que je dois faire une déclaration de succession ?';
    const { res } = resolved('F80', q);
    expect(res.groups.find((g) => g.prefix[0] === 'Qui doit faire une déclaration ?')).toMatchObject({
      state: 'settled',
      kept: ["Vous êtes l'enfant du défunt"],
    });
    // A question that does not say who the person is leaves the two situations open.
    const open = resolved('F80', 'Faut-il faire une déclaration de succession quand on hérite ?').res;
    expect(open.groups.find((g) => g.prefix[0] === 'Qui doit faire une déclaration ?')?.state).toBe('open');
  });

  it('a fact that names one chapter among chapters settles nothing: a minor keeps « Faire la demande » (F1194, émancipation)', () => {
    const q = 'Ma fille a 16 ans et veut être émancipée. Est-ce qu’elle peut faire la demande elle-même au juge ?';
    const tops = keptTops('F1194', q);
    expect(tops).toContain('Faire la demande');
    expect(tops).toContain('Relations du mineur avec ses parents');
  });

  it('reads « Droit à indemnisation » / « Montant de l’indemnisation » / « Demande d’indemnisation » as chapters, not cases (F2056)', () => {
    const q = "À l'hôtel, on m'a volé mon appareil photo dans ma chambre, pas au coffre. L'hôtel doit-il me rembourser ?";
    // With the passages' texts, as the composer resolves them (the words of a subtree can settle parallel cases).
    const { fiche, res } = resolved('F2056', q, true);
    const theft = fiche.passages.filter((p) => p.section[0] === 'En cas de vol ou de dommage aux biens');
    const kept = theft.filter((p) => !pathStatus(p.section, res).excluded).map((p) => p.section[1]);
    expect(kept).toEqual(expect.arrayContaining(['Droit à indemnisation', "Montant de l'indemnisation", "Demande d'indemnisation"]));
    // Headings that open on the same noun are cases: « Demande en France » / « Demande à l'étranger ».
    const abroad = resolved('F1604', "Je vis à l'étranger et je veux voter par procuration pour les municipales");
    expect(abroad.res.groups.find((g) => g.prefix.length === 0)).toMatchObject({ state: 'settled', kept: ["Demande à l'étranger"] });
  });

  it('names a case by the words its introduction gives it: an « avertissement » is a « Sanction simple » (F2234)', () => {
    const procedure = (q: string): string[] => {
      const { fiche, res } = resolved('F2234', q, true);
      const under = fiche.passages.filter((p) => p.section[0] === 'Procédure disciplinaire' && p.section.length === 2);
      return under.filter((p) => !pathStatus(p.section, res).excluded).map((p) => p.section[1] ?? '');
    };
    // « Soit une sanction simple, n'ayant pas d'incidence sur son contrat (avertissement, observation écrite…) »
    expect(procedure("Mon employeur m'a mis un avertissement par mail. Est-ce qu'il peut faire ça sans m'avoir convoqué avant ?")).toEqual(['Sanction simple']);
    expect(procedure('Mon patron veut me muter dans une autre agence pour me sanctionner. Quelle procédure doit-il suivre ?')).toEqual(['Sanction lourde']);
    expect(procedure('Quelle procédure mon employeur doit-il suivre pour me sanctionner ?')).toEqual(['Sanction lourde', 'Sanction simple']);
  });

  it('lets the question’s words decide when a fact fits every option (F2562, concubins)', () => {
    const q = "Je vis avec mon copain, on n'est ni mariés ni pacsés, et le bail est à son nom seul. Il a donné son préavis : puis-je rester ?";
    const tops = keptTops('F2562', q);
    expect(tops).toContain('Bail signé par un seul concubin');
    expect(tops).not.toContain('Bail signé par les 2 concubins');
  });

  it('keeps the event the question names among « En cas de … » siblings, and drops the others (F2562)', () => {
    const q = "Je vis avec mon copain, on n'est ni mariés ni pacsés, et le bail est à son nom seul. Il a donné son préavis : puis-je rester ?";
    const kept = keptTops('F2562', q, 1);
    expect(kept).toContain('En cas de préavis donné au propriétaire');
    expect(kept).not.toContain('En cas de décès');
    expect(kept).not.toContain("En cas d'abandon du logement");
    // A question that names no event keeps them all.
    const none = keptTops('F2562', "Je vis avec mon copain, on n'est ni mariés ni pacsés, et le bail est à son nom seul. Quels sont mes droits ?", 1);
    expect(none).toEqual(expect.arrayContaining(['En cas de décès', "En cas d'abandon du logement"]));
  });

  it('settles a case stated as the time between two events from the dates the question gives (F11094, garantie de conformité)', () => {
    const cases = (question: string): string[] => {
      const { res } = resolved('F11094', question);
      return res.groups.filter((g) => g.options.some((o) => o.includes('après la livraison')) && g.options.some((o) => o.includes('2 ans'))).flatMap((g) => g.kept);
    };
    expect(cases("Mon lave-linge m'a été livré le 3 mars 2023 et il est tombé en panne le 10 juin 2025. Le vendeur doit-il le réparer ?")).toEqual(['Vous constatez un défaut plus de 2 ans après la livraison']);
    expect(cases("Mon lave-linge m'a été livré le 3 mars 2024 et il est tombé en panne le 10 juin 2025. Le vendeur doit-il le réparer ?")).toEqual(['Vous constatez un défaut moins de 2 ans après la livraison']);
    // Without the dates, the case is left to the other rules (both options here).
    expect(cases('Mon lave-linge est tombé en panne. Le vendeur doit-il le réparer ?')).toHaveLength(2);
  });

  it('does not drop chapters of a fiche that only name a topic (F10037, livraison)', () => {
    const tops = keptTops('F10037', 'Ma commande sur internet n’est jamais arrivée, que faire ?');
    expect(tops.length).toBeGreaterThanOrEqual(4);
  });
});

describe('negationPair', () => {
  it('tells a situation and its negation from two chapters', () => {
    expect(negationPair(['État des lieux conforme', 'État des lieux non conforme'])).toBe(true);
    expect(negationPair(['Avec enfant', 'Sans enfant'])).toBe(true);
    expect(negationPair(['Délai de rétractation', 'Délai de remboursement'])).toBe(false);
    expect(negationPair(['Conforme', 'Non conforme', 'Autre'])).toBe(false);
  });

  it('leaves such a case open when the question does not tell, so the answer names it (F31269)', () => {
    const fiche = engine.getFiche('F31269');
    const u = understand('Mon propriétaire ne me rend pas mon dépôt de garantie, loué vide');
    const res = resolveCases(fiche?.passages.map((p) => p.section) ?? [], u.words, u.facts);
    const inventory = res.groups.find((g) => g.options.includes('État des lieux non conforme'));
    expect(inventory?.state).toBe('open');
  });
});

describe('headingRange', () => {
  it.each([
    ['Excès de moins de 20 km/h', { unit: 'kmh', max: 20 }],
    // Two units: the lower bound in the upper bound's unit (6 months = 180/365 of a year).
    ['Entre 6 mois et 2 ans', { unit: 'an', min: (6 * 30) / 365, max: 2 }],
    ['Retard entre 10 jours et 2 mois', { unit: 'mois', min: 10 / 30, max: 2 }],
    ['Au moins 2 ans', { unit: 'an', min: 2 }],
    ["Moins d'1 mois de présence", { unit: 'mois', max: 1 }],
    ['ITT de 8 jours ou moins', { unit: 'jour', max: 8 }],
    ['Recettes de 2019 inférieures à 70 000€', { unit: 'euro', max: 70000 }],
    ['Le locataire a plus de 65 ans (à la date de fin du bail)', { unit: 'an', min: 65 }],
    ['Bail signé avant le 27 mars 2014', { unit: 'annee', max: 2014 }],
    ['Ressources inférieures à 10 000 €', { unit: 'euro', max: 10000 }],
    ['Excès de vitesse ⩾ à 20 km/h et < 30 km/h', { unit: 'kmh', min: 20, max: 30 }],
    ['Excès de vitesse ≤ 20 km/h si vitesse maximale autorisée ≤ 50 km/h', { unit: 'kmh', max: 20 }],
    ['250 € pour un vol de 1 500 km ou moins', { unit: 'km', max: 1500 }],
    ['Après la 1ère année de votre contrat', { unit: 'an', min: 1 }],
    ['400 € pour un vol de plus de 1 500 km', { unit: 'km', min: 1500 }],
    ['Construction de plus de 150 m² après travaux', { unit: 'm2', min: 150 }],
    ["Bassin de plus de 10 m² et jusqu'à 100 m²", { unit: 'm2', min: 10 }],
  ])('« %s »', (title, expected) => {
    expect(headingRange(title)).toMatchObject(expected);
  });
  it('reads nothing in a heading without a range', () => {
    expect(headingRange('Logement meublé')).toBeUndefined();
  });
});

describe('factVerdict: the case a question tells, heading by heading', () => {
  const firstMarriage = "Mon père est décédé. Il s'était remarié, et nous sommes nés de son premier mariage. Que va hériter sa veuve ?";
  const fatherDied = "Mon père est mort lundi, combien de jours de congé pour l'enterrement ?";
  const house = 'Je loue une maison, qui doit déneiger le trottoir ?';
  const widow = "Mon mari est décédé sans testament, nous avons deux enfants ensemble. Qu'est-ce que j'hérite ?";
  const spain = "Un site basé en Espagne m'a débité 89 € sans autorisation, que faire ?";
  const usa = 'On part aux États-Unis cet été, quels papiers ?';
  const outsideEu = "Lorsque l'établissement du bénéficiaire se situe en dehors de l'Union européenne ou de l'Espace économique européen (EEE),";
  const oldPrescription = "J'ai 35 ans. Ma dernière ordonnance d'ophtalmo date d'il y a 4 ans.";
  const extension = 'Je veux agrandir ma maison de 120 m², faut-il un permis ?';
  it.each([
    // Children of the couple, or of another union.
    ['Si le défunt ne laisse que des enfants issus du couple,', firstMarriage, 'conflict'],
    ["Si le défunt laisse des enfants issus d'une autre union,", firstMarriage, 'fit'],
    ["Si le défunt laisse des enfants issus d'une autre union,", 'Mon mari est décédé, que vont hériter nos deux enfants ?', 'conflict'],
    // Whose death it is: « mon père est mort » makes the person the deceased's child.
    ["En cas de décès d'un enfant,", fatherDied, 'conflict'],
    ['Décès du père ou de la mère', fatherDied, 'fit'],
    // A widow(er): the late spouse was married, and the children they name are the deceased's.
    ['Défunt marié', widow, 'fit'],
    ['Défunt non marié', widow, 'conflict'],
    ["Place particulière de l'époux", widow, 'fit'],
    ['le défunt a eu des enfants', widow, 'fit'],
    ["le défunt n'a pas eu d'enfant", widow, 'conflict'],
    ["En cas de décès d'un enfant,", 'Notre fils est décédé, quels congés ?', 'fit'],
    // A detached house or a building in co-ownership.
    ['du syndicat des copropriétaires si le trottoir jouxte un immeuble en copropriété', house, 'conflict'],
    ['du locataire ou du propriétaire si le trottoir jouxte une maison individuelle', house, 'fit'],
    ['Immeuble en copropriété', 'Dans mon immeuble, qui doit déneiger ?', 'fit'],
    // Another country named: in Europe or outside it; « l'Espace économique européen » is no nationality.
    [outsideEu, spain, 'conflict'],
    [outsideEu, usa, 'fit'],
    ['Dans l’Union européenne', spain, 'fit'],
    ['Hors UE', spain, 'conflict'],
    ["Documents utiles pour un voyage hors d'Europe", usa, 'fit'],
    ['Espace économique européen', usa, 'neutral'],
    ['Vous êtes Européen', usa, 'conflict'],
    // « date de moins de 3 ans » measures how old a thing is, not the person's age.
    ['si votre dernière ordonnance date de moins de 3 ans', oldPrescription, 'conflict'],
    ['si votre dernière ordonnance date de moins de 5 ans', oldPrescription, 'fit'],
    // A surface against a heading in square metres, not against distances.
    ['De moins de 150 m²', extension, 'fit'],
    ['De plus de 150 m²', extension, 'conflict'],
  ])('« %s » for « %s » → %s', (heading, question, verdict) => {
    expect(factVerdict(heading, understand(question).facts)).toBe(verdict);
  });
});

describe('factVerdict', () => {
  it('tests an age, a seniority and a speed excess against the heading’s range', () => {
    expect(factVerdict('Le locataire a plus de 65 ans', understand("J'ai 70 ans et je suis locataire").facts)).toBe('fit');
    expect(factVerdict('Le locataire a plus de 65 ans', understand("J'ai 40 ans et je suis locataire").facts)).toBe('conflict');
    expect(factVerdict('Au moins 2 ans d’ancienneté', understand('licencié après trois ans dans mon entreprise').facts)).toBe('fit');
    // « a moins de 18 ans » is an age: the person's two years in the job do not fit it, and an adult's
    // question (no age, no minor named) is not the case of a minor.
    const adultAtWork = understand('Je travaille en CDI dans un restaurant depuis 2 ans, mon patron ne paie plus mes heures').facts;
    expect(factVerdict('Si le salarié a moins de 18 ans', adultAtWork)).toBe('conflict');
    expect(factVerdict('Salarié âgé de moins de 18 ans', adultAtWork)).toBe('conflict');
    expect(factVerdict('Salarié de moins de 3 ans d’ancienneté', adultAtWork)).toBe('fit');
    expect(factVerdict('Si le salarié a moins de 18 ans', understand('Mon fils travaille en CDD cet été, son patron ne le paie pas').facts)).toBe('neutral');
    expect(factVerdict('Si le salarié a moins de 18 ans', understand("J'ai 17 ans et je travaille dans un restaurant").facts)).toBe('fit');
    // A heading that names what it measures is tested against that thing's duration in the question.
    const sickLeave = understand("Je suis serveur en CDI depuis 8 mois et mon médecin m'a mis en arrêt 10 jours pour une grippe").facts;
    expect(factVerdict("Si l'arrêt de travail est supérieur à 3 mois", sickLeave)).toBe('conflict');
    expect(factVerdict('Ancienneté de moins de 1 an', sickLeave)).toBe('fit');
    const speeding = understand("J'ai été flashé à 62 km/h dans une zone limitée à 50").facts;
    expect(factVerdict('Excès de vitesse inférieur à 20 km/h', speeding)).toBe('fit');
    expect(factVerdict('Excès de vitesse d’au moins 50 km/h', speeding)).toBe('conflict');
    const flight = understand('Notre vol Paris-Rome (environ 1 100 km) a atterri avec 4 heures de retard').facts;
    expect(factVerdict('250 € pour un vol de 1 500 km ou moins', flight)).toBe('fit');
    expect(factVerdict('600 € pour un vol de plus de 3 500 km', flight)).toBe('conflict');
  });
  it('tests a time between two events against the durations and dates told, never against an age', () => {
    // F929's cases (congé du propriétaire), for a landlord who bought 10 months before the end of the lease.
    const dated = understand("Le propriétaire a acheté l'appartement le 2 octobre 2024 et mon bail finit le 31 août 2025").facts;
    expect(factVerdict('La fin du bail en cours intervient moins de 2 ans après l’achat', dated)).toBe('fit');
    expect(factVerdict('La fin du bail en cours intervient plus de 2 ans après l’achat', dated)).toBe('conflict');
    expect(factVerdict('La fin du bail en cours intervient moins de 2 ans après l’achat', understand('Il a acheté il y a 5 ans et mon bail finit en août').facts)).toBe('conflict');
    expect(factVerdict('Vous constatez un défaut moins de 6 mois après la livraison', understand("J'ai 34 ans, mon frigo est en panne").facts)).toBe('neutral');
  });
  it('reads a question that names no contract as a private person’s, not a public agent’s', () => {
    const moved = understand("J'ai déménagé de Lille à Nantes en octobre pour le boulot, est-ce que je peux voter à Nantes ?").facts;
    expect(factVerdict("Un agent public qui déménage parce qu'il a été admis à la retraite", moved)).toBe('conflict');
    expect(factVerdict('Une personne qui déménage à cause de son travail', moved)).toBe('neutral');
    expect(factVerdict('Fonctionnaire', understand('Je suis fonctionnaire territoriale et je déménage').facts)).toBe('fit');
  });

  it('tests the categories: housing, contract, purchase', () => {
    const f = understand('J’ai acheté un canapé sur un site internet pour mon logement meublé, je suis en CDD').facts;
    expect(factVerdict('Logement meublé', f)).toBe('fit');
    expect(factVerdict('Logement vide', f)).toBe('conflict');
    expect(factVerdict('CDI', f)).toBe('conflict');
    expect(factVerdict('Achat à distance', f)).toBe('fit');
    expect(factVerdict('Démarches', f)).toBe('neutral');
  });

  it('reads a child inheriting from a parent as « le défunt a eu des enfants » (F2529)', () => {
    const f = understand('Notre mère est décédée l’an dernier. Avec mon frère et ma sœur, on hérite de sa maison.').facts;
    expect(factVerdict('le défunt a eu des enfants', f)).toBe('fit');
    expect(factVerdict('le défunt n’a pas eu d’enfant', f)).toBe('conflict');
    expect(factVerdict('Défunt sans enfant', f)).toBe('conflict');
    expect(factVerdict('Le défunt n’a eu aucun enfant', f)).toBe('conflict');
    // A nephew says nothing of the deceased's children.
    expect(factVerdict('le défunt a eu des enfants', understand('Mon oncle est décédé, que vais-je hériter ?').facts)).toBe('neutral');
    const { fiche, res } = resolved('F2529', 'Notre mère est décédée l’an dernier. Avec mon frère et ma sœur, on hérite de sa maison. Quelles sont nos parts ?', true);
    const shares = fiche.passages.filter((p) => p.section[0] === "En l'absence de testament" && p.section[1] === "Parts d'héritage" && p.section.length > 2);
    expect(new Set(shares.filter((p) => !pathStatus(p.section, res).excluded).map((p) => p.section[2]))).toEqual(new Set(['le défunt a eu des enfants']));
  });

  it('tests the presence or absence of what the question says is missing', () => {
    const f = understand("Ma cousine est morte sans testament, elle n'était pas mariée").facts;
    expect(factVerdict("En l'absence de testament", f)).toBe('fit');
    expect(factVerdict("En présence d'un testament", f)).toBe('conflict');
    expect(factVerdict('Quand la défunte a rédigé un testament', f)).toBe('conflict');
    expect(factVerdict("Si la défunte n'a pas rédigé de testament", f)).toBe('fit');
    expect(factVerdict('Défunt non marié', f)).toBe('fit');
    expect(factVerdict('Défunt marié', f)).toBe('conflict');
    // The fiches' wording of an everyday word: « rappel », « prévenir » → « information ».
    const notice = understand('Mon assureur a reconduit le contrat sans le moindre rappel').facts;
    expect(factVerdict("En cas de défaut d'information", notice)).toBe('fit');
    expect(factVerdict('Sans information de sa part', notice)).toBe('fit');
    // A chapter that only names the thing is not a case of it.
    expect(factVerdict('Le testament', f)).toBe('neutral');
    expect(factVerdict('Préavis', understand('Licencié sans préavis').facts)).toBe('neutral');
  });
  it('tests who owns the home only on headings that say who the person is', () => {
    const owner = understand('Mon frère est décédé, la maison était à lui').facts;
    expect(factVerdict('Si le défunt était propriétaire', owner)).toBe('fit');
    expect(factVerdict('Si le défunt était locataire', owner)).toBe('conflict');
    const tenant = understand('Mon propriétaire veut vendre le logement').facts;
    expect(factVerdict('Vous êtes locataire', tenant)).toBe('fit');
    expect(factVerdict('Préavis donné par le propriétaire', tenant)).toBe('neutral');
  });
  it('tests the other party’s agreement', () => {
    const refused = understand('Mon mari refuse de divorcer').facts;
    expect(factVerdict('Divorce par consentement mutuel', refused)).toBe('conflict');
    expect(factVerdict('Demande par un seul des époux', refused)).toBe('fit');
    const agreed = understand('Nous sommes d’accord pour divorcer').facts;
    expect(factVerdict('Déclaration conjointe', agreed)).toBe('fit');
    expect(factVerdict('Démarche amiable', refused)).toBe('neutral');
    const pacs = understand('Ma partenaire de Pacs refuse de signer la fin du Pacs').facts;
    expect(factVerdict('Demande par les 2 partenaires', pacs)).toBe('conflict');
    expect(factVerdict('Demande par 1 seul partenaire', pacs)).toBe('fit');
  });
  it('reads « époux » in a heading as the person divorcing, not when the heading is about their child', () => {
    const divorcing = understand('Nous voulons divorcer à l’amiable, nos deux enfants ne demandent pas à voir le juge').facts;
    expect(factVerdict('Si un enfant des époux veut être auditionné', divorcing)).toBe('neutral');
    expect(factVerdict('Demande acceptée par les époux', divorcing)).toBe('fit');
  });
  it('against « Cas général », names a particular case by its situation, not by the people it speaks of (F10567)', () => {
    // Parents of two children divorcing by agreement: the child's hearing is not their case.
    const tops = keptTops('F10567', 'Avec mon mari on divorce à l’amiable, on a deux enfants. Peut-on prendre un seul avocat ?');
    expect(tops).toContain('Cas général');
    expect(tops).not.toContain('Si un enfant des époux veut être auditionné');
    const heard = keptTops('F10567', 'Nous divorçons par consentement mutuel et notre fils de 12 ans veut être auditionné par le juge. Comment ça se passe ?');
    expect(heard).toContain('Si un enfant des époux veut être auditionné');
  });
  it('reads every case heading beside « Cas général » as a particular case of it (F19846, transport costs)', () => {
    // The part-time rule below half-time is not the case of a question that does not say so.
    const { res } = resolved('F19846', 'Mon employeur refuse de rembourser mon abonnement de métro. A-t-il le droit ?');
    const group = res.groups.find((g) => g.options.includes('Cas général') && g.prefix.join(' › ') === 'Transport public › Base de remboursement');
    expect(group?.options).toContain("Salariés à temps partiel effectuant moins qu'un mi-temps");
    expect(group?.kept).toEqual(['Cas général']);
  });
  it('tests « mineur » and « majeur » as ages, not « défaillance majeure » or a heading naming both', () => {
    const adult = understand("J'ai 34 ans et j'ai perdu ma carte d'identité").facts;
    expect(factVerdict('Vous êtes mineur', adult)).toBe('conflict');
    expect(factVerdict('Pour une personne majeure', adult)).toBe('fit');
    expect(factVerdict('Au moins une défaillance majeure', adult)).toBe('neutral');
    expect(factVerdict("Majeur(s) agissant au nom d'un ou de plusieurs mineur(s)", adult)).toBe('neutral');
    const child = understand('Mon fils de 15 ans a perdu sa carte d’identité').facts;
    expect(factVerdict('Pour un mineur', child)).toBe('fit');
    expect(factVerdict('Pour un majeur', child)).toBe('conflict');
    // The feminine nouns: « Pour une mineure », « La personne disparue est majeure »; not « force majeure ».
    const daughter = understand('Ma fille de 16 ans a eu un rapport mal protégé').facts;
    expect(factVerdict('Pour une mineure', daughter)).toBe('fit');
    expect(factVerdict('Pour une majeure', daughter)).toBe('conflict');
    expect(factVerdict('La personne disparue est majeure', adult)).toBe('fit');
    expect(factVerdict('Force majeure', adult)).toBe('neutral');
  });

  it('tests half-time thresholds against the hours worked a week, and part-time against full-time', () => {
    const below = "Salariés à temps partiel effectuant moins qu'un mi-temps";
    expect(factVerdict(below, understand('Je travaille 15 heures par semaine').facts)).toBe('fit');
    expect(factVerdict(below, understand('Je ne travaille que 24 heures par semaine').facts)).toBe('conflict');
    expect(factVerdict('Temps plein (complet)', understand('Je suis à mi-temps').facts)).toBe('conflict');
    expect(factVerdict('Temps partiel', understand('Je suis à mi-temps').facts)).toBe('fit');
    expect(factVerdict('Temps partiel', understand('Mon patron ne me paie pas').facts)).toBe('neutral');
  });
  it('tells situations from topics', () => {
    expect(isSituational('Logement meublé')).toBe(true);
    expect(isSituational('Entre 1 et 3 mois de présence')).toBe(true);
    expect(isSituational('Plomberie')).toBe(false);
  });
});

describe('what settled a case (the language model is told « (votre cas) » only for the facts)', () => {
  const status = (question: string, paths: string[][], path: string[]): { fits: boolean; factFits: boolean } => {
    const u = understand(question);
    const s = pathStatus(path, resolveCases(paths, u.words, u.facts));
    return { fits: s.fits, factFits: s.factFits };
  };
  it('a case the person’s facts settle is theirs', () => {
    const paths = [['Logement vide', 'Préavis'], ['Logement meublé', 'Préavis']];
    expect(status('Je loue un meublé, quel préavis ?', paths, ['Logement meublé', 'Préavis'])).toEqual({ fits: true, factFits: true });
  });
  it('an event the question only names fits, but is not told as the person’s case', () => {
    const paths = [['En cas de décès du locataire'], ['En cas d’abandon du logement']];
    expect(status('Mon colocataire a abandonné le logement, que faire ?', paths, ['En cas d’abandon du logement'])).toEqual({ fits: true, factFits: false });
  });
  it('a heading the question merely names by a topic word fits, but is not told as the person’s case', () => {
    const paths = [['Accident de travail', 'Déclaration'], ['Accident de trajet', 'Déclaration']];
    expect(status('Je suis tombé à vélo sur le trajet du bureau, que dois-je déclarer ?', paths, ['Accident de trajet', 'Déclaration'])).toEqual({ fits: true, factFits: false });
  });
  it('a case only assumed of a silent question (living in France) settles it but is not told as the person’s', () => {
    const paths = [['En France', 'Logement vide', 'Préavis'], ['En France', 'Logement meublé', 'Préavis'], ['En France', 'Dépôt de garantie'], ['À l’étranger', 'Démarches']];
    const question = 'Je loue un meublé, quel préavis ?';
    expect(status(question, paths, ['À l’étranger', 'Démarches'])).toEqual({ fits: false, factFits: false });
    expect(status(question, paths, ['En France', 'Dépôt de garantie'])).toEqual({ fits: true, factFits: false });
    // Below it, the case the person’s facts settle is theirs.
    expect(status(question, paths, ['En France', 'Logement meublé', 'Préavis'])).toEqual({ fits: true, factFits: true });
  });
  it('a passage under a case the question leaves open is not told as the person’s, even below a case their facts settle', () => {
    const paths = [['Logement vide', 'Préavis'], ['Logement meublé', 'Préavis'], ['Logement meublé', 'Avec enfant'], ['Logement meublé', 'Sans enfant']];
    const question = 'Je loue un meublé, quel préavis ?';
    const u = understand(question);
    const open = pathStatus(['Logement meublé', 'Avec enfant'], resolveCases(paths, u.words, u.facts));
    expect(open.open.map((o) => o.option)).toEqual(['Avec enfant']);
    expect(open.factFits).toBe(false);
    expect(status(question, paths, ['Logement meublé', 'Préavis'])).toEqual({ fits: true, factFits: true });
  });
});

describe('statedVerdict: only what the person said makes a fit', () => {
  const silent = understand('Quel est le délai de préavis ?').facts;
  it('fits what the person stated, like factVerdict', () => {
    const furnished = understand('Je loue un meublé, quel préavis ?').facts;
    expect(statedVerdict('Logement meublé', furnished)).toBe('fit');
    expect(statedVerdict('Logement vide', furnished)).toBe('conflict');
    expect(statedVerdict('Vous êtes majeur', understand("J'ai 30 ans, puis-je changer de nom ?").facts)).toBe('fit');
    expect(statedVerdict('Jeune vivant à l’étranger', understand('Je vis à Montréal, dois-je me faire recenser ?').facts)).toBe('fit');
  });
  it('does not fit what a silent question is only assumed to be: living in France, French, an adult', () => {
    for (const heading of ['En France', 'Vous êtes français', 'Vous êtes majeur']) {
      expect(factVerdict(heading, silent)).toBe('fit');
      expect(statedVerdict(heading, silent)).toBe('neutral');
    }
    // A conflict is one either way.
    expect(statedVerdict('À l’étranger', silent)).toBe('conflict');
    expect(statedVerdict('Vous êtes mineur', silent)).toBe('conflict');
  });
});
