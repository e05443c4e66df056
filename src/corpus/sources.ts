/**
 * The official sources the corpus is made of, named as the site shows them: the « vos droits » fiches of
 * service-public.fr (DILA), the practical fiches of the labour ministry (travail-emploi.gouv.fr), and the
 * codes (Légifrance, through the legi-data package). Each fiche carries its source (`Fiche.source`, absent
 * for service-public.fr); the index's manifest dates each source (`Manifest.sources`).
 */

/** A source of fiches. */
export type FicheSourceId = 'service-public' | 'travail-emploi';
/** Every source of the corpus: the fiches' and the codes'. */
export type CorpusSourceId = FicheSourceId | 'codes';

export interface CorpusSourceInfo {
  id: CorpusSourceId;
  /** The site, as cited beside each source (« service-public.fr »). */
  name: string;
  /** Who publishes it, for the pages that describe the data. */
  publisher: string;
}

export const CORPUS_SOURCES: Record<CorpusSourceId, CorpusSourceInfo> = {
  'service-public': { id: 'service-public', name: 'service-public.fr', publisher: 'Direction de l\'information légale et administrative (Premier ministre)' },
  'travail-emploi': { id: 'travail-emploi', name: 'travail-emploi.gouv.fr', publisher: 'Ministère du Travail' },
  codes: { id: 'codes', name: 'legifrance.gouv.fr', publisher: 'Direction de l\'information légale et administrative (Premier ministre)' },
};

/** Order in which the sources are listed (health, pages, command line). */
export const CORPUS_SOURCE_ORDER: readonly CorpusSourceId[] = ['service-public', 'travail-emploi', 'codes'];

/** The source of a fiche (`Fiche.source` or `FicheMeta.source`; absent: service-public.fr). */
export function ficheSource(f: { source?: FicheSourceId | undefined }): FicheSourceId {
  return f.source ?? 'service-public';
}

/** The site a fiche is cited with (« service-public.fr », « travail-emploi.gouv.fr »). */
export function ficheSourceName(f: { source?: FicheSourceId | undefined }): string {
  return CORPUS_SOURCES[ficheSource(f)].name;
}

/** The source of a page by its address (service-public.fr or its newer name service-public.gouv.fr, the ministry, Légifrance). */
export function sourceOfUrl(url: string): CorpusSourceInfo | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (/(^|\.)service-public\.(gouv\.)?fr$/.test(host)) return CORPUS_SOURCES['service-public'];
  if (/(^|\.)travail-emploi\.gouv\.fr$/.test(host)) return CORPUS_SOURCES['travail-emploi'];
  if (/(^|\.)legifrance\.gouv\.fr$/.test(host)) return CORPUS_SOURCES.codes;
  return undefined;
}

/** One source's data in an index: its newest date (YYYY-MM-DD, '' when unknown) and its size. */
export interface SourceDate {
  id: CorpusSourceId;
  name: string;
  date: string;
  /** Fiches (or, for the codes, articles) from this source. */
  count: number;
}

/** The sources of an index and their dates (GET /api/health's `corpus.sources`, the pages that describe the data). */
export function corpusSources(manifest: { sources?: readonly SourceDate[] | undefined; corpusDate: string }): { name: string; date: string }[] {
  if (manifest.sources?.length) return manifest.sources.map((s) => ({ name: s.name, date: s.date }));
  // An index built before the sources were dated: service-public.fr's date.
  return [{ name: CORPUS_SOURCES['service-public'].name, date: manifest.corpusDate }];
}

/**
 * The official « vos droits » archives of the DILA, one per audience (particuliers, professionnels,
 * associations), refreshed daily (data.gouv.fr, « Fiches pratiques et ressources de Service-Public.fr »):
 * the default of CORPUS_UPDATE_URLS. The version in the path (3.5) is the schema's: the DILA keeps two
 * versions at a time and retires the older six months after a new one; when these answer 404, the newer
 * version's path is the one to set.
 */
export const DEFAULT_CORPUS_UPDATE_URLS: readonly string[] = ['part', 'pro', 'asso'].map(
  (audience) => `https://lecomarquage.service-public.gouv.fr/vdd/3.5/${audience}/zip/vosdroits-latest.zip`,
);
