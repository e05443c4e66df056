/**
 * The professionals the extractive answer can point to, each recognised in the sources (the fiche's
 * « Où s'adresser », its text) or in the topic of the question, with a short French explanation.
 * The explanations are ours (not quoted from a fiche) and carry no article of law.
 */
import { Lru } from '../../../../common/lru';
import { normalizeText } from '../../../../common/french-text';
import type { SourceView } from '../candidates/candidates';
import { LIMITS } from '../candidates/weights';
import type { Understanding } from '../question/understand';

export interface Professional {
  id: string;
  /** Name as shown to the visitor. */
  name: string;
  /** What they do for this kind of problem (one sentence, ours). */
  role: string;
  /** Patterns (on normalised text: lower case, no accents) that show the sources call for them. */
  inSources: RegExp;
  /** Patterns on the normalised question + fiche titles/theme that make them relevant by topic. */
  topic?: RegExp;
}

export const PROFESSIONALS: readonly Professional[] = [
  {
    id: 'adil',
    name: "l'ADIL (agence départementale pour l'information sur le logement)",
    role: 'conseil juridique gratuit et neutre.',
    inSources: /\badil\b|information sur le logement/,
    topic: /\b(logement|locat|loyer|bail|proprietaire|bailleur|depot de garantie|etat des lieux|expulsion|copropri)/,
  },
  {
    id: 'conciliateur',
    name: 'un conciliateur de justice',
    role: 'accord amiable gratuit, souvent exigé avant le juge pour moins de 5 000 €.',
    inSources: /conciliateur de justice|conciliation/,
    topic: /\b(voisin|bruit|nuisance|depot de garantie|litige|consommat|achat|vendeur|artisan)/,
  },
  {
    id: 'mediateur',
    name: 'le médiateur de la consommation du professionnel',
    role: 'gratuit, après une réclamation écrite restée sans suite.',
    inSources: /mediateur de la consommation|mediation de la consommation/,
    topic: /\b(consommat|achat|vendeur|retractation|commande|livraison|garantie legale|facture|abonnement)/,
  },
  {
    id: 'mediateur-familial',
    name: 'un médiateur familial',
    role: "aide à trouver un accord avec l'autre parent.",
    inSources: /mediat\w* famil/,
    topic: /\b(divorc|separation|pension alimentaire|garde (des|de mes|de l|alternee|partagee)|residence (de l.enfant|alternee)|autorite parentale)/,
  },
  {
    id: 'inspection-travail',
    name: "l'inspection du travail",
    role: "renseignements gratuits, contrôle de l'employeur.",
    inSources: /inspection du travail|inspecteur du travail|dreets|direccte/,
    topic: /\b(salari|employeur|travail|heures supplementaires|conges|licenci|salaire|contrat de travail)/,
  },
  {
    id: 'prudhommes',
    name: "le conseil de prud'hommes",
    role: 'juge des litiges du travail, à saisir dans les délais.',
    inSources: /prud.?hom/,
    topic: /\b(licenci|rupture conventionnelle|heures supplementaires|salaire|prud)/,
  },
  {
    id: 'commissaire',
    name: 'un commissaire de justice (ex-huissier)',
    role: 'constats, actes, exécution des jugements.',
    inSources: /commissaire de justice|huissier/,
    topic: /\b(constat|impaye|expulsion|recouvrement|execution|saisie|etat des lieux|bruit)/,
  },
  {
    id: 'notaire',
    name: 'un notaire',
    role: 'succession, donation, testament, contrat de mariage, vente immobilière.',
    inSources: /\bnotaire/,
    topic: /\b(succession|heritage|heriti|testament|donation|notaire|vente immobili|achat immobili|contrat de mariage|pacs)/,
  },
  {
    id: 'avocat',
    name: 'un avocat',
    role: 'conseil et défense devant le juge.',
    inSources: /\bavocat/,
  },
  {
    id: 'surendettement',
    name: 'la commission de surendettement (Banque de France)',
    role: 'mesures pour rembourser ou effacer les dettes.',
    inSources: /commission de surendettement|banque de france/,
    topic: /\b(surendett|dettes?|credit|creancier)/,
  },
  {
    id: 'ompmp',
    name: "l'officier du ministère public ou l'ANTAI",
    role: "reçoivent la contestation (adresse et délai sur l'avis).",
    inSources: /officier du ministere public|antai/,
    // « amende forfaitaire », not a fine alone: a criminal court's fine is not contested with the ANTAI.
    topic: /\b(amende forfaitaire|contravention|stationnement|exces de vitesse|radar|pv\b)/,
  },
  {
    id: 'defenseur',
    name: 'le Défenseur des droits',
    role: "recours gratuit\u202f: discrimination, litige avec un service public.",
    inSources: /defenseur des droits/,
  },
  {
    id: 'point-justice',
    name: 'un point-justice',
    role: 'rendez-vous gratuit avec un juriste ou un avocat, aide juridictionnelle.',
    inSources: /point.justice|maison de justice et du droit|\bcdad\b|acces au droit/,
  },
];

/**
 * Which professionals a source text names (`inSources`, on its normalised form), by text: the same
 * fiches' texts recur in every answer. No pattern matches across a line break, so the sources name a
 * professional when one of their texts does.
 */
const named = new Lru<string, boolean[]>(10_000);

function namedIn(text: string): boolean[] {
  return named.memo(text, (t) => {
    const normal = normalizeText(t);
    return PROFESSIONALS.map((p) => p.inSources.test(normal));
  });
}

/**
 * Professionals relevant to a question, ranked: by the question's own topic first, then named by the
 * sources, then by the fiches' topic; the point-justice always closes the list, after the avocat unless
 * the question's own topic named a professional. `sourceTexts`: the texts of the sources (passages, « Où s'adresser »),
 * whose professionals named are cached (corpus text only).
 */
export function pickProfessionals(sourceTexts: readonly string[], topicText: string, max = 4, question = ''): Professional[] {
  const inSources = PROFESSIONALS.map(() => false);
  for (const t of sourceTexts) namedIn(t).forEach((n, i) => (inSources[i] ||= n));
  const topic = normalizeText(topicText);
  const asked = normalizeText(question);
  const scored = PROFESSIONALS.map((p, i) => {
    let score = 0;
    // The question's own topic first (a salary dispute goes to the prud'hommes, whatever the fiches mention).
    if (asked && p.topic?.test(asked)) score += 3;
    if (inSources[i]) score += 1.5;
    if (p.topic?.test(topic)) score += 1;
    return { p, score, i };
  }).filter((s) => s.score > 0 && s.p.id !== 'point-justice' && s.p.id !== 'avocat');
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  // When the question names its topic, only the professionals of that topic.
  const onTopic = scored.filter((s) => s.score >= 3);
  const picked = (onTopic.length > 0 ? onTopic : scored).slice(0, Math.max(0, max - 2)).map((s) => s.p);
  // The point-justice closes the list (a free meeting with a lawyer or a jurist); the avocat too unless the
  // question's own topic named a professional, rather than in every answer.
  for (const id of onTopic.length > 0 ? ['point-justice'] : ['avocat', 'point-justice']) {
    const p = PROFESSIONALS.find((x) => x.id === id);
    if (p) picked.push(p);
  }
  return picked;
}

/** « Quel professionnel consulter »: the professionals the sources or the question's topic call for, and where to find one. */
export function professionalSection(u: Understanding, views: readonly SourceView[], city: string | undefined): string {
  const sourceTexts = views.flatMap((v) => [...(v.fiche?.whereToGo ?? []).map((w) => w.title), ...v.source.passages.map((p) => p.text)]);
  const topicText = [u.question, ...views.slice(0, 1).map((v) => `${v.source.title} ${(v.fiche?.themePath ?? []).join(' ')}`)].join(' ');
  const pros = pickProfessionals(sourceTexts, topicText, LIMITS.professionals + 1, u.question);
  const lines = pros.map((p) => `- ${p.name.charAt(0).toUpperCase()}${p.name.slice(1)}\u202f: ${p.role}`);
  const where = city?.trim()
    ? `Trouver un professionnel à ${city.trim()} ou près de chez vous\u202f: /#professionnels`
    : 'Trouver un professionnel près de chez vous\u202f: /#professionnels';
  return `${lines.join('\n')}\n\n${where}`;
}
