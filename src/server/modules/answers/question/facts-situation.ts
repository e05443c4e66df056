/**
 * The person's situation told in words: the categorical extractors (housing, building, work contract,
 * couple, children of the couple, licence, custody, student, built-up area, purchase, residence,
 * nationality, tenure, agreement, landlord's notice, working time), the other countries named, what the
 * question says is missing and what the person has or is, and who they are to a deceased or a donor.
 */
import type { Extractor, Heir, QuestionFacts } from './facts-types';
import { NUMBER, parseFrenchNumber } from './facts-figures';

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
export function abroadOf(t: string): QuestionFacts['abroad'] {
  const europe = EUROPE_RE.test(t);
  const outside = NON_EUROPE_RE.test(t);
  return europe === outside ? undefined : europe ? 'europe' : 'hors-europe';
}

/**
 * First match wins for the categorical facts (so « non meublé » is read before « meublé »); the
 * numeric extractors run on every match.
 */
export const CATEGORICAL: readonly Extractor[] = [
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

/** Words after which a negation names a thing rather than what is missing (« sans doute », « pas de souci »). */
const NOT_ABSENT = new Set(['doute', 'souci', 'probleme', 'raison', 'cesse', 'arret', 'rien', 'reponse', 'nouvelles', 'moi', 'lui', 'elle', 'eux', 'nous', 'vous', 'etre', 'faire', 'dire']);
const ABSENT_RE =
  /\b(?:(?:sans(?: (?:m'|me |t'|te |lui |nous |vous |leur |l')?avoir [a-z]+)?|pas de|pas du|pas des|aucun|aucune|ni|n'(?:ai|avons|a|avez|ont) (?:pas|jamais) (?:fait|eu|suivi|recu|signe|demande|passe|declare|envoye|rempli|paye|obtenu))\s+|pas d'\s*)(?:(?:le moindre |la moindre |aucun |aucune |un |une |le |la |les |l'|de |d'|du |des |mon |ma |mes |son |sa |ses |notre |nos |votre |vos |leur |leurs )\s*)?([a-z][a-z-]{3,})\b/gu;

/** Nouns the question says are missing, at most a few (a long text must not multiply the work). */
export function absentThings(t: string): string[] {
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
export function heldThings(t: string, absent: readonly string[]): string[] {
  const out: string[] = [];
  HELD_RE.lastIndex = 0;
  for (let m = HELD_RE.exec(t); m !== null && out.length < 8; m = HELD_RE.exec(t)) {
    const w = m[1] ?? m[2] ?? m[3] ?? '';
    if (NOT_HELD.has(w) || absent.includes(w) || out.includes(w)) continue;
    out.push(w);
  }
  return out;
}

/** The relative whose estate or gift it is, as the question names them, and who the person is to them. */
export const HEIR_OF: readonly [RegExp, Heir][] = [
  [/^(?:pere|mere|papa|maman|parents)$/u, 'enfant'],
  [/^(?:grand-pere|grand-mere|grands-parents|papi|papy|mamie|mamy)$/u, 'petit-enfant'],
  [/^(?:fils|fille|enfant)$/u, 'ascendant'],
  [/^(?:frere|soeur)$/u, 'frere-soeur'],
  [/^(?:oncle|tante)$/u, 'neveu'],
  [/^(?:mari|femme|epoux|epouse|conjoint|conjointe|compagnon|compagne|partenaire)$/u, 'conjoint'],
  [/^(?:cousin|cousine|parrain|marraine|ami|amie|voisin|voisine)$/u, 'autre'],
];
/** « ma tante est décédée », « mon oncle m'a légué », « ma grand-mère veut me donner »: the relative just before the death or the gift. */
export const HEIR_RE =
  /\b(?:mon|ma|mes|notre|nos) (grand-pere|grand-mere|grands-parents|papi|papy|mamie|mamy|pere|mere|papa|maman|parents|fils|fille|enfant|frere|soeur|oncle|tante|mari|femme|epoux|epouse|conjointe?|compagnon|compagne|partenaire|cousine?|parrain|marraine|amie?|voisine?)\b(?:[^.?!]{0,60}?)\b(?:est decede|est decedee|sont decedes|est mort|est morte|vient de deceder|vient de mourir|nous a quittes|m'a legue|m'a laisse|veut me donner|voudrait me donner|va me donner|souhaite me donner|me donne|m'a donne|me legue)/u;
