import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEWRITER_TIMINGS, useTypewriterPlaceholder } from './use-typewriter-placeholder';

const EXAMPLES = ['Abc', 'Xy'] as const;

/** Advances the fake clock millisecond by millisecond, letting React re-render (and schedule the next
 *  step) in between, as a browser would. */
function advance(ms: number) {
  for (let i = 0; i < ms; i++) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

describe('useTypewriterPlaceholder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses its timings: 50 ms typing, 30 ms erasing, 2 s pause, 500 ms before the next example', () => {
    expect(TYPEWRITER_TIMINGS).toEqual({ typeMs: 50, eraseMs: 30, pauseMs: 2000, nextMs: 500 });
  });

  it('types one character every 50 ms, pauses 2 s, erases one every 30 ms, waits 500 ms, then types the next example', () => {
    const { result } = renderHook(() => useTypewriterPlaceholder(EXAMPLES));
    expect(result.current.placeholder).toBe('');
    expect(result.current.running).toBe(true);

    // typing "Abc"
    advance(49);
    expect(result.current.placeholder).toBe('');
    advance(1);
    expect(result.current.placeholder).toBe('A');
    advance(49);
    expect(result.current.placeholder).toBe('A');
    advance(1);
    expect(result.current.placeholder).toBe('Ab');
    advance(50);
    expect(result.current.placeholder).toBe('Abc');

    // 2 s pause: nothing erased until pause + first erase step
    advance(2000);
    expect(result.current.placeholder).toBe('Abc');
    advance(29);
    expect(result.current.placeholder).toBe('Abc');
    advance(1);
    expect(result.current.placeholder).toBe('Ab');
    advance(30);
    expect(result.current.placeholder).toBe('A');
    advance(30);
    expect(result.current.placeholder).toBe('');

    // 500 ms wait, then the next example is typed at 50 ms per character
    advance(500);
    expect(result.current.placeholder).toBe('');
    advance(49);
    expect(result.current.placeholder).toBe('');
    advance(1);
    expect(result.current.placeholder).toBe('X');
    advance(50);
    expect(result.current.placeholder).toBe('Xy');

    // ...and after the last example it loops back to the first one
    advance(2000 + 30 + 30 + 500 + 50);
    expect(result.current.placeholder).toBe('A');
  });

  it('stop() freezes the animation and shows the current example in full', () => {
    const { result } = renderHook(() => useTypewriterPlaceholder(EXAMPLES));
    advance(100);
    expect(result.current.placeholder).toBe('Ab');
    act(() => result.current.stop());
    expect(result.current.running).toBe(false);
    expect(result.current.placeholder).toBe('Abc');
    advance(10_000);
    expect(result.current.placeholder).toBe('Abc');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not animate when disabled', () => {
    const { result } = renderHook(() => useTypewriterPlaceholder(EXAMPLES, { enabled: false }));
    expect(result.current.running).toBe(false);
    expect(result.current.placeholder).toBe('Abc');
    advance(1000);
    expect(result.current.placeholder).toBe('Abc');
  });

  it('does not animate when the user prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    try {
      const { result } = renderHook(() => useTypewriterPlaceholder(EXAMPLES));
      expect(result.current.running).toBe(false);
      expect(result.current.placeholder).toBe('Abc');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useTypewriterPlaceholder(EXAMPLES));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
