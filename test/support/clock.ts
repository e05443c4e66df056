/** A clock that moves only when a test says so (the app's `authClock`): it starts at the real time. */
export interface ManualClock {
  /** The current time, in epoch milliseconds. */
  now: () => number;
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}
