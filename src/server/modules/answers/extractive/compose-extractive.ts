/**
 * The extractive composer (default mode, offline): answers from the retrieved fiches by quoting them,
 * for the person's case, shortly. Deterministic; no text is logged.
 *
 * 1. The question is understood once (`question/understand.ts`): topic words, kind, facts.
 * 2. The primary fiche's cases are resolved against the facts (`cases/resolve-case.ts`): passages under
 *    a case that does not fit the person are dropped; a case the question leaves open is named as a
 *    condition (« Pour le cas « Logement meublé » : »), and when it changes the direct answer the
 *    answer carries `choices`, one whole answer per option.
 * 3. Every sentence of the sources is a candidate, scored (`weights.ts`). A sentence that depends on the
 *    one before (« Ce délai… ») is quoted with it; a rule is quoted with the exception that follows it
 *    (« Toutefois… », « Sauf… »).
 * 4. « En bref »: the best sentence of the primary fiche for what the question asks (a duration, an
 *    amount, a rule, a step), at most about 60 words, and, when the person gave a figure in the same
 *    unit, one plain sentence of ours that puts it beside the rule (no marker: it is not a quote).
 *    « Ce que dit la loi »: a few rules not yet quoted; « Démarches et délais »: the steps and deadlines.
 *    No sentence twice. The pré-dossier and the professional fit the question's topic.
 * Every quoted sentence is a verbatim slice of a fiche followed by its source's marker `[n]`.
 */
import { SECTION_TITLES, type AnswerChoices, type AnswerSection, type SectionId } from '../../../../common/api/answers';
import { normalizeText, passageUnits, squeeze, type Unit } from '../../../../common/french-text';
import { Lru } from '../../../../common/lru';
import type { Fiche, LinkedResource } from '../../../../corpus/types';
import { caseGroupKey, factVerdict, isSituational, negationPair, parallel, pathStatus, resolveCases, type CaseGroup, type CaseResolution, type HeadingVerdict, type PathStatus } from '../cases/resolve-case';
import { findArticleMentions } from '../citations/articles';
import { distanceText, extractFacts, speedExcess, type QuestionFacts } from '../question/facts';
import type { QuestionKind } from '../question/kind';
import { corpusStems, TopicMatcher, wordPresent, type TopicWord } from '../question/topic-words';
import { understand, type Understanding } from '../question/understand';
import type { RetrievedSource } from '../retrieval/types';
import { DOCUMENTS, PARTIES, prefileTopic } from './prefile-checklist';
import { pickProfessionals } from './professionals';
import { emptyParts, LIMITS, total, WEIGHTS, type ScoreParts } from './weights';

export interface ComposeExtractiveOptions {
  /** The visitor's city, when known (named in the professionals section). */
  city?: string;
  /** The question, already understood (computed here when absent). */
  understanding?: Understanding;
  /** Options fixed for some case groups of the primary fiche (used to write each choice). */
  forced?: ReadonlyMap<string, string>;
  /** Do not offer choices (the answer of one option). */
  noChoices?: boolean;
}

export interface ExtractiveAnswer {
  sections: AnswerSection[];
  choices?: AnswerChoices;
}

/*
 * JavaScript's \b knows only ASCII letters (« à la charge », « obligé » would never match), so the
 * patterns below mark word edges with Unicode lookarounds.
 */

/** Rules: obligations, rights, bans. */
const NORMATIVE_RE =
  /(?<![\p{L}\p{N}])(?:doit|doivent|peut|peuvent|ne peut|ne peuvent|a le droit|ont le droit|est tenu|sont tenus|interdit|interdite|obligatoire|oblig[ée]e?s?|est puni|sont punis|encourt|ne sont pas|n'est pas|est nul|sont dus|est due?s?|a droit|ont droit|dispose d'un délai|bénéficie|illégale?|gratuite?|à la charge)(?![\p{L}\p{N}])/iu;
/** What the reader may or must do, in the fiches' second person. */
const YOU_MAY_RE = /(?<![\p{L}\p{N}])vous (?:pouvez|devez|avez le droit|êtes tenu|n'avez pas à|ne pouvez pas|ne devez pas)(?![\p{L}\p{N}])/iu;
/** Durations and deadlines. */
const DURATION_RE = /(?<![\p{L}\p{N}])(?:\d+|un|une|deux|trois|quatre|cinq|six|huit|dix|quinze)\s(?:jours?|mois|ans?|années?|semaines?|heures?|minutes?)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:délai|préavis|prescription|au plus tard|à compter|avant le|dans le mois)(?![\p{L}\p{N}])/iu;
/** Amounts and rates. */
const AMOUNT_RE = /\d\s?(?:€|euros?(?![\p{L}\p{N}])|%)|(?<![\p{L}\p{N}])(?:montant|taux|plafond|barème)(?![\p{L}\p{N}])/iu;
/** What to do: letters, claims, courts, mediation. */
const PROCEDURE_RE =
  /(?<![\p{L}\p{N}])(?:lettre recommandée|mettre en demeure|mise en demeure|saisir|saisine|demander|faire une demande|formulaire|déclaration|déclarer|plainte|conciliat\w*|médiat\w*|tribunal|juge|commission|contester|contestation|envoyer|adresser|démarche|réclamation|signaler|constat|procédure|requête|homologation|s'inscrire|inscription|en ligne)(?![\p{L}\p{N}])/iu;
/** Sentences that only make sense after the one before. */
const DEPENDENT_RE =
  /^(?:Ce |Cet |Cette |Ces |Celui-ci|Celle-ci|Ceux-ci|Celles-ci|Dans ce cas|Dans ces cas|Dans les \d+ cas|Dans cette situation|Dans tous les cas|Il |Elle |Ils |Elles |Cela |Ceci |Sinon|De même|Également|Par ailleurs|En outre|En effet|Pour cela|[AÀ] défaut|Si tel est le cas|Si ce n'est pas le cas|Dans le cas contraire|Son |Sa |Ses |Leur |Leurs |Mais |Par conséquent|En conséquence|Ainsi,|Dès lors|[AÀ] ce titre|[AÀ] l'issue de ce|Passé ce délai|Au-delà de ce)/u;
/** An age group as the subject of a rule (« Le mineur… », « L'enfant de moins de 10 ans… »). */
const AGE_SUBJECT_RE = /^(?:Le |Un |Les |Des |L'|L’|Tout )(?:(?:salarié|jeune|travailleur|enfant)s? )?(?:mineure?s?|majeure?s?|(?:âgée?s? )?de (?:moins|plus) de \d+ ans)(?![\p{L}\p{N}])/u;

/**
 * The condition a sentence states for itself: « Si …, », « Pour …, », a table row's « … : », or an
 * age group as its subject.
 */
export function sentenceCondition(sentence: string): string | undefined {
  const lead = /^(?:Si|S'il|S'ils|S'elle|S'elles|Sans|Pour|En cas d[e']|Lorsque|Lorsqu'|Quand|Dans le cas d[eu']|Avant|Après|À partir d[eu'])\s?([^,:]{3,120})[,:]/u.exec(sentence);
  if (lead) return lead[0];
  // A table row read as a sentence: « Ressources : entre 69 309 € et 92 381 € inclus ; montant de base : 65,98 €. »
  // Its condition is every heading and value but the last value: the last cell's column heading is a case
  // too (« par enfant, en cas de garde alternée : 575 € », « hors agglomération : 68 € »).
  const cells = sentence.split(' ; ');
  if (cells.length > 1 && cells.every((c) => c.includes(' : '))) return sentence.slice(0, sentence.lastIndexOf(' : '));
  const row = /^([^:]{3,120}) : /u.exec(sentence);
  if (row) return row[1];
  // A rule whose subject names an age group (« Le mineur ne doit pas travailler plus de 7 heures par jour »,
  // « L'enfant de moins de 10 ans doit… »): the person's rule when they are of that age, another's if not.
  return AGE_SUBJECT_RE.exec(sentence)?.[0];
}

/**
 * The condition a sentence states at its end (« Pour les remplacer, il n'est pas nécessaire de retourner
 * chez le médecin, si votre dernière ordonnance date de moins de 3 ans. »).
 */
export function trailingCondition(sentence: string): string | undefined {
  return /, ((?:(?:si|lorsque|quand) |lorsqu['’]|s['’]ils? )[^,;:]{3,120})\.$/u.exec(sentence)?.[1];
}

/**
 * A sentence that names something of the sentence before (« avant l'expiration de ce délai », « dans ces
 * conditions ») depends on it wherever the reference stands.
 */
const BACK_REFERENCE_RE =
  /(?<![\p{L}\p{N}])(?:ce|cet|cette|ces) (?:délais?|date|dates|montants?|sommes?|période|durée|plafonds?|taux|cas|conditions?|règles?|démarches?|procédures?|situations?|indemnités?|primes?|aides?|allocations?|documents?|formalités?|obligations?|droits?|sanctions?)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:celui-ci|celle-ci|ceux-ci|celles-ci|ci-dessus)(?![\p{L}\p{N}])/gu;

/**
 * A sentence that names something of the one before it (« Ce délai… », « Il peut… », « … de ce droit »).
 * « ce droit » whose noun the sentence itself named before (« Si l'un des parents bénéficie d'un droit de
 * visite … et si l'autre l'empêche d'exercer ce droit, … ») refers to its own words.
 */
export function refersBack(sentence: string): boolean {
  if (DEPENDENT_RE.test(sentence)) return true;
  for (const m of sentence.matchAll(BACK_REFERENCE_RE)) {
    const noun = /\S+$/u.exec(m[0])?.[0].replace(/s$/u, '') ?? '';
    const before = sentence.slice(0, m.index ?? 0).toLowerCase();
    if (!(noun.length >= 3 && before.includes(noun.toLowerCase()))) return true;
  }
  return false;
}

/** A sentence that needs the one before it: it refers back to it, or qualifies it (« Toutefois, … »). */
function isDependent(sentence: string): boolean {
  return refersBack(sentence) || EXCEPTION_RE.test(sentence);
}

/** The first column's heading of a table row read as a sentence (« Dommage subi par la victime : … ; … »). */
function tableColumn(sentence: string): string | undefined {
  if (!sentence.includes(' ; ')) return undefined;
  const m = /^([^:;]{3,80}) : /u.exec(sentence);
  return m ? m[1] : undefined;
}

/** A table row's first cell (« Infraction : stationnement très gênant : sur une piste cyclable… »), which names its case. */
function rowCase(sentence: string): string | undefined {
  return tableColumn(sentence) === undefined ? undefined : sentence.split(' ; ')[0];
}

/** What a row's case says is absent (« Absence de défaillance majeure et critique », « sans enfant »): it does not name it. */
const ABSENT_RE = /(?<![\p{L}\p{N}])(?:absence d[e'’u]s?|sans|aucune?|pas d[e'’]|non)(?![\p{L}\p{N}]).*$/iu;

/**
 * The rows of a passage's tables that the question names, when no fact settles the table: the rows whose
 * first cell holds the most question words (« au moins une défaillance critique » against « au moins une
 * défaillance majeure », « Père ou mère » against « Enfant »), when not every row holds as many. They are
 * the person's case, and the other rows of the table are other people's. A word the cell says is absent
 * does not count, nor do the words of the fiche's title, which are its topic, not a case (« permis » in
 * « Date : obtention du permis » of the fiche « Permis probatoire »). Returns unit indices.
 */
function rowsNamedByQuestion(units: readonly Unit[], verdicts: readonly HeadingVerdict[], matcher: TopicMatcher, titleStems: ReadonlySet<string>): number[] {
  const tables = new Map<string, Map<string, number[]>>();
  units.forEach((unit, ui) => {
    const column = tableColumn(unit.sentence);
    const row = rowCase(unit.sentence);
    if (column === undefined || row === undefined) return;
    let rows = tables.get(column);
    if (!rows) tables.set(column, (rows = new Map()));
    rows.set(row, [...(rows.get(row) ?? []), ui]);
  });
  const named: number[] = [];
  for (const rows of tables.values()) {
    if (rows.size < 2 || [...rows.values()].some((uis) => uis.some((ui) => verdicts[ui] !== 'neutral'))) continue;
    const counts = [...rows.keys()].map((row) => matcher.count(new Set([...corpusStems(row.replace(ABSENT_RE, ''))].filter((t) => !titleStems.has(t)))));
    const best = Math.max(...counts);
    if (best === 0 || counts.every((c) => c === best)) continue;
    [...rows.values()].forEach((uis, i) => {
      if (counts[i] === best) named.push(...uis);
    });
  }
  return named;
}

/**
 * The exception quoted with a rule. A long list of exceptions (« Toutefois, un enfant de moins de 10 ans
 * peut être installé à l'avant dans les cas suivants : » and five cases) would make the rule too long to
 * quote at all: its items are then those that name something of the question, the cases that may be the
 * person's.
 */
function exceptionFor(rule: Unit, exception: Unit, work: ComposeWork): Unit {
  if (exception.items.length < 2 || features(rule).words + features(exception).words <= LIMITS.quoteWords) return exception;
  const items = exception.items.filter((it) => work.matcher.count(corpusStems(it)) > 0);
  return items.length === 0 || items.length === exception.items.length ? exception : { ...exception, items };
}

/** Sentences that exclude cases from a rule (« Le droit de rétractation ne s'applique pas aux achats suivants : »). */
const EXCLUSION_RE = /(?<![\p{L}\p{N}])(?:ne s'applique pas|ne s’applique pas|ne peut pas être exercé|ne peuvent pas être exercé|à l'exception|à l’exception|sont exclus|est exclu|ne concerne pas|pas de droit de|n'est pas possible|n’est pas possible)(?![\p{L}\p{N}])/iu;

/** Sentences that state the exception of the rule before them. */
const EXCEPTION_RE = /^(?:Toutefois|Cependant|Néanmoins|En revanche|Par exception|Par dérogation|Sauf |Mais |Ce délai ne s'applique pas|Cette règle ne s'applique pas|Il existe des exceptions)/u;

const unitsCache = new Lru<string, readonly Unit[]>(5_000);
const cachedUnits = (text: string): readonly Unit[] => unitsCache.memo(text, passageUnits);

interface UnitFeatures {
  stems: ReadonlySet<string>;
  normative: boolean;
  duration: boolean;
  amount: boolean;
  procedure: boolean;
  namesArticles: boolean;
  numbers: string;
  key: string;
  words: number;
}

const unitFeatures = new WeakMap<Unit, UnitFeatures>();

function unitText(u: Unit): string {
  return [u.sentence, ...u.items, ...(u.tail ? [u.tail] : [])].join('\n');
}

export function countWords(text: string): number {
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** What a sentence states: a rule, a duration, an amount, a step (its list items included for the last three). */
export function sentenceKinds(sentence: string, text = sentence): { normative: boolean; duration: boolean; amount: boolean; procedure: boolean } {
  return { normative: NORMATIVE_RE.test(sentence), duration: DURATION_RE.test(text), amount: AMOUNT_RE.test(text), procedure: PROCEDURE_RE.test(text) };
}

/** Headings, questions and fragments are not quoted (« Que faire si… ? », « **Carte d'identité »). */
export function quotableSentence(sentence: string): boolean {
  return /[.!)»:]$/u.test(sentence) && !/^[^\p{L}\p{N}]/u.test(sentence);
}

function features(u: Unit): UnitFeatures {
  let f = unitFeatures.get(u);
  if (!f) {
    const text = unitText(u);
    f = {
      stems: corpusStems(text),
      ...sentenceKinds(u.sentence, text),
      namesArticles: findArticleMentions(text).length > 0,
      numbers: (text.match(/\d+(?:[,.]\d+)?/gu) ?? []).join(' '),
      key: normalizeText(squeeze(text)),
      words: countWords(text),
    };
    unitFeatures.set(u, f);
  }
  return f;
}

/** A sentence that could be quoted, with what comes with it. */
interface Candidate {
  source: RetrievedSource;
  /** Index of the source (0 = primary). */
  si: number;
  unit: Unit;
  /** The sentence before, quoted with this one when this one depends on it. */
  prev?: Unit;
  /** The exception that follows, quoted with this one. */
  exception?: Unit;
  path: readonly string[];
  /** The chapter of the fiche the sentence belongs to (its first heading that is not a case). */
  chapter: string;
  /** Position in the fiche: passages × 1000 + unit. */
  order: number;
  /** Open case groups the sentence belongs to (primary fiche only), with its option. */
  open: { group: CaseGroup; option: string }[];
  fits: boolean;
  hits: number;
  /** The score's parts (weights.ts), kept apart for `npm run explain`. */
  parts: ScoreParts;
  score: number;
  /** The sentence states a figure in a unit of the person's own figures (€, months, km/h…). */
  personUnit: boolean;
  /** Normalised texts of every unit quoted (for « no sentence twice »). */
  keys: string[];
  words: number;
}

/** An example illustrates a rule with another person's figures (« Par exemple, si 200 € ont été dépensés… »). */
export function isExample(sentence: string): boolean {
  return /^(?:Exemple|Par exemple)(?![\p{L}\p{N}])/u.test(sentence);
}

/** A sentence of a worked example, or one that opens it. */
function exampleUnit(u: Unit): boolean {
  return u.example === true || isExample(u.sentence);
}

/**
 * An example that is not the person's: none of its amounts is one they gave (« une personne seule […]
 * avec un salaire de 1300 € net » is the computation of someone who earns 1 300 € and lives alone).
 */
function othersExample(u: Unit, facts: QuestionFacts): boolean {
  if (!exampleUnit(u)) return false;
  if (facts.amounts.length === 0) return true;
  const own = extractFacts(unitText(u)).amounts;
  return !facts.amounts.some((a) => own.includes(a));
}

/** The figure a question of duration or amount asks for, in numbers (« 30 jours », « 86 € »), not only named (« un délai »). */
export function askedFigure(kind: QuestionKind, text: string): boolean {
  if (kind === 'delai') return /\d\s?(?:jours?|mois|ans?|années?|semaines?|heures?)(?![\p{L}\p{N}])/u.test(text);
  if (kind === 'montant') return /\d\s?(?:€|euros?(?![\p{L}\p{N}])|%)/u.test(text);
  return false;
}

function kindMatches(kind: QuestionKind, f: UnitFeatures): boolean {
  switch (kind) {
    case 'delai':
      return f.duration;
    case 'montant':
      return f.amount;
    case 'droit':
      return f.normative;
    case 'recours':
    case 'demarche':
      return f.procedure;
    default:
      return false;
  }
}

/** How a sentence states a distance of the same order as the person's: km for theirs in km, metres otherwise. */
function distanceUnit(metres: number): RegExp {
  return metres >= 1000 ? /\d\s?(?:km|kilomètres?)(?![\p{L}\p{N}/])/u : /\d\s?(?:m|mètres?|cm|centimètres?)(?![\p{L}\p{N}/])/u;
}

/** Something a text holds or not (a regular expression, or a finer test). */
interface TextTest {
  test(text: string): boolean;
}

/**
 * A number of months or years that is a duration, as the person's own figure is: « 3 ans d'ancienneté »,
 * « un délai de 2 mois »; not an age (« âgé de moins de 18 ans », « l'enfant de moins de 3 ans », « si le
 * salarié a moins de 18 ans ») nor a prison term (« 6 mois d'emprisonnement »).
 */
function durationOf(unit: 'mois' | 'an'): TextTest {
  const re = unit === 'mois' ? /(?<!\d)\d+\s?mois\b/gu : /(?<!\d)\d+\s?ans?\b/gu;
  return {
    test: (text) => {
      for (const m of text.matchAll(re)) {
        const at = m.index ?? 0;
        const before = text.slice(Math.max(0, at - 30), at);
        const after = text.slice(at + m[0].length, at + m[0].length + 20);
        if (/^\s(?:d['’]emprisonnement|de prison)/u.test(after)) continue;
        if (unit === 'an') {
          if (/(?:âgée?s?|âge|jeunes?|enfants?|mineurs?)[\s\p{L}'’]{0,20}$/u.test(before)) continue;
          // « a moins de 18 ans » is an age, « a moins de 2 ans d'ancienneté » a duration.
          if (/\b(?:a|ont|avez|as|avoir)\s(?:moins de |plus de |au moins |au plus |entre )?$/u.test(before) && !/^\s?d[e'’]/u.test(after)) continue;
        }
        return true;
      }
      return false;
    },
  };
}
const MONTHS = durationOf('mois');
const YEARS = durationOf('an');

/** A sum counted in months of rent or salary, as the fiches write it (« 2 mois de loyer hors charges »). */
const MONTHS_OF = /(?:\d+|un|deux|trois|quatre|six) mois de (?:loyer|salaire)/u;

/** A surface in square metres, as the fiches write it (« 10 € TTC maximum par m2 », « 9 m² »). */
const AREA_RE = /\d\s?(?:€\s)?(?:[\p{L}\s]{0,30}\s)?(?:m2|m²|mètres? carrés)(?![\p{L}\p{N}])/u;

/** Units of the person's figures, as they read in a sentence. */
function factUnits(f: QuestionFacts): TextTest[] {
  const out: TextTest[] = [];
  if (f.amounts.length > 0) out.push(/\d\s?(?:€|euros?)/iu);
  if (f.percents.length > 0) out.push(/\d\s?%/u);
  if (f.monthsOf.length > 0) out.push(MONTHS_OF);
  if (f.speed !== undefined || f.speedLimit !== undefined) out.push(/km\/h/u);
  for (const d of f.distances.slice(0, 1)) out.push(distanceUnit(d));
  if (f.areas.length > 0) out.push(AREA_RE);
  const units = new Set(f.durations.map((d) => d.unit));
  if (units.has('mois')) out.push(MONTHS);
  if (units.has('jour') || units.has('semaine')) out.push(/\d\s?(?:jours?|semaines?)\b/u);
  if (units.has('an')) out.push(YEARS);
  if (units.has('heure') || units.has('minute')) out.push(/\d\s?(?:heures?|minutes?|h)\b/u);
  return out;
}

interface SourceView {
  source: RetrievedSource;
  si: number;
  fiche: Fiche | undefined;
  resolution: CaseResolution;
  passages: { section: readonly string[]; text: string; description: boolean }[];
}

/**
 * Work shared by the answers of one question (the first one and each choice's): what does not depend on
 * the option chosen is computed once (a question with a choice of 2 composes 3 answers).
 */
/** A question about a fine the person received (« j'ai reçu un PV de 135 € »). */
const FINE_QUESTION_RE = /\b(?:amendes?|pv|contraventions?|proces-verbal|flashe|radar)\b/u;

interface ComposeWork {
  matcher: TopicMatcher;
  /** Views of the later sources (their cases are never forced). */
  views: Map<number, SourceView>;
  /** Verdicts of conditions and headings against the facts, by text. */
  verdicts: Map<string, HeadingVerdict>;
  /** Which topic words each quoted unit holds. */
  present: Map<Unit, boolean[]>;
  /** The question is about a fine the person received (« j'ai reçu un PV de 135 € »). */
  fine: boolean;
}

function newWork(u: Understanding): ComposeWork {
  return { matcher: new TopicMatcher(u.words), views: new Map(), verdicts: new Map(), present: new Map(), fine: FINE_QUESTION_RE.test(normalizeText(u.question)) };
}

function verdictOf(work: ComposeWork, text: string, u: Understanding): HeadingVerdict {
  let v = work.verdicts.get(text);
  if (v === undefined) {
    v = factVerdict(text, u.facts);
    work.verdicts.set(text, v);
  }
  return v;
}

function sourceViews(sources: readonly RetrievedSource[], fiches: (id: string) => Fiche | undefined, u: Understanding, forced: ReadonlyMap<string, string>, work: ComposeWork): SourceView[] {
  return sources.map((source, si) => {
    const known = si > 0 ? work.views.get(si) : undefined;
    if (known) return known;
    const view = sourceView(source, si, fiches, u, si === 0 ? forced : new Map());
    if (si > 0) work.views.set(si, view);
    return view;
  });
}

function sourceView(source: RetrievedSource, si: number, fiches: (id: string) => Fiche | undefined, u: Understanding, forced: ReadonlyMap<string, string>): SourceView {
  const fiche = fiches(source.id);
  // The primary fiche is read whole (its cases decide the answer); the others through retrieval's passages.
  const body = si === 0 && fiche ? fiche.passages.map((p) => ({ section: p.section, text: p.text })) : source.passages.map((p) => ({ section: p.sectionPath, text: p.text }));
  // Consecutive passages under the same headings are one text (a list may be cut from its introduction).
  const merged: { section: readonly string[]; text: string }[] = [];
  for (const p of body) {
    const last = merged[merged.length - 1];
    if (last && last.section.join('\u0000') === p.section.join('\u0000')) last.text = `${last.text}\n${p.text}`;
    else merged.push({ section: p.section, text: p.text });
  }
  const passages = [
    ...(fiche?.description ? [{ section: [] as string[], text: fiche.description, description: true }] : []),
    ...merged.map((p) => ({ ...p, description: false })),
  ];
  const paths = (fiche?.passages.map((p) => p.section) ?? source.passages.map((p) => p.sectionPath));
  const texts = fiche?.passages.map((p) => p.text) ?? source.passages.map((p) => p.text);
  const resolution = resolveCases(paths, u.words, u.facts, forced, texts);
  return { source, si, fiche, resolution, passages };
}

/**
 * A later source is quoted only when its title names one of the question's words: retrieval keeps fiches
 * that share many words with a long question (« propriétaire », « payer »), and one about dangerous
 * dogs or health insurance must not lend its rules to a question about a landlord's keys.
 */
function titledForQuestion(view: SourceView, matcher: TopicMatcher): boolean {
  return view.si === 0 || matcher.count(corpusStems(view.source.title)) > 0;
}

function presentIn(work: ComposeWork, unit: Unit): boolean[] {
  let p = work.present.get(unit);
  if (!p) {
    p = work.matcher.present(features(unit).stems);
    work.present.set(unit, p);
  }
  return p;
}

const numberSet = (u: Unit): Set<string> => new Set(features(u).numbers.split(' ').filter((n) => n !== ''));

/**
 * The rules of the cases the person is not in, as a fiche also states them outside its case headings
 * (« Dès que le temps de travail quotidien atteint 6 heures, … 20 minutes » in the introduction, while the
 * person is « Salarié de moins de 18 ans »): a sentence that restates one of them with a figure found
 * under the excluded cases and not under the person's is another person's rule.
 */
function excludedRestatement(view: SourceView): (u: Unit) => boolean {
  const statuses = view.passages.map((p) => pathStatus(p.section, view.resolution));
  if (!statuses.some((st) => st.excluded)) return () => false;
  // Read the fiche's excluded rules only when a sentence outside the cases is first tested.
  let excluded: { stems: ReadonlySet<string>; numbers: Set<string> }[] | undefined;
  const kept = new Set<string>();
  const rules = (): { stems: ReadonlySet<string>; numbers: Set<string> }[] => {
    if (excluded) return excluded;
    const found: { stems: ReadonlySet<string>; numbers: Set<string> }[] = [];
    view.passages.forEach((p, i) => {
      const status = statuses[i] as PathStatus;
      if (!status.excluded && !status.fits) return;
      for (const unit of cachedUnits(p.text)) {
        const numbers = numberSet(unit);
        if (!status.excluded) for (const n of numbers) kept.add(n);
        else if (numbers.size > 0) found.push({ stems: features(unit).stems, numbers });
      }
    });
    return (excluded = found);
  };
  return (u) => {
    const mine = numberSet(u);
    if (mine.size === 0) return false;
    const all = rules();
    const own = [...mine].filter((n) => !kept.has(n));
    if (own.length === 0) return false;
    const stems = features(u).stems;
    return all.some((e) => own.some((n) => e.numbers.has(n)) && containment(e.stems, stems) >= LIMITS.restatement);
  };
}

/** Cuts the sources into scored candidates (the cases that do not fit the person are left out). */
function candidates(views: readonly SourceView[], u: Understanding, work: ComposeWork): Candidate[] {
  interface Raw {
    view: SourceView;
    unit: Unit;
    prev?: Unit;
    exception?: Unit;
    path: readonly string[];
    pi: number;
    open: { group: CaseGroup; option: string }[];
    fits: boolean;
    /** The case was settled by one of the person's facts (their housing, contract, a figure in range). */
    factFit: boolean;
    /** The sentence's own condition (« entre 1 mois et 3 mois de présence : … ») fits the person. */
    ownFit: boolean;
    present: boolean[];
    context: boolean[];
    description: boolean;
  }
  const { matcher } = work;
  const raws: Raw[] = [];
  for (const view of views) {
    const titleStems = corpusStems(view.source.title);
    const restates = excludedRestatement(view);
    view.passages.forEach((p, pi) => {
      const status = pathStatus(p.section, view.resolution);
      if (status.excluded) return;
      const pathContext = matcher.present(corpusStems(p.section.join(' ')));
      const pathFactFit = status.fits && p.section.some((h) => verdictOf(work, h, u) === 'fit');
      const units = cachedUnits(p.text);
      // A sentence that states its own condition (« Si le logement est meublé, … », a table row
      // « Excès de vitesse inférieur à 20 km/h … : … ») is matched against the facts like a case heading.
      const verdicts = units.map((unit) => {
        const own = sentenceCondition(unit.sentence);
        const verdict = own ? verdictOf(work, own, u) : 'neutral';
        const trailing = verdict === 'neutral' ? trailingCondition(unit.sentence) : undefined;
        return trailing ? verdictOf(work, trailing, u) : verdict;
      });
      for (const ui of rowsNamedByQuestion(units, verdicts, matcher, titleStems)) verdicts[ui] = 'fit';
      // The rows of one table are its cases: when one row fits the person (« ITT de plus de 8 jours » for
      // 10 days), the other rows under the same first column are other people's.
      const fittingTables = new Set(units.filter((unit, ui) => verdicts[ui] === 'fit').map((unit) => tableColumn(unit.sentence)).filter((c) => c !== undefined));
      units.forEach((listed, ui) => {
        const before = ui > 0 ? units[ui - 1] : undefined;
        const after = units[ui + 1];
        if (!quotableSentence(listed.sentence)) return;
        // The items of a list that name another person's case (« la déclaration conjointe des partenaires
        // qui décident d'un commun accord » when the partner refuses) are left out; a list of only such
        // items is not quoted.
        // An item that goes on with the one before (« - et les membres de sa famille… ») goes with it.
        let dropped = false;
        const items = listed.items.filter((it) => {
          const continues = /^(?:et|ou|ainsi que|mais)\s/u.test(it);
          dropped = (continues && dropped) || verdictOf(work, it.replace(/\([^)]*\)/gu, ''), u) === 'conflict';
          return !dropped;
        });
        if (listed.items.length > 0 && items.length === 0) return;
        const unit = items.length === listed.items.length ? listed : { ...listed, items };
        const ownVerdict = verdicts[ui] ?? 'neutral';
        if (ownVerdict === 'conflict') return;
        if (!status.fits && ownVerdict !== 'fit' && restates(unit)) return;
        const column = tableColumn(unit.sentence);
        if (ownVerdict !== 'fit' && column !== undefined && fittingTables.has(column)) return;
        const dependent = isDependent(unit.sentence);
        // A dependent sentence without its antecedent in the same passage is not quotable; with it, it
        // shares its condition (« Quand le défunt a fait un testament, … Il peut… »). A sentence that refers
        // back (« Si vous exercez ce droit… ») to one that refers back itself (« Ce délai concerne… ») would
        // need a third: not quoted.
        // A table's row, read as a sentence, is no one's antecedent (« Il vous est remis un procès-verbal »
        // after the table speaks of something else).
        if (dependent && (!before || before.heading !== unit.heading || tableColumn(before.sentence) !== undefined)) return;
        if (before && refersBack(unit.sentence) && refersBack(before.sentence)) return;
        const headingContext = unit.heading ? matcher.present(corpusStems(unit.heading)) : [];
        raws.push({
          view,
          unit,
          ...(dependent && before ? { prev: before } : {}),
          ...(after && EXCEPTION_RE.test(after.sentence) && after.heading === unit.heading && !(!status.fits && restates(after)) ? { exception: exceptionFor(unit, after, work) } : {}),
          path: p.section,
          pi,
          open: view.si === 0 ? status.open : [],
          fits: status.fits || ownVerdict === 'fit',
          factFit: ownVerdict === 'fit' || pathFactFit,
          ownFit: ownVerdict === 'fit',
          present: presentIn(work, unit),
          context: pathContext.map((v, i) => v || (headingContext[i] ?? false)),
          description: p.description,
        });
      });
    });
  }
  // Local rarity of each topic word among the candidate sentences.
  const n = raws.length;
  const weights = u.words.map((_, i) => Math.log(1 + n / (1 + raws.filter((r) => r.present[i]).length)));
  const maxW = Math.max(1e-9, ...weights);
  const norm = weights.map((w) => w / maxW);
  const unitsOfFacts = factUnits(u.askedFacts ?? u.facts);
  return raws.map((r): Candidate => {
    const f = features(r.unit);
    const parts = emptyParts();
    let hits = 0;
    u.words.forEach((_, i) => {
      if (r.present[i]) {
        hits += 1;
        parts.topicWords += WEIGHTS.topicWord * (norm[i] as number);
      }
      // In the primary fiche, the headings above a sentence tell which of its passages the question is
      // about, and count even when the sentence repeats the word; elsewhere they only fill in for it.
      if (r.context[i] && (r.view.si === 0 || !r.present[i])) parts.headingWords += WEIGHTS.headingWord * (norm[i] as number);
    });
    if (r.fits) parts.caseFits = WEIGHTS.caseFits;
    // The person's own rule: what the question asks for under a case their facts settled. A question whose
    // wording names no kind is answered by the figure of the one row or sentence whose own condition fits
    // them (« entre 1 mois et 3 mois de présence : 2 semaines » for six weeks).
    const answersCase = kindMatches(u.kind, f) || (u.kind === 'droit' && YOU_MAY_RE.test(r.unit.sentence)) || (u.kind === 'autre' && r.ownFit && (f.duration || f.amount));
    if (r.factFit && answersCase) parts.factCaseAnswer = WEIGHTS.factCaseAnswer;
    parts.sourceRank = r.view.si === 0 ? WEIGHTS.firstSource : r.view.si === 1 ? WEIGHTS.secondSource : 0;
    if (kindMatches(u.kind, f)) parts.kindMatch = WEIGHTS.kindMatch;
    // A fiche titled as a question answers it in its summary.
    if (r.description && r.view.si === 0 && /\?\s*$/u.test(r.view.source.title)) parts.questionFicheSummary = WEIGHTS.questionFicheSummary;
    if (f.normative) parts.normative = WEIGHTS.normative;
    if (f.duration || f.amount) parts.figure = WEIGHTS.figure;
    const text = unitText(r.unit);
    // A penalty the offender risks is no figure like the person's, unless they ask about a fine.
    const personUnit = unitsOfFacts.some((re) => re.test(work.fine ? text : withoutPenalties(text)));
    if (personUnit) parts.factUnit = WEIGHTS.factUnit;
    if (r.unit.index === 0) parts.lead = WEIGHTS.lead;
    // The primary fiche's own order: it states its main rules first; its summary often states the answer.
    if (r.view.si === 0) parts.early = WEIGHTS.early * (1 - r.pi / Math.max(1, r.view.passages.length));
    if (r.description && r.view.si === 0) parts.primaryDescription = WEIGHTS.primaryDescription;
    if (askedFigure(u.kind, text)) parts.askedFigure = WEIGHTS.askedFigure;
    const score = total(parts);
    const quoted = [r.prev, r.unit, r.exception].filter((x): x is Unit => x !== undefined);
    return {
      source: r.view.source,
      si: r.view.si,
      unit: r.unit,
      ...(r.prev ? { prev: r.prev } : {}),
      ...(r.exception ? { exception: r.exception } : {}),
      path: r.path,
      // Passages without a heading (question-and-answer fiches) are each a chapter of their own.
      chapter: `${r.view.si}|${r.path.length > 0 ? r.path.join(' › ') : r.description ? '(description)' : `#${r.pi}`}`,
      order: r.pi * 1000 + r.unit.index,
      open: r.open,
      fits: r.fits,
      hits,
      parts,
      score,
      personUnit,
      // The sentences and list items quoted: none of them may appear twice in the answer.
      // A list's introduction counts on its own too: two lists under one introduction (« Les personnes
      // suivantes peuvent… : ») in two cases would say it twice.
      keys: [
        ...quoted.map((q) => features(q).key),
        ...quoted.filter((q) => q.items.length > 0).map((q) => normalizeText(squeeze(q.sentence))),
        ...quoted.flatMap((q) => q.items.map((it) => normalizeText(squeeze(it)))),
      ],
      words: quoted.reduce((a, q) => a + features(q).words, 0),
    };
  });
}

/** Share of the smaller set's stems found in the other: « A. » and « A, y compris B. » are near-duplicates. */
function containment(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common += 1;
  const smaller = Math.min(a.size, b.size);
  return smaller === 0 ? 1 : common / smaller;
}

/** What has been quoted so far in the answer: no sentence twice, no near-duplicate. */
class Quoted {
  private readonly keys = new Set<string>();
  private readonly stems: { stems: ReadonlySet<string>; numbers: string }[] = [];

  has(c: Candidate): boolean {
    if (c.keys.some((k) => this.keys.has(k))) return true;
    const f = features(c.unit);
    return this.stems.some((s) => containment(s.stems, f.stems) >= LIMITS.nearDuplicate && (s.numbers === f.numbers || f.numbers === '' || s.numbers === ''));
  }

  add(c: Candidate): void {
    for (const k of c.keys) this.keys.add(k);
    const f = features(c.unit);
    this.stems.push({ stems: f.stems, numbers: f.numbers });
  }
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.si - b.si || a.order - b.order;
}

function byOrder(a: Candidate, b: Candidate): number {
  return a.si - b.si || a.order - b.order;
}

/** Articles of the nouns that commonly open a case heading (« Logement meublé » → « Pour un logement meublé »). */
const HEADING_NOUNS: Record<string, 'un' | 'une'> = {
  logement: 'un', location: 'une', bail: 'un', contrat: 'un', salarié: 'un', salariée: 'une', achat: 'un', vente: 'une',
  locataire: 'un', propriétaire: 'un', enfant: 'un', jeune: 'un', personne: 'une', compte: 'un', véhicule: 'un', permis: 'un',
  cdd: 'un', cdi: 'un', mineur: 'un', majeur: 'un', couple: 'un', entreprise: 'une', employeur: 'un', fonctionnaire: 'un',
};

/** A case heading as a condition: « Si vous… », « Pour un logement meublé : », or « Pour le cas « … » : ». */
function condition(option: string): string {
  const t = option.trim().replace(/[.:]$/u, '');
  if (/^si\s/iu.test(t)) return `${t}, `;
  if (/^vous\s/iu.test(t)) return `Si ${t.charAt(0).toLowerCase()}${t.slice(1)}\u202f: `;
  const first = (t.split(/\s/u)[0] ?? '').toLowerCase();
  const article = HEADING_NOUNS[first];
  if (article && !/[()«»]/u.test(t)) {
    const rest = /^(?:CDD|CDI)$/u.test(t.split(/\s/u)[0] ?? '') ? t : `${t.charAt(0).toLowerCase()}${t.slice(1)}`;
    return `Pour ${article} ${rest}\u202f: `;
  }
  return `Pour le cas « ${t} »\u202f: `;
}

/**
 * An option's condition before a text that opens with a condition of its own reads as one condition:
 * « Pour une location vide (état des lieux conforme) : … », not « Pour une location vide : Pour le cas … : ».
 */
function joinConditions(outer: string, text: string): string {
  const inner = /^Pour le cas « ([^»]{1,160}) »[ \u202f]: /u.exec(text);
  if (!inner || !/[ \u202f]: $/u.test(outer)) return `${outer}${text}`;
  const what = inner[1] as string;
  return `${outer.slice(0, -3)} (${what.charAt(0).toLowerCase()}${what.slice(1)})\u202f: ${text.slice(inner[0].length)}`;
}

/** The quoted text of a candidate: the sentence (with the one it depends on and its exception), its items, its marker. */
function quote(c: Candidate, label = true): string {
  // Every open case the sentence lies under, outermost first: « Pour une location vide (état des lieux conforme) : ».
  const opts = label ? c.open.map((o) => o.option) : [];
  const lead = opts.length === 0 ? '' : opts.slice(1).reduce((acc, o) => joinConditions(acc, `Pour le cas « ${o} »\u202f: `), condition(opts[0] as string));
  const parts = [c.prev, c.unit, c.exception].filter((x): x is Unit => x !== undefined);
  const lines: string[] = [];
  let sentence = '';
  for (const p of parts) {
    sentence = sentence ? `${sentence} ${p.sentence}` : p.sentence;
    if (p.items.length > 0) {
      lines.push(sentence, ...p.items.map((it) => `- ${it}`));
      sentence = p.tail ?? '';
    }
  }
  if (sentence) lines.push(sentence);
  lines[lines.length - 1] = `${lines[lines.length - 1] as string} [${c.source.n}]`;
  lines[0] = `${lead}${lines[0] as string}`;
  return lines.join('\n');
}

/** Articles named by a sentence must be in its fiche's references (checked again by the citation checker). */
function quotable(c: Candidate): boolean {
  if (c.words > LIMITS.quoteWords) return false;
  if (features(c.unit).namesArticles && c.source.references.length === 0) return false;
  return true;
}

/** One plain sentence of ours that puts the person's figure beside the rule quoted (never a quote). */
function personFigure(u: Understanding, work: ComposeWork, quoted: string): string | undefined {
  const compared = work.fine ? quoted : withoutPenalties(quoted);
  return (u.askedFacts ? figureLine(u.askedFacts, compared) : undefined) ?? figureLine(u.facts, compared);
}

/** An amount that is a penalty (« 300 000 € d'amende », « amende de 1 500 € »). */
const PENALTY_AMOUNT_RE = /\d[\d\s\u202f\u00a0]*(?:[,.]\d+)?\s?(?:€|euros?)\s(?:d'|d’)amende|amendes?\s(?:forfaitaires?\s)?(?:de\s|:\s)?(?:\d[\d\s\u202f\u00a0]*(?:[,.]\d+)?\s?(?:€|euros?))/giu;

/**
 * The quoted text without its penalty amounts: a fine the offender risks is no figure of the person's to
 * compare (« Vous indiquez 300 € » beside « 300 000 € d'amende » for a ransom asked of them).
 */
function withoutPenalties(quoted: string): string {
  return quoted.replace(PENALTY_AMOUNT_RE, ' ');
}

/** How a sentence states a duration in each unit of the person's. */
const DURATION_TESTS: Record<string, TextTest> = { mois: MONTHS, an: YEARS, jour: /\d\s?jours?\b/u, semaine: /\d\s?(?:semaines?|jours?)\b/u };

function figureLine(f: QuestionFacts, quoted: string): string | undefined {
  const excess = speedExcess(f);
  if (excess !== undefined && /km\/h/u.test(quoted)) {
    const told = `Vous indiquez ${f.speed} km/h pour une vitesse limitée à ${f.speedLimit} km/h`;
    // At or under the limit told, no excess is computed: the rule quoted may set another limit (« Jeune
    // conducteur : 110 km/h »), and the sentence says only what the question and the quote say.
    return excess > 0 ? `${told}, soit ${excess} km/h de plus.` : `${told}.`;
  }
  const fmt = (n: number): string => n.toLocaleString('fr-FR');
  const distance = f.distances[0];
  if (distance !== undefined && distanceUnit(distance).test(quoted)) return `Vous indiquez une distance de ${distanceText(distance)}.`;
  const months = f.monthsOf[0];
  if (months !== undefined && MONTHS_OF.test(quoted)) return `Vous indiquez ${fmt(months.value)} mois de ${months.of}.`;
  // The same amount told twice (« l'agence me facture 150 €, et le propriétaire lui paie aussi 150 € ») is said once.
  const amounts = f.amounts.length > 0 && /\d\s?(?:€|euros?)/iu.test(quoted) ? [...new Set(f.amounts)].slice(0, 2).map((a) => `${fmt(a)} €`).join(' et ') : undefined;
  // A rule per square metre (« 3 € TTC par m² de surface habitable ») is set beside the surface told, and the sum.
  const area = f.areas[0];
  if (area !== undefined && AREA_RE.test(quoted)) return `Vous indiquez une surface de ${fmt(area)} m²${amounts ? ` et ${amounts}` : ''}.`;
  if (amounts) return `Vous indiquez ${amounts}.`;
  for (const d of f.durations) {
    const re = DURATION_TESTS[d.unit];
    if (!re || !re.test(quoted)) continue;
    const unit = d.unit === 'an' ? (d.value > 1 ? 'ans' : 'an') : d.unit === 'mois' ? 'mois' : `${d.unit}${d.value > 1 ? 's' : ''}`;
    const lead = d.relation === 'ago' ? `Vous indiquez que c'était il y a ${fmt(d.value)} ${unit}` : d.relation === 'since' ? `Vous indiquez une durée de ${fmt(d.value)} ${unit}` : `Vous indiquez ${fmt(d.value)} ${unit}`;
    return `${lead}.`;
  }
  return undefined;
}

/**
 * The exclusion that applies to the person: a sentence of the same fiche as « En bref » that excludes
 * cases from the rule quoted (« ne s'applique pas aux achats suivants : »), whose list names something of
 * the question the rule does not (« meuble … confectionné », « sur mesure »). Quoted with only the items
 * that concern the person, so a rule never goes without the exception that may apply to them.
 */
function exclusionFor(first: Candidate, all: readonly Candidate[], u: Understanding): Candidate | undefined {
  if (u.words.length === 0) return undefined;
  const ruleStems = features(first.unit).stems;
  const matcher = new TopicMatcher(u.words);
  const inRule = matcher.present(ruleStems);
  for (const c of all) {
    if (c.si !== first.si || c === first || !EXCLUSION_RE.test(c.unit.sentence)) continue;
    // About the same rule, or about the question: it shares the rule's distinctive words or names one
    // of the question's (« Le droit de rétractation ne s'applique pas… »).
    const sentenceStems = corpusStems(c.unit.sentence);
    const shared = [...sentenceStems].some((t) => ruleStems.has(t) && t.length >= 6) || matcher.count(sentenceStems) > 0;
    if (!shared) continue;
    // An item concerns the person when it names a word of the question that neither the rule nor the
    // exclusion's own sentence holds (« rétractation » is in every item of « le droit de rétractation ne
    // s'applique pas aux achats suivants », « sur mesure » in one).
    const inSentence = matcher.present(sentenceStems);
    const items = c.unit.items.filter((it) => matcher.present(corpusStems(it)).some((p, i) => p && !inRule[i] && !inSentence[i]));
    const sentenceNew = inSentence.some((p, i) => p && !inRule[i]);
    if (items.length === 0 && !(c.unit.items.length === 0 && sentenceNew)) continue;
    const unit: Unit = { ...c.unit, items };
    const { prev: _prev, exception: _exception, ...own } = c;
    // Its keys are those of a list: no later section quotes its sentence or one of its items again.
    const keys = [features(c.unit).key, ...(items.length > 0 ? [normalizeText(squeeze(unit.sentence))] : []), ...items.map((it) => normalizeText(squeeze(it)))];
    return { ...own, unit, keys, words: countWords(unitText(unit)) };
  }
  return undefined;
}

/** « En bref » and why each of its sentences is there (printed by `npm run explain`). */
export interface Brief {
  summary: Candidate[];
  reasons: string[];
}

/**
 * The choice of « En bref », in one place: the best short sentence of the sources for the question (its
 * score, plus `briefPersonUnit` when it states a figure in the unit of the person's own), quoted with the
 * sentence that goes on with it; then the exclusion of that rule that concerns the person, or else a
 * second short sentence of the same fiche that says something the first does not.
 */
export function chooseBrief(ranked: readonly Candidate[], all: readonly Candidate[], u: Understanding, titled: readonly boolean[], quoted: Quoted): Brief {
  const summary: Candidate[] = [];
  const reasons: string[] = [];
  // « En bref » puts the rule's figure beside the person's own (« 2 mois » for a bank closing « dans 15 jours »).
  const briefScore = (c: Candidate): number => c.score + (c.personUnit ? WEIGHTS.briefPersonUnit : 0);
  // An example's figures are another person's: « En bref » states the rule, not an example of it, unless
  // the example is the person's own figures.
  const short = ranked.filter((c) => c.words <= LIMITS.summaryWords && (titled[c.si] ?? false) && !othersExample(c.unit, u.facts) && !c.unit.listed).sort((a, b) => briefScore(b) - briefScore(a) || byScore(a, b));
  const best = short[0] ?? ranked[0];
  // A short rule whose next sentence goes on with it (« Un seul des partenaires peut demander la fin du
  // Pacs. Il doit faire signifier sa décision… ») is quoted with that sentence when both fit.
  const continued = best && ranked.find((c) => c.prev === best.unit && c.words <= LIMITS.summaryWords && !EXCEPTION_RE.test(c.unit.sentence));
  const first = continued ?? best;
  const primary = short.filter((c) => first !== undefined && c.si === first.si);
  // The rule and the exclusion that concerns the person: nothing else in « En bref ». Chosen before the
  // other sections, so that none of them quotes it again.
  const exclusion = first && exclusionFor(first, all, u);
  if (first && best) {
    summary.push(first);
    quoted.add(first);
    const why = short[0] === best
      ? `meilleur score pour « En bref » parmi ${short.length} phrases de ${LIMITS.summaryWords} mots au plus (${briefScore(best).toFixed(2)}${best.personUnit ? `, dont ${WEIGHTS.briefPersonUnit} : chiffre dans l'unité de la personne` : ''}; suivante : ${short[1] ? briefScore(short[1]).toFixed(2) : 'aucune'})`
      : `aucune phrase assez courte : la mieux classée (${best.score.toFixed(2)})`;
    reasons.push(continued ? `${why}, citée avec la phrase qui la poursuit` : why);
  }
  if (exclusion) {
    summary.push(exclusion);
    quoted.add(exclusion);
    reasons.push("l'exclusion de cette règle qui nomme un mot de la question");
  } else if (first) {
    // A second sentence when room is left and it says something the first does not.
    const room = LIMITS.summaryWords - first.words;
    const second = primary.find(
      (c) =>
        c !== first &&
        c.words <= room &&
        !quoted.has(c) &&
        // Not the same rule in other words (a fiche's summary and its introduction often say it twice).
        containment(features(c.unit).stems, features(first.unit).stems) < LIMITS.paraphrase &&
        c.score >= first.score * LIMITS.summarySecondMinShare &&
        (kindMatches(u.kind, features(c.unit)) || features(c.unit).normative),
    );
    if (second) {
      summary.push(second);
      quoted.add(second);
      reasons.push(`seconde phrase de la même fiche : place restante (${room} mots), autre règle, score ${second.score.toFixed(2)} ≥ ${LIMITS.summarySecondMinShare} × le premier`);
    }
  }
  return { summary, reasons };
}

interface Selection {
  summary: Candidate[];
  law: Candidate[];
  steps: Candidate[];
}

/** Chooses the sentences of « En bref », « Ce que dit la loi » and « Démarches et délais ». */
function select(all: readonly Candidate[], u: Understanding, titled: readonly boolean[], alreadyQuoted: readonly Candidate[] = []): Selection {
  const quoted = new Quoted();
  for (const c of alreadyQuoted) quoted.add(c);
  const ranked = [...all].filter(quotable).sort(byScore);
  const top = ranked[0]?.score ?? 0;
  // A sentence speaks of the question when it holds one of its words or lies in the person's case; in the
  // primary fiche, which is about the question, a high enough score is enough.
  const relevant = (c: Candidate, share: number): boolean => (c.hits > 0 || c.fits || c.si === 0) && c.score >= top * share && (titled[c.si] ?? false);

  const { summary } = chooseBrief(ranked, all, u, titled, quoted);

  const cited = new Set<number>(summary.map((c) => c.si));
  const focus = new Set(summary.map((c) => c.chapter));
  // The two sections share one budget of words, so that the whole answer stays short.
  let wordsLeft = LIMITS.bodyWords;
  const pick = (pool: Candidate[], max: number, share: number, keep = 0): Candidate[] => {
    const out: Candidate[] = [];
    const passages = new Map<string, number>();
    // `keep` words stay for the next section (the steps after the rules).
    const fits = (c: Candidate): boolean => c.words <= wordsLeft - keep;
    // One place goes to the best sentence of a fiche not cited yet: a second fiche that adds a fact.
    const other = pool.find((c) => !cited.has(c.si) && c.hits > 0 && relevant(c, share) && !quoted.has(c) && fits(c));
    if (other) {
      wordsLeft -= other.words;
      out.push(other);
      quoted.add(other);
      passages.set(other.chapter, 1);
      cited.add(other.si);
    }
    for (const c of pool) {
      if (out.length >= max) break;
      if (!relevant(c, share) || quoted.has(c) || !fits(c)) continue;
      if (c.si > 0 && out.filter((o) => o.si > 0).length >= LIMITS.otherSourcesPerSection) continue;
      // One sentence per chapter of a fiche, so that the answer covers the fiche's different points; the
      // chapter « En bref » quotes is the person's, and gives more of its sentences. So does a primary
      // fiche without headings (a question-and-answer fiche), which is one chapter.
      const taken = passages.get(c.chapter) ?? 0;
      const wide = focus.has(c.chapter) || (c.si === 0 && c.path.length === 0);
      if (taken >= (wide ? LIMITS.focusSentences : 1)) continue;
      passages.set(c.chapter, taken + 1);
      out.push(c);
      quoted.add(c);
      cited.add(c.si);
      wordsLeft -= c.words;
    }
    return out.sort(byOrder);
  };
  // « Ce que dit la loi » quotes the fiche's rules: what must or may be done, and the figures that apply
  // (amounts, durations, a table's rows: « Parents vivants : 1 ; héritage des frères et sœurs : 3/4 »).
  const inLaw = (c: Candidate): boolean => {
    // A worked example with another person's figures is no rule.
    if (othersExample(c.unit, u.facts)) return false;
    const f = features(c.unit);
    if (f.normative || f.amount || f.duration || c.unit.sentence.includes(' ; ') || YOU_MAY_RE.test(c.unit.sentence)) return true;
    // The primary fiche also states its rules in the plain present (« C'est votre nouvel opérateur qui
    // effectuera la résiliation de votre ancien contrat »): such a sentence is quoted when it ranks high.
    return c.si === 0 && c.hits >= 2 && c.score >= top * LIMITS.statementShare;
  };
  const law = pick(ranked.filter(inLaw), LIMITS.lawSentences, LIMITS.relevantShare, LIMITS.stepsWords);
  const steps = pick(
    ranked.filter((c) => features(c.unit).procedure || features(c.unit).duration),
    LIMITS.stepSentences,
    LIMITS.stepsShare,
  );
  return { summary, law, steps };
}

function section(id: SectionId, text: string): AnswerSection {
  return { id, title: SECTION_TITLES[id], text: text.replace(/\n{3,}/gu, '\n\n').trim() };
}

function resourceUrl(r: LinkedResource, fiche: Fiche | undefined): string | undefined {
  if (r.url) return r.url;
  if (r.id && /^[RF]\d+$/u.test(r.id)) {
    const audience = /service-public\.fr\/(\w+)\//u.exec(fiche?.url ?? '')?.[1] ?? 'particuliers';
    return `https://www.service-public.fr/${audience}/vosdroits/${r.id}`;
  }
  return undefined;
}

function countHits(words: readonly TopicWord[], text: string): number {
  const stems = corpusStems(text);
  let n = 0;
  for (const w of words) if (wordPresent(w, stems)) n += 1;
  return n;
}

function prefileSection(u: Understanding, views: readonly SourceView[], openGroup: CaseGroup | undefined): string {
  const context = views.map((v) => `${v.source.title} ${(v.fiche?.themePath ?? []).join(' ')}`).join(' ');
  const topic = prefileTopic(u.question, context);
  const parts = [
    `À noter\u202f: les dates clés, les parties (${PARTIES[topic]}) et les sommes en jeu.`,
    `À rassembler\u202f: ${DOCUMENTS[topic]}.`,
  ];
  const primary = views[0];
  if (primary) {
    const resources = [...(primary.fiche?.services ?? [])]
      .filter((r) => countHits(u.words, r.title) > 0)
      .slice(0, LIMITS.resources)
      .map((r) => {
        const url = resourceUrl(r, primary.fiche);
        return `- ${r.type ? `${r.type}\u202f: ` : ''}${r.title}${url ? ` — ${url}` : ''} [${primary.source.n}]`;
      });
    if (resources.length > 0) parts.push(`Modèles et services en ligne\u202f:\n${resources.join('\n')}`);
  }
  const questions = [
    openGroup ? `Ma situation relève-t-elle du cas ${openGroup.kept.slice(0, 4).map((o) => `« ${o} »`).join(' ou du cas ')}\u202f?` : undefined,
    "Quels délais s'appliquent à ma situation, et depuis quand courent-ils\u202f?",
  ].filter((q): q is string => q !== undefined);
  parts.push(`À demander au professionnel\u202f: ${questions.join(' ')}`);
  return parts.join('\n\n');
}

function professionalSection(u: Understanding, views: readonly SourceView[], city: string | undefined): string {
  const sourceTexts = views.flatMap((v) => [...(v.fiche?.whereToGo ?? []).map((w) => w.title), ...v.source.passages.map((p) => p.text)]);
  const topicText = [u.question, ...views.slice(0, 1).map((v) => `${v.source.title} ${(v.fiche?.themePath ?? []).join(' ')}`)].join(' ');
  const pros = pickProfessionals(sourceTexts, topicText, LIMITS.professionals + 1, u.question);
  const lines = pros.map((p) => `- ${p.name.charAt(0).toUpperCase()}${p.name.slice(1)}\u202f: ${p.role}`);
  const where = city?.trim()
    ? `Trouver un professionnel à ${city.trim()} ou près de chez vous\u202f: /#professionnels`
    : 'Trouver un professionnel près de chez vous\u202f: /#professionnels';
  return `${lines.join('\n')}\n\n${where}`;
}

/**
 * The question and the buttons of a choice, in the fiche's words: options that share their first words
 * (« Logement vide » / « Logement meublé ») read « Logement : » with the buttons « vide » and « meublé »;
 * otherwise « Votre situation correspond à : » with the whole headings.
 */
export function choiceWording(headings: readonly string[], options: AnswerChoices['options']): AnswerChoices {
  const words = headings.map((h) => h.split(/\s+/u));
  let common = 0;
  while (words.every((w) => w.length > common + 1 && w[common]?.toLowerCase() === words[0]?.[common]?.toLowerCase())) common += 1;
  if (common === 0) return { question: 'Votre situation correspond à\u202f:', options: [...options] };
  const prefix = (words[0] ?? []).slice(0, common).join(' ');
  return {
    question: `${prefix}\u202f:`,
    options: options.map((o, i) => ({ ...o, label: (words[i] ?? []).slice(common).join(' ') })),
  };
}

/** The open case group that decides the answer: the one « En bref »'s sentence depends on. */
function decidingGroup(sel: Selection, all: readonly Candidate[]): CaseGroup | undefined {
  for (const c of sel.summary) {
    for (const { group, option } of c.open) {
      if (group.kept.length < 2 || group.kept.length > LIMITS.choiceOptions) continue;
      if (group.kept.some((o) => o.length > LIMITS.choiceLabel)) continue;
      // A choice between situations the person could tell (meublé / vide, CDD / CDI, an age band…) or
      // parallel wordings of one situation (« Compte actif » / « Compte inactif »); not between topics of
      // the fiche (« Plomberie » / « Électricité », « Délai » / « Coût »).
      const parallelOptions = group.prefix.length === 0 && group.kept.every((o) => group.kept.some((x) => x !== o && parallel(o, x)));
      if (!group.kept.some(isSituational) && !negationPair(group.kept) && !parallelOptions) continue;
      // The other options must have something to say too.
      const others = group.kept.filter((o) => o !== option);
      if (others.every((o) => all.some((x) => x.open.some((e) => e.group === group && e.option === o) && x.hits > 0))) return group;
    }
  }
  return undefined;
}

function compose(question: string, sources: RetrievedSource[], fiches: (id: string) => Fiche | undefined, opts: ComposeExtractiveOptions, u: Understanding, work: ComposeWork): ExtractiveAnswer {
  const forced = opts.forced ?? new Map<string, string>();
  const views = sourceViews(sources, fiches, u, forced, work);
  const all = candidates(views, u, work);
  const titled = views.map((v) => titledForQuestion(v, work.matcher));
  let sel = select(all, u, titled);
  const group = opts.noChoices ? undefined : decidingGroup(sel, all);

  let summaryText = sel.summary.map((c) => quote(c)).join('\n\n');
  let choices: AnswerChoices | undefined;
  if (group) {
    const options = group.kept.map((option) => {
      const answer = compose(question, sources, fiches, { ...opts, forced: new Map([...forced, [caseGroupKey(group), option]]), noChoices: true }, u, work);
      return { label: option, sections: answer.sections };
    });
    const leads = options.map((o) => (o.sections[0]?.text.split('\n\n')[0] ?? '').replace(/\s*\[\d+\]$/u, ''));
    // A choice is offered only when the options answer differently.
    if (new Set(leads).size === options.length) {
      choices = choiceWording(group.kept, options);
      // The rules and steps of the first answer do not repeat what « En bref » now quotes for each option.
      const leadKeys = new Set(leads.map((l) => normalizeText(squeeze(l.replace(/^(?:Pour [^:]{1,160}\u202f: |Si [^,:]{1,160}[,:] )+/u, '').replace(/^- /gmu, '')))));
      // Each option's own rules are in its answer; the rules and steps shown before a choice is made are
      // those that hold whatever the person answers.
      const common = all.filter((c) => !c.open.some((o) => o.group === group));
      sel = { ...select(common, u, titled, common.filter((c) => c.keys.some((k) => [...leadKeys].some((l) => l.includes(k))))), summary: sel.summary };
      const perOption = options.length <= 3 ? options.map((o, i) => joinConditions(condition(group.kept[i] ?? o.label), o.sections[0]?.text.split('\n\n')[0] ?? leads[i] ?? '')) : [summaryText];
      summaryText = `La réponse dépend de votre situation\u202f: ${group.kept.map((o) => `« ${o} »`).join(' ou ')}\u202f? Choisissez-la ci-dessous.\n\n${perOption.join('\n\n')}`;
    }
  }
  if (!choices) {
    const figure = personFigure(u, work, sel.summary.map((c) => unitText(c.unit)).join(' '));
    if (figure) summaryText = `${summaryText}\n\n${figure}`;
  }
  const lawText = sel.law.map((c) => quote(c)).join('\n\n') || 'Les règles applicables figurent dans « En bref » ci-dessus et dans les sources.';
  const stepsText =
    sel.steps.map((c) => quote(c)).join('\n\n') ||
    "Les sources ne fixent pas d'autre démarche ni d'autre délai pour cette situation\u202f: faites vérifier les délais par un professionnel avant d'agir.";
  const sections = [
    section('summary', summaryText),
    section('law', lawText),
    section('steps', stepsText),
    section('prefile', prefileSection(u, views, group)),
    section('professional', professionalSection(u, views, opts.city)),
  ];
  return choices ? { sections, choices } : { sections };
}

/** Composes the five sections (and the choices of a case left open). Deterministic: same inputs, same output. */
export function composeExtractive(
  question: string,
  sources: RetrievedSource[],
  fiches: (id: string) => Fiche | undefined,
  opts: ComposeExtractiveOptions = {},
): ExtractiveAnswer {
  const u = opts.understanding ?? understand(question);
  return compose(question, sources, fiches, opts, u, newWork(u));
}

/** What the composer's choice rests on, for `npm run explain` (answers/explain/explain.ts). */
export interface ExtractiveExplanation {
  /** The quotable candidates, best score first. */
  candidates: { source: number; text: string; path: readonly string[]; fits: boolean; open: string[]; parts: ScoreParts; score: number }[];
  /** « En bref »'s sentences as quoted, each with why it is there. */
  brief: { text: string; reason: string }[];
}

/** The candidates and the choice of « En bref » for a question, without the rest of the answer. */
export function explainExtractive(question: string, sources: RetrievedSource[], fiches: (id: string) => Fiche | undefined, opts: Pick<ComposeExtractiveOptions, 'understanding'> = {}): ExtractiveExplanation {
  const u = opts.understanding ?? understand(question);
  const work = newWork(u);
  const views = sourceViews(sources, fiches, u, new Map(), work);
  const all = candidates(views, u, work);
  const titled = views.map((v) => titledForQuestion(v, work.matcher));
  const ranked = [...all].filter(quotable).sort(byScore);
  const brief = chooseBrief(ranked, all, u, titled, new Quoted());
  return {
    candidates: ranked.map((c) => ({ source: c.source.n, text: unitText(c.unit), path: c.path, fits: c.fits, open: c.open.map((o) => o.option), parts: c.parts, score: c.score })),
    brief: brief.summary.map((c, i) => ({ text: quote(c), reason: brief.reasons[i] ?? '' })),
  };
}
