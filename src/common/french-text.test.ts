import { describe, expect, it } from 'vitest';
import { passageUnits, shortenOnSentence, splitFrenchSentences } from './french-text';

describe('splitFrenchSentences', () => {
  it('does not cut after French abbreviations, initials and article numbers', () => {
    const line =
      "Selon l'art. L. 1234-9 du code du travail, M. Dupont a droit à une indemnité. Le montant, fixé par le décret n° 2017-1398, est de 1 500,50 € environ. Voir aussi l'article R. 1234-2.";
    expect(splitFrenchSentences(line)).toEqual([
      "Selon l'art. L. 1234-9 du code du travail, M. Dupont a droit à une indemnité.",
      'Le montant, fixé par le décret n° 2017-1398, est de 1 500,50 € environ.',
      "Voir aussi l'article R. 1234-2.",
    ]);
  });

  it('keeps decimals, « etc. » followed by lower case, and splits on ? and !', () => {
    expect(splitFrenchSentences('Le taux est de 1.5 % par an, etc. pour tous. Est-ce légal ? Oui !')).toEqual([
      'Le taux est de 1.5 % par an, etc. pour tous.',
      'Est-ce légal ?',
      'Oui !',
    ]);
  });

  it('gives back the whole line', () => {
    const line = 'Première phrase. Deuxième phrase (avec parenthèse). « Citation. » Fin';
    expect(splitFrenchSentences(line).join(' ')).toBe(line);
  });
});

describe('passageUnits', () => {
  it('marks the sentences of a worked example, up to the end of its paragraph', () => {
    const text = [
      'La quotité disponible peut être attribuée librement par le défunt dans son testament.',
      'Par exemple, le défunt a un patrimoine de 200 000 € et 3 enfants. Chaque enfant recevra donc 50 000 €. Le défunt peut attribuer les 25 % restants.',
      'À savoir : les parents ont un droit de retour.',
    ].join('\n');
    expect(passageUnits(text).map((u) => u.example === true)).toEqual([false, true, true, true, false]);
  });

  it('keeps a sentence ending with « : » with its list, drops headings, resources and tables', () => {
    const text = [
      'Délai',
      'Le dépôt doit être restitué dans un délai de 1 mois. Le délai commence à la remise des clés, qui peut se faire :',
      '- en mains propres,',
      '- ou par lettre recommandée.',
      'Modèle de document : Demander le remboursement',
      'Durée | Montant',
      'Où s\'adresser : Tribunal judiciaire',
    ].join('\n');
    const units = passageUnits(text);
    expect(units.map((u) => u.sentence)).toEqual([
      'Le dépôt doit être restitué dans un délai de 1 mois.',
      'Le délai commence à la remise des clés, qui peut se faire :',
    ]);
    expect(units[1]?.items).toEqual(['en mains propres,', 'ou par lettre recommandée.']);
    expect(units[0]?.heading).toBe('Délai');
  });

  it('keeps the end of a sentence that continues after its list (the fiche on plantations)', () => {
    const text = [
      'Si les plantations ne respectent pas les distances légales, mais qu\'elles sont situées :',
      '- à moins de 0,5 mètre de la limite de propriété,',
      '- ou entre 0,5 mètre et 2 mètres de la limite et dépassent 2 mètres de hauteur depuis au moins 30 ans,',
      'alors seule une démarche amiable peut être envisagée. Le voisin peut aussi saisir le juge.',
    ].join('\n');
    const units = passageUnits(text);
    expect(units.map((u) => u.sentence)).toEqual([
      'Si les plantations ne respectent pas les distances légales, mais qu\'elles sont situées :',
      'Le voisin peut aussi saisir le juge.',
    ]);
    expect(units[0]?.items).toHaveLength(2);
    expect(units[0]?.tail).toBe('alors seule une démarche amiable peut être envisagée.');
  });

  it('drops a sentence whose end after its list opens another list (one unit cannot hold it)', () => {
    const text = ['Si vous avez :', '- un titre de séjour,', '- ou un décret de naturalisation,', 'à la condition de fournir en plus :', '- un justificatif.'].join('\n');
    expect(passageUnits(text).map((u) => u.sentence)).toEqual([]);
  });

  it('reads an item whose introduction lies in the passage above as a rule of its own when it is a sentence', () => {
    // « Si le contrat ne précise rien, les conséquences sont les suivantes : » heads the chapter; each case
    // below holds its items, and a fragment needs the introduction it lacks here.
    const text = [
      "- Le propriétaire doit vous rembourser le double des arrhes versées.",
      '- de ses bagages,',
      'Le locataire peut aussi saisir le juge.',
    ].join('\n');
    const units = passageUnits(text);
    expect(units.map((u) => u.sentence)).toEqual(['Le propriétaire doit vous rembourser le double des arrhes versées.', 'Le locataire peut aussi saisir le juge.']);
    expect(units.map((u) => u.listed === true)).toEqual([true, false]);
  });

  it('drops an introduction whose list is missing', () => {
    expect(passageUnits('Les cas sont les suivants :')).toEqual([]);
  });
});

describe('shortenOnSentence', () => {
  it('cuts on a sentence boundary and marks the cut', () => {
    const t = 'Première phrase assez longue. Deuxième phrase assez longue. Troisième.';
    expect(shortenOnSentence(t, 40)).toBe('Première phrase assez longue. […]');
    expect(shortenOnSentence(t, 500)).toBe(t);
  });

  it('keeps as many whole sentences as fit, flattening the white space', () => {
    const sentence = 'Le bailleur est tenu de remettre au locataire un logement décent. ';
    const short = shortenOnSentence(sentence.repeat(20), 600);
    expect(short.length).toBeLessThanOrEqual(600 + ' […]'.length);
    expect(short.endsWith('décent. […]')).toBe(true);
    expect(shortenOnSentence(' Court.\n', 600)).toBe('Court.');
  });

  it('never cuts a sentence: a first sentence longer than the limit is kept whole', () => {
    const long = `Le contrat mentionne ${'une clause, '.repeat(20)}et sa date. Deuxième phrase.`;
    expect(shortenOnSentence(long, 100)).toBe(`${long.slice(0, long.indexOf(' Deuxième'))} […]`);
  });
});
