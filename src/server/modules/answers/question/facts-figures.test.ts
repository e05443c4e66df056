import { describe, expect, it } from 'vitest';
import { distanceText, parseFrenchNumber } from './facts-figures';

describe('parseFrenchNumber', () => {
  it('reads digits, decimals and number words', () => {
    expect([parseFrenchNumber('4'), parseFrenchNumber('1,5'), parseFrenchNumber('quinze'), parseFrenchNumber('abc')]).toEqual([4, 1.5, 15, undefined]);
  });
});

describe('distanceText', () => {
  it('writes a distance as the person would: metres under a kilometre, km above', () => {
    expect(distanceText(2)).toBe('2 m');
    expect(distanceText(0.4)).toBe('0,4 m');
    expect(distanceText(1_100_000)).toBe('1\u202f100 km');
  });
});
