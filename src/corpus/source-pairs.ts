/**
 * Fiches of two sources that say the same thing: a labour ministry page and the service-public.fr fiche on the
 * same subject (« La période d'essai » and « Période d'essai »). Found when the index is built, in two steps:
 *
 * 1. A mutual best title match: searching the ministry page's title, the first service-public.fr fiche is F,
 *    and searching F's title, the first ministry page is that page. It pairs 112 of the 269 pages, but about
 *    one pair in six only shares a subject (all 112 read by hand: 18 wrong), one title naming a narrower or
 *    another case: « Le travail saisonnier » and « Un salarié saisonnier est-il suivi par la médecine du
 *    travail ? », « Le contrat à durée déterminée » and « Fin d'un contrat à durée déterminée », « La journée de
 *    solidarité » and « … dans la fonction publique », « La rupture conventionnelle collective » and « Rupture
 *    conventionnelle ».
 * 2. The titles agree (`sameSubject`): every word of each title is in the other fiche's title or summary,
 *    leaving out what is between parentheses (an acronym, a synonym) and the few words that only name the
 *    audience or the form of the page (« salarié », « secteur privé », « qu'est-ce que », « en quoi
 *    consiste »…). 49 pairs remain, all right by the hand reading; the 45 right pairs it drops name their
 *    subject in other words (« Le salaire : fixation et paiement » and « Paiement du salaire »). Tried and
 *    not kept: the cosine of the two fiches' vectors of the model of meaning (0.87 to 0.94 for the wrong pairs,
 *    0.86 to 0.98 for the right ones: above every wrong pair, only 30 pairs remain; and the pairs are found
 *    here, lexically, without the server's model), and the code articles both fiches cite (a wrong pair can
 *    share them all: the private sector's and the public service's journée de solidarité).
 *
 * The engine applies the second step to the pairs of an index built before it (openIndex), so that no
 * rebuild is needed. What the engine does with a pair: engine-tuning.ts TUNING.fresher.
 */
import { analyze } from './analyzer.js';
import type { FicheMeta } from './index-schema.js';
import type { SearchEngine } from './search-types.js';

/** How many results are looked through for the first fiche of the wanted source. */
const DEPTH = 30;

/** Words of a title that name the audience or the form of the page, not its subject (stems). */
const FORM_WORDS: ReadonlySet<string> = new Set(analyze('salarié secteur privé définition questions réponses consiste bénéficier'));

/** The subject words of a title: its stems, without what is between parentheses and without FORM_WORDS. */
function subjectWords(title: string): string[] {
  return analyze(title.replace(/\([^)]*\)/g, ' ')).filter((s) => !FORM_WORDS.has(s));
}

/** Whether two fiches say the same thing: each title's subject words are in the other's title or summary. */
export function sameSubject(a: Pick<FicheMeta, 'title' | 'description'>, b: Pick<FicheMeta, 'title' | 'description'>): boolean {
  const covers = (x: typeof a, y: typeof a): boolean => {
    const words = new Set(analyze(`${y.title} ${y.description}`));
    return subjectWords(x.title).every((w) => words.has(w));
  };
  return covers(a, b) && covers(b, a);
}

/** The pairs whose fiches say the same thing (`sameSubject`); a pair naming an unknown fiche is left out. */
export function agreeingPairs(pairs: Readonly<Record<string, string>>, metas: readonly FicheMeta[]): Record<string, string> {
  const byId = new Map(metas.map((m) => [m.id, m]));
  const out: Record<string, string> = {};
  for (const [a, b] of Object.entries(pairs)) {
    const ma = byId.get(a);
    const mb = byId.get(b);
    if (ma && mb && sameSubject(ma, mb)) out[a] = b;
  }
  return out;
}

/** Ministry page id → service-public.fr fiche id (see the module comment). */
export function computeSourcePairs(engine: Pick<SearchEngine, 'search'>, metas: readonly FicheMeta[]): Record<string, string> {
  const other = (m: FicheMeta | undefined): boolean => m?.source !== undefined && m.source !== 'service-public';
  const byId = new Map(metas.map((m) => [m.id, m]));
  const firstOf = (title: string, wantOther: boolean): string | undefined =>
    engine.search(title, DEPTH, { snippets: false, kinds: ['fiche'] }).find((r) => other(byId.get(r.id)) === wantOther)?.id;
  const pairs: Record<string, string> = {};
  for (const m of metas) {
    if (!other(m) || m.kind !== 'fiche') continue;
    const main = firstOf(m.title, false);
    const mainMeta = main ? byId.get(main) : undefined;
    if (main && mainMeta && firstOf(mainMeta.title, true) === m.id) pairs[m.id] = main;
  }
  return agreeingPairs(pairs, metas);
}
