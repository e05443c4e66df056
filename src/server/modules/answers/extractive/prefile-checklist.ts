/**
 * The pré-dossier checklist: the parties and the documents a professional will ask for, by topic of the
 * question. Our own French text (not quoted from a fiche), naming no article of law.
 */
import { normalizeText } from '../../../../common/french-text';

export type PrefileTopic = 'logement' | 'travail' | 'famille' | 'consommation' | 'voisinage' | 'route' | 'argent' | 'succession' | 'victime' | 'general';

/** Topic patterns on the normalised question, then on the fiches' titles and themes (first match wins). */
const TOPIC_PATTERNS: readonly [PrefileTopic, RegExp][] = [
  ['victime', /\b(frappe|agress|violence|menacant|menaces de mort|harcel|vol\b|vole|plainte|main courante|victime)/],
  ['voisinage', /\b(voisin|voisinage|bruit|nuisance|tapage|copropri|syndic)/],
  ['logement', /\b(logement|locat|loyer|bail|proprietaire|bailleur|depot de garantie|caution|etat des lieux|coloc|appartement|studio)/],
  ['travail', /\b(salari|employeur|travail|licenci|rupture conventionnelle|heures supplementaires|conges|prud|demission|salaire|patron|chef|cdi|cdd|periode d'essai)/],
  ['succession', /\b(succession|heritage|heriti|testament|donation|defunt|decede|deces|obseques)/],
  ['famille', /\b(divorc|separation|pension alimentaire|garde|enfant|conjoint|mariage|pacs|autorite parentale)/],
  ['route', /\b(amende|contravention|stationnement|permis|vitesse|radar|vehicule|fourriere|carte grise|voiture|scooter|moto)/],
  ['argent', /\b(surendett|dettes?|credit|creancier|banque|recouvrement|huissier|saisie|compte bancaire|prelevement)/],
  ['consommation', /\b(achat|vendeur|commande|retractation|consommat|garantie|livraison|remboursement|abonnement|facture|operateur|artisan|demenage)/],
];

export function prefileTopic(question: string, sourceContext: string): PrefileTopic {
  for (const text of [question, sourceContext]) {
    const t = normalizeText(text);
    for (const [topic, re] of TOPIC_PATTERNS) if (re.test(t)) return topic;
  }
  return 'general';
}

export const PARTIES: Record<PrefileTopic, string> = {
  logement: "le propriétaire ou l'agence, et vous-même (locataire)",
  travail: "l'employeur (nom, adresse, effectif) et vous-même (poste, date d'embauche, contrat)",
  famille: "l'autre parent ou l'ex-conjoint, les enfants (âges) et les décisions déjà rendues",
  consommation: 'le professionnel (nom, adresse, numéro de commande ou de client)',
  voisinage: "le voisin en cause, et le bailleur ou le syndic s'il y en a un",
  route: "l'avis de contravention (numéro, date, lieu) et le titulaire de la carte grise",
  argent: 'chaque créancier (banque, organisme, fournisseur) et la somme due à chacun',
  succession: 'le défunt (date du décès), les héritiers et le notaire éventuel',
  victime: "l'auteur des faits s'il est connu, les témoins, le service de police ou de gendarmerie saisi",
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
  succession: "l'acte de décès, le livret de famille, un éventuel testament, les relevés de comptes",
  victime: 'les certificats médicaux, les messages reçus, des photos, les coordonnées des témoins, le récépissé de plainte',
  general: 'les contrats, courriers, factures et décisions en lien avec votre question',
};
