/**
 * One heading (or a sentence's own condition) against the person's facts: its categories (category-cues.ts),
 * a range it states (« moins de 20 km/h », « entre 6 mois et 2 ans ») tested against the figures, presence
 * or absence, ownership, age — `factVerdict`: fit, conflict or neutral. Each heading's text is read once.
 */
import { normalizeText } from '../../../../common/french-text';
import { Lru } from '../../../../common/lru';
import { extractFacts, HALF_TIME_HOURS, speedExcess, type QuestionFacts } from '../question/facts';
import { sameThing } from '../question/topic-words';
import { CATEGORY_CUES } from './category-cues';

/** A heading's verdict for the question: it fits, it conflicts with a fact, or nothing says. */
export type HeadingVerdict = 'fit' | 'conflict' | 'neutral';

/** A range read from a heading: « moins de 20 km/h », « entre 6 mois et 2 ans », « 65 ans ou plus ». */
export interface HeadingRange {
  unit: 'an' | 'mois' | 'semaine' | 'jour' | 'heure' | 'kmh' | 'km' | 'm2' | 'euro' | 'enfant' | 'pourcent' | 'annee';
  min?: number;
  max?: number;
  /** The bounds are inclusive (« au moins », « jusqu'à ») or not (« moins de », « plus de »). */
  minInclusive: boolean;
  maxInclusive: boolean;
}

export const N = '(\\d+(?:[ .]\\d{3})*(?:,\\d+)?)';

export const U = '(ans?|annees?|mois|semaines?|jours?|heures?|km/h|km|m²|m2|€|euros?|enfants?|%)';

export const unitOf = (raw: string): HeadingRange['unit'] | undefined => {
  if (/^(an|annee)/u.test(raw)) return 'an';
  if (raw === 'mois') return 'mois';
  if (/^semaine/u.test(raw)) return 'semaine';
  if (/^jour/u.test(raw)) return 'jour';
  if (/^heure/u.test(raw)) return 'heure';
  if (raw === 'km/h') return 'kmh';
  if (raw === 'km') return 'km';
  if (raw === 'm²' || raw === 'm2') return 'm2';
  if (raw === '€' || /^euro/u.test(raw)) return 'euro';
  if (/^enfant/u.test(raw)) return 'enfant';
  if (raw === '%') return 'pourcent';
  return undefined;
};

export const num = (raw: string): number => Number(raw.replace(/[ .]/gu, '').replace(',', '.'));

/** `minUnitRaw`: the lower bound's own unit when the range names two (« entre 10 jours et 2 mois »). */
export const RANGE_PATTERNS: readonly { re: RegExp; make: (m: RegExpExecArray) => Omit<HeadingRange, 'unit'> & { unitRaw: string; minUnitRaw?: string } }[] = [
  { re: new RegExp(`(?:≥|⩾|>=) (?:a )?${N} (?:${U} )?et (?:<|inferieur(?:e|s|es)? a) ${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), max: num(m[3] ?? ''), minInclusive: true, maxInclusive: false, unitRaw: m[4] ?? m[2] ?? '', ...(m[2] ? { minUnitRaw: m[2] } : {}) }) },
  { re: new RegExp(`(?:≤|<=) (?:a )?${N} ${U}`, 'u'), make: (m) => ({ max: num(m[1] ?? ''), minInclusive: false, maxInclusive: true, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`(?:≥|⩾|>=) (?:a )?${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), minInclusive: true, maxInclusive: false, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`< ${N} ${U}`, 'u'), make: (m) => ({ max: num(m[1] ?? ''), minInclusive: false, maxInclusive: false, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`entre ${N} (?:${U} )?et ${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), max: num(m[3] ?? ''), minInclusive: true, maxInclusive: true, unitRaw: m[4] ?? m[2] ?? '', ...(m[2] ? { minUnitRaw: m[2] } : {}) }) },
  { re: new RegExp(`de ${N} (?:${U} )?a ${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), max: num(m[3] ?? ''), minInclusive: true, maxInclusive: true, unitRaw: m[4] ?? m[2] ?? '', ...(m[2] ? { minUnitRaw: m[2] } : {}) }) },
  { re: new RegExp(`(?:au moins|a partir de|minimum|des) ${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), minInclusive: true, maxInclusive: false, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`${N} ${U} (?:ou moins|au plus|maximum)`, 'u'), make: (m) => ({ max: num(m[1] ?? ''), minInclusive: false, maxInclusive: true, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`${N} ${U} (?:ou plus|et plus|minimum)`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), minInclusive: true, maxInclusive: false, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`(?:plus de|superieur(?:e|s|es)? a|au-dela de|apres|depasse) ${N} ${U}`, 'u'), make: (m) => ({ min: num(m[1] ?? ''), minInclusive: false, maxInclusive: false, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`(?:jusqu'a|au plus|maximum|au maximum|inferieur(?:e|s|es)? ou egal(?:e|s|es)? a) ${N} ${U}`, 'u'), make: (m) => ({ max: num(m[1] ?? ''), minInclusive: false, maxInclusive: true, unitRaw: m[2] ?? '' }) },
  { re: new RegExp(`(?:moins de|inferieur(?:e|s|es)? a|avant|pas encore) ${N} ${U}`, 'u'), make: (m) => ({ max: num(m[1] ?? ''), minInclusive: false, maxInclusive: false, unitRaw: m[2] ?? '' }) },
];

/** « depuis le 27 mars 2014 », « avant le 1er juin 2001 », « après 2015 »: a range of years (the boundary year itself decides nothing). */
export const DATE_RANGE_RE = /\b(depuis|a partir|apres|avant|jusqu'au?)\b[^.;]{0,25}?\b((?:19|20)\d\d)\b/u;

export function dateRange(t: string): HeadingRange | undefined {
  const m = DATE_RANGE_RE.exec(t);
  if (!m) return undefined;
  const year = Number(m[2]);
  const after = m[1] === 'depuis' || m[1] === 'a partir' || m[1] === 'apres';
  return after ? { unit: 'annee', min: year, minInclusive: false, maxInclusive: false } : { unit: 'annee', max: year, minInclusive: false, maxInclusive: false };
}

/** The range a heading states, if any (first match). */
export function headingRange(title: string): HeadingRange | undefined {
  // « moins d'1 mois », « plus d'1 an » read as « moins de 1 mois », « 70 000€ » as « 70 000 € », and
  // « après la 1re année » as « après 1 an ».
  const t = normalizeText(title)
    .replace(/['’]/gu, "'")
    .replace(/\bd'(?=\d)/gu, 'de ')
    .replace(/(\d)(€|%)/gu, '$1 $2')
    .replace(/\b(?:la|le) (\d+)(?:re|ere|er|eme|e) (an|annee)\b/gu, '$1 an');
  const dates = dateRange(t);
  if (dates) return dates;
  for (const p of RANGE_PATTERNS) {
    const m = p.re.exec(t);
    if (!m) continue;
    const { unitRaw, minUnitRaw, ...rest } = p.make(m);
    const unit = unitOf(unitRaw);
    if (!unit) continue;
    // « entre 10 jours et 2 mois »: the lower bound in the upper bound's unit (1/3 of a month).
    const minUnit = minUnitRaw ? unitOf(minUnitRaw) : undefined;
    const from = minUnit ? DAYS_PER[minUnit] : undefined;
    const to = DAYS_PER[unit];
    if (rest.min !== undefined && minUnit && minUnit !== unit) {
      if (from === undefined || to === undefined) continue;
      rest.min = (rest.min * from) / to;
    }
    return { unit, ...rest };
  }
  return undefined;
}

export function inRange(v: number, r: HeadingRange): boolean {
  if (Number.isNaN(v)) return false;
  if (r.min !== undefined && (r.minInclusive ? v < r.min : v <= r.min)) return false;
  if (r.max !== undefined && (r.maxInclusive ? v > r.max : v >= r.max)) return false;
  return true;
}

export const DAYS_PER: Partial<Record<HeadingRange['unit'], number>> = { an: 365, mois: 30, semaine: 7, jour: 1, heure: 1 / 24 };

export const AGE_CONTEXT_RE = /\bage|\bne\b|\bnee\b|\benfant|\bmineur|\bmajeur|\bjeune|locataire a|\bvous avez\b|\bil a\b|\belle a\b|\b(?:a|ont|avez) (?:moins|plus|au moins) de \d|\b(?:a|ont|avez) entre \d/u;

export const SENIORITY_CONTEXT_RE = /anciennete|presence|travail|service|mariage|duree|depuis|contrat|bail|achat|apres l'|vie commune|\bdate de (?:moins|plus)\b/u;

/**
 * A heading that states the time between two events (« Moins de 2 ans après l'achat », « Vous constatez un
 * défaut plus de 6 mois après la livraison », « Dans les 3 mois suivant la fin du stage »): a duration
 * before « après », « avant », « suivant » or « précédant ». It is tested against the durations the
 * question counts and the times between the dates it gives (`QuestionFacts.intervals`), never against an
 * age.
 */
export const EVENT_SPAN_RE = /\b\d+(?:,\d+)? (?:ans?|annees?|mois|semaines?|jours?) (?:apres|avant|suivant|precedant)\b/u;

/** A range of ages below 18 (« moins de 18 ans », « entre 16 et 18 ans »): the case of a minor. */
export function isMinorAge(r: HeadingRange, h: HeadingText): boolean {
  const t = h.normalized;
  return r.unit === 'an' && r.max !== undefined && r.max <= 18 && AGE_CONTEXT_RE.test(t) && !SENIORITY_CONTEXT_RE.test(t);
}

/** The question's values that a heading range in this unit can be tested against. */
export function valuesFor(r: HeadingRange, h: HeadingText, facts: QuestionFacts): number[] {
  const t = h.normalized;
  switch (r.unit) {
    case 'kmh': {
      const excess = speedExcess(facts);
      // At or under the limit there is no excess: no range of excess is the person's (« moins de 20 km/h »
      // is an excess of 1 to 19 km/h).
      if (/exces|depassement/u.test(t)) return excess === undefined ? [] : [excess > 0 ? excess : Number.NaN];
      return facts.speed !== undefined ? [facts.speed] : [];
    }
    case 'km':
      return facts.distances.map((m) => m / 1000);
    case 'm2':
      return facts.areas;
    case 'euro':
      return facts.amounts;
    case 'enfant':
      return facts.children !== undefined ? [facts.children] : [];
    case 'pourcent':
      return facts.percents;
    case 'annee':
      return facts.years;
    default: {
      const perUnit = DAYS_PER[r.unit] ?? 1;
      // A heading that names what it measures (« Si l'arrêt de travail est supérieur à 3 mois ») is tested
      // against the durations of that thing in the question (« mis en arrêt 10 jours »), not against the
      // others (« en CDI depuis 8 mois »), when the question ties one to it.
      const headingWords = new Set(t.split(/[^a-z0-9-]+/u));
      const eventSpan = EVENT_SPAN_RE.test(t);
      const told = eventSpan ? [...facts.durations, ...facts.intervals] : facts.durations;
      const named = told.filter((d) => d.about.some((w) => headingWords.has(w)));
      const durations = (named.length > 0 ? named : told).map((d) => d.days / perUnit);
      const ages = r.unit === 'an' ? [...(facts.age !== undefined ? [facts.age] : []), ...facts.otherAges] : [];
      if (r.unit !== 'an' || eventSpan) return durations;
      if (AGE_CONTEXT_RE.test(t) && !SENIORITY_CONTEXT_RE.test(t)) return ages;
      if (SENIORITY_CONTEXT_RE.test(t)) return durations;
      return ages.length > 0 ? ages : durations;
    }
  }
}

/**
 * Whether a heading names a situation the person's facts can settle (a kind of housing, of contract, of
 * couple, a place, a way of buying, or a range of age, duration, speed, amount or date), rather than a
 * topic of the fiche (« Plomberie », « Parties extérieures »).
 */
export function isSituational(title: string): boolean {
  return headingText(title).situational;
}

/**
 * Options that are one situation and its negation (« État des lieux conforme » / « État des lieux non
 * conforme », « Avec enfant » / « Sans enfant »): a situation the person can tell, not two chapters.
 */
export function negationPair(options: readonly string[]): boolean {
  if (options.length !== 2) return false;
  const strip = (t: string): string => normalizeText(t).replace(/\b(?:non|pas de|pas d'|sans|avec|aucun|aucune)\b[- ]?/gu, '').replace(/\s+/gu, ' ').trim();
  const [a, b] = options as [string, string];
  return a !== b && strip(a) === strip(b) && strip(a).length > 0;
}

export const ABSENCE_HEADING_RE = /^(?:en l'absence d(?:e |'|u |es )|(?:en cas de )?(?:a )?defaut d(?:e |'|u |es )|sans |pas d(?:e |')|aucune? )(?:l'|la |le |les |un |une )?(.+)$/u;

export const PRESENCE_HEADING_RE = /^(?:en presence d(?:e |'|u |es )|avec |existence d(?:e |'|u |es ))(?:l'|la |le |les |un |une )?(.+)$/u;

export const CLAUSE_RE = /^(?:si|quand|lorsque|lorsqu'|en cas d(?:e |'|u ))\s?(.{3,160})$/u;

export const NEGATED_RE = /\b(?:n'|ne|sans|absence|defaut|aucune?|pas)\b/u;

/** A word of a heading names the missing thing: same word or stem, the same first 6 letters (« testament » / « testaments »), or its fiche wording (« rappel » / « information »). */
export const namesThing = (rest: string, thing: string): boolean =>
  rest.split(/[^a-z-]+/u).some((w) => w === thing || (w.length >= 6 && thing.length >= 6 && w.slice(0, 6) === thing.slice(0, 6)) || (w.length >= 4 && sameThing(w, thing)));

/**
 * A heading about the presence or absence of something the question says is missing: « En l'absence de
 * testament » fits « mort sans testament », « En présence d'un testament » does not.
 */
export function presenceOf(t: string, absent: readonly string[]): 'absent' | 'present' | undefined {
  if (absent.length === 0) return undefined;
  const a = ABSENCE_HEADING_RE.exec(t);
  if (a && absent.some((x) => namesThing(a[1] ?? '', x))) return 'absent';
  const p = PRESENCE_HEADING_RE.exec(t);
  if (p && absent.some((x) => namesThing(p[1] ?? '', x))) return 'present';
  // A condition clause (« Quand le défunt a fait un testament, », « Si le défunt n'a pas fait de
  // testament, »): it names the thing, negated or not.
  const clause = CLAUSE_RE.exec(t);
  if (clause && absent.some((x) => namesThing(clause[1] ?? '', x))) return NEGATED_RE.test(clause[1] ?? '') ? 'absent' : 'present';
  return undefined;
}

/**
 * A heading in the reader's person about having or being something (« Vous avez le permis », « Vous
 * n'avez pas le permis », « Vous n'êtes pas retraité(e) »): the thing, and whether the heading denies it.
 * An affirmative heading counts only when it names the thing alone (« Vous avez un passeport valide » is
 * told apart from « … périmé » by its other words, not by the passport).
 */
export const YOU_HAVE_NOT_RE = /^vous n'(?:avez|etes) (?:pas|plus|jamais) (?:de |d'|du |des |le |la |les |l'|un |une )?([a-z][a-z-]+)/u;

export const YOU_HAVE_RE = /^vous (?:avez|etes) (?:de |d'|du |des |le |la |les |l'|un |une )?([a-z][a-z-]+)(?:\s?\([a-z]+\))?$/u;

export function ownership(t: string, facts: QuestionFacts): 'fit' | 'conflict' | undefined {
  const neg = YOU_HAVE_NOT_RE.exec(t);
  const pos = neg ? null : YOU_HAVE_RE.exec(t);
  const thing = neg?.[1] ?? pos?.[1];
  if (thing === undefined) return undefined;
  const held = facts.held.some((x) => namesThing(thing, x));
  const missing = facts.absent.some((x) => namesThing(thing, x));
  if (held === missing) return undefined;
  return held === Boolean(pos) ? 'fit' : 'conflict';
}

/** A threshold of half-time work in a heading: below it (group 1) or at least it (group 2). */
export const HALF_TIME_RE = /(moins (?:qu'un|d'un) |inferieure? a (?:un )?)mi-temps|(au moins (?:un|a) |superieure? ou egale? a (?:un )?)mi-temps/u;

/** A person under 18 or of age, named by the word (« Pour un mineur », « Victime majeure »), not a thing (« défaillance majeure », « force majeure »). */
export const MINOR_WORD_RE = /\bmineurs?\b|\b(?:personne|victime|fille|jeune|salariee|volontaire|detenue|heritiere|etudiante|mere|femme|enfant|une|est|etes)s? mineures?\b/u;

export const MAJOR_WORD_RE = /\bmajeurs?\b|\b(?:personne|victime|fille|jeune|salariee|volontaire|detenue|heritiere|etudiante|mere|femme|enfant|une|est|etes)s? majeures?\b/u;

/** The heading is about a minor or about an adult (neither when it names both); `t` is normalised. */
export function legalAge(t: string): 'mineur' | 'majeur' | undefined {
  const minor = MINOR_WORD_RE.test(t);
  const major = MAJOR_WORD_RE.test(t);
  if (minor === major) return undefined;
  return minor ? 'mineur' : 'majeur';
}

/**
 * What a heading (or a sentence's condition) says whatever the question, read once: the same headings
 * come back in every answer on a fiche, and each is tested against the facts many times per answer
 * (retrieval, the composer, each option of a choice). Only read, never modified.
 */
export interface HeadingText {
  /** `normalizeText` of the heading. */
  normalized: string;
  /** The same with its apostrophes straight (the cues' wording). */
  text: string;
  /** For each of CATEGORY_CUES (same index), the values the heading names. */
  named: readonly (readonly string[])[];
  /** « moins qu'un mi-temps » (true), « au moins un mi-temps » (false), or no half-time threshold. */
  belowHalfTime: boolean | undefined;
  legalAge: 'mineur' | 'majeur' | undefined;
  range: Readonly<HeadingRange> | undefined;
  /** See `isSituational`. */
  situational: boolean;
}

export function readHeading(title: string): HeadingText {
  const normalized = normalizeText(title);
  const text = normalized.replace(/['’]/gu, "'");
  const named = CATEGORY_CUES.map((cat) => Object.entries(cat.values).flatMap(([value, re]) => (re.test(text) ? [value] : [])));
  const half = HALF_TIME_RE.exec(text);
  const found = headingRange(title);
  const range = found ? Object.freeze(found) : undefined;
  return {
    normalized,
    text,
    named,
    belowHalfTime: half ? half[1] !== undefined : undefined,
    legalAge: legalAge(text),
    range,
    situational: range !== undefined || named.some((values) => values.length > 0),
  };
}

export const headingTexts = new Lru<string, HeadingText>(20_000);

export const headingText = (title: string): HeadingText => headingTexts.memo(title, readHeading);

/**
 * What a question that says nothing is taken to be (`extractFacts('')`): living in France, French, an adult,
 * a child living with the parent who asks. These settle cases (the rules abroad are another person's) but
 * are not the person's own words.
 */
const ASSUMED = extractFacts('');

/** How a heading stands against the facts (categories, half-time work, the things the question says are missing, minor or of age, ranges). */
export function factVerdict(title: string, facts: QuestionFacts): HeadingVerdict {
  return verdict(title, facts, false);
}

/**
 * The same verdict, where only what the person stated makes a fit: a heading that fits only what a silent
 * question is assumed to be (« En France », « Vous êtes français », « Vous êtes majeur » without an age
 * told) is 'neutral'. A conflict is one either way. A person who says what is assumed (« je vis en France »)
 * is not told apart from a silent one.
 */
export function statedVerdict(title: string, facts: QuestionFacts): HeadingVerdict {
  return verdict(title, facts, true);
}

function verdict(title: string, facts: QuestionFacts, statedOnly: boolean): HeadingVerdict {
  const h = headingText(title);
  const t = h.text;
  let fit = false;
  for (let i = 0; i < CATEGORY_CUES.length; i++) {
    const cue = CATEGORY_CUES[i];
    const value = cue?.fact(facts);
    if (value === undefined) continue;
    // The values the heading names (none: the category says nothing here); the person's among them, or a conflict.
    const named = h.named[i] ?? [];
    if (named.length === 0) continue;
    if (!named.includes(String(value))) return 'conflict';
    if (!statedOnly || cue?.fact(ASSUMED) !== value) fit = true;
  }
  // « moins qu'un mi-temps », « au moins un mi-temps »: the person's hours a week against half of 35.
  if (h.belowHalfTime !== undefined && facts.weeklyHours !== undefined) {
    if (h.belowHalfTime === facts.weeklyHours < HALF_TIME_HOURS) fit = true;
    else return 'conflict';
  }
  const presence = presenceOf(t, facts.absent);
  if (presence === 'absent') fit = true;
  else if (presence === 'present') return 'conflict';
  const owned = ownership(t, facts);
  if (owned === 'conflict') return 'conflict';
  if (owned === 'fit') fit = true;
  const ofAge = h.legalAge;
  if (ofAge !== undefined) {
    const ages = [...(facts.age !== undefined ? [facts.age] : []), ...facts.otherAges];
    if (ages.length > 0) {
      if (ages.some((a) => (a >= 18) === (ofAge === 'majeur'))) fit = true;
      else return 'conflict';
    } else if (facts.adult) {
      // No age told and no minor named: the person is taken for an adult, as a silent question is.
      if (ofAge !== 'majeur') return 'conflict';
      if (!statedOnly) fit = true;
    }
  }
  const range = h.range;
  if (range) {
    const values = valuesFor(range, h, facts);
    if (values.length > 0) {
      if (values.some((v) => inRange(v, range))) fit = true;
      else return 'conflict';
    } else if (facts.adult && isMinorAge(range, h)) return 'conflict';
  }
  return fit ? 'fit' : 'neutral';
}
