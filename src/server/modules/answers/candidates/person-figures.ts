/**
 * The person's own figures beside the rule: which units of a sentence are those of the figures the
 * question gives (€, months, km/h, m²…), and the plain sentence of ours that sets them beside the rule quoted.
 */
import { distanceText, speedExcess, type QuestionFacts } from '../question/facts';
import type { Understanding } from '../question/understand';
import type { ComposeWork } from './types';

/** How a sentence states a distance of the same order as the person's: km for theirs in km, metres otherwise. */
export function distanceUnit(metres: number): RegExp {
  return metres >= 1000 ? /\d\s?(?:km|kilomètres?)(?![\p{L}\p{N}/])/u : /\d\s?(?:m|mètres?|cm|centimètres?)(?![\p{L}\p{N}/])/u;
}

/** Something a text holds or not (a regular expression, or a finer test). */
export interface TextTest {
  test(text: string): boolean;
}

/**
 * A number of months or years that is a duration, as the person's own figure is: « 3 ans d'ancienneté »,
 * « un délai de 2 mois »; not an age (« âgé de moins de 18 ans », « l'enfant de moins de 3 ans », « si le
 * salarié a moins de 18 ans ») nor a prison term (« 6 mois d'emprisonnement »).
 */
export function durationOf(unit: 'mois' | 'an'): TextTest {
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

export const MONTHS = durationOf('mois');

export const YEARS = durationOf('an');

/** A sum counted in months of rent or salary, as the fiches write it (« 2 mois de loyer hors charges »). */
export const MONTHS_OF = /(?:\d+|un|deux|trois|quatre|six) mois de (?:loyer|salaire)/u;

/** A surface in square metres, as the fiches write it (« 10 € TTC maximum par m2 », « 9 m² »). */
export const AREA_RE = /\d\s?(?:€\s)?(?:[\p{L}\s]{0,30}\s)?(?:m2|m²|mètres? carrés)(?![\p{L}\p{N}])/u;

/** Units of the person's figures, as they read in a sentence. */
export function factUnits(f: QuestionFacts): TextTest[] {
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

/** One plain sentence of ours that puts the person's figure beside the rule quoted (never a quote). */
export function personFigure(u: Understanding, work: ComposeWork, quoted: string): string | undefined {
  const compared = work.fine ? quoted : withoutPenalties(quoted);
  return (u.askedFacts ? figureLine(u.askedFacts, compared) : undefined) ?? figureLine(u.facts, compared);
}

/** An amount that is a penalty (« 300 000 € d'amende », « amende de 1 500 € »). */
export const PENALTY_AMOUNT_RE = /\d[\d\s\u202f\u00a0]*(?:[,.]\d+)?\s?(?:€|euros?)\s(?:d'|d’)amende|amendes?\s(?:forfaitaires?\s)?(?:de\s|:\s)?(?:\d[\d\s\u202f\u00a0]*(?:[,.]\d+)?\s?(?:€|euros?))/giu;

/**
 * The quoted text without its penalty amounts: a fine the offender risks is no figure of the person's to
 * compare (« Vous indiquez 300 € » beside « 300 000 € d'amende » for a ransom asked of them).
 */
export function withoutPenalties(quoted: string): string {
  return quoted.replace(PENALTY_AMOUNT_RE, ' ');
}

/** How a sentence states a duration in each unit of the person's. */
export const DURATION_TESTS: Record<string, TextTest> = { mois: MONTHS, an: YEARS, jour: /\d\s?jours?\b/u, semaine: /\d\s?(?:semaines?|jours?)\b/u };

export function figureLine(f: QuestionFacts, quoted: string): string | undefined {
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
