import { describe, expect, it } from 'vitest';
import { extractFacts, speedExcess } from './facts';

describe('extractFacts: housing', () => {
  it.each([
    ['Je loue un studio meublé depuis un an', 'meuble'],
    ['Mon appartement loué vide a une clause interdite', 'vide'],
    ['Je loue un T3 vide à Nantes depuis 2019', 'vide'],
    ['Un deux-pièces vide de 40 m²', 'vide'],
    ['Mon studio vide est humide', 'vide'],
    ["C'est une location non meublée, pas un meublé", 'vide'],
    ['Nous sommes trois colocataires dans le même appartement', 'colocation'],
    ["J'habite un HLM et le bailleur social refuse", 'social'],
  ])('« %s » → %s', (q, housing) => {
    expect(extractFacts(q).housing).toBe(housing);
  });
  it('says nothing when the question does not', () => {
    expect(extractFacts('Mon propriétaire garde ma caution').housing).toBeUndefined();
  });
});

describe('extractFacts: residence and nationality', () => {
  it('a visitor lives in France and is French unless the question says otherwise', () => {
    const f = extractFacts('Ma fille a eu 16 ans et nous avons oublié de la faire recenser');
    expect(f.residence).toBe('france');
    expect(f.nationality).toBe('francais');
  });
  it.each([
    ["Je vis à l'étranger depuis trois ans, dois-je me faire recenser ?", 'etranger'],
    ['Nous sommes expatriés au Canada', 'etranger'],
    ['Je voudrais faire ma demande au consulat', 'etranger'],
    ["J'habite en Bretagne et je veux me marier à Lille", 'france'],
    ['Je vis à Montréal et je veux voter par procuration', 'etranger'],
    ["Nous habitons en Belgique depuis deux ans, où faire le passeport de notre fils ?", 'etranger'],
    ["J'habite au Maroc, ma carte d'identité est périmée", 'etranger'],
    // Someone else's residence abroad is not the person's.
    ['Ma fille vit à Londres, elle a perdu son passeport', 'france'],
    ['Je pars en vacances au Maroc, ma carte est périmée', 'france'],
  ])('« %s » → lives %s', (q, residence) => {
    expect(extractFacts(q).residence).toBe(residence);
  });
  it.each([
    ['Mon titre de séjour expire le mois prochain', 'etranger'],
    ['Je suis de nationalité marocaine et je travaille en France', 'etranger'],
    ['Je suis de nationalité française', 'francais'],
    ["J'ai vécu à l'étranger mais je suis né à Lyon", 'francais'],
  ])('« %s » → nationality %s', (q, nationality) => {
    expect(extractFacts(q).nationality).toBe(nationality);
  });
});

describe('extractFacts: work contract, couple, student', () => {
  it.each([
    ['Je suis en CDI depuis deux ans', 'cdi'],
    ["J'ai un contrat à durée déterminée de 6 mois", 'cdd'],
    ["Je suis intérimaire dans le BTP", 'interim'],
    ['Mon stage de fin d’études n’est pas payé', 'stage'],
    ['Je suis en alternance dans une banque', 'apprentissage'],
    ['Je suis fonctionnaire territorial', 'fonction-publique'],
  ])('« %s » → %s', (q, contract) => {
    expect(extractFacts(q).contract).toBe(contract);
  });
  it.each([
    ['Mon compagnon, avec qui je vis sans être mariée, est muté', 'concubinage'],
    ["Je vis avec mon copain (on n'est ni mariés ni pacsés), le bail est à son nom", 'concubinage'],
    ["On s'est pacsés à la mairie il y a trois ans", 'pacs'],
    ['Je suis en plein divorce', 'separe'],
    ['Nous divorçons à l’amiable', 'separe'],
    ['Mon mari et moi voulons acheter', 'marie'],
    ['Ma femme est décédée le mois dernier', 'veuf'],
  ])('« %s » → %s', (q, couple) => {
    expect(extractFacts(q).couple).toBe(couple);
  });
  it.each([
    ["Ma tante n'était ni mariée ni pacsée", 'celibataire'],
    ['Je suis célibataire et locataire', 'celibataire'],
    ["Mon oncle n'a jamais été marié", 'celibataire'],
  ])('« %s » → %s (nobody’s spouse or partner)', (q, couple) => {
    expect(extractFacts(q).couple).toBe(couple);
  });
  it('reads a student', () => {
    expect(extractFacts('Je suis étudiant et j’ai fait un CDD cet été').student).toBe(true);
  });
});

describe('extractFacts: ages, children, amounts, percents, years', () => {
  it('tells the person’s age from other people’s', () => {
    const f = extractFacts("J'ai 34 ans et ma fille de 11 ans veut vivre avec moi");
    expect(f.age).toBe(34);
    expect(f.otherAges).toEqual([11]);
  });
  it('reads a relative’s age however it is said, and never as the person’s', () => {
    expect(extractFacts('Mon fils a 8 ans et il veut monter devant').otherAges).toEqual([8]);
    for (const [question, age] of [
      ['Ma mère, âgée de 80 ans, entre en Ehpad', 80],
      ['Mon fils âgé de 17 ans travaille cet été', 17],
    ] as const) {
      expect(extractFacts(question).otherAges).toEqual([age]);
      expect(extractFacts(question).age).toBeUndefined();
    }
    expect(extractFacts('Ma fille qui a 14 ans veut retirer de l’argent').otherAges).toEqual([14]);
    expect(extractFacts('Le fils de mes voisins, 13 ans, a rayé ma voiture').otherAges).toEqual([13]);
    expect(extractFacts('la garde des deux enfants (9 et 13 ans, ils ne demandent rien)').otherAges).toEqual([9, 13]);
    expect(extractFacts('Je suis âgé de 62 ans').age).toBe(62);
    // An age is no duration of the case (« Moins de 10 ans d'ancienneté » is not settled by it).
    expect(extractFacts('Ma mère, âgée de 82 ans, entre en Ehpad').durations).toEqual([]);
    expect(extractFacts('Ma fille de 11 ans et mon fils de 8 ans').durations).toEqual([]);
    expect(extractFacts('Je travaille ici depuis plus de 10 ans').durations).toHaveLength(1);
  });
  it('reads children’s ages given together', () => {
    expect(extractFacts('Nous avons deux enfants de 9 et 16 ans').otherAges).toEqual([9, 16]);
    expect(extractFacts('Nous avons deux enfants de 9 et 16 ans').children).toBe(2);
  });
  it('reads the ages of people named by their first name, not a place and a duration', () => {
    expect(extractFacts('Nos deux enfants : Inès a 16 ans et Noah 12 ans. Combien coûtent leurs passeports ?').otherAges).toEqual([16, 12]);
    expect(extractFacts('Léa aura 9 ans et Tom 13 ans au 31 décembre').otherAges).toEqual([9, 13]);
    expect(extractFacts('Mon fils Lucas, 15 ans, veut un job d’été').otherAges).toEqual([15]);
    expect(extractFacts("J'ai vécu à Lyon 3 ans avant de venir ici").otherAges).toEqual([]);
    expect(extractFacts('Depuis 3 ans, je loue ce studio').otherAges).toEqual([]);
  });
  it('reads amounts in euros with thousands separators and decimals', () => {
    expect(extractFacts('J’ai versé 750 € de caution et 1 300 euros de loyer, puis 12,50 €').amounts).toEqual([750, 1300, 12.5]);
    expect(extractFacts('un crédit de 8 000 € pour une voiture').amounts).toEqual([8000]);
  });
  it('takes the person for an adult unless the question names an age under 18 or a minor', () => {
    expect(extractFacts('Je suis en CDI dans un restaurant depuis 2 ans').adult).toBe(true);
    expect(extractFacts('Je vis seul, sans enfant, et je gagne 1 300 €').adult).toBe(true);
    expect(extractFacts("J'ai 16 ans et je veux travailler cet été").adult).toBe(false);
    expect(extractFacts('Mon fils de 15 ans a été arrêté').adult).toBe(false);
    expect(extractFacts('Mes enfants vivent une semaine chez moi').adult).toBe(false);
    expect(extractFacts('Je suis lycéenne et je cherche un job').adult).toBe(false);
  });
  it('reads who the person is to the deceased or the donor', () => {
    expect(extractFacts('Ma tante est décédée sans mari ni enfants, combien de droits de succession ?').heir).toBe('neveu');
    expect(extractFacts('Ma grand-mère voudrait me donner de son vivant sa maison').heir).toBe('petit-enfant');
    expect(extractFacts("Mon compagnon, avec qui j'étais pacsée depuis six ans, est décédé sans testament").heir).toBe('conjoint');
    expect(extractFacts('Mon frère est mort sans enfant').heir).toBe('frere-soeur');
    expect(extractFacts('Ma fille est partie vivre chez son père').heir).toBeUndefined();
  });
  it('reads why the landlord gives notice: to sell, or to take the home back', () => {
    expect(extractFacts('Mon propriétaire veut vendre et me donne congé').landlordNotice).toBe('vendre');
    expect(extractFacts("Le proprio veut récupérer l'appart pour y loger sa fille").landlordNotice).toBe('reprise');
    expect(extractFacts('Mon propriétaire veut installer son fils dans mon studio').landlordNotice).toBe('reprise');
    expect(extractFacts('Mon propriétaire ne répond plus à mes messages').landlordNotice).toBeUndefined();
  });
  it('reads percentages and years', () => {
    const f = extractFacts('Mon bail, signé en 2019, prévoit une pénalité de 10 %');
    expect(f.percents).toEqual([10]);
    expect(f.years).toEqual([2019]);
  });
});

describe('extractFacts: durations', () => {
  it('keeps the words around each duration: what it is the duration of', () => {
    const [job, leave] = extractFacts("Je suis serveur en CDI depuis 8 mois et mon médecin m'a mis en arrêt 10 jours pour une grippe").durations;
    expect(job?.about).toContain('serveur');
    expect(job?.about).not.toContain('arret');
    expect(leave?.about).toContain('arret');
  });
  it('reads « il y a », « depuis » and plain spans, in words or digits', () => {
    const f = extractFacts('Il y a quatre ans j’ai porté plainte ; je travaille depuis 5 mois, après trois ans de mariage');
    expect(f.durations.map((d) => [d.value, d.unit, d.relation])).toEqual([
      [4, 'an', 'ago'],
      [5, 'mois', 'since'],
      [3, 'an', 'span'],
    ]);
    expect(f.durations[1]?.days).toBe(150);
  });
  it('reads weeks and days', () => {
    const f = extractFacts('employé depuis six semaines, il y a 10 jours');
    expect(f.durations.map((d) => d.days)).toEqual([42, 10]);
  });
  it('reads a count of days, weeks or months with no lead word, not a rent counted in months', () => {
    expect(extractFacts("Le médecin m'a donné 10 jours d'ITT").durations.map((d) => [d.value, d.unit, d.relation])).toEqual([[10, 'jour', 'span']]);
    expect(extractFacts("J'avais versé 750 € de caution, soit un mois de loyer, puis deux mois de loyer").durations).toEqual([]);
    expect(extractFacts('Un jour mon voisin a coupé la haie').durations).toEqual([]);
  });
  it('reads a time of day as no duration (« après 22 h », « de 7 h à 14 h »), hours of work as one', () => {
    expect(extractFacts('Mon voisin fait du bruit tous les soirs après 22 h').durations).toEqual([]);
    expect(extractFacts('Je travaille de 7 h à 14 h sans pause').durations).toEqual([]);
    expect(extractFacts('J’ai travaillé pendant 10 heures sans pause').durations.map((d) => [d.value, d.unit])).toEqual([[10, 'heure']]);
  });
});

describe('extractFacts: the time between two dates', () => {
  it('counts the time between two dates given to the day, in whole years, months, then days', () => {
    const f = extractFacts("J'ai acheté un lave-linge livré le 3 mars 2023 ; il est tombé en panne le 10 juin 2025");
    // 2 years (730), 3 months (90), 7 days.
    expect(f.intervals.map((d) => d.days)).toEqual([827]);
    expect(f.intervals[0]?.about).toEqual(expect.arrayContaining(['livre', 'panne']));
    expect(f.durations).toEqual([]);
  });
  it('reads « 1er », numeric dates, and a month end as its last day', () => {
    expect(extractFacts('du 1er janvier 2023 au 31 décembre 2024').intervals.map((d) => d.days)).toEqual([365 + 11 * 30 + 30]);
    expect(extractFacts('livré le 31/01/2024, en panne le 29/02/2024').intervals.map((d) => d.days)).toEqual([30]);
  });
  it('gives the shortest and the longest time when a date is known to the month only', () => {
    expect(extractFacts('acheté en mars 2024, en panne fin août 2024').intervals.map((d) => d.days)).toEqual([140, 180]);
  });
  it('reads no time from a year alone or a single date', () => {
    expect(extractFacts('Je loue depuis 2019 et mon bail se termine le 30 juin 2025').intervals).toEqual([]);
  });
});

describe('extractFacts: speed, place, purchase', () => {
  it('reads a speed and its limit in either order', () => {
    const a = extractFacts("J'ai été flashé à 62 km/h dans une zone limitée à 50 en ville");
    expect([a.speed, a.speedLimit, speedExcess(a), a.builtUpArea]).toEqual([62, 50, 12, true]);
    const b = extractFacts('Sur une route limitée à 80 km/h je roulais à 95 km/h, hors agglomération');
    expect([b.speed, b.speedLimit, speedExcess(b), b.builtUpArea]).toEqual([95, 80, 15, false]);
  });
  it.each([
    ['J’ai commandé un réfrigérateur sur un site internet', 'distance'],
    ['Un commercial est passé chez moi et m’a fait signer', 'demarchage'],
    ['J’ai acheté un canapé en magasin', 'magasin'],
  ])('« %s » → %s', (q, purchase) => {
    expect(extractFacts(q).purchase).toBe(purchase);
  });
});

describe('extractFacts on long input', () => {
  it('stays linear: 6,000 characters of repeated figures are read in one pass', () => {
    const q = '12 € il y a 3 mois à 90 km/h '.repeat(200);
    const f = extractFacts(q);
    expect(f.amounts.length).toBe(200);
    expect(f.durations.length).toBe(200);
  });
});

describe('extractFacts: a probationary licence', () => {
  it.each([
    ["J'ai mon permis depuis un an", true],
    ["J'ai eu mon permis il y a 8 mois", true],
    ['Je suis jeune conducteur', true],
    ["J'ai eu mon permis il y a 12 ans", false],
    ['Mon permis a 12 points', undefined],
  ])('« %s » → %s', (q, young) => {
    expect(extractFacts(q).youngDriver).toBe(young);
  });
});

describe('extractFacts: where a child of separated parents lives', () => {
  it.each([
    ['Mon fils est en garde alternée, une semaine sur deux chez chacun', 'alternee'],
    ['Je suis séparée, notre fille vit chez moi', 'habituelle'],
    // No separation told: the usual case, not the alternating one.
    ['Mon fils de 2 ans va chez une assistante maternelle', 'habituelle'],
    // Separated parents who do not say: unknown.
    ['Mon ex et moi sommes séparés depuis un an', undefined],
  ])('« %s » → %s', (q, custody) => {
    expect(extractFacts(q).custody).toBe(custody);
  });
});

describe('extractFacts: sums counted in months of rent or salary', () => {
  it('reads « trois mois de loyer », « 2 mois de salaire », not a duration', () => {
    const f = extractFacts("L'agence demande 1 650 € de caution, soit trois mois de loyer ; on m'offre 2 mois de salaire.");
    expect(f.monthsOf).toEqual([
      { value: 3, of: 'loyer' },
      { value: 2, of: 'salaire' },
    ]);
    expect(f.durations).toEqual([]);
    expect(extractFacts('Je loue depuis 3 mois').monthsOf).toEqual([]);
  });
});

describe('extractFacts: what the person says they have or are', () => {
  it.each([
    ["J'avais oublié mon permis à la maison", ['permis']],
    ["J'ai un passeport valide et je suis retraité", ['passeport', 'retraite']],
    ["J'ai signé le bail, j'ai reçu une lettre", []],
    ["Je n'ai pas de permis", []],
    ["Nous avons des enfants et notre maison est à moi", ['enfants', 'maison']],
  ])('« %s » → %j', (q, held) => {
    expect(extractFacts(q).held).toEqual(held);
  });
});

describe('extractFacts: what the question says is missing', () => {
  it.each([
    ['Ma grand-mère est partie sans laisser de testament', []],
    ['Elle est décédée sans testament', ['testament']],
    ["Je n'ai pas de contrat écrit avec mon employeur", ['contrat']],
    ["Il n'y a eu aucun état des lieux d'entrée", ['etat']],
    ["Ils n'avaient pas d'enfant", ['enfant']],
    ["Je n'ai pas fait la formation complémentaire", ['formation']],
    ["Nous n'avons jamais reçu de facture", ['facture']],
  ])('« %s » → %j', (q, absent) => {
    expect(extractFacts(q).absent).toEqual(absent);
  });
  it('reads the thing after « sans … avoir <participe> »', () => {
    expect(extractFacts("L'agence a prélevé les frais sans nous avoir adressé la moindre facture").absent).toEqual(['facture']);
  });
  it('leaves out verbs and set phrases after « sans »', () => {
    expect(extractFacts('Il est entré sans prévenir, sans doute pour vérifier, sans être invité').absent).toEqual([]);
  });
});

describe('extractFacts: distances', () => {
  it.each([
    ['La haie du voisin est plantée à 40 cm de la clôture', [0.4]],
    ['Il construit une terrasse à deux mètres de chez moi', [2]],
    ['Flashé à 62 km/h', []],
    ['Un studio de 20 m2', []],
    ['Notre vol Paris-Rome (environ 1 100 km) a eu 4 heures de retard', [1100000]],
    ['Je fais 35 kilomètres pour aller au travail', [35000]],
  ])('« %s » → %j', (q, d) => {
    expect(extractFacts(q).distances).toEqual(d);
  });
});

describe('extractFacts: surfaces', () => {
  it.each([
    ['Je vais louer un studio de 28 m² à Lyon', [28]],
    ['Un T2 vide de 40 m2 en passant par une agence', [40]],
    ['La chambre fait 9 mètres carrés', [9]],
    ['Une maison avec 1 200 m² de terrain', [1200]],
    ['La haie est à 2 m de la clôture', []],
  ])('« %s » → %j', (q, a) => {
    expect(extractFacts(q).areas).toEqual(a);
  });

  it('reads a surface as no distance', () => {
    expect(extractFacts('Je vais louer un studio de 28 m² à Lyon').distances).toEqual([]);
    expect(extractFacts('La chambre fait 9 mètres carrés').distances).toEqual([]);
  });
});

describe('extractFacts: children of the couple or of another union', () => {
  it.each([
    ["Il s'était remarié, et ma sœur et moi sommes nés de son premier mariage", false],
    ["Mon mari a un fils d'une précédente union", false],
    ['Nos deux enfants vivent avec nous', true],
    ['Notre fille a 12 ans', true],
    ['Mon père est décédé sans testament', undefined],
  ])('« %s » → %s', (q, common) => {
    expect(extractFacts(q).childrenOfCouple).toBe(common);
  });
});

describe('extractFacts: the building', () => {
  it.each([
    ['Je loue une maison avec un petit jardin', 'maison'],
    ['Notre pavillon est mitoyen', 'maison'],
    ['Mon appartement est au 3e étage', 'collectif'],
    ['Le syndic ne répond pas', 'collectif'],
    ['Je loue un T2 vide de 40 m²', 'collectif'],
    ['Nous avons loué une maison de vacances en août', undefined],
    ['Mon voisin fait du bruit', undefined],
  ])('« %s » → %s', (q, building) => {
    expect(extractFacts(q).building).toBe(building);
  });
});

describe('extractFacts: other countries', () => {
  it.each([
    ["Un débit d'un site de vente en ligne basé en Espagne", 'europe'],
    ['Mon permis a été obtenu en Pologne', 'europe'],
    ['On part aux États-Unis cet été avec les enfants', 'hors-europe'],
    ['Ma mère, qui vit au Maroc, veut venir chez moi', 'hors-europe'],
    ['Un vol de Madrid à New York', undefined],
    ['Je vis à Paris', undefined],
    ["Ma mère voudrait que je vienne la chercher à l'aéroport", undefined],
  ])('« %s » → %s', (q, abroad) => {
    expect(extractFacts(q).abroad).toBe(abroad);
  });
});

describe('extractFacts: agreement of the other party', () => {
  it.each([
    ['Ma femme refuse de divorcer, que puis-je faire ?', 'desaccord'],
    ['Mon partenaire ne veut pas signer la déclaration', 'desaccord'],
    ['Nous sommes d’accord pour nous séparer', 'accord'],
    ['Nous voulons rompre le Pacs d’un commun accord', 'accord'],
    ['Mon employeur refuse de me payer mes heures', undefined],
  ])('« %s » → %s', (q, agreement) => {
    expect(extractFacts(q).agreement).toBe(agreement);
  });
});

describe('extractFacts: rented or owned home', () => {
  it.each([
    ['Mon bailleur ne répond plus à mes courriers', 'locataire'],
    ['Je suis locataire d’un deux-pièces', 'locataire'],
    ['Mon père est mort, la maison était à lui', 'proprietaire'],
    ['Nous avons acheté un appartement l’an dernier', 'proprietaire'],
    ['Le voisin fait du bruit', undefined],
  ])('« %s » → %s', (q, tenure) => {
    expect(extractFacts(q).tenure).toBe(tenure);
  });
});

describe('extractFacts: working time', () => {
  it.each([
    ['Je ne travaille que 24 heures par semaine', 24, 'partiel'],
    ['Je fais 15 h par semaine dans une boulangerie', 15, 'partiel'],
    ['Mon contrat prévoit 39 heures hebdomadaires', 39, 'plein'],
    ['Je suis à mi-temps depuis la naissance de ma fille', 17.5, 'partiel'],
  ])('« %s » → %s h, %s', (q, hours, time) => {
    const f = extractFacts(q);
    expect(f.weeklyHours).toBe(hours);
    expect(f.workTime).toBe(time);
  });
  it('reads the kind of working time without hours', () => {
    expect(extractFacts('Je travaille à temps partiel').workTime).toBe('partiel');
    expect(extractFacts('Je suis à temps plein en CDI').workTime).toBe('plein');
    expect(extractFacts('Mon préavis dure 24 heures').weeklyHours).toBeUndefined();
  });
});
