/** MiniSearch configuration and on-disk layout shared by the index builder and the engine. */
import MiniSearch, { type Options } from 'minisearch';
import { analyzeToken, tokenize } from './analyzer.js';

/** Bump when the index layout or the analysis changes: it forces a rebuild. */
export const INDEX_FORMAT_VERSION = 7;

export const FILES = {
  manifest: 'manifest.json',
  meta: 'fiches-meta.json',
  fiches: 'fiches.jsonl',
  passages: 'passages.json',
  minisearch: 'minisearch.json',
  vocab: 'vocab.json',
  abbreviations: 'abbreviations.json',
} as const;

export interface IndexedDoc {
  id: number;
  title?: string;
  description?: string;
  section?: string;
  body?: string;
}

export const FIELDS = ['title', 'description', 'section', 'body'] as const;

export function miniSearchOptions(): Options<IndexedDoc> {
  return {
    idField: 'id',
    fields: [...FIELDS],
    storeFields: [],
    tokenize: (text: string) => tokenize(text),
    processTerm: (term: string) => analyzeToken(term),
    searchOptions: {
      tokenize: (text: string) => text.split(' ').filter(Boolean),
      processTerm: (term: string) => term,
    },
  };
}

export function createMiniSearch(): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>(miniSearchOptions());
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
  /** [byte offset, byte length] of the full fiche in fiches.jsonl. */
  loc: [number, number];
}

export interface PassagesFile {
  /** For each MiniSearch document id: index of its fiche in the meta array. */
  fiche: number[];
  /** For each MiniSearch document id: passage text (section path + text), "" for the fiche head document. */
  text: string[];
}

export interface Manifest {
  formatVersion: number;
  sourceKey: string;
  builtAt: string;
  corpusDate: string;
  fiches: number;
  documents: number;
  articles: number;
  buildSeconds: number;
}
