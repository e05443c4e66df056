/** The professionals of the answer (professionals.ts): those of the answer's topic, the point-justice always, the avocat when the topic names nobody. */
import { describe, expect, it } from 'vitest';
import type { Fiche } from '../../../../corpus/types';
import { composeExtractive } from './compose-extractive';
import { testSource } from './compose-test-fixtures';
import { pickProfessionals } from './professionals';
import type { PrefileTopic } from './prefile-checklist';

const ids = (topic: PrefileTopic, whereToGo: string[] = [], passages: string[] = []): string[] => pickProfessionals(whereToGo, passages, topic, 3).map((p) => p.id);

describe('pickProfessionals', () => {
  it('names the topic’s first professional, then the point-justice, without the avocat', () => {
    expect(ids('logement')).toEqual(['adil', 'point-justice']);
    expect(ids('route')).toEqual(['ompmp', 'point-justice']);
  });

  it('prefers the topic’s professional the sources name, and never another topic’s', () => {
    expect(ids('logement', [], ['Vous pouvez faire appel à un commissaire de justice.'])).toEqual(['commissaire', 'point-justice']);
    expect(ids('logement', ["Conseil de prud'hommes"], ["Saisir le conseil de prud'hommes."])).toEqual(['adil', 'point-justice']);
  });

  it('names the professional the « Où s’adresser » lists and the avocat when the topic has none of its own', () => {
    expect(ids('general')).toEqual(['avocat', 'point-justice']);
    expect(ids('general', ['Défenseur des droits'])).toEqual(['defenseur', 'avocat', 'point-justice']);
    // A passage's passing mention is no advice to consult.
    expect(ids('victime', [], ['Un commissaire de justice peut saisir ses biens.'])).toEqual(['avocat', 'point-justice']);
  });
});

describe('professionalSection', () => {
  const fiche = (themePath: string[]): Fiche => ({
    id: 'F7', kind: 'fiche', pubType: 'Fiche pratique', title: 'Remboursement des frais', subject: '', audiences: ['particuliers'], url: 'https://www.service-public.fr/particuliers/vosdroits/F7', themePath, date: '2024-01-01',
    description: '', passages: [{ section: [], text: 'Le remboursement intervient sous 30 jours.' }],
    references: [], definitions: [], abbreviations: [], whereToGo: [], services: [], related: [],
  });
  const professionals = (themePath: string[]): string => {
    const f = fiche(themePath);
    const s = testSource('F7', f.title, [{ sectionPath: [], text: f.passages[0]?.text ?? '' }]);
    return composeExtractive('Quand le remboursement de ma facture arrive-t-il ?', [s], (id) => (id === 'F7' ? f : undefined)).sections.find((x) => x.id === 'professional')?.text ?? '';
  };

  it('follows the topic of the pré-dossier, unless the primary fiche is an administration’s matter', () => {
    expect(professionals(['Argent', 'Achat'])).toMatch(/^- Le médiateur de la consommation/u);
    // A fiche on health insurance: no consumer mediator, the avocat and the point-justice.
    expect(professionals(['Social - Santé', 'Remboursement des soins'])).toMatch(/^- Un avocat.*\n- Un point-justice/u);
  });
});
