/**
 * The pré-dossier (« Votre pré-dossier »): what to write down and the documents a professional will ask
 * for, by topic of the question; the fiche's forms and online services about the question; the questions
 * to ask the professional, from what the person asks. Our own French text (not quoted from a fiche, no
 * marker except on a resource of the fiche), naming no article of law. A line says what fits this
 * question or is left out: a deadline question only when the person asks a deadline or a remedy.
 */
import { normalizeText } from '../../../../common/french-text';
import type { SourceView } from '../candidates/candidates';
import { LIMITS } from '../candidates/weights';
import type { CaseGroup } from '../cases/resolve-case';
import type { QuestionKind } from '../question/kind';
import type { Understanding } from '../question/understand';
import type { Fiche, LinkedResource } from '../../../../corpus/types';
import { corpusStems, wordPresent, type TopicWord } from '../question/topic-words';

export type PrefileTopic = 'logement' | 'travail' | 'famille' | 'consommation' | 'voisinage' | 'route' | 'argent' | 'banque' | 'succession' | 'victime' | 'general';

/**
 * Topic patterns, counted on the normalised question and on the primary fiche's title and themes
 * (`prefileTopic`). A fine alone is no road topic (a criminal court's « amende » is not an « avis de
 * contravention »); on a tie, the earlier topic wins: debts (« argent ») before the bank, so that a
 * Banque de France over-indebtedness file stays a debt.
 */
const TOPIC_PATTERNS: readonly [PrefileTopic, RegExp][] = [
  ['victime', /\b(frappe|agress|violence|menacant|menaces de mort|harcel|vol\b|vole|plainte|main courante|victime)/g],
  ['voisinage', /\b(voisin|voisinage|bruit|nuisance|tapage|copropri|syndic)/g],
  ['logement', /\b(logement|locat|loyer|bail|proprietaire|bailleur|depot de garantie|caution|etat des lieux|coloc|appartement|studio)/g],
  ['travail', /\b(salari|employeur|travail|licenci|rupture conventionnelle|heures supplementaires|conges|prud|demission|salaire|patron|chef|cdi|cdd|periode d'essai)/g],
  ['succession', /\b(succession|heritage|heriti|testament|donation|defunt|decede|deces|obseques)/g],
  ['famille', /\b(divorc|separation|pension alimentaire|garde|enfant|conjoint|mariage|pacs|autorite parentale)/g],
  ['route', /\b(amende forfaitaire|contravention|stationnement|permis|vitesse|radar|vehicule|fourriere|carte grise|voiture|scooter|moto)/g],
  ['argent', /\b(surendett|dettes?|credit|creancier|recouvrement|huissier|saisie)/g],
  ['banque', /\b(banque|bancaire|compte (courant|joint)|carte bleue|cheque|prelev|virement|livret (a|jeune|d'epargne)\b)/g],
  ['consommation', /\b(achat|vendeur|commande|retractation|consommat|garantie|livraison|remboursement|abonnement|facture|operateur|artisan|demenage)/g],
];

/** How much the question counts against the fiche's title and themes when the topic is chosen. */
const QUESTION_WEIGHT = 2;

/**
 * The pré-dossier's topic: the one whose words the question and the primary fiche's title and themes name
 * most (the question's twice), not the first word met: « condamné pour violences… sans laisser de
 * testament, va-t-il hériter ? » is a succession (« testament », the fiche's « Succession » and « Héritage »),
 * not a victim's file.
 */
export function prefileTopic(question: string, sourceContext: string): PrefileTopic {
  const asked = normalizeText(question);
  const fiche = normalizeText(sourceContext);
  let best: PrefileTopic = 'general';
  let bestScore = 0;
  for (const [topic, re] of TOPIC_PATTERNS) {
    const score = QUESTION_WEIGHT * (asked.match(re)?.length ?? 0) + (fiche.match(re)?.length ?? 0);
    if (score > bestScore) [best, bestScore] = [topic, score];
  }
  return best;
}

/**
 * The topic of an answer (its pré-dossier, its professionals): the question's and its primary source's
 * fiche's title and themes, by `prefileTopic`.
 */
export function answerTopic(u: Understanding, views: readonly SourceView[]): PrefileTopic {
  const primary = views[0];
  return prefileTopic(u.question, primary ? `${primary.source.title} ${(primary.fiche?.themePath ?? []).join(' ')}` : '');
}

/**
 * What to write down besides the dates and the sums (after « À noter : les dates clés, les sommes en
 * jeu, »): the other party and what identifies the case.
 */
export const PARTIES: Record<PrefileTopic, string> = {
  logement: "les coordonnées du propriétaire ou de l'agence",
  travail: "l'employeur et son effectif, votre poste, votre date d'embauche",
  famille: "l'âge des enfants, les décisions déjà rendues",
  consommation: 'le nom du professionnel, le numéro de commande ou de client',
  voisinage: 'le voisin en cause, le bailleur ou le syndic',
  route: "le numéro de l'avis de contravention, le titulaire de la carte grise",
  argent: 'chaque créancier et la somme due à chacun',
  banque: 'la banque et votre agence, chaque opération en cause',
  succession: 'la date du décès, les héritiers, le notaire éventuel',
  victime: "l'auteur s'il est connu, les témoins, le service de police ou de gendarmerie saisi",
  general: 'les personnes, entreprises ou administrations en cause',
};

export const DOCUMENTS: Record<PrefileTopic, string> = {
  logement: 'le bail, les états des lieux, les quittances, les courriers échangés, des photos',
  travail: "le contrat de travail, les bulletins de paie, les courriers de l'employeur, les plannings",
  famille: 'le livret de famille, les jugements ou conventions, les justificatifs de revenus et de charges',
  consommation: 'la facture ou le bon de commande, les conditions de vente, les échanges, les preuves de paiement',
  voisinage: 'un relevé daté des nuisances, des témoignages, les courriers envoyés, un éventuel constat',
  route: "l'avis de contravention, la carte grise, toute preuve utile (photos, témoignages)",
  argent: 'les contrats, les relevés de compte, les courriers des créanciers, vos justificatifs de revenus',
  banque: "les relevés de compte, les échanges avec la banque, le récépissé d'opposition ou de plainte",
  succession: "l'acte de décès, le livret de famille, un éventuel testament, les relevés de comptes",
  victime: 'les certificats médicaux, les messages reçus, des photos, les coordonnées des témoins, le récépissé de plainte',
  general: 'les contrats, courriers, factures et décisions en lien avec votre question',
};

/**
 * The question to ask the professional for what the person asks (`Understanding.kind`): when the
 * deadline runs from for a deadline, what to do first and by when for a remedy, and so on. A right (« a-t-il
 * le droit ? »), a definition or a question of no kind asks nothing of its own: « does my case fall under
 * the rule or an exception? » would be the same line under every such question.
 */
export const ASK_PROFESSIONAL: Partial<Record<QuestionKind, string>> = {
  delai: 'Depuis quand le délai court-il dans ma situation\u202f?',
  recours: 'Quel recours engager en premier, et avant quelle date\u202f?',
  montant: "Quelle somme s'applique exactement à ma situation\u202f?",
  demarche: 'Quelles pièces fournir, et à qui\u202f?',
};

/** The questions for the professional: which case is the person's, when one is left open; what they ask. */
export function professionalQuestions(kind: QuestionKind, openGroup: CaseGroup | undefined): string[] {
  const questions = [openGroup ? `Ma situation relève-t-elle du cas ${openGroup.kept.slice(0, 4).map((o) => `« ${o} »`).join(' ou du cas ')}\u202f?` : undefined, ASK_PROFESSIONAL[kind]];
  return questions.filter((q): q is string => q !== undefined);
}

/** The text of « Votre pré-dossier ». */
export function prefileSection(u: Understanding, views: readonly SourceView[], openGroup: CaseGroup | undefined): string {
  const primary = views[0];
  const topic = answerTopic(u, views);
  const parts = [`À noter\u202f: les dates clés, les sommes en jeu, ${PARTIES[topic]}.`, `À rassembler\u202f: ${DOCUMENTS[topic]}.`];
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
  const questions = professionalQuestions(u.kind, openGroup);
  if (questions.length > 0) parts.push(`À demander au professionnel\u202f: ${questions.join(' ')}`);
  return parts.join('\n\n');
}

/** The address of a form or online service the fiche links to (its own URL, or the fiche's site). */
function resourceUrl(r: LinkedResource, fiche: Fiche | undefined): string | undefined {
  if (r.url) return r.url;
  if (r.id && /^[RF]\d+$/u.test(r.id)) {
    const audience = /service-public\.fr\/(\w+)\//u.exec(fiche?.url ?? '')?.[1] ?? 'particuliers';
    return `https://www.service-public.fr/${audience}/vosdroits/${r.id}`;
  }
  return undefined;
}

/** How many of the question's topic words a text holds. */
function countHits(words: readonly TopicWord[], text: string): number {
  const stems = corpusStems(text);
  let n = 0;
  for (const w of words) if (wordPresent(w, stems)) n += 1;
  return n;
}
