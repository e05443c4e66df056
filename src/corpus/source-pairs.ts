/**
 * Fiches of two sources that say the same thing: a labour ministry page and the service-public.fr fiche on the
 * same subject (« La période d'essai » and « Période d'essai »). Found when the index is built, by a mutual
 * best title match: searching the ministry page's title, the first service-public.fr fiche is F, and
 * searching F's title, the first ministry page is that page. Measured on the labour eval questions, it pairs
 * 110 of the 269 pages, nearly all rightly (a few pairs only share a subject: a seasonal worker's contract and
 * a seasonal worker's medical follow-up). The engine ranks the fresher of a pair first (engine.ts).
 */
import type { FicheMeta } from './index-schema.js';
import type { SearchEngine } from './engine.js';

/** How many results are looked through for the first fiche of the wanted source. */
const DEPTH = 30;

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
  return pairs;
}
