/**
 * What a sentence of a fiche says, read from its words: a rule, a duration, an amount, a step; its own
 * condition; whether it depends on the sentence before or states an exception; whether it is an example.
 * Each unit's features are computed once (the same fiches recur in every answer).
 */
import { normalizeText, passageUnits, squeeze, type Unit } from '../../../../common/french-text';
import { Lru } from '../../../../common/lru';
import { findArticleMentions } from '../citations/articles';
import { extractFacts, type QuestionFacts } from '../question/facts';
import type { QuestionKind } from '../question/kind';
import { corpusStems } from '../question/topic-words';

/*
 * JavaScript's \b knows only ASCII letters (« à la charge », « obligé » would never match), so the
 * patterns below mark word edges with Unicode lookarounds.
 */

/** Rules: obligations, rights, bans. */
export const NORMATIVE_RE =
  /(?<![\p{L}\p{N}])(?:doit|doivent|peut|peuvent|ne peut|ne peuvent|a le droit|ont le droit|est tenu|sont tenus|interdit|interdite|obligatoire|oblig[ée]e?s?|est puni|sont punis|encourt|ne sont pas|n'est pas|est nul|sont dus|est due?s?|a droit|ont droit|dispose d'un délai|bénéficie|illégale?|gratuite?|à la charge)(?![\p{L}\p{N}])/iu;

/** What the reader may or must do, in the fiches' second person. */
export const YOU_MAY_RE = /(?<![\p{L}\p{N}])vous (?:pouvez|devez|avez le droit|êtes tenu|n'avez pas à|ne pouvez pas|ne devez pas)(?![\p{L}\p{N}])/iu;

/** Durations and deadlines. */
export const DURATION_RE = /(?<![\p{L}\p{N}])(?:\d+|un|une|deux|trois|quatre|cinq|six|huit|dix|quinze)\s(?:jours?|mois|ans?|années?|semaines?|heures?|minutes?)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:délai|préavis|prescription|au plus tard|à compter|avant le|dans le mois)(?![\p{L}\p{N}])/iu;

/** Amounts and rates. */
export const AMOUNT_RE = /\d\s?(?:€|euros?(?![\p{L}\p{N}])|%)|(?<![\p{L}\p{N}])(?:montant|taux|plafond|barème)(?![\p{L}\p{N}])/iu;

/** What to do: letters, claims, courts, mediation. */
export const PROCEDURE_RE =
  /(?<![\p{L}\p{N}])(?:lettre recommandée|mettre en demeure|mise en demeure|saisir|saisine|demander|faire une demande|formulaire|déclaration|déclarer|plainte|conciliat\w*|médiat\w*|tribunal|juge|commission|contester|contestation|envoyer|adresser|démarche|réclamation|signaler|constat|procédure|requête|homologation|s'inscrire|inscription|en ligne)(?![\p{L}\p{N}])/iu;

/** Sentences that only make sense after the one before. */
export const DEPENDENT_RE =
  /^(?:Ce |Cet |Cette |Ces |Celui-ci|Celle-ci|Ceux-ci|Celles-ci|Dans ce cas|Dans ces cas|Dans les \d+ cas|Dans cette situation|Dans tous les cas|Il |Elle |Ils |Elles |Cela |Ceci |Sinon|De même|Également|Par ailleurs|En outre|En effet|Pour cela|[AÀ] défaut|Si tel est le cas|Si ce n'est pas le cas|Dans le cas contraire|Son |Sa |Ses |Leur |Leurs |Mais |Par conséquent|En conséquence|Ainsi,|Dès lors|[AÀ] ce titre|[AÀ] l'issue de ce|Passé ce délai|Au-delà de ce)/u;

/** An age group as the subject of a rule (« Le mineur… », « L'enfant de moins de 10 ans… »). */
export const AGE_SUBJECT_RE = /^(?:Le |Un |Les |Des |L'|L’|Tout )(?:(?:salarié|jeune|travailleur|enfant)s? )?(?:mineure?s?|majeure?s?|(?:âgée?s? )?de (?:moins|plus) de \d+ ans)(?![\p{L}\p{N}])/u;

/**
 * The condition a sentence states for itself: « Si …, », « Pour …, », a table row's « … : », or an
 * age group as its subject.
 */
function sentenceConditionOf(sentence: string): string | undefined {
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
function trailingConditionOf(sentence: string): string | undefined {
  return /, ((?:(?:si|lorsque|quand) |lorsqu['’]|s['’]ils? )[^,;:]{3,120})\.$/u.exec(sentence)?.[1];
}

/**
 * A sentence that names something of the sentence before (« avant l'expiration de ce délai », « dans ces
 * conditions ») depends on it wherever the reference stands.
 */
export const BACK_REFERENCE_RE =
  /(?<![\p{L}\p{N}])(?:ce|cet|cette|ces) (?:délais?|date|dates|montants?|sommes?|période|durée|plafonds?|taux|cas|conditions?|règles?|démarches?|procédures?|situations?|indemnités?|primes?|aides?|allocations?|documents?|formalités?|obligations?|droits?|sanctions?)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:celui-ci|celle-ci|ceux-ci|celles-ci|ci-dessus)(?![\p{L}\p{N}])/gu;

/**
 * A sentence that names something of the one before it (« Ce délai… », « Il peut… », « … de ce droit »).
 * « ce droit » whose noun the sentence itself named before (« Si l'un des parents bénéficie d'un droit de
 * visite … et si l'autre l'empêche d'exercer ce droit, … ») refers to its own words.
 */
function refersBackOf(sentence: string): boolean {
  if (DEPENDENT_RE.test(sentence)) return true;
  for (const m of sentence.matchAll(BACK_REFERENCE_RE)) {
    const noun = /\S+$/u.exec(m[0])?.[0].replace(/s$/u, '') ?? '';
    const before = sentence.slice(0, m.index ?? 0).toLowerCase();
    if (!(noun.length >= 3 && before.includes(noun.toLowerCase()))) return true;
  }
  return false;
}

/** A sentence that needs the one before it: it refers back to it, or qualifies it (« Toutefois, … »). */
export function isDependent(sentence: string): boolean {
  return refersBack(sentence) || EXCEPTION_RE.test(sentence);
}

/** The first column's heading of a table row read as a sentence (« Dommage subi par la victime : … ; … »). */
function tableColumnOf(sentence: string): string | undefined {
  if (!sentence.includes(' ; ')) return undefined;
  const m = /^([^:;]{3,80}) : /u.exec(sentence);
  return m ? m[1] : undefined;
}

/** A table row's first cell (« Infraction : stationnement très gênant : sur une piste cyclable… »), which names its case. */
export function rowCase(sentence: string): string | undefined {
  return tableColumn(sentence) === undefined ? undefined : sentence.split(' ; ')[0];
}

/** Sentences that exclude cases from a rule (« Le droit de rétractation ne s'applique pas aux achats suivants : »). */
export const EXCLUSION_RE = /(?<![\p{L}\p{N}])(?:ne s'applique pas|ne s’applique pas|ne peut pas être exercé|ne peuvent pas être exercé|à l'exception|à l’exception|sont exclus|est exclu|ne concerne pas|pas de droit de|n'est pas possible|n’est pas possible)(?![\p{L}\p{N}])/iu;

/** Sentences that state the exception of the rule before them. */
export const EXCEPTION_RE = /^(?:Toutefois|Cependant|Néanmoins|En revanche|Par exception|Par dérogation|Sauf |Mais |Ce délai ne s'applique pas|Cette règle ne s'applique pas|Il existe des exceptions)/u;

export const unitsCache = new Lru<string, readonly Unit[]>(5_000);

export const cachedUnits = (text: string): readonly Unit[] => unitsCache.memo(text, passageUnits);

export interface UnitFeatures {
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

export const unitFeatures = new WeakMap<Unit, UnitFeatures>();

export function unitText(u: Unit): string {
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

export function features(u: Unit): UnitFeatures {
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

/** An example illustrates a rule with another person's figures (« Par exemple, si 200 € ont été dépensés… »). */
export function isExample(sentence: string): boolean {
  return /^(?:Exemple|Par exemple)(?![\p{L}\p{N}])/u.test(sentence);
}

/** A sentence of a worked example, or one that opens it. */
export function exampleUnit(u: Unit): boolean {
  return u.example === true || isExample(u.sentence);
}

/**
 * An example that is not the person's: none of its amounts is one they gave (« une personne seule […]
 * avec un salaire de 1300 € net » is the computation of someone who earns 1 300 € and lives alone).
 */
export function othersExample(u: Unit, facts: QuestionFacts): boolean {
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

export function kindMatches(kind: QuestionKind, f: UnitFeatures): boolean {
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

const sentenceConditionCache = new Lru<string, { v: string | undefined }>(20_000);
/** `sentenceConditionOf`, read once per sentence (the same fiches' sentences recur in every answer). */
export function sentenceCondition(sentence: string): string | undefined {
  return sentenceConditionCache.memo(sentence, (x) => ({ v: sentenceConditionOf(x) })).v;
}

const trailingConditionCache = new Lru<string, { v: string | undefined }>(20_000);
/** `trailingConditionOf`, read once per sentence (the same fiches' sentences recur in every answer). */
export function trailingCondition(sentence: string): string | undefined {
  return trailingConditionCache.memo(sentence, (x) => ({ v: trailingConditionOf(x) })).v;
}

const refersBackCache = new Lru<string, { v: boolean }>(20_000);
/** `refersBackOf`, read once per sentence (the same fiches' sentences recur in every answer). */
export function refersBack(sentence: string): boolean {
  return refersBackCache.memo(sentence, (x) => ({ v: refersBackOf(x) })).v;
}

const tableColumnCache = new Lru<string, { v: string | undefined }>(20_000);
/** `tableColumnOf`, read once per sentence (the same fiches' sentences recur in every answer). */
export function tableColumn(sentence: string): string | undefined {
  return tableColumnCache.memo(sentence, (x) => ({ v: tableColumnOf(x) })).v;
}
