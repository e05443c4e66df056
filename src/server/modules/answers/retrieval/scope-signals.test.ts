import { describe, expect, it } from 'vitest';
import { scopeSignals } from './scope-signals';

describe('scopeSignals', () => {
  it('finds a legal signal in a lexicon entry or a word of legal intent', () => {
    expect(scopeSignals('mon proprio garde ma caution').legal).toBe(true);
    expect(scopeSignals('mon employeur a-t-il le droit de lire mes mails').legal).toBe(true);
    expect(scopeSignals('est-ce obligatoire de déclarer un chien').legal).toBe(true);
    expect(scopeSignals('que risque-t-il').legal).toBe(true);
    expect(scopeSignals('quelle heure est-il').legal).toBe(false);
  });

  it('finds the cue words of the themes of everyday law', () => {
    expect(scopeSignals('combien de jours de congé pour un mariage').themeCue).toBe(true);
    expect(scopeSignals('qui a écrit les misérables').themeCue).toBe(false);
  });

  it('names the everyday non-legal domains of a question', () => {
    expect(scopeSignals('comment réussir une pâte à crêpes').nonLegalDomains).toEqual(['cuisine']);
    expect(scopeSignals("comment calculer l'aire d'un triangle").nonLegalDomains).toEqual(['ecole']);
    expect(scopeSignals('quel temps fera-t-il à Lyon').nonLegalDomains).toEqual(['meteo']);
    expect(scopeSignals('comment muscler mes jambes').nonLegalDomains).toEqual(['sport']);
    // Advice on what to buy is not a legal question, unless the question also has a legal signal.
    expect(scopeSignals('quel aspirateur choisir').nonLegalDomains).toEqual(['conseil']);
    expect(scopeSignals('quel statut juridique choisir pour mon entreprise').legal).toBe(true);
  });

  it('matches words whole (plural or feminine endings), not as prefixes of other words', () => {
    // « sérieuse » is not a TV « série »; « légumes » is a plural of « légume* » (a stem).
    expect(scopeSignals('licenciement sans cause réelle et sérieuse').nonLegalDomains).toEqual([]);
    expect(scopeSignals('les séries télévisées').nonLegalDomains).toEqual(['loisirs']);
    expect(scopeSignals('une soupe de légumes').nonLegalDomains).toEqual(['cuisine']);
  });

  it('reads a kitchen bought from a shop as a purchase, not as cooking', () => {
    const s = scopeSignals('La cuisine équipée commandée au magasin n’est pas livrée et ils gardent mon acompte de 2 000 €');
    expect(s.nonLegalDomains).toEqual([]);
    expect(s.legal).toBe(true);
    expect(scopeSignals('comment cuisiner des lentilles').nonLegalDomains).toEqual(['cuisine']);
  });

  it('keeps the politeness of a legal question out of the non-legal domains', () => {
    const s = scopeSignals('Bonjour, merci de me dire combien de jours de congé pour un mariage');
    expect(s.nonLegalDomains).toEqual([]);
    expect(s.themeCue).toBe(true);
  });
});
