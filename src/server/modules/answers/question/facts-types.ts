/**
 * The shape of the person's facts (`QuestionFacts`) and of one extractor, shared by the files that read
 * them (facts.ts, facts-situation.ts, facts-figures.ts). Types only: the extractors import them from here,
 * not from facts.ts, which runs them.
 */
import type { Duration } from './facts-time';

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

/** One extractor: a pattern on the normalised question and what it sets. */
export interface Extractor {
  name: string;
  re: RegExp;
  apply(m: RegExpExecArray, facts: QuestionFacts): void;
}
