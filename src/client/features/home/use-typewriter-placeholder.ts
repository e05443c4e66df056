import { useCallback, useEffect, useState } from 'react';

/** The placeholder's typewriter: 50 ms per typed character, 30 ms per erased one, 2 s pause, 500 ms before the next example. */
export const TYPEWRITER_TIMINGS = {
  typeMs: 50,
  eraseMs: 30,
  pauseMs: 2000,
  nextMs: 500,
} as const;

export type TypewriterTimings = { typeMs: number; eraseMs: number; pauseMs: number; nextMs: number };

type Phase = 'typing' | 'pausing' | 'erasing' | 'waiting';

interface TypewriterState {
  index: number;
  length: number;
  phase: Phase;
}

export interface TypewriterOptions {
  timings?: Partial<TypewriterTimings>;
  /** When false the animation never starts and the first example is shown in full. */
  enabled?: boolean;
}

export interface TypewriterPlaceholder {
  /** The text to put in the `placeholder` attribute. */
  placeholder: string;
  running: boolean;
  /** Stops the animation for good and shows the current example in full. */
  stop: () => void;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Rotating "typewriter" placeholder: types an example character by character, pauses, erases it,
 * waits, then moves to the next example (looping). Timeline for an example of N characters, from the
 * moment it starts: character k appears at k × typeMs; erasing starts pauseMs after the last
 * character (one character removed every eraseMs); nextMs after the field is empty the next example
 * starts typing. Users who ask for reduced motion get a static placeholder.
 */
export function useTypewriterPlaceholder(
  examples: readonly string[],
  options: TypewriterOptions = {},
): TypewriterPlaceholder {
  const { typeMs, eraseMs, pauseMs, nextMs } = { ...TYPEWRITER_TIMINGS, ...options.timings };
  const [running, setRunning] = useState<boolean>(
    () => options.enabled !== false && examples.length > 0 && !prefersReducedMotion(),
  );
  const [state, setState] = useState<TypewriterState>({ index: 0, length: 0, phase: 'typing' });

  const current = examples[state.index % Math.max(examples.length, 1)] ?? '';

  useEffect(() => {
    if (!running || examples.length === 0) return undefined;
    let delay: number;
    let next: (s: TypewriterState) => TypewriterState;
    switch (state.phase) {
      case 'typing':
        delay = typeMs;
        next = (s) => {
          const length = Math.min(s.length + 1, current.length);
          return { ...s, length, phase: length >= current.length ? 'pausing' : 'typing' };
        };
        break;
      case 'pausing':
        delay = pauseMs;
        next = (s) => ({ ...s, phase: 'erasing' });
        break;
      case 'erasing':
        delay = eraseMs;
        next = (s) => {
          const length = Math.max(s.length - 1, 0);
          return { ...s, length, phase: length === 0 ? 'waiting' : 'erasing' };
        };
        break;
      case 'waiting':
        delay = nextMs;
        next = (s) => ({ index: (s.index + 1) % examples.length, length: 0, phase: 'typing' });
        break;
    }
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [running, state, current, examples.length, typeMs, eraseMs, pauseMs, nextMs]);

  const stop = useCallback(() => setRunning(false), []);

  return {
    placeholder: running ? current.slice(0, state.length) : current,
    running,
    stop,
  };
}
