/**
 * The person's case, from the fiche's own structure. A fiche splits its rules into labelled situations:
 * its passages live under paths of headings (« Logement vide › Congé pour vendre › Délais de préavis »),
 * and sibling headings that are parallel (« Logement vide » / « Logement meublé », « Avant 53 ans » /
 * « À partir de 53 ans », « CDI » / « CDD ») are cases. Each group of parallel cases is matched against
 * the question:
 * - the person's facts (`question/facts.ts`): categorical (meublé, CDD, pacsé, achat à distance…) and
 *   numeric (a heading's range « moins de 20 km/h », « entre 6 mois et 2 ans », « plus de 65 ans » tested
 *   against the question's figures);
 * - the question's own words, when only one sibling names them (« reprise » in « Congé pour reprise »).
 * A group is settled when one or more siblings fit (the others are dropped), or when all but one
 * conflict; otherwise it stays open, and the composer may offer its options as choices.
 */
import { normalizeText } from '../../../../common/french-text';
import { Lru } from '../../../../common/lru';
import { HALF_TIME_HOURS, speedExcess, type QuestionFacts } from '../question/facts';
import { corpusStems, sameThing, topicMatcher, wordPresent, type TopicWord } from '../question/topic-words';

/** Children titles of each heading prefix, over the fiche's passages (key: the prefix joined by \u0000). */
export function headingTree(paths: readonly (readonly string[])[]): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  for (const path of paths) {
    for (let d = 0; d < path.length; d++) {
      const key = path.slice(0, d).join('\u0000');
      let list = tree.get(key);
      if (!list) tree.set(key, (list = []));
      const t = path[d] as string;
      if (!list.includes(t)) list.push(t);
    }
  }
  return tree;
}

const CASE_TITLE_RE =
  /^(?:cas |si |vous |en cas|pour |avant |après |depuis |à partir|jusqu|moins |plus |entre |dans |au-delà|logement |location |bail |salarié|employeur|fonctionnaire|contractuel|mineur|majeur|enfant|particulier|professionnel|individuel|collectiv|excès|achat|vente|le |la |les |l'|un |une )/iu;

/** Two sibling headings are parallel when they share at least half of their words (« Location vide » / « Location meublée »). */
export function parallel(a: string, b: string): boolean {
  const sa = corpusStems(a);
  const sb = corpusStems(b);
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared += 1;
  return shared > 0 && shared / Math.max(sa.size, sb.size) >= 0.5;
}

const QUESTION_HEADING_RE = /\?$/u;

/** Whether a heading is a situation (a case) rather than a chapter. */
export function isCaseHeading(title: string, siblings: readonly string[], depth: number): boolean {
  if (siblings.length === 0 || QUESTION_HEADING_RE.test(title)) return false;
  if (depth === 0 || CASE_TITLE_RE.test(title) || /\d|\(/u.test(title) || /^cas g[ée]n[ée]ral$/iu.test(title)) return true;
  // A heading that names a situation a fact can settle (« Congé pour vendre ») is a case like its siblings.
  return siblings.some((s) => parallel(title, s)) || isSituational(title);
}

/** Stems of a heading that its siblings do not share (« meublée » in « Location meublée »). */
function distinctive(title: string, siblings: readonly string[]): Set<string> {
  const own = new Set(corpusStems(title));
  for (const s of siblings) for (const t of corpusStems(s)) own.delete(t);
  return own;
}

/** Longest list item of an introduction read as the definition of a case (longer ones are rules, not definitions). */
const INTRODUCED_ITEM_CHARS = 240;
/** Shortest question word matched against an introduction's words (shorter ones are verbs and particles). */
const INTRODUCED_WORD_CHARS = 4;

/** A heading's verdict for the question: it fits, it conflicts with a fact, or nothing says. */
export type HeadingVerdict = 'fit' | 'conflict' | 'neutral';

/** Categorical facts and the heading wordings that name each value (normalised text). */
const CATEGORY_CUES: readonly { fact: (f: QuestionFacts) => string | boolean | undefined; values: Record<string, RegExp> }[] = [
  {
    fact: (f) => f.housing,
    values: {
      meuble: /(?<!non[- ])\bmeuble/u,
      vide: /\bvide\b|non[- ]meuble|\bnue?\b/u,
      colocation: /\bcolocation\b/u,
      social: /\bsocial\b|\bhlm\b/u,
    },
  },
  {
    // « Le défunt ne laisse que des enfants issus du couple » / « … des enfants issus d'une autre union ».
    fact: (f) => f.childrenOfCouple,
    values: {
      true: /\bissus? du couple\b|\benfants communs\b|\bissus? de ce mariage\b/u,
      false: /\bissus? d'une (?:autre|precedente) union\b|\bnon communs\b|\bpremier lit\b/u,
    },
  },
  {
    fact: (f) => f.building,
    values: {
      maison: /\bmaisons? individuelles?\b|\bpavillon/u,
      collectif: /\bcopropriete\b|\bimmeubles? (?:collectifs?|en copropriete)\b|\bsyndicat des coproprietaires\b/u,
    },
  },
  {
    fact: (f) => f.contract,
    values: {
      cdi: /\bcdi\b|\bindetermine/u,
      cdd: /\bcdd\b|\bdetermine/u,
      interim: /\binterim|travail temporaire|\bctt\b/u,
      stage: /\bstag/u,
      apprentissage: /\bapprenti|\balternan/u,
      'fonction-publique': /fonction publique|fonctionnaire|agent public|\bcontractuel/u,
      independant: /independant|entrepreneur|non[- ]salarie|travailleur non salarie/u,
    },
  },
  {
    // A question that names no contract is a private person's (a public agent says so, as « fonctionnaire »
    // sets the contract above): the rules for public agents are other people's.
    fact: (f) => (f.contract === undefined ? 'particulier' : undefined),
    values: {
      'fonction-publique': /fonction publique|fonctionnaires?\b|agents? publics?|\bmilitaires?\b/u,
    },
  },
  {
    fact: (f) => f.couple,
    values: {
      marie: /(?<!non |ni |pas )\bmari(e|es|ee|age)\b|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      pacs: /\bpacs|partenaire/u,
      concubinage: /concubin|union libre|\b(?:non|pas) mari(e|es|ee)\b/u,
      // A divorce speaks of « époux » all along: the person divorcing is one of them (not when the
      // heading is about their child: « Si un enfant des époux veut être auditionné »).
      separe: /divorc|separ|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      // A widow(er)'s late spouse was married: « Défunt marié » and « époux survivant » are their case.
      veuf: /\bveu(f|ve)|conjoint survivant|deces du conjoint|\bdefunte? marie(?:e)?\b|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      celibataire: /\bcelibataire|\b(?:non|ni|pas) mari(e|es|ee)\b/u,
    },
  },
  {
    // Only headings that say who the person is (« Vous êtes locataire », « Si le défunt était
    // propriétaire »), not the many that name the landlord (« Préavis donné par le propriétaire »).
    fact: (f) => f.tenure,
    values: {
      locataire: /^(?:si )?(?:(?:vous etes|vous etiez|le defunt etait) )?locataires?$/u,
      proprietaire: /^(?:si )?(?:(?:vous etes|vous etiez|le defunt etait) )?(?:les seuls )?proprietaires?(?: occupants?)?$|^le proprietaire occupe son logement$/u,
    },
  },
  {
    fact: (f) => f.workTime,
    values: {
      partiel: /temps partiel|mi-temps/u,
      plein: /temps (?:plein|complet)|plein temps/u,
    },
  },
  {
    fact: (f) => f.agreement,
    values: {
      accord: /commun accord|\bconjointe?s?\b|\bconjointement\b|consentement mutuel|accord des (?:deux|2)\b|\bpar les (?:deux|2)\b/u,
      desaccord: /\b(?:1|un) seul\b|unilateral|\bpar l'un des\b/u,
    },
  },
  {
    fact: (f) => f.builtUpArea,
    values: { true: /(?<!hors )\ben agglomeration\b|\bville\b/u, false: /hors agglomeration/u },
  },
  {
    fact: (f) => f.residence,
    values: {
      france: /\b(?:en|de) france\b|\bfrance metropolitaine\b/u,
      etranger: /\b(?:a|de) l'etranger\b|\bhors de france\b|\bconsulat\b|\bambassade\b/u,
    },
  },
  {
    // « Dans l'Union européenne », « Vol en Europe » / « Hors UE », « en dehors de l'Union européenne ».
    fact: (f) => f.abroad,
    values: {
      europe: /^(?!.*\b(?:hors|en dehors|pays tiers)\b).*\b(?:union europeenne|ue|eee|europe)\b/u,
      'hors-europe': /\bhors (?:de l'|d')?(?:union europeenne|ue|eee|europe)\b|\ben dehors de l'(?:union europeenne|ue|eee|europe)\b|\bpays (?:tiers|hors ue)\b/u,
    },
  },
  {
    fact: (f) => f.nationality,
    values: {
      francais: /\bfrancais(?:e|es)?\b/u,
      // « Vous êtes Européen », not the « Espace économique européen » or the « Parlement européen ».
      etranger: /(?<!l')\betrangers?\b|(?<!l')\betrangeres?\b|(?<!(?:economique|parlement|conseil|permis|marche|mandat|espace|brevet|droit|fonds|code) )\beuropeens?\b|\bressortissants?\b/u,
    },
  },
  {
    // Who the heir is to the deceased or the donor: the tax cases of an estate or a gift (« Enfant »,
    // « Frères ou sœurs »), and who died as a rule's case names them (« En cas de décès d'un enfant »,
    // « Décès du père ou de la mère ») for the person who told whose death it is (« mon père est mort »:
    // they are the child).
    fact: (f) => f.heir,
    values: {
      enfant: /^enfants?$|\bdeces (?:du pere|de la mere|d'un parent|des parents|du pere ou de la mere|de votre pere|de votre mere)\b/u,
      'petit-enfant': /^petits?-enfants?$/u,
      ascendant: /^ascendants?\b|\bdeces (?:d'un enfant|de l'enfant|de votre enfant)\b/u,
      'frere-soeur': /^freres? (?:ou|et) soeurs?$|\bdeces (?:d'un frere|d'une soeur|d'un frere ou d'une soeur)\b/u,
      neveu: /^neveux? (?:ou|et) nieces?$/u,
      conjoint: /^epoux (?:ou|et) partenaire|\bdeces (?:du conjoint|de l'epoux|de votre epoux|du partenaire|de votre conjoint|du concubin)\b/u,
      autre: /^autre situation$/u,
    },
  },
  {
    // The deceased's children, in the estate fiches' cases (« le défunt a eu des enfants » / « n'a pas eu
    // d'enfant », « Défunt sans enfant »): a child or grandchild of the deceased inheriting says they had some,
    // and so does a surviving spouse who names their children (« nous avons deux enfants »).
    fact: (f) => (f.heir === 'enfant' || f.heir === 'petit-enfant' || (f.heir === 'conjoint' && ((f.children ?? 0) > 0 || f.childrenOfCouple !== undefined)) ? true : undefined),
    values: {
      true: /\bdefunt (?:a eu|ayant eu|avec) (?:des |un |d'|de )?(?:enfants?|descendants?)\b/u,
      false: /\bdefunt (?:n'a (?:pas eu|jamais eu|eu aucun)|n'ayant pas eu|sans) (?:d'|de )?(?:enfants?|descendants?)\b/u,
    },
  },
  {
    fact: (f) => f.landlordNotice,
    values: {
      vendre: /\bconge pour vendre\b/u,
      reprise: /\bconge pour reprise\b/u,
    },
  },
  {
    // The rules of a probationary licence (« Jeune conducteur : 110 km/h ») or the general ones, for a driver
    // who says how long they have had the licence.
    fact: (f) => (f.youngDriver === undefined ? undefined : f.youngDriver ? 'jeune' : 'confirme'),
    values: {
      jeune: /\bjeunes? conducteurs?\b|\bpermis probatoire\b|\bperiode probatoire\b/u,
      confirme: /\bregle generale\b|\bconducteurs? confirmes?\b/u,
    },
  },
  {
    // Where a child of separated parents lives: alternately, or usually with one parent.
    fact: (f) => f.custody,
    values: {
      alternee: /\b(?:garde|residence) alternee\b|\bgarde partagee\b|\ben cas de garde alternee\b/u,
      habituelle: /\bresidence habituelle (?:de l'enfant |des enfants )?chez\b|\b(?:vit|habite|reside) habituellement chez\b|\bchez (?:un seul|l'un de ses|l'un des) parents?\b/u,
    },
  },
  {
    fact: (f) => f.purchase,
    values: {
      distance: /a distance|en ligne|internet|vente a distance/u,
      magasin: /en magasin|en boutique|en etablissement|dans un magasin/u,
      demarchage: /demarchage|hors etablissement|a domicile/u,
    },
  },
];

/** A range read from a heading: « moins de 20 km/h », « entre 6 mois et 2 ans », « 65 ans ou plus ». */
export interface HeadingRange {
  unit: 'an' | 'mois' | 'semaine' | 'jour' | 'heure' | 'kmh' | 'km' | 'm2' | 'euro' | 'enfant' | 'pourcent' | 'annee';
  min?: number;
  max?: number;
  /** The bounds are inclusive (« au moins », « jusqu'à ») or not (« moins de », « plus de »). */
  minInclusive: boolean;
  maxInclusive: boolean;
}

const N = '(\\d+(?:[ .]\\d{3})*(?:,\\d+)?)';
const U = '(ans?|annees?|mois|semaines?|jours?|heures?|km/h|km|m²|m2|€|euros?|enfants?|%)';
const unitOf = (raw: string): HeadingRange['unit'] | undefined => {
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
const num = (raw: string): number => Number(raw.replace(/[ .]/gu, '').replace(',', '.'));

/** `minUnitRaw`: the lower bound's own unit when the range names two (« entre 10 jours et 2 mois »). */
const RANGE_PATTERNS: readonly { re: RegExp; make: (m: RegExpExecArray) => Omit<HeadingRange, 'unit'> & { unitRaw: string; minUnitRaw?: string } }[] = [
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
const DATE_RANGE_RE = /\b(depuis|a partir|apres|avant|jusqu'au?)\b[^.;]{0,25}?\b((?:19|20)\d\d)\b/u;

function dateRange(t: string): HeadingRange | undefined {
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

function inRange(v: number, r: HeadingRange): boolean {
  if (Number.isNaN(v)) return false;
  if (r.min !== undefined && (r.minInclusive ? v < r.min : v <= r.min)) return false;
  if (r.max !== undefined && (r.maxInclusive ? v > r.max : v >= r.max)) return false;
  return true;
}

const DAYS_PER: Partial<Record<HeadingRange['unit'], number>> = { an: 365, mois: 30, semaine: 7, jour: 1, heure: 1 / 24 };
const AGE_CONTEXT_RE = /\bage|\bne\b|\bnee\b|\benfant|\bmineur|\bmajeur|\bjeune|locataire a|\bvous avez\b|\bil a\b|\belle a\b|\b(?:a|ont|avez) (?:moins|plus|au moins) de \d|\b(?:a|ont|avez) entre \d/u;
const SENIORITY_CONTEXT_RE = /anciennete|presence|travail|service|mariage|duree|depuis|contrat|bail|achat|apres l'|vie commune|\bdate de (?:moins|plus)\b/u;

/** A range of ages below 18 (« moins de 18 ans », « entre 16 et 18 ans »): the case of a minor. */
function isMinorAge(r: HeadingRange, h: HeadingText): boolean {
  const t = h.normalized;
  return r.unit === 'an' && r.max !== undefined && r.max <= 18 && AGE_CONTEXT_RE.test(t) && !SENIORITY_CONTEXT_RE.test(t);
}

/** The question's values that a heading range in this unit can be tested against. */
function valuesFor(r: HeadingRange, h: HeadingText, facts: QuestionFacts): number[] {
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
      const named = facts.durations.filter((d) => d.about.some((w) => headingWords.has(w)));
      const durations = (named.length > 0 ? named : facts.durations).map((d) => d.days / perUnit);
      const ages = r.unit === 'an' ? [...(facts.age !== undefined ? [facts.age] : []), ...facts.otherAges] : [];
      if (r.unit !== 'an') return durations;
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

const ABSENCE_HEADING_RE = /^(?:en l'absence d(?:e |'|u |es )|(?:en cas de )?(?:a )?defaut d(?:e |'|u |es )|sans |pas d(?:e |')|aucune? )(?:l'|la |le |les |un |une )?(.+)$/u;
const PRESENCE_HEADING_RE = /^(?:en presence d(?:e |'|u |es )|avec |existence d(?:e |'|u |es ))(?:l'|la |le |les |un |une )?(.+)$/u;

const CLAUSE_RE = /^(?:si|quand|lorsque|lorsqu'|en cas d(?:e |'|u ))\s?(.{3,160})$/u;
const NEGATED_RE = /\b(?:n'|ne|sans|absence|defaut|aucune?|pas)\b/u;

/** A word of a heading names the missing thing: same word or stem, the same first 6 letters (« testament » / « testaments »), or its fiche wording (« rappel » / « information »). */
const namesThing = (rest: string, thing: string): boolean =>
  rest.split(/[^a-z-]+/u).some((w) => w === thing || (w.length >= 6 && thing.length >= 6 && w.slice(0, 6) === thing.slice(0, 6)) || (w.length >= 4 && sameThing(w, thing)));

/**
 * A heading about the presence or absence of something the question says is missing: « En l'absence de
 * testament » fits « mort sans testament », « En présence d'un testament » does not.
 */
function presenceOf(t: string, absent: readonly string[]): 'absent' | 'present' | undefined {
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
const YOU_HAVE_NOT_RE = /^vous n'(?:avez|etes) (?:pas|plus|jamais) (?:de |d'|du |des |le |la |les |l'|un |une )?([a-z][a-z-]+)/u;
const YOU_HAVE_RE = /^vous (?:avez|etes) (?:de |d'|du |des |le |la |les |l'|un |une )?([a-z][a-z-]+)(?:\s?\([a-z]+\))?$/u;

function ownership(t: string, facts: QuestionFacts): 'fit' | 'conflict' | undefined {
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
const HALF_TIME_RE = /(moins (?:qu'un|d'un) |inferieure? a (?:un )?)mi-temps|(au moins (?:un|a) |superieure? ou egale? a (?:un )?)mi-temps/u;

/** A person under 18 or of age, named by the word (« Pour un mineur », « Victime majeure »), not a thing (« défaillance majeure », « force majeure »). */
const MINOR_WORD_RE = /\bmineurs?\b|\b(?:personne|victime|fille|jeune|salariee|volontaire|detenue|heritiere|etudiante|mere|femme|enfant|une|est|etes)s? mineures?\b/u;
const MAJOR_WORD_RE = /\bmajeurs?\b|\b(?:personne|victime|fille|jeune|salariee|volontaire|detenue|heritiere|etudiante|mere|femme|enfant|une|est|etes)s? majeures?\b/u;

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
interface HeadingText {
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

function readHeading(title: string): HeadingText {
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

const headingTexts = new Lru<string, HeadingText>(20_000);
const headingText = (title: string): HeadingText => headingTexts.memo(title, readHeading);

/** How a heading stands against the facts (categories, half-time work, the things the question says are missing, minor or of age, ranges). */
export function factVerdict(title: string, facts: QuestionFacts): HeadingVerdict {
  const h = headingText(title);
  const t = h.text;
  let fit = false;
  for (let i = 0; i < CATEGORY_CUES.length; i++) {
    const value = CATEGORY_CUES[i]?.fact(facts);
    if (value === undefined) continue;
    // The values the heading names (none: the category says nothing here); the person's among them, or a conflict.
    const named = h.named[i] ?? [];
    if (named.length === 0) continue;
    if (named.includes(String(value))) fit = true;
    else return 'conflict';
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
      if (ofAge === 'majeur') fit = true;
      else return 'conflict';
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

/**
 * When the passages under one case hold this many of the question's words, this many more than any other
 * case, and the next case at most this share of them, it is the person's.
 */
const SUBTREE = { minWords: 3, margin: 2, maxShare: 0.6 } as const;

/** A group of parallel cases under one heading prefix. */
export interface CaseGroup {
  /** Heading path above the group. */
  prefix: string[];
  /** The parallel case headings, in the fiche's order. */
  options: string[];
  /** Options kept for the person (all of them when the group is open). */
  kept: string[];
  state: 'settled' | 'open';
  /**
   * What settled it: the person's facts (their housing, contract, a figure in a heading's range), the
   * option they chose, or the question's words and defaults (a word named, « Cas général », today's rules).
   * Only the first two tell the language model « (votre cas) ».
   */
  by?: 'facts' | 'choice';
}

export interface CaseResolution {
  groups: CaseGroup[];
}

/** Stems of the people a rule speaks of (a child, a spouse, an employee, a landlord…). */
const ACTOR_STEMS = corpusStems('enfant époux parent conjoint salarié employeur propriétaire locataire personne famille membre');

/**
 * A heading that names a stage of a procedure (« Dès le dépôt du dossier », « Dès que le dossier est
 * recevable », « Avant le jugement », « Après le jugement »): sibling stages are alternatives, and the
 * question tells which one the person is at (« j'ai déposé un dossier il y a 10 jours »).
 */
const STAGE_HEADING_RE = /^(?:dès |avant |après |pendant |lors d|au moment d|au cours d|une fois )/iu;

/**
 * A heading that says who the person is (« Vous êtes l'enfant du défunt », « Vous avez plus de 3
 * enfants »): sibling headings of that form are the person's alternative situations.
 */
const PERSON_HEADING_RE = /^(?:si )?vous (?:êtes|etes|avez|n'êtes|n'avez|n’êtes|n’avez) /iu;

/**
 * Chapters of one topic, not cases: sibling headings that each open on a different chapter noun
 * (« Droit à indemnisation » / « Montant de l'indemnisation » / « Demande d'indemnisation »). They share
 * their object, which makes them look parallel; « Demande en France » / « Demande à l'étranger », which
 * open on the same noun, are cases.
 */
const CHAPTER_NOUN_RE = /^(?:droits?|montants?|demandes?|delais?|durees?|conditions?|procedures?|effets?|calculs?|couts?|prix|modalites?|demarches?|contenu|formes?|recours|dates?|consequences?|taux|versements?|obligations?|roles?|formalites?|documents?|sanctions?|definitions?|paiements?|beneficiaires?)\b/u;

function chapterNouns(options: readonly string[]): boolean {
  const firsts = options.map((o) => CHAPTER_NOUN_RE.exec(headingText(o).normalized)?.[0]);
  return firsts.every((f) => f !== undefined) && new Set(firsts).size === options.length;
}

/** A heading that names an event (« En cas de décès », « En cas d'abandon du logement »). */
const EVENT_HEADING_RE = /^en cas d(?:e |'|’|u |es )/iu;

const groupKey = (prefix: readonly string[]): string => prefix.join('\u0000');
const isGeneralCase = (t: string): boolean => /^cas g[ée]n[ée]ral$/iu.test(t);

/** Which of a question's words each set of corpus stems holds, by the words' array (one question's) and the set (shared by corpusStems). */
const wordsInStems = new WeakMap<readonly TopicWord[], WeakMap<ReadonlySet<string>, readonly number[]>>();

/** The indexes of the words present in `stems` (`wordPresent`), computed once per question and set. */
function wordsIn(words: readonly TopicWord[], stems: ReadonlySet<string>): readonly number[] {
  let bySet = wordsInStems.get(words);
  if (!bySet) wordsInStems.set(words, (bySet = new WeakMap()));
  let found = bySet.get(stems);
  if (!found) {
    found = topicMatcher(words).present(stems).flatMap((present, k) => (present ? [k] : []));
    bySet.set(stems, found);
  }
  return found;
}

/** A resolution already made for a question (its words' array), and what it was made from. */
interface ResolvedCall {
  paths: readonly (readonly string[])[];
  texts: readonly string[] | undefined;
  facts: QuestionFacts;
  forced: string;
  resolution: CaseResolution;
}

/** Resolutions kept per question: retrieval and the composer resolve the same primary fiche. */
const RESOLVED_PER_QUESTION = 8;
const resolvedCalls = new WeakMap<readonly TopicWord[], ResolvedCall[]>();

const forcedKey = (forced: ReadonlyMap<string, string>): string => JSON.stringify([...forced].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const samePath = (a: readonly string[], b: readonly string[]): boolean => a === b || (a.length === b.length && a.every((h, i) => h === b[i]));
const sameCall = (c: ResolvedCall, paths: readonly (readonly string[])[], texts: readonly string[] | undefined, facts: QuestionFacts, forced: string): boolean =>
  c.facts === facts &&
  c.forced === forced &&
  c.paths.length === paths.length &&
  (c.texts === undefined) === (texts === undefined) &&
  (texts === undefined || (c.texts?.length === texts.length && texts.every((t, i) => t === c.texts?.[i]))) &&
  paths.every((p, i) => samePath(p, c.paths[i] ?? []));

/**
 * Resolves the cases of a fiche for a question. `forced` fixes the option of some groups (by their
 * prefix key): the composer uses it to write the answer of each choice. The same call for the same
 * question (retrieval's, then the composer's on the primary fiche) gives the same resolution, made once;
 * it is only read.
 */
export function resolveCases(
  paths: readonly (readonly string[])[],
  words: readonly TopicWord[],
  facts: QuestionFacts,
  forced: ReadonlyMap<string, string> = new Map(),
  texts?: readonly string[],
): CaseResolution {
  const key = forcedKey(forced);
  let calls = resolvedCalls.get(words);
  if (!calls) resolvedCalls.set(words, (calls = []));
  const known = calls.find((c) => sameCall(c, paths, texts, facts, key));
  if (known) return known.resolution;
  const resolution = resolve(paths, words, facts, forced, texts);
  calls.push({ paths, texts, facts, forced: key, resolution });
  if (calls.length > RESOLVED_PER_QUESTION) calls.shift();
  return resolution;
}

function resolve(
  paths: readonly (readonly string[])[],
  words: readonly TopicWord[],
  facts: QuestionFacts,
  forced: ReadonlyMap<string, string>,
  texts: readonly string[] | undefined,
): CaseResolution {
  const tree = headingTree(paths);
  /** The question's words each passage holds (its headings and text), read once per passage. */
  const passageWords: (readonly number[] | undefined)[] = [];
  /** How many of the question's words the passages under an option hold (its whole subtree). */
  const subtreeWords = (prefix: readonly string[], option: string): number => {
    if (!texts) return 0;
    const found = new Set<number>();
    paths.forEach((path, i) => {
      if (path.length <= prefix.length || path[prefix.length] !== option || !prefix.every((h, d) => path[d] === h)) return;
      const present = (passageWords[i] ??= wordsIn(words, corpusStems(`${path.join(' ')}\n${texts[i] ?? ''}`)));
      for (const k of present) found.add(k);
    });
    return found.size;
  };
  /**
   * The words a group's introduction gives each option. A fiche often announces its cases in the passage
   * above them, one list item per case: « Celle-ci varie selon que l'employeur envisage de prendre : - Soit
   * une sanction lourde (licenciement, mutation…) - Soit une sanction simple (avertissement, observation
   * écrite…) », then « Sanction lourde » / « Sanction simple ». An item that names one option alone (its
   * distinctive words) defines it: its words, less those of the other options' items, name that option
   * too (« avertissement » is « Sanction simple »).
   */
  const introducedWords = (prefix: readonly string[], options: readonly string[]): Set<string>[] => {
    const out = options.map(() => new Set<string>());
    if (!texts) return out;
    const items: string[] = [];
    paths.forEach((path, i) => {
      if (path.length !== prefix.length || !prefix.every((h, d) => path[d] === h)) return;
      for (const line of (texts[i] ?? '').split('\n')) if (/^- /u.test(line) && line.length <= INTRODUCED_ITEM_CHARS) items.push(line);
    });
    if (items.length < 2) return out;
    const own = options.map((o) => distinctive(o, options.filter((s) => s !== o)));
    const owners = items.map((item) => {
      const stems = new Set(corpusStems(item));
      const named = own.flatMap((mine, k) => (mine.size > 0 && [...mine].every((t) => stems.has(t)) ? [k] : []));
      return { stems, owner: named.length === 1 ? named[0] : undefined };
    });
    owners.forEach(({ stems, owner }) => {
      if (owner === undefined) return;
      for (const t of stems) if (!owners.some((o) => o.owner !== owner && o.stems.has(t))) out[owner]?.add(t);
    });
    return out;
  };
  const groups: CaseGroup[] = [];
  for (const [key, children] of tree) {
    if (children.length < 2) continue;
    const prefix = key === '' ? [] : key.split('\u0000');
    const cases = children.filter((c) => isCaseHeading(c, children.filter((s) => s !== c), prefix.length));
    // Parallel alternatives only: at least two case headings, parallel to one another or all cases at the top.
    // Beside « Cas général », every case heading is a particular case of it.
    const againstGeneral = cases.some(isGeneralCase);
    const personal = cases.length >= 2 && cases.every((c) => PERSON_HEADING_RE.test(c));
    const options = cases.filter((c) => againstGeneral || personal || cases.some((o) => o !== c && (parallel(c, o) || prefix.length === 0 || headingText(c).range !== undefined || factVerdict(c, facts) !== 'neutral')));
    if (options.length < 2 || chapterNouns(options)) continue;
    // Events side by side (« En cas de préavis donné au propriétaire » / « En cas de décès » / « En cas
    // d'abandon du logement »): the one the question names is the person's, the others did not happen.
    const events = cases.filter((c) => EVENT_HEADING_RE.test(c));
    if (events.length >= 2 && !forced.has(key)) {
      const named = events.filter((o) => {
        const mine = distinctive(o, events.filter((e) => e !== o));
        return mine.size > 0 && words.some((w) => wordPresent(w, mine));
      });
      if (named.length > 0 && named.length < events.length) {
        groups.push({ prefix, options: events, kept: named, state: 'settled' });
        continue;
      }
    }
    const forcedOption = forced.get(key);
    if (forcedOption !== undefined && options.includes(forcedOption)) {
      groups.push({ prefix, options, kept: [forcedOption], state: 'settled', by: 'choice' });
      continue;
    }
    // The facts decide first; the question's words decide between cases only when the options are
    // situations or parallel wordings of one another (« Congé pour vendre » / « Congé pour reprise »),
    // not between chapters of the fiche (« Date de livraison » / « Suivi de la commande »). A fact that
    // fits every option (« concubinage » for « Bail signé par un seul concubin » and « … par les 2
    // concubins ») tells them apart no more than silence: the other rules decide. Nor does a fact that
    // names one chapter among chapters that are not alternatives (a minor and « Relations du mineur avec
    // ses parents » beside « Faire la demande »): it settles only options that are alternatives, or when
    // it rules out another option (« Logement vide » for a furnished flat).
    const verdicts = options.map((o) => factVerdict(o, facts));
    const factFits = options.filter((_, i) => verdicts[i] === 'fit');
    const alternatives =
      personal ||
      options.some(isSituational) || options.every((o) => STAGE_HEADING_RE.test(o)) || options.every((o) => options.some((x) => x !== o && parallel(o, x)));
    if (factFits.length > 0 && factFits.length < options.length && (alternatives || verdicts.includes('conflict'))) {
      groups.push({ prefix, options, kept: factFits, state: 'settled', by: 'facts' });
      continue;
    }
    // Cases split by a date (« Bail signé avant / depuis le 27 mars 2014 »): without a year in the
    // question, the rules in force today are the person's (the older ones concern older contracts).
    const dated = options.map((o) => headingText(o).range);
    if (facts.years.length === 0 && dated.every((r) => r?.unit === 'annee')) {
      const current = options.filter((_, i) => dated[i]?.min !== undefined);
      if (current.length === 1) {
        groups.push({ prefix, options, kept: current, state: 'settled' });
        continue;
      }
    }
    // Against « Cas général », a particular case is named by its situation (« auditionné »), not by the
    // people it speaks of (« Si un enfant des époux veut être auditionné » for parents of two children).
    const introduced = introducedWords(prefix, options);
    const wordFits = options.filter((o, i) => {
      const mine = distinctive(o, options.filter((s) => s !== o));
      if (againstGeneral) for (const actor of ACTOR_STEMS) mine.delete(actor);
      // An introduction's words count for the question's fuller words only: « mis » (« il m'a mis un
      // avertissement ») is not « mise à pied ».
      const intro = introduced[i] ?? new Set<string>();
      return (mine.size > 0 && words.some((w) => wordPresent(w, mine))) || words.some((w) => w.word.length >= INTRODUCED_WORD_CHARS && wordPresent(w, intro));
    });
    if (alternatives && wordFits.length > 0 && wordFits.length < options.length) {
      groups.push({ prefix, options, kept: wordFits, state: 'settled' });
      continue;
    }
    // « Cas général » against particular cases the question does not name: the general case is the person's.
    const general = options.filter(isGeneralCase);
    if (general.length === 1 && wordFits.length === 0) {
      groups.push({ prefix, options, kept: general, state: 'settled' });
      continue;
    }
    // Parallel cases the headings do not settle: the one whose passages hold clearly more of the
    // question's words is the person's (« abonnement », « métro » live under « Transport public »).
    if (alternatives && texts) {
      const counts = options.map((o) => subtreeWords(prefix, o));
      const best = Math.max(...counts);
      const second = [...counts].sort((a, b) => b - a)[1] ?? 0;
      if (best >= SUBTREE.minWords && best - second >= SUBTREE.margin && second <= best * SUBTREE.maxShare) {
        groups.push({ prefix, options, kept: options.filter((_, i) => counts[i] === best), state: 'settled' });
        continue;
      }
    }
    // An open group of situations (or of parallel top-level cases) is a condition the answer names; a
    // group of chapters (« Délai de rétractation » / « Délai de remboursement ») is not a case at all.
    if (personal || options.some(isSituational) || negationPair(options) || (alternatives && prefix.length === 0)) groups.push({ prefix, options, kept: options, state: 'open' });
  }
  return { groups };
}

export interface PathStatus {
  /** The path goes through an option the person's case rules out. */
  excluded: boolean;
  /** The path goes through at least one option that fits the person. */
  fits: boolean;
  /** …and one of those was settled by the person's facts or choice (`CaseGroup.by`). */
  factFits: boolean;
  /** Open groups the path goes through, with the option it takes. */
  open: { group: CaseGroup; option: string }[];
}

/** Where a passage stands for the person's case. */
/** A resolution's groups by their key, made once per resolution (a fiche's every passage is placed). */
const groupsByKey = new WeakMap<CaseResolution, ReadonlyMap<string, CaseGroup>>();

export function pathStatus(path: readonly string[], resolution: CaseResolution): PathStatus {
  let byKey = groupsByKey.get(resolution);
  if (!byKey) groupsByKey.set(resolution, (byKey = new Map(resolution.groups.map((g) => [groupKey(g.prefix), g]))));
  const status: PathStatus = { excluded: false, fits: false, factFits: false, open: [] };
  for (let d = 0; d < path.length; d++) {
    const g = byKey.get(groupKey(path.slice(0, d)));
    const title = path[d] as string;
    if (!g || !g.options.includes(title)) continue;
    if (!g.kept.includes(title)) return { ...status, excluded: true };
    if (g.state === 'settled') {
      status.fits = true;
      if (g.by !== undefined) status.factFits = true;
    }
    else status.open.push({ group: g, option: title });
  }
  return status;
}

/** The key of a group, for `forced`. */
export function caseGroupKey(group: CaseGroup): string {
  return groupKey(group.prefix);
}
