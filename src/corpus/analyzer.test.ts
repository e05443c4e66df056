import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ANALYZER_CACHE, analyze, analyzeToken, analyzerCacheSizes, foldAccents, isArticleRef, stemWord, tokenize } from './analyzer';

/** The garbage collector, so that a heap measure counts what is still held. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** A distinct pseudo-word of `length` letters for each `i` (a fixed sequence, no randomness). */
function distinctWord(i: number, length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyzéèàç';
  let x = Math.imul(i + 1, 2654435761) >>> 0;
  let word = '';
  for (let k = 0; k < length; k++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    word += letters[x % letters.length] ?? 'a';
  }
  return `${word}${i}`;
}

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

  it('keeps its word caches bounded: 100,000 distinct words leave the heap within 30 MB', () => {
    const gc = collector();
    gc();
    const before = process.memoryUsage().heapUsed;
    // Every query word goes through these caches: half everyday lengths, half pasted runs of letters.
    for (let i = 0; i < 100_000; i++) analyzeToken(distinctWord(i, i % 2 === 0 ? 12 + (i % 29) : 100 + (i % 200)));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    const sizes = analyzerCacheSizes();
    expect(sizes.tokens).toBeLessThanOrEqual(ANALYZER_CACHE.entries);
    expect(sizes.stems).toBeLessThanOrEqual(ANALYZER_CACHE.entries);
    // Unbounded, the same words held about 125 MB.
    expect(grown).toBeLessThan(30 * 1024 * 1024);
    // Still a cache: a frequent word stays.
    expect(analyzeToken('licenciement')).toBe(stemWord('licenciement'));
  });
});
