import { describe, expect, it } from 'vitest';
import { analyze, foldAccents, isArticleRef, stemWord, tokenize } from './analyzer';

describe('French analyzer', () => {
  it('removes elisions, including typographic apostrophes', () => {
    expect(tokenize("l'employeur d’un salarié qu'il jusqu'au")).toEqual(['employeur', 'un', 'salarié', 'il', 'au']);
  });

  it('drops stop words and question words', () => {
    expect(analyze('Comment est-ce que je peux faire pour le préavis ?')).toEqual([stemWord('préavis')]);
  });

  it('stems inflections to the same term and folds accents', () => {
    expect(stemWord('licenciement')).toBe(stemWord('licenciements'));
    expect(stemWord('congés')).toBe(stemWord('congé'));
    expect(stemWord('locataires')).toBe(stemWord('locataire'));
    expect(stemWord('préavis')).toBe('preav');
    expect(foldAccents('Œuvre Été Ça')).toBe('oeuvre ete ca');
  });

  it('keeps article references whole, whatever their spelling', () => {
    for (const spelling of ['L1234-9', 'L. 1234-9', 'l.1234-9', 'article L 1234-9']) {
      expect(analyze(spelling)).toContain('l1234-9');
    }
    expect(analyze('R4624-10-1')).toEqual(['r4624-10-1']);
    expect(isArticleRef('l1234-9')).toBe(true);
    expect(isArticleRef('licenciement')).toBe(false);
  });

  it('keeps numbers as tokens', () => {
    expect(analyze('loi 89-462 du 6 juillet 1989')).toEqual([stemWord('loi'), '89', '462', '6', stemWord('juillet'), '1989']);
  });
});
