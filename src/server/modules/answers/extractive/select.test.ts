/** The choice of the sentences (select.ts): « En bref » and what it prefers, its exclusion, the later sources, « Ce que dit la loi ». */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import type { Fiche } from '../../../../corpus/types';
import type { RetrievedSource } from '../retrieval/types';
import { retrieveSources } from '../retrieval/retrieve';
import { composeExtractive } from './compose-extractive';
import { answerText, testSource } from './compose-test-fixtures';

let engine: SearchEngine;
const fiches = (id: string): Fiche | undefined => engine.getFiche(id);

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

describe('composeExtractive on the real corpus', () => {
  it('quotes the exclusion that concerns the person with the rule: a made-to-measure sofa bought online', () => {
    const q = "J'ai commandé un canapé fabriqué sur mesure sur un site internet il y a 5 jours. Je peux me rétracter ?";
    const { sources } = retrieveSources(engine, q);
    expect(sources[0]?.id).toBe('F10485');
    const summary = composeExtractive(q, sources, fiches).sections[0]?.text ?? '';
    expect(summary).toContain('le droit de rétractation ne s\'applique pas aux achats suivants :');
    expect(summary).toMatch(/confectionné sur mesure/u);
    // Only the excluded purchase that concerns the person, not the whole list.
    expect(summary).not.toMatch(/achat d'or/u);
  });
});

describe('worked examples', () => {
  const inheritance = testSource('F1', 'Héritage', [
    {
      sectionPath: ['Testament'],
      text: [
        'Les enfants héritent d’une part réservée du patrimoine, la réserve héréditaire, dont le défunt ne peut pas les priver.',
        'Par exemple, le défunt a un patrimoine de 200 000 € et 3 enfants. Le défunt peut attribuer les 25 % restants, soit 50 000 €, aux personnes de son choix.',
      ].join('\n'),
    },
  ]);
  it('quotes no sentence of another person’s example, in « En bref » or among the rules', () => {
    const text = answerText("J'ai une maison de 300 000 € et trois enfants. Puis-je déshériter l'un d'eux ?", [inheritance]);
    expect(text).toMatch(/réserve héréditaire/u);
    expect(text).not.toMatch(/Par exemple|25 % restants/u);
  });
  it('quotes an example whose figures are the person’s own', () => {
    const text = answerText("J'ai une maison de 200 000 € et trois enfants. Puis-je déshériter l'un d'eux ?", [inheritance]);
    expect(text).toMatch(/Par exemple, le défunt a un patrimoine de 200 000 €/u);
  });
});

describe('« En bref » from the fiches about the question', () => {
  it('never quotes a later fiche whose title names none of the question’s words', () => {
    const first = testSource('F1', 'Heures supplémentaires', [
      { sectionPath: ['Définition'], text: 'Toute heure accomplie au-delà de 35 heures par semaine est une heure supplémentaire.' },
    ]);
    const extra = testSource('F2', 'Embauche en contrat d’extra', [
      { sectionPath: ['Requalification'], text: 'Dans la restauration, le contrat peut être requalifié en CDI et le patron doit payer une indemnité si la mission dépasse 60 jours.' },
    ], 2);
    const q = 'Je suis en CDI dans un restaurant et mon patron ne paie pas mes heures supplémentaires, que faire ?';
    const summary = composeExtractive(q, [first, extra], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/heure supplémentaire\. \[1\]/u);
    expect(summary).not.toMatch(/\[2\]/u);
  });
});

describe('later sources', () => {
  it('quotes a later fiche only when its title names a word of the question', () => {
    const mk = (n: number, id: string, title: string, text: string): RetrievedSource => testSource(id, title, [{ sectionPath: ['Règles'], text }], n);
    const sources = [
      mk(1, 'F1', 'Le bailleur peut-il entrer dans le logement loué ?', 'Le bailleur ne peut pas entrer dans le logement loué sans l’accord du locataire.'),
      mk(2, 'F2', 'Avoir un chien dangereux', 'Le maire peut demander au propriétaire du chien de prendre des mesures pour prévenir le danger.'),
      mk(3, 'F3', 'Violation de domicile par le bailleur', 'Le locataire peut porter plainte contre le propriétaire pour violation de domicile.'),
    ];
    const q = 'Mon propriétaire est entré chez moi sans me prévenir, en a-t-il le droit ? Je veux porter plainte pour violation de domicile.';
    const all = answerText(q, sources);
    expect(all).not.toMatch(/\[2\]/u);
    expect(all).toMatch(/violation de domicile\. \[3\]/u);
  });
});

describe('a primary fiche without headings', () => {
  it('gives up to 3 sentences of its body to the rules besides the summary « En bref » quotes', () => {
    const url = 'https://www.service-public.fr/particuliers/vosdroits/F6';
    const fiche: Fiche = {
      id: 'F6', kind: 'fiche', pubType: 'Question-réponse', title: 'Peut-on brûler des déchets verts dans son jardin ?', subject: '', audiences: ['particuliers'], url, themePath: [], date: '2020-11-12',
      description: 'Non, il est interdit de brûler des déchets verts dans son jardin.',
      passages: [{ section: [], text: 'Les déchets verts doivent être déposés en déchetterie. La personne qui brûle des déchets verts peut être punie d’une amende de 450 €. Les voisins incommodés par la fumée des déchets verts peuvent engager sa responsabilité.' }],
      references: [], definitions: [], abbreviations: [], whereToGo: [], services: [], related: [],
    };
    const s = testSource('F6', fiche.title, [{ sectionPath: [], text: fiche.passages[0]?.text ?? '' }]);
    const sections = composeExtractive('Mon voisin brûle ses déchets verts dans son jardin, a-t-il le droit ?', [s], (id) => (id === 'F6' ? fiche : undefined)).sections;
    expect(sections.find((x) => x.id === 'summary')?.text).toMatch(/^Non, il est interdit/u);
    // Each sentence of the body is quoted once, in « En bref » (its second sentence) or in the sections below.
    const all = sections.filter((x) => x.id === 'summary' || x.id === 'law' || x.id === 'steps').map((x) => x.text).join('\n');
    for (const fact of [/déchetterie/gu, /450 €/gu, /voisins incommodés/gu]) expect(all.match(fact)).toHaveLength(1);
  });
});

describe('« Ce que dit la loi »', () => {
  it('quotes a rule the primary fiche states in the plain present (no « doit », no figure) when it ranks high', () => {
    const s = testSource('F12', 'Portabilité du numéro de téléphone mobile', [
      { sectionPath: ['Démarche'], text: 'Vous devez demander votre relevé d’identité opérateur (RIO) avant de changer d’opérateur.' },
      { sectionPath: ['Résiliation'], text: 'C’est le nouvel opérateur qui effectue la résiliation de votre ancien contrat et le portage de votre numéro.' },
    ]);
    const sections = composeExtractive('Je change d’opérateur mobile et je garde mon numéro : dois-je demander mon RIO, et qui fait la résiliation ?', [s], () => undefined).sections;
    expect(sections.find((x) => x.id === 'summary')?.text).toMatch(/Vous devez demander votre relevé d’identité opérateur/u);
    expect(sections.find((x) => x.id === 'law')?.text).toMatch(/C’est le nouvel opérateur qui effectue la résiliation/u);
  });
});

describe('« En bref » in order', () => {
  it('opens on its best sentence, even when the fiche states another one first', () => {
    const source = testSource('F1', 'Appareils auditifs', [
      {
        sectionPath: ['Remboursement'],
        text: 'Les accessoires des appareils peuvent également être remboursés.\nLe remboursement des appareils auditifs est de 60 % sur la base de 1 400 € par oreille.',
      },
    ]);
    const summary = composeExtractive('Combien la Sécu rembourse-t-elle pour des appareils auditifs ?', [source], () => undefined).sections[0]?.text ?? '';
    expect(summary).toMatch(/^Le remboursement des appareils auditifs est de 60 %/u);
  });
});
