/**
 * The person's facts, read from the question by a small declarative table of extractors: the kind of
 * housing, of work contract, the couple, age, amounts, durations, speed, where something was bought…
 * The fiches split their rules by exactly these situations (« Logement meublé », « CDD », « Avant 53
 * ans », « Excès de moins de 20 km/h », « Achat à distance »): `cases/resolve-case.ts` matches them.
 *
 * Every extractor works on the normalised question (lower case, no accents, straight apostrophes,
 * single spaces) and is linear in its length. Nothing here is logged.
 */
import { normalizeText } from '../../../../common/french-text';
import { isStopWord } from '../../../../corpus/analyzer';

export type Housing = 'meuble' | 'vide' | 'colocation' | 'social';
export type Contract = 'cdi' | 'cdd' | 'interim' | 'stage' | 'apprentissage' | 'fonction-publique' | 'independant';
export type Couple = 'marie' | 'pacs' | 'concubinage' | 'separe' | 'veuf' | 'celibataire';
export type Purchase = 'distance' | 'magasin' | 'demarchage';
/** Part-time or full-time work. */
export type WorkTime = 'partiel' | 'plein';
/** Who the person is to the one whose estate or gift the question is about (the fiches' tax cases). */
export type Heir = 'enfant' | 'petit-enfant' | 'ascendant' | 'frere-soeur' | 'neveu' | 'conjoint' | 'autre';
/** Why a landlord gives notice: to sell the home, or to take it back (to live there or house a relative). */
export type LandlordNotice = 'vendre' | 'reprise';
export type Residence = 'france' | 'etranger';
export type Nationality = 'francais' | 'etranger';
export type DurationUnit = 'minute' | 'heure' | 'jour' | 'semaine' | 'mois' | 'an';

export interface Duration {
  value: number;
  unit: DurationUnit;
  /** How the question places it: « il y a 4 ans » (ago), « depuis 5 mois » (since), or a plain span. */
  relation: 'ago' | 'since' | 'span';
  /** The same duration in days (months of 30 days, years of 365), to compare with a fiche's thresholds. */
  days: number;
  /**
   * The words around it (accent-folded, 4 letters or more, no function words): what it is the duration of
   * (« mis en arrêt 10 jours » is an « arret », « serveur depuis 8 mois » a « serveur »), so that a rule on
   * the length of a sick leave is tested against the sick leave, not against the time in the job.
   */
  about: string[];
}

/** Words of 4 letters or more, not function words, within 4 words before and 3 after a match. */
function wordsAround(m: RegExpExecArray): string[] {
  const before = m.input.slice(0, m.index).split(/[^a-z0-9'-]+/u).filter(Boolean).slice(-4);
  const after = m.input.slice(m.index + m[0].length).split(/[^a-z0-9'-]+/u).filter(Boolean).slice(0, 3);
  return [...before, ...after].map((w) => w.replace(/^[a-z]'/u, '')).filter((w) => w.length >= 4 && !isStopWord(w));
}

export interface QuestionFacts {
  housing?: Housing;
  /**
   * The building: a house of one's own (« je loue une maison », « notre pavillon ») or a flat in a shared
   * building (« mon appartement », « l'immeuble », « la copropriété », « le syndic »). The fiches split the
   * rules of a detached house and of a building in co-ownership (snow on the pavement, works, heating).
   */
  building?: 'maison' | 'collectif';
  /**
   * Whether the children are the couple's (« nos deux enfants », « notre fils ») or born of another union
   * (« nés de son premier mariage », « d'une précédente union »): a surviving spouse inherits differently.
   */
  childrenOfCouple?: boolean;
  contract?: Contract;
  couple?: Couple;
  /** The person is a student. */
  student?: boolean;
  /** Age of the person who asks (« j'ai 34 ans »). */
  age?: number;
  /** Ages of other people named (« ma fille de 11 ans », « mon fils vient d'avoir 18 ans »). */
  otherAges: number[];
  /** Number of children named (« deux enfants »). */
  children?: number;
  /** Amounts in euros, in the order of the question. */
  amounts: number[];
  /** Percentages (« 10 % »). */
  percents: number[];
  /** Years named (« signé en 2019 », « construit en 2008 »). */
  years: number[];
  durations: Duration[];
  /**
   * The time between two dates the question gives (« l'acte a été signé le 15 janvier 2025 » … « le bail
   * se termine le 30 juin 2025 »: 5 months and 15 days), for every pair of them: a fiche's case « Moins de
   * 2 ans après l'achat » is the time between two events the person may date rather than count. A date
   * known to the month only (« en mars 2024 ») gives the shortest and the longest time it may be, both
   * (so a figure near a threshold settles nothing). Spans (`relation` 'span'), in days counted as
   * `Duration.days` is: whole years of 365, whole months of 30, then days.
   */
  intervals: Duration[];
  /**
   * Sums counted in months of rent or of salary (« trois mois de loyer de caution », « 2 mois de salaire »):
   * the fiches state such limits in the same unit (« limité à 2 mois de loyer hors charges »).
   */
  monthsOf: { value: number; of: 'loyer' | 'salaire' }[];
  /**
   * Where a child of separated parents lives: alternately with each (« garde alternée », « une semaine sur
   * deux ») or mainly with one. A question that tells no separation is about the usual case, not the
   * alternating one (see extractFacts).
   */
  custody?: 'alternee' | 'habituelle';
  /** A driver with a probationary licence (under 3 years), or an experienced one; unknown when not told. */
  youngDriver?: boolean;
  /** Inside a built-up area (true), outside (false). */
  builtUpArea?: boolean;
  /**
   * Whether the home is rented or owned, by the person or by the one the question is about (« je suis
   * locataire », « mon propriétaire », « la maison était à lui »).
   */
  tenure?: 'locataire' | 'proprietaire';
  /**
   * Whether the other party agrees (« nous sommes d'accord », « d'un commun accord ») or not (« mon
   * compagnon refuse de signer », « sans son accord »): the fiches split Pacs, divorce and other
   * procedures between a joint request and a request by one party.
   */
  agreement?: 'accord' | 'desaccord';
  /** Distances named (« à un mètre de la limite », « à 50 cm »), in metres. */
  distances: number[];
  /** Surfaces named (« un studio de 28 m² », « 40 mètres carrés »), in square metres. */
  areas: number[];
  /** Speed driven and speed limit, in km/h. */
  speed?: number;
  speedLimit?: number;
  purchase?: Purchase;
  /** Part-time or full-time work (« à mi-temps », « 24 heures par semaine », « à temps plein »). */
  workTime?: WorkTime;
  /** Hours worked a week (« je travaille 24 heures par semaine »; « à mi-temps » is half of 35). */
  weeklyHours?: number;
  /**
   * Who the person is to the deceased or the donor (« ma tante est décédée »: a niece or nephew; « ma
   * grand-mère veut me donner sa maison »: a grandchild), read when the question is about an estate or a gift.
   */
  heir?: Heir;
  /** Why the landlord gives notice (« il veut vendre », « récupérer l'appart pour y loger sa fille »). */
  landlordNotice?: LandlordNotice;
  /**
   * Where the person lives, and their nationality. A French site's visitor lives in France and is French
   * unless the question says otherwise (« je vis à l'étranger », « mon titre de séjour »): the fiches'
   * cases « Jeune vivant en France / à l'étranger », « Vous êtes français / étranger » are settled so.
   */
  residence: Residence;
  nationality: Nationality;
  /**
   * The other countries the question names (« un site basé en Espagne », « on part aux États-Unis »): all
   * in Europe (the European Union, the EEA or Switzerland), all outside it, or undefined when it names none
   * or both. The fiches split many rules so (« Dans l'Union européenne » / « Hors UE »).
   */
  abroad?: 'europe' | 'hors-europe';
  /**
   * What the question says is missing (« sans testament », « pas de contrat écrit », « aucun état des
   * lieux »): the first noun after the negation, normalised. A fiche's case « En l'absence de testament »
   * fits, « En présence d'un testament » does not.
   */
  absent: string[];
  /**
   * What the person says they have or are (« j'ai un passeport », « oublié mon permis », « je suis retraité »):
   * the first noun after « j'ai », « nous avons », a possessive or « je suis », normalised, and not
   * among the missing things. A fiche's case « Vous avez le permis » fits, « Vous n'avez pas le permis »
   * does not.
   */
  held: string[];
  /**
   * The question is about adults: it names no age under 18 and no child, teenager, pupil or minor. The
   * site's visitor is an adult unless the question says otherwise, so a rule for those « de moins de 18
   * ans » is not theirs.
   */
  adult: boolean;
}

const WORD_NUMBERS: Record<string, number> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60,
};
const NUMBER = `(\\d+(?:[.,]\\d+)?|${Object.keys(WORD_NUMBERS).join('|')})`;

/** « 4 », « 1,5 », « quatre » → 4. */
export function parseFrenchNumber(raw: string): number | undefined {
  const word = WORD_NUMBERS[raw];
  if (word !== undefined) return word;
  const n = Number(raw.replace(/\s/gu, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

const UNIT_DAYS: Record<DurationUnit, number> = { minute: 1 / 1440, heure: 1 / 24, jour: 1, semaine: 7, mois: 30, an: 365 };

function durationUnit(raw: string): DurationUnit | undefined {
  if (/^min/u.test(raw)) return 'minute';
  if (/^h/u.test(raw)) return 'heure';
  if (/^jour/u.test(raw)) return 'jour';
  if (/^semaine/u.test(raw)) return 'semaine';
  if (/^mois/u.test(raw)) return 'mois';
  if (/^(an|annee)/u.test(raw)) return 'an';
  return undefined;
}

const MONTHS = ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'];

/**
 * A date with its year: « le 15 janvier 2025 », « le 1er mars 2024 », « fin juin 2025 », « en mars 2024 »,
 * « le 15/01/2025 ». Groups: day, part of the month (début, mi, fin), month name, year; or day, month
 * number, year.
 */
const DATE_RE = new RegExp(
  `\\b(?:(?:(1er|[0-3]?\\d) |(debut|mi|fin|courant)[- ](?:de |d')?)?(${MONTHS.join('|')}) ((?:19|20)\\d\\d)|([0-3]?\\d)[/.]([01]?\\d)[/.]((?:19|20)\\d\\d))\\b`,
  'gu',
);

/** Dates read per question at most: their pairs are compared. */
const MAX_DATES = 6;

const DAY_MS = 86_400_000;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The day `months` months after a date (the 31st of a shorter month is its last day), in ms. */
function addMonths(year: number, month: number, day: number, months: number): number {
  const y = year + Math.floor((month + months) / 12);
  const m = (((month + months) % 12) + 12) % 12;
  return Date.UTC(y, m, Math.min(day, daysInMonth(y, m)));
}

/** The time from one day to a later one, in days as `Duration.days` counts them: whole years of 365, whole months of 30, then days. */
export function calendarSpanDays(from: number, to: number): number {
  if (to <= from) return 0;
  const d = new Date(from);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  let months = 0;
  while (addMonths(y, m, day, months + 12) <= to) months += 12;
  while (addMonths(y, m, day, months + 1) <= to) months += 1;
  const rest = Math.round((to - addMonths(y, m, day, months)) / DAY_MS);
  return Math.floor(months / 12) * UNIT_DAYS.an + (months % 12) * UNIT_DAYS.mois + rest;
}

/** A date of the question: its first and last possible day (ms, UTC) and the words around it. */
interface QuestionDate {
  first: number;
  last: number;
  about: string[];
}

/** The dates the question gives with their year (a day, a part of a month or a month), in order, at most MAX_DATES. */
function questionDates(t: string): QuestionDate[] {
  const out: QuestionDate[] = [];
  DATE_RE.lastIndex = 0;
  for (let m = DATE_RE.exec(t); m !== null && out.length < MAX_DATES; m = DATE_RE.exec(t)) {
    const year = Number(m[4] ?? m[7]);
    const month = m[3] !== undefined ? MONTHS.indexOf(m[3]) : Number(m[6]) - 1;
    if (month < 0 || month > 11) continue;
    const last = daysInMonth(year, month);
    const rawDay = m[1] ?? m[5];
    const day = rawDay === undefined ? undefined : rawDay === '1er' ? 1 : Number(rawDay);
    if (day !== undefined && (day < 1 || day > last)) continue;
    // « début », « mi- », « fin » of a month: its first, middle or last ten days or so.
    const part = m[2];
    const [from, to] = day !== undefined ? [day, day] : part === 'debut' ? [1, 10] : part === 'mi' ? [10, 20] : part === 'fin' ? [20, last] : [1, last];
    out.push({ first: Date.UTC(year, month, from), last: Date.UTC(year, month, to), about: wordsAround(m) });
  }
  return out;
}

/** The times between the question's dates, each pair's shortest and longest (see `QuestionFacts.intervals`). */
function dateIntervals(dates: readonly QuestionDate[]): Duration[] {
  const out: Duration[] = [];
  dates.forEach((a, i) => {
    for (const b of dates.slice(i + 1)) {
      const [early, late] = a.first <= b.first ? [a, b] : [b, a];
      const about = [...new Set([...early.about, ...late.about])];
      const spans = new Set([calendarSpanDays(early.last, late.first), calendarSpanDays(early.first, late.last)]);
      for (const days of spans) if (days > 0) out.push({ value: days, unit: 'jour', relation: 'span', days, about });
    }
  });
  return out;
}

/** Countries and large cities abroad a visitor may say they live in (normalised: lower case, no accents). */
const FOREIGN_PLACES = [
  'belgique', 'suisse', 'luxembourg', 'allemagne', 'espagne', 'italie', 'portugal', 'royaume-uni', 'angleterre', 'ecosse', 'irlande',
  'pays-bas', 'hollande', 'autriche', 'pologne', 'roumanie', 'grece', 'suede', 'norvege', 'danemark', 'finlande', 'canada', 'quebec',
  'etats-unis', 'usa', 'mexique', 'bresil', 'argentine', 'chili', 'maroc', 'algerie', 'tunisie', 'senegal', "cote d'ivoire", 'cameroun',
  'mali', 'madagascar', 'liban', 'israel', 'turquie', 'emirats', 'dubai', 'qatar', 'chine', 'japon', 'coree', 'inde', 'vietnam',
  'thailande', 'singapour', 'australie', 'nouvelle-zelande', 'afrique du sud',
  'londres', 'bruxelles', 'geneve', 'lausanne', 'montreal', 'new york', 'berlin', 'madrid', 'barcelone', 'rome', 'milan', 'lisbonne',
  'amsterdam', 'casablanca', 'rabat', 'marrakech', 'alger', 'tunis', 'dakar', 'abidjan', 'tokyo', 'shanghai', 'pekin', 'sydney',
].join('|');

/** Countries and cities of the European Union, the EEA and Switzerland (the United Kingdom, in transition in 2020, is in neither list). */
const EUROPE_PLACES = [
  'allemagne', 'autriche', 'belgique', 'bulgarie', 'chypre', 'croatie', 'danemark', 'espagne', 'estonie', 'finlande', 'grece', 'hongrie',
  'irlande', 'italie', 'lettonie', 'lituanie', 'luxembourg', 'malte', 'pays-bas', 'hollande', 'pologne', 'portugal', 'republique tcheque',
  'roumanie', 'slovaquie', 'slovenie', 'suede', 'islande', 'liechtenstein', 'norvege', 'suisse',
  // Not « Vienne » (« qu'il vienne ») nor « Porto » (the wine): common French words.
  'berlin', 'munich', 'madrid', 'barcelone', 'rome', 'milan', 'lisbonne', 'amsterdam', 'bruxelles', 'geneve', 'lausanne', 'varsovie', 'athenes',
];
/** Countries and cities outside Europe that questions name. */
const NON_EUROPE_PLACES = [
  'canada', 'quebec', 'etats-unis', 'usa', 'mexique', 'bresil', 'argentine', 'chili', 'maroc', 'algerie', 'tunisie', 'senegal', "cote d'ivoire",
  'cameroun', 'mali', 'madagascar', 'liban', 'israel', 'turquie', 'emirats', 'dubai', 'qatar', 'chine', 'japon', 'coree', 'inde', 'vietnam',
  'thailande', 'singapour', 'australie', 'nouvelle-zelande', 'afrique du sud', 'russie', 'ukraine', 'egypte',
  'montreal', 'new york', 'casablanca', 'rabat', 'marrakech', 'alger', 'tunis', 'dakar', 'abidjan', 'tokyo', 'shanghai', 'pekin', 'sydney',
];
const placesRe = (places: readonly string[]): RegExp => new RegExp(`(?<![\\p{L}-])(?:${places.join('|')})(?![\\p{L}-])`, 'u');
const EUROPE_RE = placesRe(EUROPE_PLACES);
const NON_EUROPE_RE = placesRe(NON_EUROPE_PLACES);

/** Where the other countries the question names lie (see `QuestionFacts.abroad`). */
function abroadOf(t: string): QuestionFacts['abroad'] {
  const europe = EUROPE_RE.test(t);
  const outside = NON_EUROPE_RE.test(t);
  return europe === outside ? undefined : europe ? 'europe' : 'hors-europe';
}

/** One extractor: a pattern on the normalised question and what it sets. */
interface Extractor {
  name: string;
  re: RegExp;
  apply(m: RegExpExecArray, facts: QuestionFacts): void;
}

/**
 * First match wins for the categorical facts (so « non meublé » is read before « meublé »); the
 * numeric extractors run on every match.
 */
const CATEGORICAL: readonly Extractor[] = [
  { name: 'housing:vide', re: /\b(non[- ]meuble|pas meuble|loue vide|location vide|logement vide|appartement vide|appart vide|maison vide|studio vide|(?:f|t)[1-6]b?(?: bis)? vide|(?:deux|trois|quatre|cinq|2|3|4|5)[- ]pieces vide|(loue|louee|loues) (a )?vide|vide \(non meuble\))/u, apply: (_, f) => void (f.housing ??= 'vide') },
  { name: 'children:other-union', re: /\b(?:premier|precedent|autre) (?:mariage|lit)\b|\b(?:precedente|premiere|autre) union\b|\bpremiere (?:femme|epouse|compagne)\b|\bpremier (?:mari|epoux|compagnon)\b/u, apply: (_, f) => void (f.childrenOfCouple ??= false) },
  { name: 'children:couple', re: /\b(?:nos (?:deux |trois |quatre |cinq |[2-9] )?enfants|notre (?:fils|fille|enfant)|enfants (?:communs|du couple|en commun))\b/u, apply: (_, f) => void (f.childrenOfCouple ??= true) },
  { name: 'building:maison', re: /\b((?:une|ma|notre|sa|la|leur) maison(?! de (?:vacances|retraite|sante|justice|quartier))|maison individuelle|pavillon)\b/u, apply: (_, f) => void (f.building ??= 'maison') },
  { name: 'building:collectif', re: /\b(appartement|appart|immeuble|copropriete|coproprietaires?|syndic|(?:f|t)[1-6]|studio)\b/u, apply: (_, f) => void (f.building ??= 'collectif') },
  { name: 'housing:meuble', re: /\bmeublee?s?\b/u, apply: (_, f) => void (f.housing ??= 'meuble') },
  { name: 'housing:colocation', re: /\b(colocation|colocataires?|coloc)\b/u, apply: (_, f) => void (f.housing ??= 'colocation') },
  { name: 'housing:social', re: /\b(hlm|logement social|bailleur social|office public de l'habitat)\b/u, apply: (_, f) => void (f.housing ??= 'social') },
  { name: 'contract:cdi', re: /\b(cdi|duree indeterminee)\b/u, apply: (_, f) => void (f.contract ??= 'cdi') },
  { name: 'contract:cdd', re: /\b(cdd|duree determinee|contrat saisonnier|job d'ete)\b/u, apply: (_, f) => void (f.contract ??= 'cdd') },
  { name: 'contract:interim', re: /\b(interim|interimaire|mission d'interim|agence d'interim)\b/u, apply: (_, f) => void (f.contract ??= 'interim') },
  { name: 'contract:stage', re: /\b(stage|stagiaire)\b/u, apply: (_, f) => void (f.contract ??= 'stage') },
  { name: 'contract:apprentissage', re: /\b(apprenti|apprentie|apprentissage|alternance|alternant)\b/u, apply: (_, f) => void (f.contract ??= 'apprentissage') },
  { name: 'contract:fonction-publique', re: /\b(fonctionnaire|fonction publique|agent public|agent titulaire|contractuel de la fonction)\b/u, apply: (_, f) => void (f.contract ??= 'fonction-publique') },
  { name: 'contract:independant', re: /\b(auto-?entrepreneur|micro-?entrepreneur|independant|freelance|artisan a mon compte)\b/u, apply: (_, f) => void (f.contract ??= 'independant') },
  // Nobody's spouse or partner (« il n'était ni marié ni pacsé », « je suis célibataire »): read before the
  // words « marié », « pacsé » it contains.
  { name: 'couple:celibataire', re: /\b(celibataire|ni (marie|mariee) ni (pacse|pacsee)|ni (pacse|pacsee) ni (marie|mariee)|n'(etait|est|etais|suis|avait|a) (jamais )?(ete )?(pas |ni )?(marie|mariee)\b(?! (avec|a) ))/u, apply: (_, f) => void (f.couple ??= 'celibataire') },
  // « On n'est ni mariés ni pacsés »: a couple (the plural) that is neither.
  { name: 'couple:concubinage', re: /\b(sans etre (marie|mariee|maries|pacse|pacses|pacsee)|concubin\w*|union libre|en couple sans|pas marie|ni (maries|mariees|pacses|pacsees) ni (maries|mariees|pacses|pacsees))/u, apply: (_, f) => void (f.couple ??= 'concubinage') },
  { name: 'couple:veuf', re: /\b(veuf|veuve|(mon|ma) (mari|femme|epoux|epouse|conjoint|conjointe) (est )?(decede|decedee|mort|morte))\b/u, apply: (_, f) => void (f.couple ??= 'veuf') },
  { name: 'couple:pacs', re: /\b(pacs|pacse|pacsee|pacses|pacsees|pacte civil)\b/u, apply: (_, f) => void (f.couple ??= 'pacs') },
  { name: 'couple:separe', re: /\b(divorc|separe|separee|separes|separation|mon ex|ma ex|mon ex-)/u, apply: (_, f) => void (f.couple ??= 'separe') },
  { name: 'couple:marie', re: /\b(marie|mariee|maries|mariage|mon mari|ma femme|mon epoux|mon epouse)\b/u, apply: (_, f) => void (f.couple ??= 'marie') },
  {
    // A driver in the first years of the licence (« permis probatoire »): « jeune conducteur », « permis depuis
    // un an », « eu mon permis il y a 2 ans »; three years or more make an experienced driver.
    name: 'licence',
    re: new RegExp(`\\b(?:(jeune conducteur|permis probatoire|periode probatoire|permis tout neuf|permis tout juste)|permis (?:depuis|il y a) ${NUMBER} (ans?|annees?|mois)|(?:eu|obtenu|passe) (?:mon|le) permis il y a ${NUMBER} (ans?|annees?|mois))\\b`, 'u'),
    apply: (m, f) => {
      if (m[1]) {
        f.youngDriver ??= true;
        return;
      }
      const value = parseFrenchNumber(m[2] ?? m[4] ?? '');
      const unit = m[3] ?? m[5] ?? '';
      if (value === undefined) return;
      f.youngDriver ??= unit === 'mois' || value < 3;
    },
  },
  {
    name: 'custody:alternee',
    re: /\b(garde alternee|residence alternee|garde partagee|(une )?semaine sur deux|en alternance chez)\b/u,
    apply: (_, f) => void (f.custody ??= 'alternee'),
  },
  {
    name: 'custody:habituelle',
    re: /\b((vit|vivent|habite|habitent|reside|residence) (habituellement |principalement |toute l'annee )?chez (moi|nous|sa mere|son pere|leur mere|leur pere)|j'ai la garde|la garde (exclusive|principale)|residence (habituelle|principale) chez)\b/u,
    apply: (_, f) => void (f.custody ??= 'habituelle'),
  },
  { name: 'student', re: /\b(etudiant|etudiante|etudiants|a la fac|en bts|en licence|en master|lyceen|lyceenne)\b/u, apply: (_, f) => void (f.student = true) },
  { name: 'area:out', re: /\b(hors agglomeration|sur (l'|une )?autoroute|route nationale|route departementale|en campagne|a la campagne|hors de la ville)\b/u, apply: (_, f) => void (f.builtUpArea ??= false) },
  { name: 'area:in', re: /\b(en agglomeration|en ville|dans (la|une) ville|en centre-ville|zone a 30|zone 30|zone a 50|zone 50)\b/u, apply: (_, f) => void (f.builtUpArea ??= true) },
  { name: 'purchase:demarchage', re: /\b(demarch\w*|(commercial|vendeur|representant) (est )?(passe|venu) (chez moi|a (mon |la )?domicile|a la maison)|a domicile|porte-a-porte|foire|salon)\b/u, apply: (_, f) => void (f.purchase ??= 'demarchage') },
  { name: 'purchase:distance', re: /\b(sur (un |le )?(site|internet)|en ligne|par internet|sur le web|par telephone|a distance|par correspondance|sur (amazon|leboncoin|vinted|cdiscount))\b/u, apply: (_, f) => void (f.purchase ??= 'distance') },
  { name: 'residence:etranger', re: /\b(a l'etranger|hors de france|expatrie|expatriee|expatries|francais de l'etranger|consulat|ambassade)\b/u, apply: (_, f) => void (f.residence = 'etranger') },
  {
    // The person says they live in another country or a foreign city (« je vis à Montréal », « nous habitons
    // en Belgique »): only in the first person, « ma fille vit à Londres » is someone else's residence.
    name: 'residence:pays',
    re: new RegExp(`\\b(?:je|j'|nous|on) ?(?:vis|vit|vivons|habite|habitons|reside|residons|suis installee?|sommes installee?s|suis expatriee?|travaille et vis) (?:depuis \\w+ \\w+ )?(?:en|au|aux|a) (?:${FOREIGN_PLACES})\\b`, 'u'),
    apply: (_, f) => void (f.residence = 'etranger'),
  },
  { name: 'nationality:etranger', re: /\b(titre de sejour|carte de sejour|titre de residence|sans[- ]papiers|ressortissant|ressortissante|visa|je suis (?:un |une )?etranger|je suis (?:un |une )?etrangere|de nationalite (?!francaise)\w+|pas (?:la )?nationalite francaise|pas francais|pas francaise)\b/u, apply: (_, f) => void (f.nationality = 'etranger') },
  { name: 'tenure:locataire', re: /\b(je suis locataire|nous sommes locataires|je loue (un|une|mon|ma|le|la)|nous louons|(mon|ma|notre) (proprietaire|bailleur|bailleuse)|(mon|notre) bail|etait locataire|(il|elle) louait|nous louions)\b/u, apply: (_, f) => void (f.tenure ??= 'locataire') },
  { name: 'tenure:proprietaire', re: /\b(je suis proprietaire|nous sommes proprietaires|(j'ai|nous avons) achete (un|une|mon|ma|notre) (maison|appartement|logement|studio)|etait a (lui|elle)|lui appartenait|(il|elle) etait proprietaire|en etait proprietaire)\b/u, apply: (_, f) => void (f.tenure ??= 'proprietaire') },
  { name: 'agreement:accord', re: /\b(d'un commun accord|tous les deux d'accord|toutes les deux d'accord|nous sommes d'accord|on est d'accord|nous sommes tous les deux d'accord|on est tous les deux d'accord|ensemble nous (voulons|souhaitons))\b/u, apply: (_, f) => void (f.agreement ??= 'accord') },
  { name: 'agreement:desaccord', re: /\b((refuse|refusent|refusait) (de signer|de divorcer|de se separer|de rompre|le divorce|la separation)|ne (veut|veulent|voulait) pas (signer|divorcer|se separer|rompre)|sans (son|leur) accord|n'est pas d'accord|ne sont pas d'accord|pas d'accord pour)/u, apply: (_, f) => void (f.agreement ??= 'desaccord') },
  {
    name: 'landlordNotice:vendre',
    re: /\b(?:veut|va|voudrait|souhaite|compte|decide de|a decide de) (?:le |la |l')?vendre\b|\bmettre en vente\b|\bmis en vente\b|\bvendre (?:le logement|l'appart\w*|la maison|le studio|son bien)\b/u,
    apply: (_, f) => void (f.landlordNotice ??= 'vendre'),
  },
  {
    name: 'landlordNotice:reprise',
    re: /\b(?:reprendre|recuperer|recupere|reprend) (?:le logement|l'appart\w*|la maison|le studio|son logement|son appart\w*|son bien)\b|\bpour y (?:loger|habiter|vivre|installer|mettre)\b|\b(?:loger|installer|mettre) (?:sa|son) (?:fille|fils|mere|pere|enfant|soeur|frere)\b/u,
    apply: (_, f) => void (f.landlordNotice ??= 'reprise'),
  },
  { name: 'workTime:partiel', re: /\b(temps partiel|mi-temps|a (?:80|90|70|60|50) ?%|a (?:4|3)\/5)\b/u, apply: (_, f) => void (f.workTime ??= 'partiel') },
  { name: 'workTime:plein', re: /\b(temps plein|temps complet|plein temps)\b/u, apply: (_, f) => void (f.workTime ??= 'plein') },
  { name: 'purchase:magasin', re: /\b(en magasin|au magasin|dans (un|le) magasin|en boutique|dans (une|la) boutique|en grande surface|chez le concessionnaire)\b/u, apply: (_, f) => void (f.purchase ??= 'magasin') },
];

/** Half of the legal working week of 35 hours. */
export const HALF_TIME_HOURS = 17.5;

/** The relatives whose age a question may give (« mon fils a 8 ans », « ma mère, âgée de 80 ans »). */
const RELATIVES = 'fils|fille|enfant|bebe|pere|mere|frere|soeur|ado|adolescent|adolescente|grand-pere|grand-mere|petit-fils|petite-fille';
const RELATIVE = `(?:${RELATIVES})`;

/** Words before « de N ans » that make it an age (« âgée », « ma fille », « un enfant », « des jeunes »). */
const AGE_BEFORE_RE = new RegExp(`\\b(?:agee?s?|${RELATIVES}|enfants|personnes?|jeunes?|mineure?s?|garcons?|filles|adolescents?|adolescentes)\\s?$`, 'u');

const NUMERIC: readonly Extractor[] = [
  {
    name: 'weeklyHours',
    re: new RegExp(`\\b${NUMBER} ?(?:h|heures?)(?: de travail)? (?:par semaine|a la semaine|hebdomadaires?|\\/ ?semaine)`, 'gu'),
    apply: (m, f) => {
      const n = parseFrenchNumber(m[1] ?? '');
      if (n !== undefined && n > 0 && n <= 80) f.weeklyHours ??= n;
    },
  },
  { name: 'weeklyHours:mi-temps', re: /\ba mi-temps\b/gu, apply: (_, f) => void (f.weeklyHours ??= HALF_TIME_HOURS) },
  {
    name: 'age:self',
    // « âgé de 8 ans » said of a relative (« mon fils âgé de 8 ans ») is theirs, not the person's.
    re: new RegExp(`\\b(?:j'ai|j'avais|je vais avoir|(?<!\\b${RELATIVE},? )agee? de|a l'age de) ${NUMBER} ans\\b`, 'gu'),
    apply: (m, f) => {
      const n = parseFrenchNumber(m[1] ?? '');
      if (n !== undefined && n < 120) f.age ??= n;
    },
  },
  {
    name: 'age:other',
    re: new RegExp(`\\b(?:(?:mon|ma|notre|son|sa|leur) ${RELATIVE},? (?:de|a|a eu|qui a|vient d'avoir|aura|va avoir|agee? de)|${RELATIVE}(?: d(?:e |u |es |')(?:mes |mon |ma |nos |notre |la |l')?[a-z'-]+)?,|(?:il|elle) a(?: eu)?|(?:a|ont) eu|vient d'avoir|enfants? de|enfants? \\(\\s?) ?${NUMBER}(?: et ${NUMBER})? ans\\b`, 'gu'),
    apply: (m, f) => {
      for (const raw of [m[1], m[2]]) {
        const n = raw ? parseFrenchNumber(raw) : undefined;
        if (n !== undefined && n < 120) f.otherAges.push(n);
      }
    },
  },
  {
    name: 'children',
    re: new RegExp(`\\b${NUMBER} (?:enfants|petits-enfants)\\b`, 'gu'),
    apply: (m, f) => {
      const n = parseFrenchNumber(m[1] ?? '');
      if (n !== undefined && n < 30) f.children ??= n;
    },
  },
  {
    name: 'amount',
    re: /(\d{1,3}(?:[  .]\d{3})+|\d+)(?:,(\d{1,2}))? ?(?:€|euros?\b|eur\b)/gu,
    apply: (m, f) => {
      const n = Number(`${(m[1] ?? '').replace(/[  .]/gu, '')}.${m[2] ?? '0'}`);
      if (Number.isFinite(n)) f.amounts.push(n);
    },
  },
  {
    name: 'months-of',
    re: new RegExp(`\\b${NUMBER} mois de (loyer|salaire)s?\\b`, 'gu'),
    apply: (m, f) => {
      const value = parseFrenchNumber(m[1] ?? '');
      if (value !== undefined) f.monthsOf.push({ value, of: m[2] === 'salaire' ? 'salaire' : 'loyer' });
    },
  },
  {
    name: 'percent',
    re: /(\d+(?:,\d+)?) ?(?:%|pour ?cent)/gu,
    apply: (m, f) => {
      const n = Number((m[1] ?? '').replace(',', '.'));
      if (Number.isFinite(n)) f.percents.push(n);
    },
  },
  {
    name: 'duration',
    re: new RegExp(`\\b(il y a|depuis|ca fait|cela fait|voila|pendant|apres|de|en|dans|sous) (?:(?:plus|moins) de |presque |environ |pres de |a peine )?${NUMBER} (minutes?|min|heures?|h|jours?|semaines?|mois|ans|annees?)\\b`, 'gu'),
    apply: (m, f) => {
      const value = parseFrenchNumber(m[2] ?? '');
      const unit = durationUnit(m[3] ?? '');
      if (value === undefined || unit === undefined) return;
      const lead = m[1] ?? '';
      // « après 22 h », « de 7 h à 14 h » are times of day, not durations.
      if (m[3] === 'h' && (lead === 'apres' || lead === 'de')) return;
      // « âgée de 82 ans », « ma fille de 11 ans », « un enfant de 8 ans » are ages, not durations.
      if (lead === 'de' && (m[3] === 'ans' || m[3] === 'annees') && AGE_BEFORE_RE.test(m.input.slice(Math.max(0, m.index - 40), m.index))) return;
      const relation = lead === 'il y a' ? 'ago' : lead === 'depuis' || lead === 'ca fait' || lead === 'cela fait' || lead === 'voila' ? 'since' : 'span';
      f.durations.push({ value, unit, relation, days: value * UNIT_DAYS[unit], about: wordsAround(m) });
    },
  },
  {
    // A count of days, weeks or months with no lead word (« 10 jours d'ITT », « 6 semaines de retard »):
    // a plain span. Years are left out (« 35 ans » is mostly an age, read above).
    name: 'duration:plain',
    // « un jour », « un mois de loyer » are not durations of the person's case: a figure of two or more, and
    // not a rent or a salary counted in months.
    re: new RegExp(`(?<!\\b(?:il y a|depuis|ca fait|cela fait|voila|pendant|apres|de|en|dans|sous|plus de|moins de|presque|environ|pres de|a peine) )\\b(\\d+|${Object.keys(WORD_NUMBERS).filter((w) => WORD_NUMBERS[w] !== 1).join('|')}) (jours?|semaines?|mois)\\b(?! de (?:loyer|salaire|caution))`, 'gu'),
    apply: (m, f) => {
      const value = parseFrenchNumber(m[1] ?? '');
      const unit = durationUnit(m[2] ?? '');
      if (value === undefined || unit === undefined) return;
      f.durations.push({ value, unit, relation: 'span', days: value * UNIT_DAYS[unit], about: wordsAround(m) });
    },
  },
  {
    name: 'distance',
    // In metres: « 2 mètres », « 50 cm », « 1 100 km » (not « km/h »).
    re: new RegExp(`\\b(\\d{1,3}(?:[  ]\\d{3})+|${NUMBER.slice(1, -1)}) ?(kilometres?|km|metres?|m|centimetres?|cm)\\b(?!/|²| carres?\\b)`, 'gu'),
    apply: (m, f) => {
      const n = parseFrenchNumber((m[1] ?? '').replace(/[  ](?=\d{3})/gu, ''));
      if (n === undefined) return;
      const unit = m[2] ?? '';
      f.distances.push(/^k/u.test(unit) ? n * 1000 : /^c/u.test(unit) ? n / 100 : n);
    },
  },
  {
    name: 'area',
    // In square metres: « 28 m² », « 40 m2 », « 9 mètres carrés » (not read as distances, above).
    re: /\b(\d{1,3}(?:[  ]\d{3})+|\d+(?:[,.]\d+)?) ?(?:m²|m2\b|metres? carres?\b)/gu,
    apply: (m, f) => {
      const n = parseFrenchNumber((m[1] ?? '').replace(/[  ](?=\d{3})/gu, ''));
      if (n !== undefined) f.areas.push(n);
    },
  },
  {
    name: 'year',
    re: /\b(?:en|de|depuis|avant|apres|le \d{1,2}(?:er)? \w+|annee) ((?:19[5-9]|20[0-4])\d)\b/gu,
    apply: (m, f) => {
      const n = Number(m[1]);
      if (Number.isFinite(n)) f.years.push(n);
    },
  },
  {
    name: 'speed-limit',
    re: /\b(?:limitee? a|limitation (?:a|de)|zone(?: a| limitee a)?|vitesse maximale (?:de|autorisee de|est de)|panneau(?: de)?) (\d{2,3})(?: ?km\/?h)?\b/gu,
    apply: (m, f) => {
      const n = Number(m[1]);
      if (Number.isFinite(n)) f.speedLimit ??= n;
    },
  },
  {
    name: 'speed',
    re: /\b(\d{2,3}) ?km\/?h\b/gu,
    apply: (m, f) => {
      const n = Number(m[1]);
      // The speed driven: the highest figure in km/h that is not the limit (read before, see the order).
      if (Number.isFinite(n) && n !== f.speedLimit && (f.speed === undefined || n > f.speed)) f.speed = n;
    },
  },
];

/** Words after which a negation names a thing rather than what is missing (« sans doute », « pas de souci »). */
const NOT_ABSENT = new Set(['doute', 'souci', 'probleme', 'raison', 'cesse', 'arret', 'rien', 'reponse', 'nouvelles', 'moi', 'lui', 'elle', 'eux', 'nous', 'vous', 'etre', 'faire', 'dire']);
const ABSENT_RE =
  /\b(?:(?:sans(?: (?:m'|me |t'|te |lui |nous |vous |leur |l')?avoir [a-z]+)?|pas de|pas du|pas des|aucun|aucune|ni|n'(?:ai|avons|a|avez|ont) (?:pas|jamais) (?:fait|eu|suivi|recu|signe|demande|passe|declare|envoye|rempli|paye|obtenu))\s+|pas d'\s*)(?:(?:le moindre |la moindre |aucun |aucune |un |une |le |la |les |l'|de |d'|du |des |mon |ma |mes |son |sa |ses |notre |nos |votre |vos |leur |leurs )\s*)?([a-z][a-z-]{3,})\b/gu;

/** Nouns the question says are missing, at most a few (a long text must not multiply the work). */
function absentThings(t: string): string[] {
  const out: string[] = [];
  ABSENT_RE.lastIndex = 0;
  for (let m = ABSENT_RE.exec(t); m !== null && out.length < 6; m = ABSENT_RE.exec(t)) {
    const w = m[1] ?? '';
    // A verb after « sans » (« sans prévenir », « sans être mariée ») says nothing is missing.
    if (NOT_ABSENT.has(w) || /(?:er|ir)$/u.test(w) || out.includes(w)) continue;
    out.push(w);
  }
  return out;
}

/** Words after « j'ai », « mon », « je suis » that name no thing the person has or is. */
const NOT_HELD = new Set(['avis', 'sens', 'tour', 'temps', 'place', 'cote', 'part', 'egard', 'insu', 'droit', 'pas', 'plus', 'jamais', 'rien', 'deja', 'encore', 'bien', 'tres', 'trop', 'peur', 'besoin', 'envie', 'honte', 'raison', 'tort', 'fait', 'dit', 'ete', 'vu', 'eu', 'pu', 'du']);
const DET = "(?:un|une|le|la|les|l'|des|mon|ma|mes|notre|nos)";
/**
 * « j'ai un passeport » (a determiner: « j'ai signé » names no thing), « je suis retraité », « oublié mon
 * permis », and any possessive (« mon permis », « mes enfants »).
 */
const HELD_RE = new RegExp(
  [
    `\\b(?:j'ai|nous avons|on a)\\s+${DET}\\s*([a-z][a-z-]{3,})\\b`,
    `\\b(?:je suis|nous sommes|on est)\\s+(?:(?:un|une)\\s+)?([a-z][a-z-]{3,})\\b`,
    `\\b(?:mon|ma|mes|notre|nos)\\s+([a-z][a-z-]{3,})\\b`,
  ].join('|'),
  'gu',
);

/** Things the person says they have or are, at most a few, none of those the question says are missing. */
function heldThings(t: string, absent: readonly string[]): string[] {
  const out: string[] = [];
  HELD_RE.lastIndex = 0;
  for (let m = HELD_RE.exec(t); m !== null && out.length < 8; m = HELD_RE.exec(t)) {
    const w = m[1] ?? m[2] ?? m[3] ?? '';
    if (NOT_HELD.has(w) || absent.includes(w) || out.includes(w)) continue;
    out.push(w);
  }
  return out;
}

/** A distance of the question (kept in metres) as the person would write it: « 2 m », « 1 100 km ». */
export function distanceText(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toLocaleString('fr-FR')} km` : `${metres.toLocaleString('fr-FR')} m`;
}

/** The question's text as the extractors read it. */
export function factText(question: string): string {
  return normalizeText(question).replace(/['’‘]/gu, "'");
}

/** The relative whose estate or gift it is, as the question names them, and who the person is to them. */
const HEIR_OF: readonly [RegExp, Heir][] = [
  [/^(?:pere|mere|papa|maman|parents)$/u, 'enfant'],
  [/^(?:grand-pere|grand-mere|grands-parents|papi|papy|mamie|mamy)$/u, 'petit-enfant'],
  [/^(?:fils|fille|enfant)$/u, 'ascendant'],
  [/^(?:frere|soeur)$/u, 'frere-soeur'],
  [/^(?:oncle|tante)$/u, 'neveu'],
  [/^(?:mari|femme|epoux|epouse|conjoint|conjointe|compagnon|compagne|partenaire)$/u, 'conjoint'],
  [/^(?:cousin|cousine|parrain|marraine|ami|amie|voisin|voisine)$/u, 'autre'],
];
/** « ma tante est décédée », « mon oncle m'a légué », « ma grand-mère veut me donner »: the relative just before the death or the gift. */
const HEIR_RE =
  /\b(?:mon|ma|mes|notre|nos) (grand-pere|grand-mere|grands-parents|papi|papy|mamie|mamy|pere|mere|papa|maman|parents|fils|fille|enfant|frere|soeur|oncle|tante|mari|femme|epoux|epouse|conjointe?|compagnon|compagne|partenaire|cousine?|parrain|marraine|amie?|voisine?)\b(?:[^.?!]{0,60}?)\b(?:est decede|est decedee|sont decedes|est mort|est morte|vient de deceder|vient de mourir|nous a quittes|m'a legue|m'a laisse|veut me donner|voudrait me donner|va me donner|souhaite me donner|me donne|m'a donne|me legue)/u;

/** Words that name a minor (« sans enfant » names none). */
const MINOR_RE = /(?<!sans )\b(?:mineure?s?|enfants?|fils|filles?|ados?|adolescente?s?|lyceen(?:ne)?s?|collegien(?:ne)?s?|eleves?|bebes?|nourrissons?|petits?-enfants?|apprentie?s?)\b/u;

/**
 * Ages of people the question names by their first name (« Inès a 16 ans et Noah 12 ans », « Léa, 9 ans »),
 * read on the text as written: a capitalised word, not a place (« à Lyon 3 ans »), then the age.
 */
const NAMED_AGE_RE = /(?<![\p{L}'’])(?<!(?:à|a|en|au|de|depuis|vers|sur) )\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?: a| aura| vient d'avoir| qui a|,)? (\d{1,2}) ans\b/gu;
/** Words written with a capital that are no first names: pronouns, determiners and linking words opening a sentence. */
const NOT_NAMES = new Set(['Il', 'Elle', 'On', 'Je', 'Nous', 'Vous', 'Ils', 'Elles', 'Mon', 'Ma', 'Mes', 'Notre', 'Nos', 'Son', 'Sa', 'Ses', 'Leur', 'Leurs', 'Depuis', 'Dans', 'Pendant', 'Après', 'Avant', 'Cela', 'Ça', 'Ce', 'Cette', 'Le', 'La', 'Les', 'Un', 'Une', 'Et', 'Mais']);

function namedAges(question: string): number[] {
  const out: number[] = [];
  NAMED_AGE_RE.lastIndex = 0;
  for (let m = NAMED_AGE_RE.exec(question); m !== null; m = NAMED_AGE_RE.exec(question)) {
    const name = /^\p{Lu}\p{Ll}+/u.exec(m[0])?.[0] ?? '';
    if (NOT_NAMES.has(name)) continue;
    out.push(Number(m[1]));
  }
  return out;
}

/** Reads the person's facts from a question. */
export function extractFacts(question: string): QuestionFacts {
  const t = factText(question);
  const facts: QuestionFacts = {
    otherAges: [],
    amounts: [],
    percents: [],
    years: [],
    durations: [],
    intervals: [],
    monthsOf: [],
    distances: [],
    areas: [],
    residence: 'france',
    nationality: 'francais',
    absent: absentThings(t),
    held: [],
    adult: true,
  };
  facts.held = heldThings(t, facts.absent);
  for (const e of CATEGORICAL) {
    const m = e.re.exec(t);
    if (m) e.apply(m, facts);
  }
  for (const e of NUMERIC) {
    e.re.lastIndex = 0;
    for (let m = e.re.exec(t); m !== null; m = e.re.exec(t)) e.apply(m, facts);
  }
  facts.intervals = dateIntervals(questionDates(t));
  facts.otherAges.push(...namedAges(question));
  const abroad = abroadOf(t);
  if (abroad) facts.abroad = abroad;
  if (facts.weeklyHours !== undefined) facts.workTime ??= facts.weeklyHours < 35 ? 'partiel' : 'plein';
  // Alternating residence is the case of separated parents who say so: without a separation told, a rule
  // « en cas de garde alternée » is not the person's.
  if (facts.custody === undefined && facts.couple !== 'separe') facts.custody = 'habituelle';
  const heir = HEIR_RE.exec(t)?.[1];
  if (heir) facts.heir = HEIR_OF.find(([re]) => re.test(heir))?.[1];
  const minorAge = [facts.age, ...facts.otherAges].some((a) => a !== undefined && a < 18);
  facts.adult = !minorAge && !MINOR_RE.test(t);
  return facts;
}

/** Whether the facts hold a figure of the person's (an amount, a percentage, a duration, a distance, a surface, a speed). */
export function hasFigure(f: QuestionFacts): boolean {
  return f.amounts.length + f.percents.length + f.durations.length + f.monthsOf.length + f.distances.length + f.areas.length > 0 || f.speed !== undefined || f.speedLimit !== undefined;
}

/** How far over the limit the person drove, when both are known. */
export function speedExcess(facts: QuestionFacts): number | undefined {
  if (facts.speed === undefined || facts.speedLimit === undefined) return undefined;
  return facts.speed - facts.speedLimit;
}
