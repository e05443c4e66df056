/**
 * The figures of the question: numbers written in digits or words, and the numeric extractors that read
 * hours a week, ages, children, amounts, months of rent or salary, percentages, durations, distances,
 * surfaces, years and speeds, every match of each; ages of people named by their first name; a distance
 * written back as the person would.
 */
import type { Extractor } from './facts-types';
import { durationUnit, UNIT_DAYS, wordsAround } from './facts-time';

const WORD_NUMBERS: Record<string, number> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60,
};
/** A number in digits (a decimal part after a comma or a point) or in words, as one regex group. */
export const NUMBER = `(\\d+(?:[.,]\\d+)?|${Object.keys(WORD_NUMBERS).join('|')})`;

/** « 4 », « 1,5 », « quatre » → 4. */
export function parseFrenchNumber(raw: string): number | undefined {
  const word = WORD_NUMBERS[raw];
  if (word !== undefined) return word;
  const n = Number(raw.replace(/\s/gu, '').replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** Half of the legal working week of 35 hours. */
export const HALF_TIME_HOURS = 17.5;

/** The relatives whose age a question may give (« mon fils a 8 ans », « ma mère, âgée de 80 ans »). */
const RELATIVES = 'fils|fille|enfant|bebe|pere|mere|frere|soeur|ado|adolescent|adolescente|grand-pere|grand-mere|petit-fils|petite-fille';
const RELATIVE = `(?:${RELATIVES})`;

/** Words before « de N ans » that make it an age (« âgée », « ma fille », « un enfant », « des jeunes »). */
const AGE_BEFORE_RE = new RegExp(`\\b(?:agee?s?|${RELATIVES}|enfants|personnes?|jeunes?|mineure?s?|garcons?|filles|adolescents?|adolescentes)\\s?$`, 'u');

/** The numeric extractors, each run on every match, in this order (the speed limit is read before the speed). */
export const NUMERIC: readonly Extractor[] = [
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

/** A distance of the question (kept in metres) as the person would write it: « 2 m », « 1 100 km ». */
export function distanceText(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toLocaleString('fr-FR')} km` : `${metres.toLocaleString('fr-FR')} m`;
}

/**
 * Ages of people the question names by their first name (« Inès a 16 ans et Noah 12 ans », « Léa, 9 ans »),
 * read on the text as written: a capitalised word, not a place (« à Lyon 3 ans »), then the age.
 */
const NAMED_AGE_RE = /(?<![\p{L}'’])(?<!(?:à|a|en|au|de|depuis|vers|sur) )\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?: a| aura| vient d'avoir| qui a|,)? (\d{1,2}) ans\b/gu;
/** Words written with a capital that are no first names: pronouns, determiners and linking words opening a sentence. */
const NOT_NAMES = new Set(['Il', 'Elle', 'On', 'Je', 'Nous', 'Vous', 'Ils', 'Elles', 'Mon', 'Ma', 'Mes', 'Notre', 'Nos', 'Son', 'Sa', 'Ses', 'Leur', 'Leurs', 'Depuis', 'Dans', 'Pendant', 'Après', 'Avant', 'Cela', 'Ça', 'Ce', 'Cette', 'Le', 'La', 'Les', 'Un', 'Une', 'Et', 'Mais']);

export function namedAges(question: string): number[] {
  const out: number[] = [];
  NAMED_AGE_RE.lastIndex = 0;
  for (let m = NAMED_AGE_RE.exec(question); m !== null; m = NAMED_AGE_RE.exec(question)) {
    const name = /^\p{Lu}\p{Ll}+/u.exec(m[0])?.[0] ?? '';
    if (NOT_NAMES.has(name)) continue;
    out.push(Number(m[1]));
  }
  return out;
}
