/**
 * Word lists and patterns for the French score (common words ×2, accented characters ×1.5,
 * grammar patterns ×3, accepted when the total is greater than 5).
 *
 * Design notes:
 * - FRENCH_WORDS holds only words that are common in French and rare as standalone words in English,
 *   Spanish, Italian, Portuguese and German. Words shared with those languages ("de", "la", "que",
 *   "a", "en", "se", "un", "no", "si", "ou", "mais", "on", "tu"…) are deliberately left out.
 * - FOREIGN_WORDS holds frequent function words and verbs of the other five languages that are not
 *   French words; each occurrence is a penalty of the same weight as a French word.
 * - Accents: only the French set counts, and only inside words that are not foreign words and carry
 *   no non-French diacritic (so "não", "también", "è" do not count). Non-French diacritics
 *   (ñ, ã, õ, á, í, ó, ú, ì, ò, ä, ö, ü, ß, ¿, ¡) are a penalty.
 */

/** Distinctively French words (lower case). */
export const FRENCH_WORDS: ReadonlySet<string> = new Set([
  // articles, contractions, determiners
  'le', 'les', 'des', 'du', 'au', 'aux', 'une', 'ce', 'cet', 'cette', 'ces',
  'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'votre', 'vos', 'leur', 'leurs',
  'quel', 'quelle', 'quels', 'quelles', 'chaque', 'plusieurs', 'certains', 'certaines', 'aucun', 'aucune',
  'tout', 'tous', 'toute', 'toutes', 'autre', 'autres', 'même', 'mêmes',
  // pronouns
  'je', 'il', 'ils', 'elle', 'elles', 'nous', 'vous', 'moi', 'toi', 'lui', 'eux', 'soi',
  'celui', 'celle', 'ceux', 'celles', 'ceci', 'cela', 'ça', 'qui', 'quoi', 'dont', 'où',
  'lequel', 'laquelle', 'lesquels', 'lesquelles', 'auquel', 'auxquels', 'duquel', 'quelqu', 'quelque',
  'quelques', 'chacun',
  // prepositions, conjunctions, adverbs
  'à', 'pour', 'dans', 'avec', 'sur', 'sous', 'chez', 'sans', 'vers', 'par', 'pendant', 'depuis',
  'avant', 'après', 'contre', 'selon', 'malgré', 'parmi', 'jusqu', 'jusque', 'auprès', 'lors',
  'et', 'ni', 'donc', 'puis', 'ensuite', 'enfin', 'alors', 'ainsi', 'cependant', 'toutefois',
  'néanmoins', 'notamment', 'également', 'seulement', 'lorsque', 'lorsqu', 'puisque', 'puisqu',
  'quand', 'comment', 'pourquoi', 'combien', 'ne', 'pas', 'plus', 'jamais', 'rien', 'toujours',
  'encore', 'déjà', 'aussi', 'très', 'bien', 'mieux', 'peu', 'beaucoup', 'trop', 'oui', 'voici',
  'voilà', 'parce', 'afin', 'moins', 'ailleurs', 'aujourd', 'hui', 'demain', 'hier', 'surtout',
  'dès', 'environ', 'plutôt', 'vraiment', 'cas', 'auprès',
  // être, avoir, modal and frequent verbs
  'est', 'sont', 'suis', 'sommes', 'êtes', 'était', 'étais', 'étaient', 'été', 'être', 'sera', 'seront',
  'serait', 'soit', 'ai', 'avons', 'avez', 'ont', 'avait', 'avais', 'avaient', 'aura', 'aurait',
  'avoir', 'eu', 'peut', 'peux', 'pouvez', 'pouvons', 'peuvent', 'pourrait', 'pourrais', 'pouvoir',
  'doit', 'dois', 'devez', 'doivent', 'devrait', 'devrais', 'devoir', 'faut', 'fallait', 'faudrait',
  'veux', 'veut', 'voulez', 'veulent', 'voudrais', 'voudrait', 'sais', 'sait', 'savez', 'savoir',
  'fait', 'faire', 'faites', 'font', 'dit', 'dire', 'vais', 'vont', 'aller', 'venir', 'vient',
  'prendre', 'pris', 'mettre', 'donner', 'donné', 'demander', 'demandé', 'payer', 'payé',
  'rembourser', 'remboursé', 'quitter', 'partir', 'obtenir', 'recevoir', 'reçu', 'reçois', 'signé',
  'signer', 'refuse', 'refusé', 'refuser', 'garde', 'garder', 'rendre', 'rend', 'perdu', 'trouver',
  'habite', 'travaille', 'travailler', 'licencié', 'licenciée', 'licencier', 'vendre', 'acheter',
  'acheté', 'louer', 'loué', 'contester', 'porter', 'déposer', 'résilier', 'récupérer', 'connaître',
  'voir', 'vu', 'permet', 'permettent', 'concerne', 'concernant', 'doivent', 'bénéficier',
  'bénéficie', 'effectuer', 'demande', 'demandes', 'peut-être', 'savoir', 'dépend', 'prévu', 'prévue',
  // everyday and legal nouns and adjectives spelled the French way
  'droit', 'droits', 'loi', 'lois', 'avocat', 'avocats', 'notaire', 'notaires', 'huissier',
  'commissaire', 'juge', 'plainte', 'procès', 'amende', 'peine', 'gendarmerie', 'mairie',
  'préfecture', 'employeur', 'employeurs', 'employé', 'salarié', 'salariée', 'salariés', 'patron',
  'travail', 'boulot', 'emploi', 'chômage', 'licenciement', 'démission', 'contrat', 'contrats',
  'congé', 'congés', 'salaire', 'heures', 'indemnité', 'indemnités', 'hommes', 'retraite', 'arrêt',
  'maladie', 'logement', 'loyer', 'loyers', 'bail', 'locataire', 'locataires', 'propriétaire',
  'proprio', 'bailleur', 'caution', 'dépôt', 'garantie', 'préavis', 'appartement', 'maison', 'voisin',
  'voisins', 'voisine', 'voisinage', 'bruit', 'travaux', 'copropriété', 'syndic', 'quittance',
  'expulsion', 'famille', 'enfant', 'enfants', 'père', 'mère', 'fils', 'fille', 'mari', 'femme',
  'épouse', 'époux', 'mariage', 'séparation', 'héritage', 'décès', 'impôt', 'impôts', 'argent',
  'dette', 'dettes', 'banque', 'compte', 'facture', 'remboursement', 'achat', 'vente', 'vendeur',
  'acheteur', 'voiture', 'permis', 'conduire', 'assurance', 'sinistre', 'dommage', 'dommages',
  'préjudice', 'responsabilité', 'sécurité', 'santé', 'médecin', 'hôpital', 'école', 'état',
  'personne', 'personnes', 'délai', 'délais', 'jours', 'mois', 'année', 'années', 'fois', 'chose',
  'problème', 'réponse', 'aide', 'aides', 'allocation', 'allocations', 'prestation', 'prestations',
  'étranger', 'étrangère', 'séjour', 'carte', 'nationalité', 'abusif', 'abusive', 'légal', 'légale',
  'illégal', 'gratuit', 'gratuite', 'nouveau', 'nouvelle', 'ancien', 'ancienne', 'premier',
  'première', 'dernier', 'dernière', 'obligatoire', 'nécessaire', 'professionnel', 'professionnelle',
  'publique', 'français', 'française', 'mauvais', 'petit', 'petite', 'seul', 'seule', 'entreprise',
  'société', 'règles', 'règle', 'démarche', 'démarches', 'déclaration', 'cours',
  'montant', 'frais', 'mise', 'lieu', 'cadre', 'ministère', 'collectivité', 'département', 'région',
  'commune', 'juridique', 'également', 'exemple',
  'vie', 'âge', 'ans', 'titre', 'bénéficiaire', 'jour', 'semaine', 'temps', 'nom', 'prénom',
  'adresse', 'domicile', 'ville', 'pays', 'avis', 'accord', 'gens', 'homme', 'lettre', 'courrier',
  'papiers', 'paiement', 'versement', 'chèque', 'prix', 'coût', 'somme', 'fournir', 'consulter',
  'risque', 'risquer', 'devient', 'devenir', 'mineur', 'majeur', 'meublé', 'moyen', 'moyens',
  'différent', 'différents', 'différente', 'différentes', 'parle', 'parler', 'bon', 'bonne', 'deux',
  'trois', 'quatre', 'dix', 'fin', 'début', 'côté', 'partie', 'besoin', 'sinon', 'pourtant',
  'autant', 'assez', 'tant', 'tandis', 'voire', 'faits', 'lorsque', 'jusqu', 'demeure',
  // the same legal vocabulary as people type it without accents, and more of it (keyword questions such
  // as « alcool au travail » or « prime anciennete salarie »): words absent from the five other languages
  'conge', 'conges', 'chomage', 'salarie', 'salariee', 'salaries', 'salariees', 'employe',
  'indemnite', 'indemnites', 'demission', 'demissionner', 'démissionner', 'preavis', 'arret', 'arrêts',
  'anciennete', 'ancienneté', 'securite', 'sante', 'depot', 'licencie', 'licenciee', 'proces', 'delai',
  'delais', 'decès', 'deces', 'impot', 'impots', 'copropriete', 'responsabilite', 'prejudice',
  'etranger', 'etrangere', 'sejour', 'nationalite', 'societe', 'regles', 'regle', 'demarche', 'demarches',
  'declaration', 'prefecture', 'probleme', 'reponse', 'legale', 'illégale', 'illegale',
  'alcool', 'travail', 'embauche', 'embauché', 'embauche', 'apprenti', 'apprentie', 'apprentissage',
  'stagiaire', 'intérim', 'intérimaire', 'mutuelle', 'prud', 'prudhommes',
  'conventionnelle', 'paternité', 'paternite', 'maternité', 'maternite',
  'congé', 'grossesse', 'enceinte', 'licenciements', 'reclassement', 'harcèlement', 'harcelement',
  'médicale', 'medicale', 'ancienneté', 'heures', 'supplémentaires',
  'supplementaires', 'récupération', 'recuperation', 'télétravail', 'teletravail', 'paie',
  'fiche', 'retenue', 'saisie', 'loyers', 'bailleur', 'locative', 'locatif', 'logeur', 'colocation',
  'colocataire', 'meublée', 'meuble', 'meublee', 'expulser', 'huissiers', 'impayé',
  'impayés', 'impaye', 'impayes', 'surendettement', 'créancier', 'creancier', 'crédit',
  'prêt', 'pret', 'rétractation', 'retractation', 'remboursé', 'rembourse', 'arnaque',
  'escroquerie', 'achats', 'commande', 'livraison', 'colis', 'voisins', 'nuisances', 'tapage',
  'nocturne', 'haie', 'arbres', 'clôture', 'cloture', 'mitoyen', 'mitoyenne', 'amende', 'amendes',
  'contravention', 'excès', 'vitesse', 'retrait', 'fourrière', 'fourriere',
  'divorcer', 'pacs', 'pacsé', 'pacse', 'concubin', 'concubinage', 'garde', 'alternée',
  'alternee', 'alimentaire', 'tutelle', 'curatelle', 'héritier', 'heritier',
  'héritiers', 'notaire', 'obsèques', 'obseques',
  'judiciaire', 'prudhomal', 'recours', 'appel', 'avocate', 'greffe', 'casier', 'gendarme', 'policier',
  'policiers', 'agression', 'violences', 'vol', 'cambriolage', 'retraité', 'retraite', 'pôle',
  'rsa', 'caf', 'apl', 'cpam', 'urssaf', 'smic',
]);

/** Frequent words of English, Spanish, Italian, Portuguese and German that are not French words. */
export const FOREIGN_WORDS: ReadonlySet<string> = new Set([
  // English
  'the', 'and', 'is', 'are', 'was', 'were', 'be', 'been', 'of', 'to', 'my', 'your', 'his', 'her',
  'it', 'its', 'this', 'that', 'these', 'those', 'with', 'for', 'what', 'which', 'can', 'could', 'do',
  'does', 'did', "don't", 'have', 'has', 'had', 'will', 'would', 'should', 'not', 'if', 'or', 'but',
  'from', 'by', 'they', 'we', 'you', 'i', 'at', 'how', 'why', 'when', 'who', 'there', 'their',
  'about', 'after', 'before', 'without', 'into', 'out', 'up', 'any', 'him', 'them', 'our',
  'get', 'got', 'want', 'need', 'know', 'just', 'only', 'some', 'even', 'also', 'than', 'then',
  'because', 'while', 'since', 'over', 'under', 'back', 'never', 'still', 'am', 'being', 'please',
  // Spanish
  'el', 'los', 'las', 'del', 'al', 'por', 'para', 'con', 'una', 'está', 'están', 'estoy',
  'pero', 'mi', 'su', 'sus', 'muy', 'qué', 'cómo', 'cuál', 'cuánto', 'cuánta', 'puedo',
  'puede', 'tengo', 'tiene', 'tienen', 'hay', 'este', 'esta', 'esto', 'ese', 'esa', 'lo', 'yo',
  'porque', 'cuando', 'donde', 'dónde', 'ya', 'también', 'sin', 'sobre', 'hasta', 'desde', 'ser',
  'estar', 'hace', 'hacer', 'fue', 'sido', 'ha', 'han', 'he', 'hemos', 'nuestro',
  'nuestra', 'quiero', 'quiere', 'necesito', 'después', 'antes', 'aunque', 'todavía', 'ningún',
  'ninguna', 'sí', 'él', 'ella', 'ellos', 'usted', 'mientras', 'sé', 'llevo', 'dejó', 'debo',
  // Italian
  'gli', 'della', 'delle', 'dello', 'degli', 'dei', 'di', 'che', 'è', 'sono', 'per', 'mio', 'mia',
  'miei', 'mie', 'suo', 'sua', 'suoi', 'questo', 'questa', 'quello', 'quella', 'come', 'cosa',
  'perché', 'posso', 'può', 'anche', 'più', 'nel', 'nella', 'nei', 'alla', 'alle', 'allo', 'dal',
  'dalla', 'sul', 'sulla', 'ho', 'hanno', 'essere', 'stato', 'stata', 'molto', 'ancora', 'dopo',
  'solo', 'tutto', 'tutti', 'ogni', 'mi', 'ti', 'vi', 'io', 'lei', 'loro',
  'voglio', 'vorrei', 'devo', 'deve', 'fare', 'senza', 'quando', 'dove', 'quanto', 'qual', 'chi',
  'so', 'uno', 'ed', 'od', 'dall', 'dell', 'nell', 'sull', 'all', 'quest',
  // Portuguese
  'o', 'os', 'um', 'uma', 'do', 'da', 'dos', 'das', 'no', 'na', 'nas', 'ao', 'aos', 'às', 'pelo',
  'pela', 'em', 'com', 'não', 'é', 'são', 'meu', 'minha', 'meus', 'minhas', 'seu', 'sua', 'isso',
  'isto', 'muito', 'onde', 'pode', 'tenho', 'tem', 'têm', 'foi', 'ter', 'já', 'ainda', 'depois',
  'você', 'ele', 'eles', 'elas', 'sem', 'até', 'há', 'lhe', 'num', 'numa', 'nosso', 'nossa',
  'quero', 'preciso', 'estou', 'mas', 'quem', 'qual', 'quais', 'também',
  'fazer', 'deixou', 'agora', 'porquê', 'então',
  // German
  'der', 'die', 'das', 'und', 'ist', 'nicht', 'ich', 'mit', 'sie', 'ein', 'eine', 'einen', 'einem',
  'einer', 'zu', 'auf', 'für', 'von', 'dem', 'den', 'wir', 'mein', 'meine', 'meinen', 'meiner',
  'meines', 'hat', 'haben', 'habe', 'kann', 'wird', 'wurde', 'werden', 'sich', 'auch', 'oder',
  'aber', 'wenn', 'nach', 'bei', 'vom', 'zum', 'zur', 'im', 'ins', 'wie', 'was', 'dass', 'weil',
  'darf', 'muss', 'soll', 'ohne', 'seit', 'mir', 'mich', 'ihr', 'ihn', 'ihm', 'uns', 'unser',
  'unsere', 'welche', 'welcher', 'wer', 'keine', 'keinen', 'noch', 'schon', 'sehr', 'bin', 'sind',
  'möchte', 'bitte', 'ob', 'es', 'in', 'ja', 'nein', 'am',
]);

/**
 * Word endings typical of French and unusual in the five other languages (employeur, dangereuse,
 * travaux, notaire, obligatoire, juridique, justificatifs, gratuitement): a token with such an ending
 * counts as a French word.
 */
export const FRENCH_ENDINGS = /(?:eurs?|euses?|eux|eaux?|aires?|oires?|oirs?|iques?|ifs?|ements?|aient)$/u;

/** English words with one of those endings (agreement, statement…), which do not count. */
export const ENDING_EXCEPTIONS: ReadonlySet<string> = new Set([
  'agreement', 'agreements', 'statement', 'statements', 'settlement', 'settlements', 'element',
  'elements', 'movement', 'requirement', 'requirements', 'management', 'retirement', 'replacement',
  'basement', 'achievement', 'advertisement', 'improvement', 'enforcement', 'disagreement',
  'if', 'unique', 'technique', 'questionnaire', 'millionaire', 'reservoir', 'amateur', 'chauffeur',
  'entrepreneur', 'grandeur', 'liqueur', 'ief', 'chief', 'brief', 'relief', 'belief', 'thief', 'grief',
  'motif', 'sheriff', 'tariff', 'stiff', 'cliff', 'staff', 'plaintiff', 'bailiff', 'beau', 'bureau',
]);

/** French accented letters (lower case). */
export const FRENCH_ACCENTS = /[àâæçéèêëîïôœùûÿ]/gu;

/** Diacritics and punctuation that French does not use. */
export const NON_FRENCH_MARKS = /[ñãõáíóúìòäöüß¿¡]/gu;

/**
 * Grammar patterns specific to French; each match counts ×3. Applied to the lower-cased text with
 * typographic apostrophes normalised to "'".
 *
 * Every pattern here costs time in proportion to the text: each starts on a fixed word or sign, and what
 * it scans after that start (one run of letters or of spaces) belongs to that start alone. A pattern that
 * ends on a word (\p{L}+…ons, \p{L}{2,}…aient) starts at the beginning of a word (`(?<!\p{L})`): without
 * it, a run of 100,000 letters is scanned from each of its letters (quadratic). The three patterns that
 * would scan ahead from many starts over the same text (negation, questions opened by an interrogative
 * word or by « qui ») are counted by question.ts from the openings below.
 */
export const FRENCH_PATTERNS: readonly RegExp[] = [
  // Elision before a vowel or h: l'employeur, d'un, qu'il, c'est, j'ai, jusqu'au, lorsqu'il.
  // Not before è/à/ì/ò (Italian c'è), and not when the next word ends in -o/-a (Italian l'affitto).
  /(?<!\p{L})(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu)'(?=[a-zâæçéêëîïôœûùh])(?!\p{L}*[oa](?!\p{L}))/gu,
  // est-ce que / est-ce qu'
  /(?<!\p{L})est-ce\s+qu/gu,
  // Inversion: peut-on, dois-je, faut-il, a-t-il, y a-t-il, pouvez-vous.
  /(?<=\p{L})-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles)(?!\p{L})/gu,
  // Verb endings with their subject: nous …ons, vous …ez.
  /(?<!\p{L})nous\s+\p{L}+ons(?!\p{L})/gu,
  /(?<!\p{L})vous\s+\p{L}+ez(?!\p{L})/gu,
  // Imperfect / conditional endings.
  /(?<!\p{L})\p{L}{2,}(?:aient|erais|erait|erions|eriez|eraient|iez)(?!\p{L})/gu,
  // il y a, y a-t-il
  /(?<!\p{L})(?:il\s+)?y\s+a(?!\p{L})/gu,
  // que faire; comment / pourquoi / où + infinitive (comment obtenir, où déposer)
  /(?<!\p{L})que\s+faire(?!\p{L})/gu,
  /(?<!\p{L})(?:comment|pourquoi|où)\s+(?:(?:se|me|te|nous|vous|le|la|les|lui|leur|en|y)\s+|[lmst]')?\p{L}+(?:er|ir|re|oir)(?!\p{L})/gu,
  // Plural agreement after a French plural determiner: les enfants, des travaux, ces règles.
  /(?<!\p{L})(?:les|des|ces|mes|tes|ses|vos|leurs|aux|plusieurs|certains|certaines|quelques)\s+\p{L}+[sx](?!\p{L})/gu,
  // Typical spellings: -eau(x), -eux, -euse(s) (bureau, travaux are words; nombreux, dangereuse).
  /(?<!\p{L})\p{L}+(?:eaux?|eux|euses?)(?!\p{L})/gu,
];

/**
 * Negation: ne … pas / n'… jamais, with up to three words in between (the pattern
 * `(?<!\p{L})(?:ne\s+|n')(?:\S+\s+){0,3}?(?:pas|plus|…)(?!\p{L})`), counted ×3 by question.ts: from each
 * opening, the negation word right after it or after one, two or three more runs of non-spaces.
 */
export const NEGATION_OPENING = /(?<!\p{L})(?:ne\s+|n')/gu;
export const NEGATION_WORD = /(?:pas|plus|jamais|rien|personne|aucune?|guère)(?!\p{L})/uy;

/**
 * A question introduced by a French interrogative word (quelles différences ?, combien coûte … ?) or by
 * « qui » at the start of a sentence: the opening, then anything but `.`, `!` or `?` up to a `?`
 * (`opening[^?.!]*\?`), counted ×3 by question.ts.
 */
export const INTERROGATIVE_OPENING =
  /(?<!\p{L})(?:quels?|quelles?|combien|pourquoi|quand|quoi|où|lequel|laquelle|lesquel(?:le)?s)(?!\p{L})/gu;
export const QUI_OPENING = /(?:^|[.!?:;]\s+)qui(?!\p{L})/gu;
