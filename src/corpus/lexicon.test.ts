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

/** Everyday words of each theme in a short question of our own, and the fiches that answer it. */
const EVERYDAY_WORDS: [string, string[]][] = [
  ['faut-il un permis pour avoir un pitbull', ['F1839']],
  ['je veux adopter un rottweiler, quelles démarches ?', ['F1839']],
  ['un amstaff peut-il prendre le métro', ['F1839']],
  ['en stage de 3 mois, mon entreprise ne me donne que 200 euros', ['F32131']],
  ["j'ai fait tomber une bouteille au supermarché, dois-je la rembourser", ['F21559']],
  ['mon mari est décédé, ses enfants veulent que je parte de la maison', ['F1725']],
  ['veuve, est-ce que je peux rester dans notre appartement après le décès de mon mari', ['F1725']],
  ['jusqu’à quand je peux porter plainte pour une agression', ['F31982']],
  ['je veux contester le jugement du tribunal, comment faire', ['F1384']],
  ['condamné par le tribunal de police, puis-je faire appel', ['F1384']],
  ['mon proprio ne veut pas rendre ma caution', ['F31269']],
  ['mon patron veut me virer', ['F2835', 'F1848', 'F2839']],
  ['je me suis fait flasher sur l autoroute', ['F18509']],
  ['combien je touche en arrêt maladie', ['F3053']],
  ['puis-je refuser la mutuelle de ma boîte', ['F20740']],
  ['comment aller aux prudhommes', ['F2360']],
  ['qui a la garde des enfants après un divorce', ['F3133']],
  ['comment toucher mon héritage', ['F12697', 'F2529', 'F1199']],
  ['je suis surendetté que faire', ['F1947', 'F1946']],
  ['je me suis fait arnaquer sur un site de vente', ['F1520']],
  ['des squatteurs sont dans ma maison', ['F35254']],
  ['mon locataire a des loyers impayés', ['F31272']],
  ['puis-je déshériter mon fils', ['F606']],
  ['qui paie les pompes funèbres', ['F17059']],
  ['combien coûte un Ehpad', ['F763']],
  ['il fait froid dans mon appartement, le chauffage ne marche pas', ['F32563', 'F31697']],
  ['mon patron ne me laisse pas de pause', ['F18205']],
  ['j ai cassé le matériel de mon employeur', ['F31851']],
  ['un commercial est venu chez moi et m a fait signer', ['F23224']],
  ['malfaçon sur ma toiture, la garantie décennale joue-t-elle', ['F2034', 'F2958']],
  ["mon fils de 14 ans s'est fait arrêter par la police", ['F1837', 'F1820', 'F1840']],
  ['ma mère vient de mourir, combien de jours de congé me donne mon employeur', ['F2278']],
  ["mon oncle est mort, mon employeur me donne combien de jours d'absence", ['F2278']],
  ['le pull acheté sur un site ne me plaît plus, puis-je le rendre', ['F10485']],
  ['mon ancien patron me doit encore trois semaines de paie', ['F2308']],
  ['ma femme ne veut pas divorcer, comment faire', ['F10568']],
  ["contrôlé en état d'ivresse en voiture, vais-je perdre mon permis", ['F2881']],
  ['mes locataires ne paient plus leur loyer, que faire', ['F31272']],
  ["on m'a piqué ma carte d'identité dans le bus", ['F1759']],
  ['il y a des achats que je ne reconnais pas sur mon compte', ['F31324']],
  ["quelqu'un a rayé la carrosserie de ma moto", ['F1514']],
  ["mon agresseur n'a jamais été retrouvé, qui va m'indemniser", ['F2313']],
  ['depuis notre rupture il m’appelle jour et nuit et je ne dors plus, je peux faire quoi', ['F32235']],
  ["avec ma femme on est d'accord pour le divorce, on a une maison et pas d'enfant, combien de temps ça prend", ['F10567']],
  ['combien de temps pour prévenir mon proprio avant de déménager', ['F1168']],
  ['le four fourni avec la location a grillé, il a 15 ans, qui paie le remplacement', ['F31699']],
  ["j'ai quitté mon boulot, ai-je droit au chômage", ['F89']],
  ['j’ai raté la date limite pour ma déclaration de revenus, combien je vais payer en plus', ['F34175']],
  ['mon père est décédé et il avait des dettes, dois-je les payer', ['F1199']],
  ["pour l'héritage de ma mère, faut-il passer par un notaire", ['F1295']],
  ["combien d'impôts sur l'héritage de ma tante", ['F14198']],
  ['je suis tunisienne, mariée à un français depuis cinq ans, est-ce que je peux devenir française', ['F2726']],
  ["ma cousine a besoin d'une lettre d'invitation pour son visa", ['F2191']],
  ["la caf dit que j'ai touché en trop pendant six mois et me demande de rembourser", ['F2269']],
  ["on veut acheter notre premier appartement, la banque parle d'un prêt sans intérêts, on y a droit ?", ['F10871']],
  ["ma grand-mère n'a qu'une toute petite retraite de 600 €, existe-t-il une aide", ['F16871']],
  ['mon proprio veut faire visiter l’appartement tous les samedis avant mon départ, je dois accepter', ['F1857']],
  ["j'attends un hlm depuis 4 ans avec trois enfants, que puis-je faire", ['F18005']],
  ["ma carte de séjour expire dans huit jours et la préfecture n'a pas répondu", ['F15763']],
  ["l'hôpital me fait payer 20 € par jour d'hôpital, c'est normal ?", ['F200']],
];

describe('everyday words reach their fiches (lexicon and corpus together)', () => {
  it.each(EVERYDAY_WORDS)('« %s »', (question, gold) => {
    const ids = engine.search(question, 5).map((r) => r.id);
    expect(ids.some((id) => gold.includes(id)), ids.join(',')).toBe(true);
  });
});

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
