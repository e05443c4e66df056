/**
 * What a question's own words say about its scope, before any fiche is looked at:
 * - legal signals: a lay → legal lexicon entry (« proprio », « viré », « flashé ») or a word of legal intent
 *   (« droit », « légal », « obligé », « interdit », « recours », « plainte », « contrat », « délai »…);
 * - theme cues: a word that names a theme of everyday law (loyer, patron, divorce, voiture…: the cue words of
 *   the lexicon themes);
 * - non-legal domains: words of everyday subjects the law of these fiches does not cover (cooking, sport,
 *   weather, computer help, small talk, symptoms, sightseeing, hobbies, pet care, gardening, school
 *   exercises, DIY, beauty, dating, advice on what to choose), written from general knowledge of those
 *   domains. They only count when the question has no legal signal: « recette » is also the tax office's
 *   word.
 * Words are compared accent-folded: a word as itself or with a plural or feminine ending, a stem ending in
 * « * » as the start of a word, a phrase (with a space) as such (« mot de passe »). The legal-intent words are
 * stems (« oblig » for « obligé », « obligatoire »).
 */
import { foldAccents, tokenize } from '../../../../corpus/analyzer';
import { compileLexicon, LEXICON, LEXICON_THEMES, matchLexicon } from '../../../../corpus/lexicon';

/** Words of legal intent: rights, duties, bans, procedures, remedies (accent-folded prefixes). */
export const LEGAL_INTENT = [
  'droit', 'legal', 'illegal', 'loi', 'lois', 'oblig', 'autoris', 'interdi', 'sanction', 'recours', 'contest', 'plainte',
  'procedur', 'demarche', 'indemn', 'responsab', 'tribunal', 'juge', 'avocat', 'notaire', 'contrat', 'delai', 'reglement',
  'amende', 'penal', 'illicite', 'licite', 'abusi', 'legitim', 'litige', 'prejudice', 'dommages', 'reclam', 'mise en demeure',
  'que risque', 'risque-t', 'ai-je le droit', 'a-t-il le droit', 'a-t-elle le droit', 'en a-t-il le droit', 'est-ce legal',
  'formalite', 'juridique*', 'declar', 'rembours', 'discrimin', 'harcel', 'violence', 'justificatif', 'attestation', 'certificat', 'allocation', 'aide sociale', 'prestation',
  'acompte', 'arrhes', 'recuperer mon argent', "recuperer l'argent", 'garantie', 'livraison', 'service client', 'service apres-vente'
  ] as const;

/** Vocabulary of everyday subjects outside the law of the fiches, by domain (accent-folded prefixes or phrases). */
export const NON_LEGAL_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  cuisine: [
    'recette', 'cuire', 'cuisson', 'cuisiner', 'cuisinez', 'cuisinee', 'gateau', 'tarte', 'crepe', 'pate a', 'pates', 'sauce', 'mayonnaise', 'vinaigrette',
    'soupe', 'omelette', 'oeuf', 'farine', 'levure', 'beurre', 'chocolat', 'fromage', 'dessert', 'ingredient*', 'congel*', 'roti',
    'poulet', 'legume*', 'salade', 'pizza', 'aperitif', 'cocktail', 'confiture', 'biscuit', 'brioche', 'quiche', 'gratin'
  ],
  sport: [
    'marathon', 'footing', 'jogging', 'courir', 'abdo*', 'muscu*', 'muscler*', 'fitness', 'yoga', 'pilates', 'echauff*', 'etirement*',
    'hors-jeu', 'ballon', 'tennis', 'cyclisme', 'randonn*', 'natation', 'nager', 'ski', 'golf', 'basket', 'rugby', 'psg',
    'coupe du monde', 'champion', 'entrainement'
  ],
  meteo: [
    'quel temps fera', 'quel temps fait','meteo', 'pleuvoir', 'pleut', 'orage', 'ensoleill*', 'soleil', 'ciel', 'nuage', 'neiger', 'neige tomber', 'previsions'
  ],
  informatique: [
    'bluetooth', 'usb', 'disque dur',
    "capture d'ecran", 'mot de passe', 'wifi', 'wi-fi', 'imprimante', 'imprimer', 'navigateur', 'antivirus',
    'windows', 'excel', 'logiciel', 'iphone', 'android', 'recharge', 'batterie', 'bug', 'redemarr*', 'clavier'
  ],
  conversation: [
    'blague', 'poeme', 'chanson', 'bonne nuit', 'bonne journee', 'sens de la vie', 'robot', "m'ennuie"
  ],
  sante: [
    'sommeil', 'dormir', 'regime alimentaire', 'vitamine*', 'calorie*', 'acne', 'eczema',
    'mal a la tete', 'mal de tete', 'migraine', 'fievre', 'toux', 'mal de gorge', 'rhume', 'grippe', 'vertige*', 'hoquet', 'ronfl*',
    'demangeaison*', 'cholesterol', 'maigrir', 'perdre du poids', 'insomnie', 'courbature*', 'symptome*'
  ],
  voyage: [
    
    'visiter', 'plage', 'incontournable*', 'monument', 'itineraire', 'road trip', 'croisiere'
  ],
  loisirs: [
    'lecture', 'bande dessinee', 'manga', 'photographie', 'karaoke',
    'film', 'serie', 'netflix', 'guitare', 'piano', 'tricot', 'crochet', 'couture', 'jeu de societe', 'rubik', 'puzzle', 'dessin',
    'deguisement*', 'tarot', 'belote', 'echecs', 'jouer de la'
  ],
  animaux: [
    'granules', 'croquettes', 'litiere', 'chiot', 'chaton', 'aquarium', 'poisson rouge', 'poissons rouges', 'dresser', 'dressage',
    'vomit', 'vomir', 'graines'
  ],
  jardinage: ['planter', 'semer', 'semis', 'rosier', 'tomate', 'potager', 'puceron*', 'arroser', 'hortensia*', 'citronnier', 'cactus', 'compost'],
  culture: [
    'musee',
    'capitale de', 'planete*', 'systeme solaire', 'joconde', 'peint', 'peintre*', 'ecrivain', 'roman', 'chanteur'
  ],
  ecole: [
    'conjugaison', 'grammaire', 'orthographe', 'participe passe', 'passe simple', 'imparfait', 'pluriel de', 'multiplication',
    'equation', "l'aire", 'perimetre', 'theoreme'
  ],
  bricolage: ['deboucher', 'evier', 'etagere', 'placo', 'perceuse', 'poncer', 'vernis', 'ampoule', 'tache de', 'detacher', 'repeindre'
  ],
  beaute: ['coupe de cheveux', 'cheveux', 'maquillage', 'ongles', 'creme hydratante', 'peau seche', 'rides'],
  // Advice on choosing something (« quelle valise choisir », « le meilleur moment pour… »): a question of
  // taste or shopping, not of rights; a legal signal (« quel contrat choisir ») still wins.
  conseil: ['choisir', 'meilleur*'],
  relations: [
    'amoureux', 'amoureuse',"s'interesse a moi", 'draguer*', 'seduire*', 'cadeau'
  ],
};

const compiledLexicon = compileLexicon(LEXICON);
const themeCues = LEXICON_THEMES.flatMap((t) => t.cues.map((c) => foldAccents(c)));
const nonLegal = Object.entries(NON_LEGAL_DOMAINS).flatMap(([domain, words]) => words.map((w) => ({ domain, word: w.endsWith('*') ? `${flatText(w)}*` : flatText(w) })));
const legalIntent = LEGAL_INTENT.map((w) => flatText(w));
/** The longest stem or theme cue: the starts of the question's words are indexed up to this length. */
const MAX_STEM = Math.max(...themeCues.map((c) => c.length), ...legalIntent.map((w) => w.length), ...nonLegal.map(({ word }) => word.length));

export interface ScopeSignals {
  /** A lexicon entry or a word of legal intent. */
  legal: boolean;
  /** A cue word of a theme of everyday law. */
  themeCue: boolean;
  /** Domains of everyday non-legal subjects the question's words belong to. */
  nonLegalDomains: string[];
}

/** The question's distinct words, and every start of them, for lookups that do not grow with its length. */
interface QuestionWords {
  words: ReadonlySet<string>;
  starts: ReadonlySet<string>;
  text: string;
}

function questionWords(folded: readonly string[], text: string): QuestionWords {
  const words = new Set(folded);
  const starts = new Set<string>();
  for (const w of words) for (let n = 1; n <= Math.min(w.length, MAX_STEM); n++) starts.add(w.slice(0, n));
  return { words, starts, text };
}

/**
 * Whether the question holds the word: a phrase (with a space) as such in the text; a stem (« cuisin* ») as
 * the start of a word; a word as itself or with a plural or feminine ending (« tarte », « tartes »).
 */
function found(q: QuestionWords, word: string): boolean {
  if (word.includes(' ')) return q.text.includes(` ${word} `) || q.text.includes(` ${word}`);
  if (word.endsWith('*')) return q.starts.has(word.slice(0, -1));
  return ['', 's', 'x', 'e', 'es'].some((end) => q.words.has(`${word}${end}`));
}

/** Lower case, accents folded, apostrophes and hyphens as spaces: « l'aire » → « l aire ». */
function flatText(text: string): string {
  return foldAccents(text.toLowerCase())
    .replace(/['’‘`´-]/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The scope signals of a question (see the module comment). */
export function scopeSignals(question: string): ScopeSignals {
  const folded = tokenize(question).map((t) => foldAccents(t));
  const q = questionWords(folded, ` ${flatText(question)} `);
  const legal = matchLexicon(folded, compiledLexicon).length > 0 || legalIntent.some((w) => found(q, w.includes(' ') ? w : `${w}*`));
  const themeCue = themeCues.some((c) => q.starts.has(c));
  const domains = new Set<string>();
  for (const { domain, word } of nonLegal) if (found(q, word)) domains.add(domain);
  return { legal, themeCue, nonLegalDomains: [...domains] };
}
