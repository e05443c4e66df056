/** On-disk layout of the search index, shared by the builder and the engine. */
import type { FicheSourceId, SourceDate } from './sources.js';

/** Bump when the index layout or the analysis changes: it forces a rebuild. */
export const INDEX_FORMAT_VERSION = 20;

/** Separates the section path from the text in passages.txt. */
export const SECTION_SEPARATOR = '\u001f';

export const FILES = {
  manifest: 'manifest.json',
  meta: 'fiches-meta.json',
  fiches: 'fiches.jsonl',
  terms: 'terms.json',
  postings: 'postings.bin',
  passages: 'passages.txt',
  vocab: 'vocab.json',
  abbreviations: 'abbreviations.json',
  /** Fiches of two sources that say the same thing (source-pairs.ts); absent without another source. */
  sourcePairs: 'source-pairs.json',
} as const;

export const FIELDS = ['title', 'description', 'section', 'body'] as const;
export type Field = (typeof FIELDS)[number];

export interface BM25Params {
  k1: number;
  boost: Record<Field, number>;
  b: Record<Field, number>;
}

/** BM25F parameters baked into the postings at build time. */
export const BM25: BM25Params = {
  k1: 1.2,
  /** Per-field weight of a term occurrence. */
  boost: { title: 3, description: 1.5, section: 1.2, body: 1 } satisfies Record<Field, number>,
  /** Per-field length normalisation. */
  b: { title: 0.4, description: 0.6, section: 0.5, body: 0.75 } satisfies Record<Field, number>,
};

export interface IndexedDoc {
  /** Index of the fiche in the meta array. */
  fiche: number;
  /** True for the fiche head document (title, description, theme path). */
  head: boolean;
  fields: Partial<Record<Field, string>>;
  /** Passage text kept for snippets ("" for heads). */
  text: string;
}

export interface FicheMeta {
  id: string;
  kind: 'fiche' | 'dossier' | 'ressource';
  pubType: string;
  title: string;
  description: string;
  subject: string;
  url: string;
  audiences: string[];
  themePath: string[];
  date: string;
  /** Where the fiche comes from (sources.ts); absent: service-public.fr. */
  source?: FicheSourceId;
  /** [byte offset, byte length] of the full fiche in fiches.jsonl. */
  loc: [number, number];
}

/**
 * postings.bin layout (little-endian, 4-byte aligned):
 *   termStart Uint32[nTerms + 1] | docIds Uint32[nPostings] | impacts Float32[nPostings]
 *   | docFiche Uint32[nDocs] | passageStart Uint32[nDocs + 1] | docHead Uint8[nDocs] (0 passage, 1 head)
 */
export interface PostingsLayout {
  nTerms: number;
  nPostings: number;
  nDocs: number;
}

export interface Manifest {
  formatVersion: number;
  sourceKey: string;
  builtAt: string;
  /** Newest date of the service-public.fr fiches (of all fiches when there are none): the data's date. */
  corpusDate: string;
  /** Each source's newest date and size (sources.ts); absent from indexes built before sources were dated. */
  sources?: SourceDate[];
  fiches: number;
  documents: number;
  terms: number;
  postings: number;
  articles: number;
  /** Code articles cited by the fiches, indexed for the article channel (article-channel.ts). */
  channelArticles?: number;
  buildSeconds: number;
  layout: PostingsLayout;
}
