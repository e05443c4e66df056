import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, foldAccents } from './analyzer';
import { defaultTestIndexDir, loadSearchEngine, type SearchEngine } from './engine';
import { compileLexicon, LEXICON, matchLexicon, normalizeTokens } from './lexicon';

let engine: SearchEngine;

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

const compiled = compileLexicon(LEXICON);

/** A question that triggers the entry: the lay phrase plus its first context word when one is needed. */
function trigger(entry: (typeof LEXICON)[number]): string {
  return entry.context?.length ? `${entry.lay} ${entry.context[0]}` : entry.lay;
}

describe('lay → legal lexicon', () => {
  it('has unique lay phrases', () => {
    const keys = LEXICON.map((e) => normalizeTokens(e.lay).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('applies a context-bound entry only in context', () => {
    const caution = LEXICON.find((e) => e.lay === 'caution');
    expect(caution).toBeDefined();
    expect(matchLexicon(normalizeTokens('caution pour un prêt'), compiled).map((m) => m.entry.lay)).not.toContain('caution');
    expect(matchLexicon(normalizeTokens('mon proprio garde ma caution'), compiled).map((m) => m.entry.lay)).toContain('caution');
  });

  describe.each(LEXICON.map((e) => [e.lay, e] as const))('entry "%s"', (_lay, entry) => {
    it('is matched in a question and justified by its fiche', () => {
      expect(matchLexicon(normalizeTokens(trigger(entry)), compiled).map((m) => m.entry)).toContain(entry);
      const fiche = engine.getFiche(entry.fiche);
      expect(fiche, `fiche ${entry.fiche}`).toBeDefined();
      const ficheTerms = new Set(analyze([fiche?.title, fiche?.description, ...(fiche?.passages.map((p) => p.text) ?? [])].join(' ')));
      // Every legal phrasing has at least one significant word used by the fiche.
      for (const legal of entry.legal) {
        const terms = analyze(legal);
        expect(terms.some((t) => ficheTerms.has(t)), `${legal} in ${entry.fiche}`).toBe(true);
      }
      // And the question reaches fiches that use the legal vocabulary.
      const results = engine.search(trigger(entry), 10);
      expect(results.length).toBeGreaterThan(0);
      const legalStems = new Set(entry.legal.flatMap((l) => analyze(l)));
      const reached = results.some((r) => analyze(`${r.title} ${r.snippet}`).some((t) => legalStems.has(t)));
      expect(reached, `results for "${trigger(entry)}"`).toBe(true);
      expect(foldAccents(entry.lay)).toBe(foldAccents(entry.lay).trim());
    });
  });
});

describe('lexicon matching', () => {
  it('lets the longest phrase win over a phrase it contains', () => {
    const lays = matchLexicon(normalizeTokens('mis au chômage partiel'), compileLexicon(LEXICON)).map((m) => m.entry.lay);
    expect(lays).toContain('chômage partiel');
    expect(lays).not.toContain('chômage');
  });

  it('maps « changer d\'avis » to the right of withdrawal only about a purchase or a contract', () => {
    const lays = (q: string): string[] => matchLexicon(normalizeTokens(q), compiled).map((m) => m.entry.lay);
    expect(lays("j'ai signé un contrat et je veux changer d'avis")).toContain("changer d'avis");
    expect(lays("mon fils veut changer d'avis sur ses études")).not.toContain("changer d'avis");
  });

  it('sends a breakdown in a rental to the tenant repairs, and a breakdown after a purchase to the conformity guarantee', () => {
    const lays = (q: string): string[] => matchLexicon(normalizeTokens(q), compiled).map((m) => m.entry.lay);
    const rental = lays('la chaudière est tombée en panne dans ma location');
    expect(rental).toContain('tombée en panne');
    expect(rental).not.toContain('en panne');
    const purchase = lays("l'ordinateur que j'ai acheté est tombé en panne");
    expect(purchase).toContain('en panne');
    expect(purchase).not.toContain('tombé en panne');
  });

  it('reads « retirer » as a withdrawn complaint only next to « plainte »', () => {
    const lays = (q: string): string[] => matchLexicon(normalizeTokens(q), compiled).map((m) => m.entry.lay);
    expect(lays('est-ce que je peux retirer ma plainte')).toContain('retirer');
    expect(lays("retirer de l'argent au distributeur")).not.toContain('retirer');
    expect(engine.search('je veux retirer ma plainte contre mon voisin', 5).map((r) => r.id)).toContain('F16862');
  });

  it('uses a fallback entry (low weight) only when the other words find nothing better', () => {
    const prime = LEXICON.find((e) => e.lay === 'prime');
    expect(prime?.weight ?? 1).toBeLessThan(0.5);
    const ids = engine.search('prime coiffure', 5).map((r) => r.id);
    // A pay bonus of a branch the corpus does not describe: the generic pay fiche.
    expect(ids[0]).toBe(prime?.fiche);
    // A bonus that has its own fiche keeps it first.
    expect(engine.search('prime de précarité', 5)[0]?.title.toLowerCase()).toContain('prime de précarité');
    expect(engine.search('prime de Noël', 5)[0]?.title.toLowerCase()).toContain('prime de noël');
  });
});
