/**
 * The practical fiches of the labour ministry (travail-emploi.gouv.fr), from the npm package
 * `@socialgouv/fiches-travail-data` (Apache-2.0, SocialGouv): about 270 pages on contracts, dismissal,
 * resignation, working time, leave, pay, staff representatives…, each with its sections in HTML, the code
 * articles each section cites, and its date. They become fiches of the corpus beside service-public.fr's,
 * with their own source (`source: 'travail-emploi'`), URL and date, and ids of their own: `T` and the
 * page's number on the ministry's site (« T375542 »), never an F, N or R number of service-public.fr.
 *
 * What a page holds besides its text is kept apart: « Textes de référence » and the cited articles become
 * the fiche's legal references (Légifrance links), « Qui contacter » its addresses, « Services en ligne »
 * its online services; the lists of links to other pages (« À lire sur ce site »…) are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { htmlBlocks, htmlLinks, normalizeText, parseHtml } from './html-blocks.js';
import { legifranceArticleUrl } from './legi.js';
import { blocksToPassages } from './parse-fiche.js';
import type { Fiche, LegalReference, LinkedResource } from './types.js';

const require = createRequire(import.meta.url);

/** The package's shape (its own types, `FicheTravailEmploi`, restated: only what is read here). */
export interface TravailArticleRef {
  id?: string;
  cid?: string;
  fmt?: string;
  text?: string;
}

export interface TravailSection {
  anchor?: string;
  title?: string;
  html?: string;
  text?: string;
  description?: string;
  references?: Record<string, { name?: string; articles?: TravailArticleRef[] } | undefined>;
}

export interface TravailPage {
  pubId?: string;
  title?: string;
  description?: string;
  intro?: string;
  date?: string;
  url?: string;
  sections?: TravailSection[];
}

export function travailDataFile(): string {
  return path.join(path.dirname(require.resolve('@socialgouv/fiches-travail-data/package.json')), 'data', 'fiches-travail.json');
}

/** Sections that list links to other pages: left out of the text. */
const LINK_SECTIONS = /^(À lire|A lire|Lire en complément|Articles associés|Pour aller plus loin|Pour en savoir plus|En savoir plus|Dernières actualités|Documents|Modèles de documents|Ressources|Textes de référence|Sources réglementaires)/i;
const CONTACT_SECTION = /^Qui contacter/i;
const SERVICES_SECTION = /^Services en ligne/i;

/** The codes the package cites without their name. */
const CODE_NAMES: Record<string, string> = {
  LEGITEXT000006072050: 'Code du travail',
  LEGITEXT000006073189: 'Code de la sécurité sociale',
};

/** « T375542 » from « article375542 » (or « 12509 »); other ids keep their letters: « T-ACFg1E ». */
export function travailFicheId(pubId: string): string | undefined {
  const digits = /(\d+)$/.exec(pubId)?.[1];
  if (digits && /^(article)?\d+$/.test(pubId)) return `T${digits}`;
  const rest = pubId.replace(/^article-?/, '').replace(/[^A-Za-z0-9]/g, '');
  return rest ? `T-${rest}` : undefined;
}

/** « 13/11/2025 » → « 2025-11-13 » ('' when not a date). */
export function isoDate(frenchDate: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(frenchDate.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

function capitalize(s: string): string {
  return s ? s[0]?.toUpperCase() + s.slice(1) : s;
}

function references(sections: readonly TravailSection[]): LegalReference[] {
  const out: LegalReference[] = [];
  const seen = new Set<string>();
  for (const s of sections) {
    for (const [textId, code] of Object.entries(s.references ?? {})) {
      if (!code || !/^(LEGITEXT|JORFTEXT)\d{12}$/.test(textId)) continue;
      const name = CODE_NAMES[textId] ?? capitalize(code.name ?? '');
      for (const a of code.articles ?? []) {
        const id = a.id ?? a.cid;
        if (!id || !/^LEGIARTI\d{12}$/.test(id) || seen.has(id)) continue;
        seen.add(id);
        const num = a.fmt ?? a.text ?? '';
        out.push({ title: `${name || 'Code'} : article ${num}`.trim(), url: legifranceArticleUrl(id), legiarti: id, textId });
      }
    }
  }
  return out;
}

function links(html: string): LinkedResource[] {
  return htmlLinks(parseHtml(html)).map((l) => ({ title: l.text, url: l.href }));
}

/** One page of the package as a fiche of the corpus (undefined for a page without an id, a title or text). */
export function parseTravailFiche(page: TravailPage): Fiche | undefined {
  const id = travailFicheId(page.pubId ?? '');
  const title = normalizeText(page.title ?? '');
  if (!id || !title || !page.url) return undefined;
  const sections = page.sections ?? [];
  const blocks = htmlBlocks(page.intro ?? '', []);
  const whereToGo: LinkedResource[] = [];
  const services: LinkedResource[] = [];
  for (const s of sections) {
    const heading = normalizeText(s.title ?? '');
    const html = s.html ?? '';
    if (CONTACT_SECTION.test(heading)) whereToGo.push(...links(html));
    else if (SERVICES_SECTION.test(heading)) services.push(...links(html));
    else if (!LINK_SECTIONS.test(heading)) {
      // The first section is often the page itself (its title, an « À savoir » box): no section of its own.
      const path = !heading || heading === title || !s.anchor ? [] : [heading];
      blocks.push(...htmlBlocks(html, path));
    }
  }
  const passages = blocksToPassages(blocks.map((b) => ({ path: b.path, text: b.text })));
  if (passages.length === 0) return undefined;
  return {
    id,
    kind: 'fiche',
    pubType: 'Fiche pratique',
    title,
    description: normalizeText(page.description ?? ''),
    subject: 'Travail',
    audiences: ['particuliers', 'professionnels'],
    url: page.url,
    // Filed under « Travail » like service-public.fr's labour fiches; the fiche is its own sub-theme (the package
    // has no finer filing), so that the ministry's fiches are not one theme that gathers every labour question.
    themePath: ['Travail', title],
    date: isoDate(page.date ?? ''),
    passages,
    references: references(sections),
    definitions: [],
    abbreviations: [],
    whereToGo,
    services,
    related: [],
    source: 'travail-emploi',
  };
}

/** Every fiche of the package (or of `file`, the same JSON shape). */
export function loadTravailFiches(file = travailDataFile()): Fiche[] {
  const pages = JSON.parse(fs.readFileSync(file, 'utf8')) as TravailPage[];
  const out: Fiche[] = [];
  const seen = new Set<string>();
  const byUrl = new Map<string, string>();
  for (const page of pages) {
    const fiche = parseTravailFiche(page);
    if (!fiche || seen.has(fiche.id)) continue;
    seen.add(fiche.id);
    byUrl.set(fiche.url, fiche.id);
    out.push(fiche);
  }
  // Pages that link to one another in their text are related fiches.
  const byId = new Map(out.map((f) => [f.id, f]));
  pages.forEach((page) => {
    const fiche = byId.get(travailFicheId(page.pubId ?? '') ?? '');
    if (!fiche) return;
    for (const s of [page.intro ?? '', ...(page.sections ?? []).map((x) => x.html ?? '')]) {
      for (const l of htmlLinks(parseHtml(s))) {
        const rid = byUrl.get(l.href);
        if (rid && rid !== fiche.id && !fiche.related.includes(rid)) fiche.related.push(rid);
      }
    }
  });
  return out;
}
