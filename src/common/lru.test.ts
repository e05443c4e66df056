import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most `max` entries and evicts the least recently used', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // « a » is now the most recent
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('memo computes a value once per key while it stays cached', () => {
    const lru = new Lru<string, number>(10);
    let calls = 0;
    const make = (k: string): number => {
      calls += 1;
      return k.length;
    };
    expect(lru.memo('abc', make)).toBe(3);
    expect(lru.memo('abc', make)).toBe(3);
    expect(lru.memo('de', make)).toBe(2);
    expect(calls).toBe(2);
  });
});
