/**
 * The extractive composer (product.md §2, default mode, offline): assembles the five sections of the
 * answer from the retrieved passages, quoting the fiches faithfully. Deterministic; no text is logged.
 *
 * - Every quoted sentence is a verbatim slice of a fiche (split by a French-aware sentence splitter,
 *   never mid-sentence) followed by the marker `[n]` of its source; a sentence that introduces a list
 *   (« … : ») is quoted with its items.
 * - Situations: a passage lives under a path of headings (« Location vide › … › État des lieux
 *   conforme »). A heading that has parallel siblings (« Location vide » / « Location meublée ») is a
 *   case. When the question names a sibling case and not this one, the passage is left out; otherwise
 *   a quoted sentence that belongs to specific cases is labelled « Pour « Location vide › … » : ».
 * - Duplicates (same normalised text, e.g. the same rule under « Appartement » and « Maison ») are
 *   quoted once, labelled with the cases they share.
 * - « Ce que dit la loi » also lists the legal references of each source with its marker, so every
 *   article named there is one the citation checker finds in the sources.
 * The non-quoted lines (pré-dossier checklist, professionals) are our own French text and name no article.
 */
import { SECTION_TITLES, type AnswerSection, type SectionId } from '../../../../common/api/answers';
import type { Fiche, LinkedResource } from '../../../../corpus/types';
import { findArticleMentions } from '../citations/articles';
import type { RetrievedPassage, RetrievedSource } from '../llm/types';
import { pickProfessionals } from './professionals';
import { Lru } from '../../../../common/lru';
import { corpusStems, TopicMatcher, topicWords, wordPresent, type TopicWord } from './query-terms';
import { normalizeText, passageUnits, squeeze, type Unit } from './text';

export interface ComposeExtractiveOptions {
  /** The visitor's city, when known (named in the professionals section). */
  city?: string;
}

/** Limits of each section. */
export const EXTRACTIVE = {
  summaryMax: 4,
  /** Lists longer than this are left to the fiche (too long to quote among the rules). */
  maxItems: 6,
  summaryMin: 2,
  lawSentences: 6,
  referencesPerSource: 8,
  references: 12,
  steps: 8,
  resources: 6,
  /** A sentence is quoted when its score reaches this share of the best one… */
  relevantShare: 0.45,
  /** …or this share for the steps (procedures and deadlines matter even when less central). */
  stepsShare: 0.35,
  /** Sentences longer than this are poor summary material. */
  longSentence: 420,
} as const;

/** Rules: obligations, rights, bans. */
const NORMATIVE_RE =
  /\b(?:doit|doivent|peut|peuvent|ne peut|ne peuvent|a le droit|ont le droit|est tenu|sont tenus|interdit|obligatoire|oblig[ée]s?|est puni|sont punis|encourt|ne sont pas|n'est pas|est nul|sont dus|est due?s?|a droit|ont droit|dispose d'un délai|bénéficie)\b/iu;
/** Deadlines, durations and amounts. */
const DEADLINE_RE =
  /\b(?:délai|préavis|prescription|recours|dans les? \d|\d+ (?:jours?|mois|ans?|années?|semaines?)|avant le|au plus tard|à compter|à partir du jour|dans le mois|euros?)\b|€/iu;
/** What to do: letters, claims, courts, mediation. */
const PROCEDURE_RE =
  /\b(?:lettre recommandée|mettre en demeure|mise en demeure|saisir|saisine|demander|faire une demande|formulaire|déclaration|déclarer|plainte|conciliat\w*|médiat\w*|tribunal|juge|commission|contester|contestation|envoyer|adresser|démarche|réclamation|signaler|constat|procédure|requête|homologation)\b/iu;
/** Sentences pointing to evidence to gather. */
const EVIDENCE_RE = /\b(?:justificatif|justifier|preuve|prouver|photos?|constat|factures?|devis|attestation|témoignages?|copie|reçu|quittance|bulletins? de (?:paie|salaire)|état des lieux|courriers?|relevés?)(?!\p{L})/iu;

interface Candidate {
  source: RetrievedSource;
  unit: Unit;
  /** Position in the source (passage order × 1000 + unit index): the fiche's order. */
  order: number;
  path: string[];
  /** Topic words in the sentence (and its items). */
  hits: number;
  /** Topic words in the headings above. */
  contextHits: number;
  /** The passage's cases fit the question (one was named by it). */
  fits: boolean;
  /** Case headings of the passage (for the label). */
  cases: string[];
  /** Parallel cases the question does not settle. */
  choices: string[][];
  /** Stems of the sentence (near-duplicate detection). */
  stems: ReadonlySet<string>;
  /** The numbers of the sentence, in order (« 1 mois » and « 2 mois » are never duplicates). */
  numbers: string;
  score: number;
  key: string;
}

/** Stems of a corpus text (headings, sentences), memoised: the same fiches answer many questions. */
const cachedStems = corpusStems;

const unitsCache = new Lru<string, readonly Unit[]>(5_000);

/** The quotable units of a passage text, memoised (shared: never modified). */
function cachedUnits(text: string): readonly Unit[] {
  return unitsCache.memo(text, passageUnits);
}

/** Children titles of each heading prefix, over the fiche's passages. */
function headingTree(passages: readonly { section: readonly string[] }[]): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  for (const p of passages) {
    for (let d = 0; d < p.section.length; d++) {
      const key = p.section.slice(0, d).join('\u0000');
      let list = tree.get(key);
      if (!list) tree.set(key, (list = []));
      const t = p.section[d] as string;
      if (!list.includes(t)) list.push(t);
    }
  }
  return tree;
}

const CASE_TITLE_RE =
  /^(?:cas |si |vous |en cas|pour |avant |après |depuis |à partir|jusqu|moins |plus |entre |dans |au-delà|logement |location |bail |salarié|employeur|fonctionnaire|contractuel|mineur|majeur|enfant|particulier|professionnel|individuel|collectiv)/iu;

/**
 * Two sibling headings are parallel cases when they share at least half of their words
 * (« Location vide » / « Location meublée », « État des lieux conforme » / « … non conforme »).
 */
function parallel(a: string, b: string): boolean {
  const sa = cachedStems(a);
  const sb = cachedStems(b);
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared += 1;
  return shared > 0 && shared / Math.max(sa.size, sb.size) >= 0.5;
}

/** Whether a heading is a situation (a case) rather than a chapter. */
function isCaseHeading(title: string, siblings: readonly string[], depth: number): boolean {
  if (siblings.length === 0 || /\?$/u.test(title)) return false;
  if (depth === 0 || CASE_TITLE_RE.test(title) || /\d|\(/u.test(title) || /^cas g[ée]n[ée]ral$/iu.test(title)) return true;
  return siblings.some((s) => parallel(title, s));
}

/** Stems of a heading that its siblings do not share (« meublée » in « Location meublée »). */
function distinctive(title: string, siblings: readonly string[]): Set<string> {
  const own = new Set(cachedStems(title));
  for (const s of siblings) for (const t of cachedStems(s)) own.delete(t);
  return own;
}

interface PathFit {
  excluded: boolean;
  fits: boolean;
  cases: string[];
  /** Parallel alternatives the question does not settle: [this case, its parallel siblings…]. */
  choices: string[][];
}

function pathFit(path: readonly string[], tree: Map<string, string[]>, words: readonly TopicWord[]): PathFit {
  let fits = false;
  const cases: string[] = [];
  const choices: string[][] = [];
  for (let d = 0; d < path.length; d++) {
    const title = path[d] as string;
    const siblings = (tree.get(path.slice(0, d).join('\u0000')) ?? []).filter((s) => s !== title);
    if (!isCaseHeading(title, siblings, d)) continue;
    cases.push(title);
    const mine = distinctive(title, siblings);
    const named = words.some((w) => wordPresent(w, mine));
    if (named) {
      fits = true;
      continue;
    }
    const alternatives = siblings.filter((s) => parallel(title, s));
    if (alternatives.length > 0 && !/^cas g[ée]n[ée]ral$/iu.test(title)) choices.push([title, ...alternatives]);
    const siblingNamed = alternatives.some((s) => {
      // Only parallel cases exclude each other (« Location vide » / « Location meublée »), not chapters.
      const theirs = distinctive(s, [title, ...siblings.filter((x) => x !== s)]);
      return words.some((w) => wordPresent(w, theirs));
    });
    if (siblingNamed) return { excluded: true, fits: false, cases, choices };
  }
  return { excluded: false, fits, cases, choices };
}

export function countHits(words: readonly TopicWord[], text: string): number {
  if (words.length === 0) return 0;
  const stems = cachedStems(text);
  let n = 0;
  for (const w of words) if (wordPresent(w, stems)) n += 1;
  return n;
}

/** What the composer reads of a unit, whatever the question: computed once per (cached) unit. */
interface UnitFeatures {
  /** Stems of the sentence with its list items. */
  stems: ReadonlySet<string>;
  /** The sentence states a rule (obligation, right, ban). */
  normative: boolean;
  /** The sentence states a deadline, a duration or an amount. */
  deadlineSentence: boolean;
  /** The sentence or its items state a deadline, a duration or an amount. */
  deadline: boolean;
  /** The sentence or its items describe a procedure. */
  procedure: boolean;
  evidence: boolean;
  namesArticles: boolean;
  numbers: string;
  key: string;
}

const unitFeatures = new WeakMap<Unit, UnitFeatures>();

function features(u: Unit): UnitFeatures {
  let f = unitFeatures.get(u);
  if (!f) {
    const text = u.items.length > 0 ? `${u.sentence}\n${u.items.join('\n')}` : u.sentence;
    f = {
      stems: cachedStems(text),
      normative: NORMATIVE_RE.test(u.sentence),
      deadlineSentence: DEADLINE_RE.test(u.sentence),
      deadline: DEADLINE_RE.test(text),
      procedure: PROCEDURE_RE.test(text),
      evidence: EVIDENCE_RE.test(u.sentence),
      namesArticles: findArticleMentions(text).length > 0,
      numbers: (text.match(/\d+(?:[,.]\d+)?/gu) ?? []).join(' '),
      key: squeeze(text).toLowerCase(),
    };
    unitFeatures.set(u, f);
  }
  return f;
}

/**
 * Cuts the sources into scored candidate sentences. A topic word weighs more when few sentences of
 * the sources contain it (local inverse frequency: in fiches about the dépôt de garantie, « restitué »
 * says more about the question than « dépôt »).
 */
function candidates(sources: readonly RetrievedSource[], ficheOf: ReadonlyMap<number, Fiche | undefined>, words: readonly TopicWord[]): Candidate[] {
  interface Raw {
    si: number;
    source: RetrievedSource;
    unit: Unit;
    pi: number;
    path: string[];
    fit: PathFit;
    present: boolean[];
    stems: ReadonlySet<string>;
    context: boolean[];
    hasDescription: boolean;
  }
  const raws: Raw[] = [];
  const matcher = new TopicMatcher(words);
  const presentIn = (text: string, stems: ReadonlySet<string> = cachedStems(text)): boolean[] => matcher.present(stems);
  sources.forEach((source, si) => {
    const fiche = ficheOf.get(source.n);
    const tree = headingTree(fiche?.passages ?? source.passages.map((p) => ({ section: p.sectionPath })));
    const passages: RetrievedPassage[] = [];
    if (fiche?.description) passages.push({ sectionPath: [], text: fiche.description });
    passages.push(...source.passages);
    passages.forEach((p, pi) => {
      const fit = pathFit(p.sectionPath, tree, words);
      if (fit.excluded) return;
      const pathContext = presentIn(p.sectionPath.join(' '));
      for (const unit of cachedUnits(p.text)) {
        const headingContext = unit.heading ? presentIn(unit.heading) : pathContext.map(() => false);
        const stems = features(unit).stems;
        raws.push({
          si,
          source,
          unit,
          pi,
          path: p.sectionPath,
          fit,
          present: presentIn('', stems),
          stems,
          context: pathContext.map((v, i) => v || (headingContext[i] ?? false)),
          hasDescription: fiche?.description !== undefined && fiche.description !== '',
        });
      }
    });
  });
  const n = raws.length;
  const weights = words.map((_, i) => {
    const df = raws.filter((r) => r.present[i]).length;
    return Math.log(1 + n / (1 + df));
  });
  const maxW = Math.max(1e-9, ...weights);
  const norm = weights.map((w) => w / maxW);
  return raws.map((r): Candidate => {
    let hitWeight = 0;
    let contextWeight = 0;
    let hits = 0;
    words.forEach((_, i) => {
      if (r.present[i]) {
        hits += 1;
        hitWeight += norm[i] as number;
      } else if (r.context[i]) contextWeight += norm[i] as number;
    });
    const f = features(r.unit);
    let score = hitWeight * 2 + contextWeight * 0.8;
    if (r.fit.fits) score += 1.5;
    score += r.si === 0 ? 1.5 : r.si === 1 ? 0.6 : 0;
    if (f.normative) score += 0.5;
    if (f.deadline) score += 0.4;
    if (r.unit.sentence.length > EXTRACTIVE.longSentence) score -= 1.5;
    if (r.unit.sentence.length < 40) score -= 0.8;
    if (r.pi === 0 && r.hasDescription) score += 0.3;
    return {
      source: r.source,
      unit: r.unit,
      order: r.pi * 1000 + r.unit.index,
      path: r.path,
      hits,
      contextHits: r.context.filter(Boolean).length,
      fits: r.fit.fits,
      cases: r.fit.cases,
      choices: r.fit.choices,
      stems: r.stems,
      numbers: f.numbers,
      score,
      key: f.key,
    };
  });
}

/** Share of common stems (Jaccard). */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common += 1;
  const union = a.size + b.size - common;
  return union === 0 ? 1 : common / union;
}

/** Near-duplicates: same words but for a detail (« propriétaire » / « bailleur »). */
export const NEAR_DUPLICATE = 0.8;

/**
 * Keeps the first candidate of each normalised text (and of each group of near-duplicates of the same
 * source); the kept one's cases become those all copies share.
 */
function dedupe(cands: Candidate[]): Candidate[] {
  const byKey = new Map<string, Candidate>();
  const out: Candidate[] = [];
  for (const c of cands) {
    const prev =
      byKey.get(c.key) ??
      out.find(
        (o) =>
          o.source === c.source &&
          o.unit.items.length === c.unit.items.length &&
          o.numbers === c.numbers &&
          similarity(o.stems, c.stems) >= NEAR_DUPLICATE,
      );
    if (!prev) {
      const copy = { ...c, cases: [...c.cases] };
      byKey.set(c.key, copy);
      out.push(copy);
      continue;
    }
    prev.cases = prev.cases.filter((t) => c.cases.includes(t));
    prev.score = Math.max(prev.score, c.score);
    prev.hits = Math.max(prev.hits, c.hits);
  }
  return out;
}

function caseLabel(c: Candidate): string {
  if (c.cases.length === 0) return '';
  const picked = c.cases.length <= 3 ? c.cases : [c.cases[0] as string, ...c.cases.slice(-2)];
  return `Pour « ${picked.join(' › ')} » : `;
}

/** A quoted candidate: label, verbatim sentence, marker, and its list items on their own lines. */
function quote(c: Candidate): string {
  const label = caseLabel(c);
  if (c.unit.items.length === 0) return `${label}${c.unit.sentence} [${c.source.n}]`;
  const items = c.unit.items.map((it, i) => `- ${it}${i === c.unit.items.length - 1 ? ` [${c.source.n}]` : ''}`);
  return `${label}${c.unit.sentence}\n${items.join('\n')}`;
}

/** Articles named by a candidate that its own source's references do not cover are impossible here:
 * sentences naming articles are kept only when their fiche lists references (checked again by the checker). */
function namesArticles(c: Candidate): boolean {
  return features(c.unit).namesArticles;
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.source.n - b.source.n || a.order - b.order;
}

function byOrder(a: Candidate, b: Candidate): number {
  return a.source.n - b.source.n || a.order - b.order;
}

/** French list: « a, b et c ». */
function joinFr(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} et ${parts[parts.length - 1] as string}`;
}

/**
 * Groups the references of a source by text: « Loi n°89-462 … : articles 3, 22 et 25-6 ». Only single
 * articles of the same kind (all with a letter prefix such as « L », or all without) are merged, so a
 * reader — and the citation checker — never attaches a letter to a number that has none; ranges
 * (« articles L1237-19 à L1237-19-14 ») and titles without « : article(s) » stay as published.
 */
export function groupReferences(titles: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  const out: (string | { key: string; text: string })[] = [];
  for (const raw of titles) {
    const title = squeeze(raw);
    const m = /^(.+?)\s*:\s*article\s+((?:LO|[LRDA])?\s?\d[\w-]*(?:\s(?:bis|ter|quater))?)$/u.exec(title);
    if (!m) {
      if (!out.includes(title)) out.push(title);
      continue;
    }
    const text = m[1] as string;
    const num = m[2] as string;
    const key = `${text}\u0000${/^\d/u.test(num) ? 'n' : num.replace(/\d.*$/u, '').trim()}`;
    let list = groups.get(key);
    if (!list) {
      groups.set(key, (list = []));
      out.push({ key, text });
    }
    if (!list.includes(num)) list.push(num);
  }
  return out.map((o) => {
    if (typeof o === 'string') return o;
    const parts = groups.get(o.key) ?? [];
    return `${o.text} : ${parts.length === 1 ? 'article' : 'articles'} ${joinFr(parts)}`;
  });
}

function resourceUrl(r: LinkedResource, fiche: Fiche | undefined): string | undefined {
  if (r.url) return r.url;
  if (r.id && /^[RF]\d+$/u.test(r.id)) {
    const audience = /service-public\.fr\/(\w+)\//u.exec(fiche?.url ?? '')?.[1] ?? 'particuliers';
    return `https://www.service-public.fr/${audience}/vosdroits/${r.id}`;
  }
  return undefined;
}

/** Topic of the question for the pré-dossier checklist. */
type Topic = 'logement' | 'travail' | 'famille' | 'consommation' | 'voisinage' | 'route' | 'argent' | 'succession' | 'general';

const TOPIC_PATTERNS: [Topic, RegExp][] = [
  ['voisinage', /\b(voisin|voisinage|bruit|nuisance|tapage)/],
  ['logement', /\b(logement|locat|loyer|bail|proprietaire|bailleur|depot de garantie|etat des lieux|coloc)/],
  ['travail', /\b(salari|employeur|travail|licenci|rupture conventionnelle|heures supplementaires|conges|prud|demission|salaire)/],
  ['famille', /\b(divorc|separation|pension alimentaire|garde|enfant|conjoint|mariage|pacs|autorite parentale)/],
  ['succession', /\b(succession|heritage|heriti|testament|donation|defunt)/],
  ['route', /\b(amende|contravention|stationnement|permis de conduire|vitesse|radar|vehicule|fourriere)/],
  ['argent', /\b(surendett|dettes?|credit|creancier|banque|recouvrement|huissier)/],
  ['consommation', /\b(achat|vendeur|commande|retractation|consommat|garantie|livraison|remboursement|abonnement|facture)/],
];

function detectTopic(text: string): Topic {
  const t = normalizeText(text);
  for (const [topic, re] of TOPIC_PATTERNS) if (re.test(t)) return topic;
  return 'general';
}

const PARTIES: Record<Topic, string> = {
  logement: "le propriétaire (bailleur) ou l'agence qui gère le logement, et vous-même (locataire)",
  travail: "l'employeur (raison sociale, adresse, effectif si vous le connaissez) et vous-même (poste, date d'embauche, type de contrat)",
  famille: "l'autre parent ou l'ex-conjoint, les enfants concernés (âges), et les décisions de justice déjà rendues",
  consommation: 'le vendeur ou le professionnel (nom, adresse, numéro de commande ou de client)',
  voisinage: "le voisin en cause, et le bailleur ou le syndic de copropriété s'il y en a un",
  route: "l'avis de contravention (numéro, date, lieu de l'infraction) et le titulaire du certificat d'immatriculation",
  argent: 'chaque créancier (banque, organisme de crédit, bailleur, fournisseur) et le montant dû à chacun',
  succession: 'le défunt (date du décès), les héritiers et le notaire éventuellement chargé de la succession',
  general: 'les personnes, entreprises ou administrations en cause (noms et adresses)',
};

const DOCUMENTS: Record<Topic, string> = {
  logement: "le bail, les états des lieux d'entrée et de sortie, les quittances de loyer, les courriers échangés et les photos",
  travail: 'le contrat de travail, les bulletins de paie, les courriers ou lettres reçus de l’employeur, les plannings ou relevés d’heures',
  famille: "le livret de famille, les jugements ou conventions déjà signés, les justificatifs de revenus et de charges",
  consommation: 'la facture ou le bon de commande, les conditions générales de vente, les échanges avec le vendeur et les preuves de paiement',
  voisinage: 'un relevé daté des nuisances (jours, heures), les témoignages de voisins, les courriers envoyés et tout constat',
  route: "l'avis de contravention, le certificat d'immatriculation et toute preuve utile (photos, témoignages, justificatif de vente du véhicule)",
  argent: 'les contrats de crédit, les relevés de compte, les échéanciers, les courriers des créanciers, vos justificatifs de revenus et de charges',
  succession: "l'acte de décès, le livret de famille, un éventuel testament, les relevés de comptes et les titres de propriété",
  general: 'les contrats, courriers, factures et décisions en lien avec votre question',
};

function section(id: SectionId, text: string): AnswerSection {
  return { id, title: SECTION_TITLES[id], text: text.replace(/\n{3,}/gu, '\n\n').trim() };
}

/** Composes the five sections. Deterministic: same inputs, same output. */
export function composeExtractive(
  question: string,
  sources: RetrievedSource[],
  fiches: (id: string) => Fiche | undefined,
  opts: ComposeExtractiveOptions = {},
): AnswerSection[] {
  const words = topicWords(question);
  const ficheOf = new Map<number, Fiche | undefined>(sources.map((s) => [s.n, fiches(s.id)]));
  const refCount = new Map<number, number>(sources.map((s) => [s.n, s.references.length]));
  const all = dedupe(candidates(sources, ficheOf, words))
    // A sentence naming an article is quoted only when its fiche lists legal references.
    .filter((c) => !namesArticles(c) || (refCount.get(c.source.n) ?? 0) > 0);
  const used = new Set<Candidate>();
  const topScore = Math.max(0, ...all.map((c) => c.score));
  /** Speaks of the question, and not far below the best sentence. */
  const relevant = (c: Candidate, share: number = EXTRACTIVE.relevantShare): boolean => (c.hits > 0 || c.fits) && c.score >= topScore * share;

  // En bref: the direct rule — the best sentences that speak of the question, without lists.
  const summaryPool = all.filter((c) => c.unit.items.length === 0 && c.unit.sentence.length <= EXTRACTIVE.longSentence).sort(byScore);
  const summary: Candidate[] = [];
  for (const c of summaryPool) {
    if (summary.length >= EXTRACTIVE.summaryMax) break;
    if (!relevant(c) && summary.length >= EXTRACTIVE.summaryMin) break;
    // At most three sentences from the first source and one from each other source.
    if (summary.filter((s) => s.source === c.source).length >= (c.source === sources[0] ? 3 : 1)) continue;
    summary.push(c);
  }
  if (summary.length === 0) {
    const first = [...all].sort(byScore)[0];
    if (first) summary.push(first);
  }
  summary.sort(byOrder);
  summary.forEach((c) => used.add(c));

  // Démarches et délais: procedures and deadlines, in the order of the fiches.
  // The summary's procedural sentences are repeated here, so the steps read as a complete sequence.
  const stepPool = all.filter(
    (c) => (features(c.unit).deadline || features(c.unit).procedure) && relevant(c, EXTRACTIVE.stepsShare),
  );
  const steps: Candidate[] = [];
  for (const c of stepPool.sort(byScore)) {
    if (steps.length >= EXTRACTIVE.steps) break;
    if (c.source !== sources[0] && steps.filter((r) => r.source === c.source).length >= 2) continue;
    steps.push(c);
  }
  steps.sort(byOrder);
  steps.forEach((c) => used.add(c));
  const stepParts = steps.map(quote);
  const deadlinesInSummary = summary.filter((c) => features(c.unit).deadlineSentence);
  if (stepParts.length === 0 && deadlinesInSummary.length > 0) {
    stepParts.push(`Les délais à retenir figurent dans « ${SECTION_TITLES.summary} » ci-dessus.`);
  }
  if (stepParts.length === 0) {
    const resources = sources.flatMap((s) => ficheOf.get(s.n)?.services ?? []);
    stepParts.push(
      resources.length > 0
        ? `Les sources ne fixent pas de délai précis pour cette situation. Commencez par les démarches et modèles listés dans « ${SECTION_TITLES.prefile} », puis vérifiez les délais avec un professionnel.`
        : "Les sources ne fixent pas de délai précis pour cette situation : faites vérifier les délais applicables par un professionnel avant d'agir.",
    );
  }

  // Ce que dit la loi: the rules (obligations, rights, bans), then the references of each source.
  const rules: Candidate[] = [];
  const lawPool = all.filter((x) => !used.has(x) && x.unit.items.length <= EXTRACTIVE.maxItems && features(x.unit).normative && relevant(x));
  for (const c of lawPool.sort(byScore)) {
    if (rules.length >= EXTRACTIVE.lawSentences) break;
    // The first source may give all the rules; the others at most two each.
    if (c.source !== sources[0] && rules.filter((r) => r.source === c.source).length >= 2) continue;
    rules.push(c);
  }
  rules.sort(byOrder);
  rules.forEach((c) => used.add(c));
  const lawParts = rules.map(quote);
  const refLines: string[] = [];
  const seenRefs = new Set<string>();
  for (const s of sources) {
    const titles = s.references.map((r) => r.title).filter((t) => t.trim() !== '');
    for (const t of groupReferences(titles).slice(0, EXTRACTIVE.referencesPerSource)) {
      const k = t.toLowerCase();
      if (seenRefs.has(k) || refLines.length >= EXTRACTIVE.references) continue;
      seenRefs.add(k);
      refLines.push(`- ${t} [${s.n}]`);
    }
  }
  if (refLines.length > 0) lawParts.push(`Textes de référence cités par les sources :\n${refLines.join('\n')}`);
  if (lawParts.length === 0) {
    const fallback = all.filter((c) => !used.has(c)).sort(byScore)[0] ?? summary[0];
    if (fallback) lawParts.push(quote(fallback));
  }

  // Votre pré-dossier.
  const topicText = [question, ...sources.map((s) => `${s.title} ${(ficheOf.get(s.n)?.themePath ?? []).join(' ')}`)].join(' ');
  const topic = detectTopic(topicText);
  const facts = [
    '- Les dates clés, dans l’ordre : début de la relation (contrat, bail, achat…), faits, courriers envoyés et reçus.',
    `- Les parties : ${PARTIES[topic]}.`,
    '- Les montants en jeu : sommes payées, dues ou réclamées, avec leur justificatif.',
  ];
  if (steps.some((c) => features(c.unit).deadline) || deadlinesInSummary.length > 0) {
    facts.push(`- Pour chaque délai cité dans « ${SECTION_TITLES.steps} », la date à laquelle il a commencé à courir.`);
  }
  const docs = [`- ${DOCUMENTS[topic].charAt(0).toUpperCase()}${DOCUMENTS[topic].slice(1)}.`];
  const evidence = all.filter((c) => features(c.unit).evidence && relevant(c) && c.unit.items.length === 0).sort(byScore)[0];
  const resourceLines: string[] = [];
  const seenRes = new Set<string>();
  for (const s of sources) {
    const fiche = ficheOf.get(s.n);
    const res = [...(fiche?.services ?? [])].sort(
      (a, b) => countHits(words, b.title) - countHits(words, a.title),
    );
    for (const r of res) {
      if (resourceLines.length >= EXTRACTIVE.resources) break;
      const k = normalizeText(r.title);
      if (seenRes.has(k)) continue;
      seenRes.add(k);
      const url = resourceUrl(r, fiche);
      resourceLines.push(`- ${r.type ? `${r.type} : ` : ''}${r.title}${url ? ` — ${url}` : ''} [${s.n}]`);
    }
  }
  const questions: string[] = [];
  const seenChoices = new Set<string>();
  for (const c of [...summary, ...steps, ...rules]) {
    for (const choice of c.choices) {
      const k = [...choice].sort().join('|');
      if (seenChoices.has(k) || seenChoices.size >= 2) continue;
      seenChoices.add(k);
      const alts = choice.slice(0, 4).map((t) => `« ${t} »`);
      questions.push(`- Ma situation relève-t-elle du cas ${alts.slice(0, -1).join(', ')} ou du cas ${alts[alts.length - 1] as string} ?`);
    }
  }
  questions.push('- Quels délais s’appliquent à ma situation, et à partir de quelle date courent-ils ?');
  questions.push('- Faut-il d’abord tenter une démarche amiable (courrier, mise en demeure, conciliation ou médiation) ?');
  questions.push('- Quelles preuves me manque-t-il, et quelles sont mes chances d’obtenir gain de cause ?');
  questions.push('- Combien coûterait une procédure, et puis-je bénéficier de l’aide juridictionnelle ?');
  const prefileParts = [
    `À noter par écrit :\n${facts.join('\n')}`,
    `Documents à rassembler :\n${docs.join('\n')}`,
  ];
  if (evidence) prefileParts.push(`Les sources indiquent notamment : ${quote(evidence)}`);
  if (resourceLines.length > 0) prefileParts.push(`Modèles, formulaires et services en ligne :\n${resourceLines.join('\n')}`);
  prefileParts.push(`Questions à poser au professionnel :\n${questions.join('\n')}`);

  // Quel professionnel consulter.
  const whereLines: string[] = [];
  const seenWhere = new Set<string>();
  const sourceTexts: string[] = [];
  for (const s of sources) {
    const fiche = ficheOf.get(s.n);
    for (const w of fiche?.whereToGo ?? []) {
      const k = normalizeText(w.title);
      sourceTexts.push(w.title);
      if (seenWhere.has(k)) continue;
      seenWhere.add(k);
      whereLines.push(`- ${w.title}${w.url ? ` — ${w.url}` : ''} [${s.n}]`);
    }
    for (const p of s.passages) {
      sourceTexts.push(p.text);
      for (const m of p.text.matchAll(/^Où s'adresser : (.+)$/gmu)) {
        const title = squeeze(m[1] as string);
        const k = normalizeText(title);
        if (seenWhere.has(k)) continue;
        seenWhere.add(k);
        whereLines.push(`- ${title} [${s.n}]`);
      }
    }
  }
  const pros = pickProfessionals(sourceTexts, topicText);
  const proParts: string[] = [];
  proParts.push(`Selon votre situation, vous pouvez vous adresser à :\n${pros.map((p) => `- ${p.name.charAt(0).toUpperCase()}${p.name.slice(1)} : ${p.role}`).join('\n')}`);
  if (whereLines.length > 0) proParts.push(`Où s'adresser, d'après les fiches officielles :\n${whereLines.slice(0, 6).join('\n')}`);
  const city = opts.city?.trim();
  proParts.push(
    city
      ? `Pour trouver un avocat, un notaire ou un commissaire de justice à ${city} ou près de chez vous, utilisez la recherche de professionnels : /#professionnels`
      : 'Pour trouver un avocat, un notaire ou un commissaire de justice près de chez vous, utilisez la recherche de professionnels : /#professionnels',
  );

  if (sources.length === 0) {
    return [
      section('summary', ''),
      section('law', ''),
      section('steps', ''),
      section('prefile', prefileParts.join('\n\n')),
      section('professional', proParts.join('\n\n')),
    ];
  }
  return [
    section('summary', summary.map(quote).join('\n\n')),
    section('law', lawParts.join('\n\n')),
    section('steps', stepParts.join('\n\n')),
    section('prefile', prefileParts.join('\n\n')),
    section('professional', proParts.join('\n\n')),
  ];
}
