/**
 * The professionals the extractive answer can point to, with a short French explanation: those of the
 * answer's topic (the pré-dossier's, `answerTopic`), the one of them the sources name first; when the topic
 * has none (or the primary fiche is an administration's matter), those the sources' « Où s'adresser » list.
 * The explanations are ours (not quoted from a fiche) and carry no article of law.
 */
import { Lru } from '../../../../common/lru';
import { normalizeText } from '../../../../common/french-text';
import type { SourceView } from '../candidates/candidates';
import { LIMITS } from '../candidates/weights';
import type { Understanding } from '../question/understand';
import { answerTopic, type PrefileTopic } from './prefile-checklist';

export interface Professional {
  id: string;
  /** Name as shown to the visitor. */
  name: string;
  /** What they do for this kind of problem (one sentence, ours). */
  role: string;
  /** Patterns (on normalised text: lower case, no accents) that show the sources call for them. */
  inSources: RegExp;
}

export const PROFESSIONALS: readonly Professional[] = [
  {
    id: 'adil',
    name: "l'ADIL (agence départementale pour l'information sur le logement)",
    role: 'conseil juridique gratuit et neutre.',
    inSources: /\badil\b|information sur le logement/,
  },
  {
    id: 'conciliateur',
    name: 'un conciliateur de justice',
    role: 'accord amiable gratuit, souvent exigé avant le juge pour moins de 5 000 €.',
    inSources: /conciliateur de justice|conciliation/,
  },
  {
    id: 'mediateur',
    name: 'le médiateur de la consommation du professionnel',
    role: 'gratuit, après une réclamation écrite restée sans suite.',
    inSources: /mediateur de la consommation|mediation de la consommation/,
  },
  {
    id: 'mediateur-familial',
    name: 'un médiateur familial',
    role: "aide à trouver un accord avec l'autre parent.",
    inSources: /mediat\w* famil/,
  },
  {
    id: 'inspection-travail',
    name: "l'inspection du travail",
    role: "renseignements gratuits, contrôle de l'employeur.",
    inSources: /inspection du travail|inspecteur du travail|dreets|direccte/,
  },
  {
    id: 'prudhommes',
    name: "le conseil de prud'hommes",
    role: 'juge des litiges du travail, à saisir dans les délais.',
    inSources: /prud.?hom/,
  },
  {
    id: 'commissaire',
    name: 'un commissaire de justice (ex-huissier)',
    role: 'constats, actes, exécution des jugements.',
    inSources: /commissaire de justice|huissier/,
  },
  {
    id: 'notaire',
    name: 'un notaire',
    role: 'succession, donation, testament, contrat de mariage, vente immobilière.',
    inSources: /\bnotaire/,
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
  },
  {
    id: 'ompmp',
    name: "l'officier du ministère public ou l'ANTAI",
    role: "reçoivent la contestation (adresse et délai sur l'avis).",
    inSources: /officier du ministere public|antai/,
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
 * The professionals of each topic of the pré-dossier, the usual first one first: a dispute over a rent
 * goes to the ADIL, a fine to the ANTAI. A victim's or a general question has none of its own (the
 * sources' or the avocat).
 */
export const TOPIC_PROFESSIONALS: Record<PrefileTopic, readonly string[]> = {
  logement: ['adil', 'conciliateur', 'commissaire'],
  voisinage: ['conciliateur', 'commissaire'],
  travail: ['inspection-travail', 'prudhommes'],
  famille: ['mediateur-familial', 'notaire'],
  succession: ['notaire'],
  route: ['ompmp'],
  argent: ['surendettement', 'commissaire', 'conciliateur'],
  banque: ['mediateur'],
  consommation: ['mediateur', 'conciliateur', 'commissaire'],
  victime: [],
  general: [],
};

const byId = new Map(PROFESSIONALS.map((p) => [p.id, p]));
const CLOSERS = new Set(['avocat', 'point-justice']);

/** The ids of the professionals some of these texts name. */
function namedBy(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) {
    namedIn(t).forEach((named, i) => {
      const p = PROFESSIONALS[i];
      if (named && p) out.add(p.id);
    });
  }
  return out;
}

/**
 * Professionals for an answer of this topic, ranked: the topic's own, the ones the sources name first;
 * when the topic has none, those the sources' « Où s'adresser » name (a passage's passing mention, « un
 * commissaire de justice peut… » in a victim's fiche, is no advice to consult one). The point-justice
 * always closes the list, after the avocat when the topic has no professional of its own. `whereToGo`: the
 * titles of the sources' « Où s'adresser »; `passages`: their passages' texts (corpus text only, cached).
 */
export function pickProfessionals(whereToGo: readonly string[], passages: readonly string[], topic: PrefileTopic, max = 3): Professional[] {
  const own = TOPIC_PROFESSIONALS[topic];
  let ranked: string[];
  if (own.length > 0) {
    const named = namedBy([...whereToGo, ...passages]);
    ranked = [...own.filter((id) => named.has(id)), ...own.filter((id) => !named.has(id))];
  } else {
    const listed = namedBy(whereToGo);
    ranked = PROFESSIONALS.map((p) => p.id).filter((id) => listed.has(id) && !CLOSERS.has(id));
  }
  const picked = ranked.slice(0, Math.max(0, max - 2));
  picked.push(...(own.length > 0 ? ['point-justice'] : ['avocat', 'point-justice']));
  return picked.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Themes of the fiches (service-public.fr's first level) on matters with an administration: social
 * benefits and health insurance, identity papers, foreigners' stays. The other party there is a public
 * body with its own recourse, none of the topics' professionals: « remboursement » in a fiche on medical
 * fees is no consumer dispute, « travail » in one on a disability allowance no labour case.
 */
const ADMINISTRATION_THEMES = new Set(['Social - Santé', 'Papiers - Citoyenneté', 'Étranger']);

/** The topic whose professionals the answer names: the pré-dossier's, none when the primary fiche is an administration's matter. */
function professionalTopic(u: Understanding, views: readonly SourceView[]): PrefileTopic {
  return ADMINISTRATION_THEMES.has(views[0]?.fiche?.themePath?.[0] ?? '') ? 'general' : answerTopic(u, views);
}

/** « Quel professionnel consulter »: the professionals the answer's topic or its sources call for, and where to find one. */
export function professionalSection(u: Understanding, views: readonly SourceView[], city: string | undefined): string {
  const whereToGo = views.flatMap((v) => (v.fiche?.whereToGo ?? []).map((w) => w.title));
  const passages = views.flatMap((v) => v.source.passages.map((p) => p.text));
  const pros = pickProfessionals(whereToGo, passages, professionalTopic(u, views), LIMITS.professionals + 1);
  const lines = pros.map((p) => `- ${p.name.charAt(0).toUpperCase()}${p.name.slice(1)}\u202f: ${p.role}`);
  const where = city?.trim()
    ? `Trouver un professionnel à ${city.trim()} ou près de chez vous\u202f: /#professionnels`
    : 'Trouver un professionnel près de chez vous\u202f: /#professionnels';
  return `${lines.join('\n')}\n\n${where}`;
}
