import { describe, expect, it } from 'vitest';
import type { AnswerSection, AnswerSource } from '../../../../common/api/answers';
import { buildArticleIndex, findArticleMentions, parseArticleId } from './articles';
import { checkAnswer, cleanMarkers, splitSentences } from './check-citations';

const SOURCES: AnswerSource[] = [
  {
    n: 1,
    id: 'F31269',
    title: 'Dépôt de garantie',
    url: 'https://www.service-public.fr/particuliers/vosdroits/F31269',
    references: [
      {
        title: 'Loi n°89-462 du 6 juillet 1989 relative aux rapports locatifs : article 22',
        url: 'http://www.legifrance.gouv.fr/affichTexteArticle.do?idArticle=LEGIARTI000020466316&cidTexte=LEGITEXT000006069108',
      },
      { title: 'Code civil : articles 1714 à 1751-1 Occupation des lieux', url: 'https://www.legifrance.gouv.fr/codes/section_lc/LEGITEXT000006070721/' },
    ],
  },
  {
    n: 2,
    id: 'F2883',
    title: 'Préavis de licenciement',
    url: 'https://www.service-public.fr/particuliers/vosdroits/F2883',
    references: [
      { title: 'Code du travail : articles L1234-1 à L1234-8 Préavis', url: 'https://www.legifrance.gouv.fr/x' },
      { title: 'Code du travail : article R1234-9 Attestation', url: 'https://www.legifrance.gouv.fr/y' },
      { title: 'Code de déontologie médicale : art. R. 4127-1', url: 'https://www.legifrance.gouv.fr/z' },
    ],
  },
  { n: 3, id: 'F1', title: 'Sans références', url: 'https://www.service-public.fr/particuliers/vosdroits/F1', references: [] },
];

const section = (text: string, id: AnswerSection['id'] = 'law'): AnswerSection => ({ id, title: 'Ce que dit la loi', text });
const check = (text: string, sources: AnswerSource[] = SOURCES) => checkAnswer([section(text)], sources);
const labels = (text: string): string[] => findArticleMentions(text).map((m) => m.label);

describe('findArticleMentions', () => {
  it.each([
    ['article L1234-5', ['L1234-5']],
    ['art. R. 4127-1', ['R4127-1']],
    ["l'article 22 de la loi du 6 juillet 1989", ['22']],
    ['les articles L1234-9 et L1234-10 du code', ['L1234-9', 'L1234-10']],
    ['article 1240 du Code civil', ['1240']],
    ['selon le L. 1234-9 du code du travail', ['L1234-9']],
    ['selon R.4624-10 et D1234-1-1', ['R4624-10', 'D1234-1-1']],
    ['Article 10 du décret', ['10']],
    ["l'article 1er de la loi", ['1']],
    ["l'article premier de la loi", ['1']],
    ["l'article 9-1 bis de la loi", ['9-1 bis']],
    ['articles 1240, 1241 et 1242', ['1240', '1241', '1242']],
    ['articles L1234-9 et 1234-10', ['L1234-9', 'L1234-10']],
    ['article LO 141 du code électoral', ['LO141']],
  ])('finds the articles of « %s »', (text, expected) => {
    expect(labels(text)).toEqual(expected);
  });

  it.each([
    ['la loi n° 89-462 du 6 juillet 1989'],
    ['le 6 juillet 1989, pour 1 500 € par mois'],
    ['décret n°2015-587 du 29 mai 2015'],
    ['un délai de 2 mois, prescription de 3 ans'],
    ['L 2 ou D 4 ne sont pas des articles'],
    ["l'article 22, 2 mois de loyer au plus"],
  ])('finds no extra article in « %s »', (text) => {
    const found = labels(text);
    expect(found.filter((l) => l !== '22')).toEqual([]);
  });

  it('marks ranges', () => {
    const m = findArticleMentions('articles 12 à 15-4 du code');
    expect(m.map((x) => x.label)).toEqual(['12', '15-4']);
    expect(m[1]?.rangeFrom?.parts).toEqual([12]);
  });

  it('parses bare article ids', () => {
    expect(parseArticleId('L1234-9')).toEqual({ prefix: 'l', parts: [1234, 9], suffix: '' });
    expect(parseArticleId('R. 4127-1')).toEqual({ prefix: 'r', parts: [4127, 1], suffix: '' });
    expect(parseArticleId('LEGIARTI000020466316')).toBeNull();
  });
});

describe('buildArticleIndex', () => {
  const index = buildArticleIndex(SOURCES.flatMap((s) => s.references));
  const has = (text: string): boolean => findArticleMentions(text).every((m) => index.has(m.number));

  it('accepts the articles named in the references, whatever their spelling', () => {
    expect(has("l'article 22")).toBe(true);
    expect(has('article R1234-9')).toBe(true);
    expect(has('art. R. 1234-9')).toBe(true);
    expect(has('r4127-1 est cité : article r4127-1')).toBe(true);
  });

  it('accepts any article inside a cited range, and only inside', () => {
    expect(has('article L1234-5')).toBe(true);
    expect(has('article L1234-8')).toBe(true);
    expect(has('article L1234-9')).toBe(false);
    expect(has('article 1720 du Code civil')).toBe(true);
    expect(has('article 1751-1 du Code civil')).toBe(true);
    expect(has('article 1752 du Code civil')).toBe(false);
    expect(has('article 1713 du Code civil')).toBe(false);
  });

  it('does not confuse L, R and D articles of the same number', () => {
    expect(has('article L1234-9')).toBe(false);
    expect(has('article D1234-9')).toBe(false);
    // Written without its letter, the number is matched against any letter.
    expect(has('article 1234-9')).toBe(true);
  });

  it('uses article ids and URLs too', () => {
    const idx = buildArticleIndex([
      { title: 'Code de la consommation', url: 'https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000032227301', articleId: 'L212-1' },
      { title: 'Code de commerce', url: 'https://example.test/code?article=L441-10' },
    ]);
    expect(findArticleMentions('article L212-1 et article L441-10').every((m) => idx.has(m.number))).toBe(true);
    expect(findArticleMentions('article L212-2').every((m) => idx.has(m.number))).toBe(false);
  });
});

describe('splitSentences', () => {
  it('never splits inside abbreviations, keeps trailing markers with their sentence', () => {
    expect(splitSentences("Selon l'art. L. 1234-9, M. Dupont paie 1 500 €. Le délai est de 2 mois. [1] Ensuite, écrivez.")).toEqual([
      "Selon l'art. L. 1234-9, M. Dupont paie 1 500 €.",
      ' Le délai est de 2 mois. [1]',
      ' Ensuite, écrivez.',
    ]);
  });

  it('keeps a line without final punctuation whole', () => {
    expect(splitSentences('Une phrase sans point [1]')).toEqual(['Une phrase sans point [1]']);
  });
});

describe('cleanMarkers', () => {
  const valid = new Set([1, 2, 3]);
  it.each([
    ['texte [1].', 'texte [1].', 0],
    ['texte [9].', 'texte.', 1],
    ['texte [1, 2].', 'texte [1][2].', 0],
    ['texte [1, 9].', 'texte [1].', 1],
    ['texte [1][9][2].', 'texte [1][2].', 1],
    ['texte [1-3].', 'texte [1][2][3].', 0],
    ['texte [Source 2].', 'texte [2].', 0],
    ['texte [0] suite', 'texte suite', 1],
    ['1 500 € [sic] et [2023] restent', '1 500 € [sic] et [2023] restent', 0],
    ['- élément [4]\n- autre [2]', '- élément\n- autre [2]', 1],
  ])('« %s » → « %s » (%i removed)', (input, output, removed) => {
    expect(cleanMarkers(input, valid)).toEqual({ text: output, removed });
  });
});

describe('checkAnswer', () => {
  it('keeps a correct answer untouched and says ok', () => {
    const text =
      "Le dépôt de garantie est rendu dans un délai de 2 mois [1]. L'article 22 de la loi du 6 juillet 1989 prévoit une majoration de 10 % [1].\n\n- Le préavis dépend de l'ancienneté (article L1234-1) [2].";
    const r = check(text);
    expect(r).toEqual({ sections: [section(text)], removedMarkers: 0, removedSentences: 0, unknownArticles: [], ok: true });
  });

  it('removes markers that name no source and counts each number', () => {
    const r = check('Règle A [4]. Règle B [1, 5]. Règle C [3].');
    expect(r.sections[0]?.text).toBe('Règle A. Règle B [1]. Règle C [3].');
    expect(r.removedMarkers).toBe(2);
    expect(r.removedSentences).toBe(0);
    expect(r.ok).toBe(false);
  });

  it('removes the whole sentence naming an article absent from the references', () => {
    const r = check(
      "Le bailleur rend le dépôt sous 2 mois [1]. Selon l'article 1245 du Code civil, il doit aussi des dommages et intérêts, art. L. 4127-1 [1]. Le locataire peut saisir la commission [1].",
    );
    expect(r.sections[0]?.text).toBe('Le bailleur rend le dépôt sous 2 mois [1]. Le locataire peut saisir la commission [1].');
    expect(r.removedSentences).toBe(1);
    expect(r.unknownArticles).toEqual(['1245', 'L4127-1']);
    expect(r.ok).toBe(false);
  });

  it('removes a list item whose only sentence names an unknown article, keeps the list', () => {
    const r = check("Les règles :\n- Préavis d'un mois [2].\n- Indemnité prévue à l'article L1234-9 [2].\n- Attestation (article R1234-9) [2].");
    expect(r.sections[0]?.text).toBe("Les règles :\n- Préavis d'un mois [2].\n- Attestation (article R1234-9) [2].");
    expect(r.unknownArticles).toEqual(['L1234-9']);
  });

  it('removes a paragraph left empty and the blank lines around it', () => {
    const r = check('Premier paragraphe [1].\n\nArticle 999 du Code pénal.\n\nDernier paragraphe [2].');
    expect(r.sections[0]?.text).toBe('Premier paragraphe [1].\n\nDernier paragraphe [2].');
  });

  it('records each unknown article once and in order', () => {
    const r = check("L'article 999 punit. L'article 998 aussi. L'article 999 encore. L'article 22 s'applique [1].");
    expect(r.unknownArticles).toEqual(['999', '998']);
    expect(r.removedSentences).toBe(3);
    expect(r.sections[0]?.text).toBe("L'article 22 s'applique [1].");
  });

  it('does not take dates, amounts, durations or text numbers for articles', () => {
    const text =
      'La loi n° 89-462 du 6 juillet 1989 fixe le dépôt à 1 mois de loyer, soit 1 500 € au plus [1]. Le décret n° 2015-587 du 29 mai 2015 fixe la notice [1]. Vous avez 3 ans pour agir [3].';
    expect(check(text).ok).toBe(true);
  });

  it('checks every section, and leaves a section empty when all of it is invented', () => {
    const r = checkAnswer(
      [section('Résumé [1].', 'summary'), section("L'article 12 du Code pénal s'applique [1].", 'law')],
      SOURCES,
    );
    expect(r.sections.map((s) => s.text)).toEqual(['Résumé [1].', '']);
    expect(r.sections.map((s) => s.id)).toEqual(['summary', 'law']);
  });

  it('allows no article at all when no source has references', () => {
    const r = check("L'article 22 de la loi du 6 juillet 1989 s'applique [1].", [SOURCES[2] as AnswerSource]);
    expect(r.sections[0]?.text).toBe('');
    expect(r.removedMarkers).toBe(1);
    expect(r.unknownArticles).toEqual(['22']);
  });

  it('is deterministic and does not modify its input', () => {
    const input = [section("Texte [7]. L'article 999 s'applique [1].")];
    const copy = structuredClone(input);
    expect(checkAnswer(input, SOURCES)).toEqual(checkAnswer(input, SOURCES));
    expect(input).toEqual(copy);
  });
});

describe('checkAnswer with the texts the answer was written from', () => {
  const quoted: AnswerSection[] = [
    { id: 'summary', title: 'En bref', text: "Le PER d'entreprise obligatoire succède au contrat article 83. [1]" },
  ];
  it('keeps a sentence naming an article the fiche itself names, absent from its references', () => {
    expect(checkAnswer(quoted, SOURCES).sections[0]?.text).toBe('');
    const grounded = checkAnswer(quoted, SOURCES, { groundText: ["Le PER d'entreprise obligatoire succède au contrat article 83."] });
    expect(grounded.sections[0]?.text).toBe(quoted[0]?.text);
    expect(grounded.removedSentences).toBe(0);
  });
  it('still removes an article named nowhere', () => {
    const invented: AnswerSection[] = [{ id: 'law', title: 'Ce que dit la loi', text: "Selon l'article 84, c'est interdit. [1]" }];
    expect(checkAnswer(invented, SOURCES, { groundText: ['Le contrat article 83.'] }).removedSentences).toBe(1);
  });
});
