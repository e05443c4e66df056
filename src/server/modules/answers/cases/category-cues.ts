/**
 * The heading wordings that name each value of the person's categorical facts (housing, contract, couple,
 * way of buying…), on normalised text: read by `factVerdict` (heading-verdict.ts).
 */
import type { QuestionFacts } from '../question/facts';

/** Categorical facts and the heading wordings that name each value (normalised text). */
export const CATEGORY_CUES: readonly { fact: (f: QuestionFacts) => string | boolean | undefined; values: Record<string, RegExp> }[] = [
  {
    fact: (f) => f.housing,
    values: {
      meuble: /(?<!non[- ])\bmeuble/u,
      vide: /\bvide\b|non[- ]meuble|\bnue?\b/u,
      colocation: /\bcolocation\b/u,
      social: /\bsocial\b|\bhlm\b/u,
    },
  },
  {
    // « Le défunt ne laisse que des enfants issus du couple » / « … des enfants issus d'une autre union ».
    fact: (f) => f.childrenOfCouple,
    values: {
      true: /\bissus? du couple\b|\benfants communs\b|\bissus? de ce mariage\b/u,
      false: /\bissus? d'une (?:autre|precedente) union\b|\bnon communs\b|\bpremier lit\b/u,
    },
  },
  {
    fact: (f) => f.building,
    values: {
      maison: /\bmaisons? individuelles?\b|\bpavillon/u,
      collectif: /\bcopropriete\b|\bimmeubles? (?:collectifs?|en copropriete)\b|\bsyndicat des coproprietaires\b/u,
    },
  },
  {
    fact: (f) => f.contract,
    values: {
      cdi: /\bcdi\b|\bindetermine/u,
      cdd: /\bcdd\b|\bdetermine/u,
      interim: /\binterim|travail temporaire|\bctt\b/u,
      stage: /\bstag/u,
      apprentissage: /\bapprenti|\balternan/u,
      'fonction-publique': /fonction publique|fonctionnaire|agent public|\bcontractuel/u,
      independant: /independant|entrepreneur|non[- ]salarie|travailleur non salarie/u,
    },
  },
  {
    // A question that names no contract is a private person's (a public agent says so, as « fonctionnaire »
    // sets the contract above): the rules for public agents are other people's.
    fact: (f) => (f.contract === undefined ? 'particulier' : undefined),
    values: {
      'fonction-publique': /fonction publique|fonctionnaires?\b|agents? publics?|\bmilitaires?\b/u,
    },
  },
  {
    fact: (f) => f.couple,
    values: {
      marie: /(?<!non |ni |pas )\bmari(e|es|ee|age)\b|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      pacs: /\bpacs|partenaire/u,
      concubinage: /concubin|union libre|\b(?:non|pas) mari(e|es|ee)\b/u,
      // A divorce speaks of « époux » all along: the person divorcing is one of them (not when the
      // heading is about their child: « Si un enfant des époux veut être auditionné »).
      separe: /divorc|separ|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      // A widow(er)'s late spouse was married: « Défunt marié » and « époux survivant » are their case.
      veuf: /\bveu(f|ve)|conjoint survivant|deces du conjoint|\bdefunte? marie(?:e)?\b|(?<!enfants? (?:des|d'un|de l'un des) )\bepoux\b/u,
      celibataire: /\bcelibataire|\b(?:non|ni|pas) mari(e|es|ee)\b/u,
    },
  },
  {
    // Only headings that say who the person is (« Vous êtes locataire », « Si le défunt était
    // propriétaire »), not the many that name the landlord (« Préavis donné par le propriétaire »).
    fact: (f) => f.tenure,
    values: {
      locataire: /^(?:si )?(?:(?:vous etes|vous etiez|le defunt etait) )?locataires?$/u,
      proprietaire: /^(?:si )?(?:(?:vous etes|vous etiez|le defunt etait) )?(?:les seuls )?proprietaires?(?: occupants?)?$|^le proprietaire occupe son logement$/u,
    },
  },
  {
    fact: (f) => f.workTime,
    values: {
      partiel: /temps partiel|mi-temps/u,
      plein: /temps (?:plein|complet)|plein temps/u,
    },
  },
  {
    fact: (f) => f.agreement,
    values: {
      accord: /commun accord|\bconjointe?s?\b|\bconjointement\b|consentement mutuel|accord des (?:deux|2)\b|\bpar les (?:deux|2)\b/u,
      desaccord: /\b(?:1|un) seul\b|unilateral|\bpar l'un des\b/u,
    },
  },
  {
    fact: (f) => f.builtUpArea,
    values: { true: /(?<!hors )\ben agglomeration\b|\bville\b/u, false: /hors agglomeration/u },
  },
  {
    fact: (f) => f.residence,
    values: {
      france: /\b(?:en|de) france\b|\bfrance metropolitaine\b/u,
      etranger: /\b(?:a|de) l'etranger\b|\bhors de france\b|\bconsulat\b|\bambassade\b/u,
    },
  },
  {
    // « Dans l'Union européenne », « Vol en Europe » / « Hors UE », « en dehors de l'Union européenne ».
    fact: (f) => f.abroad,
    values: {
      europe: /^(?!.*\b(?:hors|en dehors|pays tiers)\b).*\b(?:union europeenne|ue|eee|europe)\b/u,
      'hors-europe': /\bhors (?:de l'|d')?(?:union europeenne|ue|eee|europe)\b|\ben dehors de l'(?:union europeenne|ue|eee|europe)\b|\bpays (?:tiers|hors ue)\b/u,
    },
  },
  {
    fact: (f) => f.nationality,
    values: {
      francais: /\bfrancais(?:e|es)?\b/u,
      // « Vous êtes Européen », not the « Espace économique européen » or the « Parlement européen ».
      etranger: /(?<!l')\betrangers?\b|(?<!l')\betrangeres?\b|(?<!(?:economique|parlement|conseil|permis|marche|mandat|espace|brevet|droit|fonds|code) )\beuropeens?\b|\bressortissants?\b/u,
    },
  },
  {
    // Who the heir is to the deceased or the donor: the tax cases of an estate or a gift (« Enfant »,
    // « Frères ou sœurs »), and who died as a rule's case names them (« En cas de décès d'un enfant »,
    // « Décès du père ou de la mère ») for the person who told whose death it is (« mon père est mort »:
    // they are the child).
    fact: (f) => f.heir,
    values: {
      enfant: /^enfants?$|\bdeces (?:du pere|de la mere|d'un parent|des parents|du pere ou de la mere|de votre pere|de votre mere)\b/u,
      'petit-enfant': /^petits?-enfants?$/u,
      ascendant: /^ascendants?\b|\bdeces (?:d'un enfant|de l'enfant|de votre enfant)\b/u,
      'frere-soeur': /^freres? (?:ou|et) soeurs?$|\bdeces (?:d'un frere|d'une soeur|d'un frere ou d'une soeur)\b/u,
      neveu: /^neveux? (?:ou|et) nieces?$/u,
      conjoint: /^epoux (?:ou|et) partenaire|\bdeces (?:du conjoint|de l'epoux|de votre epoux|du partenaire|de votre conjoint|du concubin)\b/u,
      autre: /^autre situation$/u,
    },
  },
  {
    // The deceased's children, in the estate fiches' cases (« le défunt a eu des enfants » / « n'a pas eu
    // d'enfant », « Défunt sans enfant »): a child or grandchild of the deceased inheriting says they had some,
    // and so does a surviving spouse who names their children (« nous avons deux enfants »).
    fact: (f) => (f.heir === 'enfant' || f.heir === 'petit-enfant' || (f.heir === 'conjoint' && ((f.children ?? 0) > 0 || f.childrenOfCouple !== undefined)) ? true : undefined),
    values: {
      true: /\bdefunt (?:a eu|ayant eu|avec) (?:des |un |d'|de )?(?:enfants?|descendants?)\b/u,
      false: /\bdefunt (?:n'a (?:pas eu|jamais eu|eu aucun)|n'ayant pas eu|sans) (?:d'|de )?(?:enfants?|descendants?)\b/u,
    },
  },
  {
    fact: (f) => f.landlordNotice,
    values: {
      vendre: /\bconge pour vendre\b/u,
      reprise: /\bconge pour reprise\b/u,
    },
  },
  {
    // The rules of a probationary licence (« Jeune conducteur : 110 km/h ») or the general ones, for a driver
    // who says how long they have had the licence.
    fact: (f) => (f.youngDriver === undefined ? undefined : f.youngDriver ? 'jeune' : 'confirme'),
    values: {
      jeune: /\bjeunes? conducteurs?\b|\bpermis probatoire\b|\bperiode probatoire\b/u,
      confirme: /\bregle generale\b|\bconducteurs? confirmes?\b/u,
    },
  },
  {
    // Where a child of separated parents lives: alternately, or usually with one parent.
    fact: (f) => f.custody,
    values: {
      alternee: /\b(?:garde|residence) alternee\b|\bgarde partagee\b|\ben cas de garde alternee\b/u,
      habituelle: /\bresidence habituelle (?:de l'enfant |des enfants )?chez\b|\b(?:vit|habite|reside) habituellement chez\b|\bchez (?:un seul|l'un de ses|l'un des) parents?\b/u,
    },
  },
  {
    fact: (f) => f.purchase,
    values: {
      distance: /a distance|en ligne|internet|vente a distance/u,
      magasin: /en magasin|en boutique|en etablissement|dans un magasin/u,
      demarchage: /demarchage|hors etablissement|a domicile/u,
    },
  },
];
