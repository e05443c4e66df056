/** The person's own figures beside the rule (person-figures.ts): which figures, in which unit, and the sentence of ours that sets them. */
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '../extractive/compose-extractive';
import { answerText, source, testSource } from '../extractive/compose-test-fixtures';

describe('composeExtractive on given passages', () => {
  it('puts the person’s figure beside the rule, in a sentence of ours without a marker', () => {
    const sources = [source('Excès de vitesse inférieur à 20 km/h, en agglomération : amende de 135 € et retrait de 1 point.', ['Amendes'])];
    const { sections } = composeExtractive("J'ai été flashé à 62 km/h dans une zone limitée à 50, combien vais-je payer ?", sources, () => undefined);
    expect(sections[0]?.text).toContain('amende de 135 € et retrait de 1 point. [1]');
    expect(sections[0]?.text).toContain('Vous indiquez 62 km/h pour une vitesse limitée à 50 km/h, soit 12 km/h de plus.');
  });

  it('sets the surface told beside a rule per square metre, with the sum told', () => {
    const sources = [source('La part payée par le locataire pour l’état des lieux ne peut pas dépasser 3 € TTC par m² de surface habitable.')];
    const { sections } = composeExtractive("L'agence me facture 150 € l'état des lieux de mon T2 de 40 m², en a-t-elle le droit ?", sources, () => undefined);
    expect(sections[0]?.text).toContain('Vous indiquez une surface de 40 m² et 150 €.');
  });

  it('sets a sum counted in months of rent beside the rule stated in months of rent', () => {
    const sources = [
      source(
        'Le propriétaire peut demander un dépôt de garantie pour couvrir les loyers impayés.\nPour une location meublée, le dépôt de garantie est limité à 2 mois de loyer hors charges.',
        ['Montant'],
      ),
    ];
    const { sections } = composeExtractive('Pour mon studio meublé, le propriétaire réclame quatre mois de loyer de dépôt de garantie. Est-ce permis ?', sources, () => undefined);
    expect(sections[0]?.text).toContain('limité à 2 mois de loyer hors charges. [1]');
    expect(sections[0]?.text).toContain('Vous indiquez 4 mois de loyer.');
  });

  it('computes no excess for a speed at or under the limit told, and keeps no range of excess', () => {
    const sources = [source('Excès de vitesse inférieur à 20 km/h, hors agglomération : amende de 68 €.\nLa vitesse est limitée à 130 km/h sur autoroute.', ['Amendes'])];
    const all = composeExtractive("J'ai été flashé à 127 km/h sur l'autoroute limitée à 130, qu'est-ce que je risque ?", sources, () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).not.toMatch(/km\/h de plus/u);
    expect(all).not.toMatch(/amende de 68 €/u);
  });
});

describe('the person’s figures', () => {
  it('does not take a prison term or an age for a duration like the person’s', () => {
    const source = testSource('F1', 'Salaire impayé', [
      { sectionPath: ['Sanctions'], text: "L'employeur fautif encourt 6 mois d'emprisonnement." },
      { sectionPath: ['Réclamer'], text: 'Le salarié peut réclamer son salaire impayé pendant 3 ans devant le conseil de prud’hommes.' },
    ]);
    const q = 'Mon patron ne me paie plus mon salaire depuis 6 mois, puis-je encore le réclamer ?';
    const composed = composeExtractive(q, [source], () => undefined);
    const summary = composed.sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Le salarié peut réclamer son salaire impayé pendant 3 ans/u);
    // « 6 mois d'emprisonnement » is no period like the person's six months without pay.
    expect(summary).not.toMatch(/Vous indiquez une durée de 6 mois/u);
  });
});

describe('the figure the question asks about', () => {
  it('sets the rule beside the figure of the sentence that asks, not beside a figure told before', () => {
    const source = testSource('F1', 'Congé donné par le propriétaire', [
      { sectionPath: ['Achat'], text: "Le propriétaire qui a acheté le logement occupé doit attendre 2 ans." },
      { sectionPath: ['Préavis'], text: 'Le locataire doit recevoir la lettre de congé au moins 6 mois avant la fin du bail.' },
    ]);
    const q = "Je loue mon appartement depuis 5 ans et le propriétaire veut le reprendre pour son fils. Peut-il me donner congé seulement 3 mois avant la fin du bail ?";
    const summary = composeExtractive(q, [source], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Le locataire doit recevoir la lettre de congé au moins 6 mois avant la fin du bail\. \[1\]/u);
    expect(summary).toMatch(/Vous indiquez 3 mois\./u);
    expect(summary).not.toMatch(/5 ans/u);
  });
});

describe('the person’s amounts beside the rule', () => {
  it('says an amount told twice once', () => {
    const source = testSource('F1', 'État des lieux', [
      { sectionPath: ['Frais'], text: 'La part payée par le locataire pour l’état des lieux ne peut pas dépasser 3 € par m² de surface habitable.' },
    ]);
    const q = "L'agence me facture 150 € pour l'état des lieux et le propriétaire lui paie aussi 150 €. Ont-ils le droit ?";
    const summary = composeExtractive(q, [source], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Vous indiquez 150\u202f?\s?€\./u);
    expect(summary).not.toMatch(/150 € et 150 €/u);
  });

  it('does not set the person’s sum beside a fine an offender risks, unless they ask about a fine', () => {
    const source = testSource('F1', 'Rançongiciel', [
      { sectionPath: ['Sanctions'], text: "L'auteur d'une extorsion encourt jusqu'à 7 ans d'emprisonnement et 100 000 € d'amende." },
    ]);
    const ransom = composeExtractive("Un pirate me demande 300 € pour débloquer mon ordinateur, qu'est-ce qu'il encourt ?", [source], () => undefined).sections[0]?.text ?? '';
    expect(ransom).toMatch(/100 000 € d'amende/u);
    expect(ransom).not.toMatch(/Vous indiquez 300/u);
    const fines = testSource('F2', 'Amende forfaitaire', [{ sectionPath: ['Montant'], text: "Le stationnement très gênant est puni d'une amende de 135 €." }]);
    const parking = composeExtractive("J'ai reçu un PV de 135 € pour stationnement très gênant, quel montant ?", [fines], () => undefined).sections[0]?.text ?? '';
    expect(parking).toMatch(/Vous indiquez 135/u);
  });
});

describe('the person’s distance beside the rule', () => {
  it('in km beside a rule in km, never in metres beside a rule in metres', () => {
    const flights = testSource('F13', 'Retard de vol : indemnisation', [{ sectionPath: ['Indemnisation'], text: 'Pour un vol de 1 500 km ou moins arrivé avec 3 heures de retard, l’indemnisation d’un vol retardé est de 250 €.' }]);
    expect(answerText('Notre vol de 1 100 km a eu 4 heures de retard, quelle indemnisation pour ce vol retardé ?', [flights])).toMatch(/Vous indiquez une distance de 1\u202f100 km\./u);
    const fences = testSource('F14', 'Clôture et retard de vol', [{ sectionPath: ['Hauteur'], text: 'Pour un vol retardé, la clôture de l’aéroport doit mesurer 2 mètres au moins.' }]);
    expect(answerText('Notre vol de 1 100 km a eu 4 heures de retard, quelle indemnisation pour ce vol retardé ?', [fences])).not.toMatch(/Vous indiquez une distance/u);
  });
});
