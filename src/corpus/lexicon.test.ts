import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from './analyzer';
import type { SearchEngine } from './engine';
import { defaultTestIndexDir, loadSearchEngine } from './index-lifecycle';
import { compileLexicon, expandContext, LEXICON, LEXICON_THEMES, lexiconPhrasings, lightFold, matchLexicon, normalizeTokens, type LexiconEntry } from './lexicon';

let engine: SearchEngine;

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

const compiled = compileLexicon(LEXICON);
const lays = (q: string): string[] => matchLexicon(normalizeTokens(q), compiled).map((m) => m.entry.lay);

/** A question that triggers the entry: the lay phrase plus its first context word when one is needed. */
function trigger(entry: LexiconEntry, phrase = entry.lay): string {
  const context = expandContext(entry.context);
  return context.length > 0 ? `${phrase} ${context[0]}` : phrase;
}

describe('lay → legal lexicon', () => {
  it('is organised by theme, each theme with cue words and the corpus themes it belongs to', () => {
    expect(LEXICON_THEMES.map((t) => t.theme)).toEqual(
      expect.arrayContaining(['logement', 'travail', 'famille', 'argent', 'transports', 'justice', 'sante', 'etrangers', 'papiers', 'impots', 'succession', 'voisinage']),
    );
    for (const t of LEXICON_THEMES) {
      expect(t.cues.length, t.theme).toBeGreaterThan(5);
      expect(t.corpusThemes.length, t.theme).toBeGreaterThan(0);
      expect(t.entries.length, t.theme).toBeGreaterThan(3);
    }
    const corpusThemes = new Set(engine.themes().map((t) => t.title));
    for (const t of LEXICON_THEMES) for (const c of t.corpusThemes) expect(corpusThemes.has(c), `${t.theme}: ${c}`).toBe(true);
  });

  it('has unique lay phrases, and a phrasing found in two entries only when their contexts tell them apart', () => {
    const keys = LEXICON.map((e) => normalizeTokens(e.lay).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Map<string, LexiconEntry>();
    for (const e of LEXICON) {
      for (const p of lexiconPhrasings(e)) {
        const k = normalizeTokens(p).join(' ');
        const other = seen.get(k);
        expect(other === e, `${e.lay}: « ${p} » written twice`).toBe(false);
        if (other) expect(e.context?.length || e.unless?.length || other.context?.length || other.unless?.length, `${p} (${other.lay} / ${e.lay})`).toBeTruthy();
        seen.set(k, e);
      }
    }
  });

  it('applies a context-bound entry only in context', () => {
    expect(lays('caution pour un prêt')).not.toContain('caution');
    expect(lays('mon proprio garde ma caution')).toContain('caution');
  });

  it('keeps an entry out of the wrong theme with its exclusions', () => {
    // « ma paye » is the salary, not the « payé » of a paid leave nor the verb (« j'ai payé », « qui paie »).
    expect(lays('ma paye est trop basse')).toContain('ma paie');
    expect(lays('mon congé payé a été refusé')).not.toContain('ma paie');
    expect(lays("j'ai payé 700 € et la sécu ne paie pas")).not.toContain('ma paie');
    // Unemployment benefit is not the family allowances.
    // A broken wrist at work is an injury, not the company's broken equipment.
    expect(lays("je me suis cassé le poignet au boulot")).not.toContain('cassé');
    expect(lays("j'ai cassé l'ordinateur du boulot")).toContain('cassé');
    expect(lays('mes allocs chômage sont suspendues')).toContain('alloc chômage');
    expect(lays('mes allocs chômage sont suspendues')).not.toContain('alloc');
    expect(lays('combien d alloc pour deux enfants')).toContain('alloc');
    // A mutual guarantee society is not a health insurance.
    expect(lays('caution mutuelle portage salarial')).not.toContain('mutuelle');
    expect(lays('ma mutuelle ne rembourse pas mes lunettes')).toContain('mutuelle');
    // « virer » money is a transfer; « viré » by the boss is a dismissal.
    expect(lays('mon patron veut me virer')).toContain('viré');
    expect(lays('virer de l argent sur le compte de mon employeur')).not.toContain('viré');
    // An eviction of a tenant is not the removal of a foreigner.
    expect(lays('mon proprio veut m expulser')).toContain('expulser');
    expect(lays('la préfecture veut m expulser du territoire')).not.toContain('expulser');
    // Violence: within the couple it is domestic violence, elsewhere assault.
    expect(lays('mon mari me frappe')).toContain('me frappe');
    expect(lays('un inconnu m a frappé dans la rue')).toContain('frappé');
    expect(lays('mon mari m a frappé')).not.toContain('frappé');
  });

  describe.each(LEXICON.map((e) => [e.lay, e] as const))('entry "%s"', (_lay, entry) => {
    it('is matched in a question and justified by its fiche', () => {
      for (const phrase of lexiconPhrasings(entry)) {
        expect(matchLexicon(normalizeTokens(trigger(entry, phrase)), compiled).map((m) => m.entry), phrase).toContain(entry);
      }
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
    });
  });
});

// Short everyday questions that must reach their fiches through the lexicon and the corpus together are an
// evaluation set, not tests: src/corpus/eval/everyday-questions.json (ids `lexicon-test-*`), measured by
// `npm run eval:retrieval -- --set everyday`.

describe('lexicon matching', () => {
  it('finds a lay phrase whose words agree in gender and number, or with small words between them', () => {
    expect(lays("est-ce qu'on est vraiment obligés de payer pour elle")).toContain('aider mes parents');
    expect(lays("je n'ai pas du tout les moyens de payer un avocat")).toContain('pas les moyens');
    // A word of content between them is another sentence: « à la rue » is not in « frappé dans la rue ».
    expect(lays("un inconnu m'a frappé dans la rue")).not.toContain('sdf');
    expect(lays("un inconnu m'a frappé dans la rue")).toContain('frappé');
    // Only a plural and a participle's feminine are folded: « retrait d'amiante » is no pension (« retraite »).
    expect(lightFold('obligees')).toBe(lightFold('oblige'));
    expect(lightFold('retraite')).not.toBe(lightFold('retrait'));
    expect(lays("plan de retrait d'amiante")).not.toContain('retraite');
  });

  it('lets the longest phrase win over a phrase it contains', () => {
    expect(lays('ma fiche de paye est fausse')).toContain('fiche de paye');
    expect(lays('ma fiche de paye est fausse')).not.toContain('paye');
    // Short-time work is not unemployment.
    expect(lays('mis au chômage partiel')).not.toContain('chômeur');
  });

  it("maps « changer d'avis » to the right of withdrawal only about a purchase or a contract", () => {
    expect(lays("j'ai signé un contrat et je veux changer d'avis")).toContain("changer d'avis");
    expect(lays("mon fils veut changer d'avis sur ses études")).not.toContain("changer d'avis");
  });

  it('sends a breakdown in a rental to the tenant repairs, and a breakdown after a purchase to the conformity guarantee', () => {
    const rental = lays('la chaudière est tombée en panne dans ma location');
    expect(rental).toContain('tombé en panne');
    expect(rental).not.toContain('en panne');
    const purchase = lays("l'ordinateur que j'ai acheté est tombé en panne");
    expect(purchase).toContain('en panne');
    expect(purchase).not.toContain('tombé en panne');
  });

  it('reads « retirer » as a withdrawn complaint only next to « plainte »', () => {
    expect(lays('est-ce que je peux retirer ma plainte')).toContain('retirer');
    expect(lays("retirer de l'argent au distributeur")).not.toContain('retirer');
    expect(engine.search('je veux retirer ma plainte contre mon voisin', 5).map((r) => r.id)).toContain('F16862');
  });

  it('expands a theme reference in a context to the cue words of that theme', () => {
    const travail = LEXICON_THEMES.find((t) => t.theme === 'travail');
    expect(expandContext(['@travail', 'xyz'])).toEqual([...(travail?.cues ?? []), 'xyz']);
    expect(() => expandContext(['@nothing'])).toThrow(/unknown theme/);
  });
});
