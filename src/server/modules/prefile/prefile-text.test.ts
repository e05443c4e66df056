import { describe, expect, it } from 'vitest';
import type { AnswerSource } from '../../../common/api/answers';
import { breakLongWords, cappedBlocks, cleanText, clipText, omittedLines, printedSections, printedSources, PRINT_LIMITS } from './prefile-text';

const measure = (s: string): number => Array.from(s).length * 6; // 6 points a character

describe('breakLongWords', () => {
  it('takes words glued by any no-break space as one run, and breaks it into pieces that fit', () => {
    for (const glue of ['\u00a0', '\u202f', '\u2007', '\u2011']) {
      const run = `ab${glue}`.repeat(100);
      const broken = breakLongWords(`avant ${run} après`, 400, 10, measure);
      const pieces = broken.split(' ')[1]?.split('\u200b') ?? [];
      expect(pieces.join('')).toBe(run);
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) expect(measure(piece)).toBeLessThanOrEqual(400);
    }
    // French typography within a line is left alone.
    expect(breakLongWords('Pour 1\u202f500\u00a0€ de dépôt\u202f: que faire\u202f?', 400, 10, measure)).toBe('Pour 1\u202f500\u00a0€ de dépôt\u202f: que faire\u202f?');
  });
});

describe('cleanText', () => {
  it('makes breakable spaces plain, keeps the no-break ones, drops invisible joiners', () => {
    expect(cleanText('a\u2009b\u3000c\u2003d\u205fe\u1680f')).toBe('a b c d e f');
    expect(cleanText('1\u202f500\u00a0€ 3\u2007000')).toBe('1\u202f500\u00a0€ 3\u2007000');
    expect(cleanText('a\u2060b\ufeffc\u200bd\u200de')).toBe('abcde');
  });
});

describe('clipText', () => {
  it('keeps a text within the limit as it is', () => {
    expect(clipText('Une phrase.', 11)).toBe('Une phrase.');
  });

  it('cuts after the last sentence that fits, else at a space, else anywhere, and marks the cut', () => {
    expect(clipText('Première phrase assez longue. Seconde phrase bien plus longue encore.', 40)).toBe('Première phrase assez longue. […]');
    expect(clipText('un deux trois quatre cinq six sept huit neuf dix', 30)).toBe('un deux trois quatre cinq six […]');
    expect(clipText('x'.repeat(100), 40)).toBe(`${'x'.repeat(40)} […]`);
    // Line ends are kept: a list stays a list.
    expect(clipText('- un\n- deux\n- trois\n- quatre', 20)).toBe('- un\n- deux\n- trois […]');
  });

  it('never splits a character outside the basic plane', () => {
    const clipped = clipText('𝒜'.repeat(50), 21);
    expect(clipped.endsWith(' […]')).toBe(true);
    expect(Array.from(clipped.replace(' […]', '')).every((c) => c === '𝒜')).toBe(true);
  });
});

describe('printedSections', () => {
  it('prints the sections in order within their common budget, the rest cut then empty', () => {
    const big = 'Phrase de la rubrique. '.repeat(400); // 9,200 characters
    const printed = printedSections(
      [
        { id: 'summary', title: 'En bref', text: 'Court [1].' },
        { id: 'law', title: 'Loi', text: big },
        { id: 'steps', title: 'Démarches', text: big },
        { id: 'prefile', title: 'Pré-dossier', text: big },
        { id: 'professional', title: 'Pro', text: 'Un avocat : /#professionnels' },
      ],
      'https://exemple.fr',
    );
    expect(printed.get('summary')).toBe('Court [1].');
    expect(printed.get('law')).toBe(big);
    expect(printed.get('steps')?.endsWith('[…]')).toBe(true);
    expect(printed.has('prefile')).toBe(false);
    expect(printed.has('professional')).toBe(false);
    const total = [...printed.values()].reduce((n, t) => n + t.length, 0);
    expect(total).toBeLessThanOrEqual(PRINT_LIMITS.sectionsChars + 4);
    // Within the budget, the site's paths become full addresses.
    expect(printedSections([{ id: 'professional', title: 'Pro', text: 'Un avocat : /#professionnels' }], 'https://exemple.fr').get('professional')).toBe(
      'Un avocat : https://exemple.fr/#professionnels',
    );
  });
});

function source(n: number, references: AnswerSource['references'], date?: string): AnswerSource {
  return { n, id: `F${n}`, title: `Fiche ${n}`, url: `https://www.service-public.fr/particuliers/vosdroits/F${n}`, references, ...(date !== undefined ? { date } : {}) };
}

describe('printedSources', () => {
  it('keeps an ordinary answer whole, with each fiche’s readable date', () => {
    const printed = printedSources([
      source(2, [{ title: 'Article 2', url: 'https://www.legifrance.gouv.fr/2', text: 'Texte deux.' }], 'pas une date'),
      source(1, [{ title: 'Article 1', url: 'https://www.legifrance.gouv.fr/1', text: 'Texte un.' }], '2020-11-12'),
    ]);
    expect(printed.sources.map((s) => [s.n, s.date])).toEqual([
      [1, '2020-11-12'],
      [2, null],
    ]);
    expect(printed.sources[0]?.references).toEqual([{ title: 'Article 1', url: 'https://www.legifrance.gouv.fr/1', excerpt: 'Texte un.' }]);
    expect(omittedLines(printed)).toEqual([]);
  });

  it('lists references while their number and characters last, excerpts while theirs last, and says what it left out', () => {
    const refs = (count: number, textLength: number): AnswerSource['references'] =>
      Array.from({ length: count }, (_, i) => ({ title: `Article ${i}`, url: `https://www.legifrance.gouv.fr/${i}`, text: 'x'.repeat(textLength) }));
    const printed = printedSources(Array.from({ length: 10 }, (_, i) => source(i + 1, refs(60, 2000))));
    const listed = printed.sources.flatMap((s) => s.references);
    expect(listed).toHaveLength(PRINT_LIMITS.references);
    expect(printed.omittedReferences).toBe(600 - PRINT_LIMITS.references);
    const excerpts = listed.filter((r) => r.excerpt !== '');
    expect(excerpts.reduce((n, r) => n + r.excerpt.length, 0)).toBeLessThanOrEqual(PRINT_LIMITS.articlesChars);
    for (const r of excerpts) expect(r.excerpt.length).toBeLessThanOrEqual(PRINT_LIMITS.articleChars + 4);
    expect(printed.omittedExcerpts).toBe(PRINT_LIMITS.references - excerpts.length);
    expect(omittedLines(printed)).toEqual([
      `${600 - PRINT_LIMITS.references} autres références citées par les fiches ne sont pas reprises ici\u202f: voir les fiches en ligne.`,
      `Le texte de ${printed.omittedExcerpts} autres articles n'est pas reproduit\u202f: suivez leurs liens vers Légifrance.`,
    ]);
    // Long titles and addresses spend the characters' budget first.
    const long = printedSources([source(1, Array.from({ length: 60 }, (_, i) => ({ title: 'T'.repeat(300), url: `https://www.legifrance.gouv.fr/${'a'.repeat(560)}${i}` })))]);
    const chars = long.sources[0]?.references.reduce((n, r) => n + r.title.length + r.url.length, 0) ?? 0;
    expect(chars).toBeLessThanOrEqual(PRINT_LIMITS.referenceChars);
    expect(long.omittedReferences).toBeGreaterThan(0);
    expect(omittedLines({ sources: [], omittedReferences: 1, omittedExcerpts: 1 })).toEqual([
      "1 autre référence citée par les fiches n'est pas reprise ici\u202f: voir les fiches en ligne.",
      "Le texte d'un autre article n'est pas reproduit\u202f: suivez son lien vers Légifrance.",
    ]);
  });
});

describe('cappedBlocks', () => {
  it('keeps the blocks within the budget, and joins the rest of the section into one paragraph, nothing lost', () => {
    const blocks = [
      { kind: 'paragraph' as const, text: 'Faits :' },
      { kind: 'list' as const, items: ['un', 'deux', 'trois', 'quatre'] },
      { kind: 'paragraph' as const, text: 'Fin.' },
    ];
    expect(cappedBlocks(blocks, 100)).toEqual({ blocks, used: 6 });
    expect(cappedBlocks(blocks, 4)).toEqual({
      blocks: [
        { kind: 'paragraph', text: 'Faits :' },
        { kind: 'list', items: ['un', 'deux'] },
        { kind: 'paragraph', text: '• trois • quatre Fin.' },
      ],
      used: 4,
    });
    expect(cappedBlocks(blocks, 0)).toEqual({ blocks: [{ kind: 'paragraph', text: 'Faits : • un • deux • trois • quatre Fin.' }], used: 1 });
    expect(cappedBlocks([], 0)).toEqual({ blocks: [], used: 0 });
  });
});
