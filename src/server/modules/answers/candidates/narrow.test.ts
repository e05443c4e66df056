/** Narrowing a fiche to the person's case beyond its headings (narrow.ts, and the sentence conditions candidates.ts reads): table rows and columns, list items, exceptions, rules of other cases. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import type { Fiche } from '../../../../corpus/types';
import { retrieveSources } from '../retrieval/retrieve';
import { composeExtractive } from '../extractive/compose-extractive';
import { answerText, ficheSource, source, testSource } from '../extractive/compose-test-fixtures';

let engine: SearchEngine;
const fiches = (id: string): Fiche | undefined => engine.getFiche(id);

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

describe('composeExtractive on given passages', () => {
  it('quotes a rule with the exceptions of a long list that name something of the question', () => {
    const text = [
      'Aucune expulsion locative ne peut avoir lieu durant la trêve hivernale, du 1er novembre au 31 mars.',
      'Mais la trêve hivernale ne s’applique pas dans les cas suivants :',
      '- Le locataire est relogé dans des conditions correspondant aux besoins de sa famille, avec un nombre de pièces suffisant',
      '- Les personnes sont entrées sans droit ni titre dans le domicile d’autrui par voie de fait, ce que le juge constate',
      '- Le logement se situe dans un immeuble ayant fait l’objet d’un arrêté de péril, ce qui met en danger ses occupants',
      '- Le juge a supprimé ou réduit le délai accordé aux occupants entrés dans les lieux par voie de fait',
    ].join('\n');
    const { sections } = composeExtractive('Le propriétaire veut me faire partir en hiver : la trêve hivernale me protège-t-elle si on me propose un relogement ?', [source(text)], () => undefined);
    const all = sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/du 1er novembre au 31 mars\. Mais la trêve hivernale ne s’applique pas dans les cas suivants :\n- Le locataire est relogé/u);
    expect(all).not.toMatch(/arrêté de péril/u);
  });

  it('leaves out a table row of another case than the person’s', () => {
    const sources = [
      source(
        'Excès de vitesse inférieur à 20 km/h : amende de 135 € et retrait de 1 point.\nExcès de vitesse d’au moins 50 km/h : amende de 1 500 € et retrait de 6 points.',
        ['Amendes'],
      ),
    ];
    const all = composeExtractive("J'ai été flashé à 62 km/h dans une zone limitée à 50", sources, () => undefined).sections.map((s) => s.text).join('\n');
    expect(all).toContain('retrait de 1 point');
    expect(all).not.toContain('6 points');
  });
});

describe('table rows read as sentences', () => {
  it('keeps the row of the person’s figures (family allowances for 2 children and 50,000 € of income, F13213)', () => {
    const q = 'Nous avons deux enfants de 9 et 16 ans et nos revenus étaient d’environ 50 000 € pour le foyer. Combien devrions-nous toucher d’allocations familiales ?';
    const { sources } = retrieveSources(engine, q);
    expect(sources.map((s) => s.id)).toContain('F13213');
    const all = composeExtractive(q, sources, fiches).sections.map((s) => s.text).join('\n');
    // Rows of other income bands are not quoted as the person's.
    expect(all).not.toMatch(/entre 69 309 € et 92 381 €/u);
    expect(all).not.toMatch(/supérieures à 92 381 €/u);
  });

  it('keeps the row the question names and drops the others (technical inspection, F2878)', () => {
    const f = fiches('F2878');
    if (!f) throw new Error('no F2878');
    const q = 'Mon contrôle technique a relevé une défaillance critique. Puis-je encore circuler ?';
    const all = composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/au moins une défaillance critique/u);
    // Neither the row of a major failure nor the one that says there is no critical failure.
    expect(all).not.toMatch(/au moins une défaillance majeure ;/u);
    expect(all).not.toMatch(/Absence de défaillance majeure et critique ;/u);
  });

  it('keeps the column of the person’s licence: a probationary one or not (F19460, limitations de vitesse)', () => {
    const f = fiches('F19460');
    if (!f) throw new Error('no F19460');
    const text = (q: string): string => composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    const young = text("J'ai mon permis depuis 1 an, quelle est la vitesse maximale sur autoroute ?");
    expect(young).toMatch(/Autoroute ; Jeune conducteur : 110 km\/h/u);
    expect(young).not.toMatch(/Autoroute ; Règle générale/u);
    const experienced = text("J'ai mon permis depuis 15 ans, quelle est la vitesse maximale sur autoroute ?");
    expect(experienced).toMatch(/Autoroute ; Règle générale : 130 km\/h/u);
    expect(experienced).not.toMatch(/Jeune conducteur/u);
  });

  it('keeps the column of alternating residence for parents who tell it, and only for them (F8, frais de garde)', () => {
    const f = fiches('F8');
    if (!f) throw new Error('no F8');
    const text = (q: string): string => composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    const usual = text("Ma fille de 3 ans va à la crèche, combien de crédit d'impôt pour les frais de garde ?");
    expect(usual).toMatch(/par enfant : 1 150 € maximum/u);
    expect(usual).not.toMatch(/garde alternée/u);
    const alternating = text("Notre fille de 3 ans est en garde alternée depuis notre divorce et va à la crèche, combien de crédit d'impôt pour les frais de garde ?");
    expect(alternating).toMatch(/en cas de garde alternée : 575 €/u);
  });

  it('does not read a word of the fiche’s title, or one a row says is absent, as naming the row', () => {
    const rows = [
      'Date : obtention du permis ; points : 6.',
      'Date : fin de la 1re année ; points : 9.',
      'Situation : sans enfant ; prime : 100 €.',
      'Situation : un enfant ; prime : 150 €.',
    ].join('\n');
    const all = answerText("J'ai mon permis depuis un an et un enfant. Combien de points et quelle prime ?", [testSource('F1', 'Permis et prime', [{ sectionPath: ['Barème'], text: rows }])]);
    // « permis » is the fiche's topic: both dates stay.
    expect(all).toMatch(/obtention du permis/u);
    expect(all).toMatch(/fin de la 1re année/u);
    // « sans enfant » does not name the person's child.
    expect(all).toMatch(/un enfant ; prime : 150 €/u);
    expect(all).not.toMatch(/sans enfant ; prime/u);
  });
});

describe('table rows', () => {
  it('keeps the row whose range holds the person’s figure, the range in two units (« entre 10 jours et 2 mois »)', () => {
    const source = testSource('F1', 'Retard de paiement du loyer : pénalités', [
      { sectionPath: ['Pénalités'], text: 'Retard de paiement : moins de 10 jours ; pénalité : aucune.\nRetard de paiement : entre 10 jours et 2 mois ; pénalité : 5 % du loyer.\nRetard de paiement : plus de 2 mois ; pénalité : résiliation possible du bail.' },
    ]);
    const q = "J'ai payé mon loyer avec 3 semaines de retard, quelle pénalité ?";
    const all = answerText(q, [source]);
    expect(all).toMatch(/entre 10 jours et 2 mois ; pénalité : 5 % du loyer/u);
    expect(all).not.toMatch(/plus de 2 mois ; pénalité/u);
    expect(all).not.toMatch(/moins de 10 jours ; pénalité/u);
  });
  it('drops the rows of the table that no fact tests once one row fits the person', () => {
    const source = testSource('F2', 'Violences volontaires : peines', [
      { sectionPath: ['Peines'], text: 'Dommage subi : aucune blessure ; peine : amende de 750 €.\nDommage subi : ITT de plus de 8 jours ; peine : 3 ans de prison.\nDommage subi : infirmité permanente ; peine : 10 ans de prison.' },
    ]);
    const q = 'On m’a frappé, 15 jours d’ITT : quelle peine pour l’auteur ?';
    const all = answerText(q, [source]);
    expect(all).toMatch(/ITT de plus de 8 jours ; peine : 3 ans de prison/u);
    expect(all).not.toMatch(/aucune blessure/u);
    expect(all).not.toMatch(/infirmité permanente/u);
  });
});

describe('the person’s own row and the items of lists', () => {

  it.each([
    ["Mon employeur a mis fin à ma période d'essai hier alors que je suis en CDI depuis 7 semaines. Il ne m'a rien dit avant.", /entre 1 mois et 3 mois de présence ; délai de prévenance : 2 semaines/u],
    ["En CDI depuis 10 jours, mon patron me dit de partir demain : fin de la période d'essai.", /entre 8 jours et 1 mois de présence ; délai de prévenance : 48 heures/u],
  ])('answers « %s », which names no kind, with the row whose range holds the person’s figure', (q, row) => {
    const f = fiches('F1643') as Fiche;
    const s = ficheSource(f);
    const summary = composeExtractive(q, [s], fiches).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(row);
  });

  it('leaves out the items of a list that name another person’s case', () => {
    const s = testSource('F4', 'Dissolution d’un Pacs', [
      { sectionPath: ['Conservation des actes'], text: 'La mairie conserve les actes de la dissolution du Pacs :\n- la déclaration conjointe des partenaires qui décident d’un commun accord de mettre fin au Pacs,\n- la copie de la signification faite par le partenaire qui décide seul de mettre fin au Pacs.' },
    ]);
    const all = answerText('Mon compagnon refuse de signer : que garde la mairie de la dissolution de notre Pacs ?', [s]);
    expect(all).toMatch(/la copie de la signification faite par le partenaire/u);
    expect(all).not.toMatch(/commun accord/u);
  });
});

describe('lists whose items concern other people', () => {
  it('drops an item with the one it goes on from, and never says a list’s introduction twice', () => {
    const intro = 'Les personnes suivantes peuvent demander leur inscription sur la liste électorale jusqu’au 10e jour avant le scrutin :';
    const source = testSource('F1', 'Inscription sur la liste électorale en cas de déménagement', [
      {
        sectionPath: ['Retraite'],
        text: `${intro}\n- un agent public qui déménage parce qu'il a été admis à la retraite après le 6e vendredi précédant le scrutin\n- et les membres de sa famille domiciliés avec lui à la date de son départ à la retraite.`,
      },
      { sectionPath: ['Travail'], text: `${intro}\n- une personne qui déménage à cause de son travail (hors mutation) après le 6e vendredi précédant le scrutin, ainsi que sa famille.` },
    ]);
    const q = "J'ai déménagé à cause de mon travail le mois dernier. Puis-je encore demander mon inscription sur la liste électorale avant le scrutin ?";
    const all = answerText(q, [source]);
    expect(all).toMatch(/une personne qui déménage à cause de son travail/u);
    expect(all).not.toMatch(/agent public/u);
    expect(all).not.toMatch(/et les membres de sa famille domiciliés avec lui/u);
    expect(all).not.toMatch(/départ à la retraite/u);
    expect(all.split(intro).length - 1).toBeLessThanOrEqual(1);
  });
});

describe('the rules of the cases the person is not in', () => {
  it('does not quote the adults’ break, restated in the introduction, to a 17-year-old apprentice (F34555)', () => {
    const f = fiches('F34555') as Fiche;
    const q = "Mon fils de 17 ans est apprenti dans une boulangerie. Il commence à 6 h et enchaîne jusqu'à 11 h 30 sans aucune pause. Est-ce que son patron a le droit ?";
    const text = composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(text).toMatch(/moins de 18 ans doit bénéficier d'un temps de pause d'au moins 30 minutes/u);
    expect(text).not.toMatch(/atteint 6 heures/u);
    // An adult keeps the rule of « Cas général », in the introduction or under its heading.
    const adult = composeExtractive("Je travaille de 8 h à 15 h sans pause, mon employeur a-t-il le droit ?", [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(adult).toMatch(/20 minutes/u);
  });
});

describe('a rule whose subject is an age group', () => {
  /** « En bref » and the whole answer to a question, from its real sources. */
  const answer = (q: string): { summary: string; all: string } => {
    const { sources } = retrieveSources(engine, q);
    const sections = composeExtractive(q, sources, fiches).sections;
    return { summary: sections[0]?.text ?? '', all: sections.map((x) => x.text).join('\n') };
  };
  it('is the rule of a 15-year-old (F1649, behind two fiches on adults’ hours), and not quoted for an adult', () => {
    const minor = answer("Mon fils a 15 ans et veut travailler cet été dans un camping. Combien d'heures par jour il peut faire ?");
    expect(minor.all).toMatch(/Le mineur ne doit pas travailler plus de 35 heures par semaine, ni plus de 7 heures par jour/u);
    const adult = answer("J'ai 30 ans et je travaille cet été dans un camping. Combien d'heures par jour je peux faire ?");
    expect(adult.all).not.toContain('Le mineur ne doit pas travailler');
  });
});

describe('a condition at the end of a sentence', () => {
  it('leaves out the rule whose condition the person is not in', () => {
    const text = [
      "Pour les remplacer, il n'est pas nécessaire de retourner chez l'ophtalmologiste, si votre dernière ordonnance date de moins de 3 ans.",
      "Vous pouvez aller chez l'opticien sans nouvelle ordonnance, si votre dernière ordonnance date de moins de 5 ans.",
    ].join('\n');
    const q = "Ma dernière ordonnance d'ophtalmo date d'il y a 4 ans. Puis-je aller directement chez l'opticien pour mes lunettes ?";
    const all = composeExtractive(q, [source(text, ['Lunettes'])], () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/moins de 5 ans/u);
    expect(all).not.toMatch(/moins de 3 ans/u);
  });
});
