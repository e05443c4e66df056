import { describe, expect, it } from 'vitest';
import { emptyParts, total } from './weights';

describe('score parts', () => {
  it('the score is the sum of its named parts', () => {
    const parts = { ...emptyParts(), topicWords: 1.5, caseFits: 1.5, sourceRank: 2.5 };
    expect(total(parts)).toBeCloseTo(5.5);
    expect(total(emptyParts())).toBe(0);
  });
});
