/** Cutting the sources into candidates (candidates.ts): a sentence quoted with the exception after it, the sentence before it depends on, or its list. */
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '../extractive/compose-extractive';
import { answerText, source, testSource } from '../extractive/compose-test-fixtures';

describe('composeExtractive on given passages', () => {
  it('quotes a rule with the exception that follows it', () => {
    const sources = [source('Le consommateur dispose d’un délai de 14 jours pour se rétracter. Toutefois, ce délai ne s’applique pas aux biens confectionnés sur mesure.')];
    const { sections } = composeExtractive('Combien de jours pour me rétracter de mon achat ?', sources, () => undefined);
    expect(sections[0]?.text).toContain('Le consommateur dispose d’un délai de 14 jours pour se rétracter. Toutefois, ce délai ne s’applique pas aux biens confectionnés sur mesure. [1]');
  });

  it('quotes a sentence that depends on the one before together with it, or not at all', () => {
    const sources = [source('Le préavis du locataire est de 3 mois. Ce délai est réduit à 1 mois en zone tendue.')];
    const { sections } = composeExtractive('Quel est le délai du préavis du locataire en zone tendue ?', sources, () => undefined);
    const all = sections.map((s) => s.text).join('\n');
    expect(all).not.toMatch(/(^|\n)Ce délai est réduit/u);
  });

  it('never quotes a dependent sentence with a table row as its antecedent', () => {
    const sources = [source('Stationnement : sur une piste cyclable ; amende : 135 €.\nIl vous est remis un avis de contravention.', ['Amendes'])];
    const all = composeExtractive('Quelle amende pour un stationnement sur une piste cyclable ? Quel avis est remis ?', sources, () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/amende : 135 €/u);
    expect(all).not.toMatch(/Il vous est remis/u);
  });
});

describe('sentences that refer to the one before', () => {
  it('quotes « … avant l’expiration de ce délai » only with its antecedent', () => {
    const source = testSource('F1', 'Déménagement', [
      { sectionPath: ['Devis'], text: 'Aucun paiement ne peut être exigé du client avant l’expiration de ce délai.' },
      { sectionPath: ['Réclamation'], text: 'Le client dispose de 10 jours pour réclamer au déménageur. Aucune indemnité ne peut être refusée pendant ce délai.' },
    ]);
    const q = 'Le déménageur peut-il exiger un paiement avant le délai de réclamation ?';
    const all = answerText(q, [source]);
    expect(all).not.toMatch(/^Aucun paiement ne peut être exigé/mu);
    expect(all).toMatch(/Le client dispose de 10 jours pour réclamer au déménageur\. Aucune indemnité ne peut être refusée pendant ce délai\./u);
  });
});

describe('sentences that refer back', () => {
  it('quotes one with its antecedent, but not one whose antecedent refers back itself', () => {
    const s = testSource('F9', 'Vente à distance : rétractation', [
      { sectionPath: ['Délai'], text: 'Vous avez un délai de 14 jours pour vous rétracter d’un achat à distance. Ce délai concerne les achats par internet, par téléphone ou par courrier. Si vous exercez ce droit de rétractation, le vendeur doit vous rembourser le bien acheté par internet.' },
    ]);
    const all = answerText('J’ai acheté une lampe par internet, le vendeur doit-il me rembourser si je me rétracte ?', [s]);
    expect(all).toMatch(/14 jours/u);
    expect(all).not.toMatch(/Si vous exercez ce droit/u);
  });
});

describe('a sentence around its list', () => {
  it('quotes the end of a sentence that goes on after its list, never the condition alone nor the end alone', () => {
    const source = testSource('F1', 'Plantations près de la limite', [
      {
        sectionPath: ['Plantations anciennes'],
        text: [
          "Si les plantations ne respectent pas les distances légales, mais qu'elles sont situées :",
          '- à moins de 0,5 mètre de la limite de propriété,',
          '- ou entre 0,5 mètre et 2 mètres de la limite depuis au moins 30 ans,',
          'alors seule une démarche amiable peut être envisagée auprès du voisin.',
        ].join('\n'),
      },
    ]);
    const all = answerText('Mon voisin a des plantations trop près de la limite depuis 30 ans, que puis-je faire ?', [source]);
    expect(all).toMatch(/situées :\n- à moins de 0,5 mètre de la limite de propriété,\n- ou entre 0,5 mètre et 2 mètres de la limite depuis au moins 30 ans,\nalors seule une démarche amiable peut être envisagée auprès du voisin\. \[1\]/u);
    // The end is never a paragraph of its own.
    expect(all).not.toMatch(/(?:^|\n\n)alors/u);
    expect(all).not.toMatch(/30 ans, \[1\]/u);
  });
});
