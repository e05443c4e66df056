/**
 * How many pré-dossiers one account and one address may ask for: a number per minute (fixed windows) and a
 * number being laid out or waiting at once. PDFs are laid out one at a time by one worker per server
 * (prefile-renderer.ts); without these limits, one free account filled its queue and every other visitor got
 * « busy » for seconds. The counters live in this process's memory, like the worker they protect: with several
 * instances, each one has its own worker and its own counters.
 */

export interface PrefileLimits {
  /** PDFs per account and per minute. */
  perAccountPerMinute: number;
  /** PDFs per client address (IPv4, or IPv6 /64) and per minute. */
  perAddressPerMinute: number;
  /** PDFs of one account being laid out or waiting at the same time. */
  concurrentPerAccount: number;
  /** PDFs of one address being laid out or waiting at the same time. */
  concurrentPerAddress: number;
}

export const PREFILE_LIMIT_DEFAULTS: PrefileLimits = {
  perAccountPerMinute: 6,
  perAddressPerMinute: 20,
  concurrentPerAccount: 2,
  concurrentPerAddress: 4,
};

export type PrefileAdmission =
  | { ok: true; release(): void }
  /** `rate`: too many in the minute; `concurrent`: too many at once. `retryAfterSeconds`: when to try again. */
  | { ok: false; reason: 'rate' | 'concurrent'; retryAfterSeconds: number };

export interface PrefileGate {
  /**
   * Admits one PDF of `account` asked from `address`, or says why not. An admitted PDF counts in the minute at
   * once, and counts as running until `release()` (called once, when the PDF is sent or has failed).
   */
  admit(account: string, address: string): PrefileAdmission;
}

const WINDOW_MS = 60_000;
/** Counters kept at most; past it the expired ones are dropped (and, if all are live, the oldest window). */
const MAX_KEYS = 100_000;

interface Window {
  start: number;
  count: number;
}

/** Fixed one-minute windows per key, bounded in number. */
class MinuteCounters {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  /** The window of `key` as it stands now (a fresh one when the last has ended). */
  private current(key: string): Window {
    const at = this.now();
    let w = this.windows.get(key);
    if (!w || at - w.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_KEYS) this.sweep(at);
      w = { start: at, count: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  /** Whether one more fits under `max`, and the seconds until the window ends. */
  check(key: string, max: number): { fits: boolean; retryAfterSeconds: number } {
    const w = this.current(key);
    return { fits: w.count < max, retryAfterSeconds: Math.max(1, Math.ceil((w.start + WINDOW_MS - this.now()) / 1000)) };
  }

  add(key: string): void {
    this.current(key).count += 1;
  }

  private sweep(at: number): void {
    for (const [key, w] of this.windows) if (at - w.start >= WINDOW_MS) this.windows.delete(key);
    // Still full: every key is live (a flood of addresses). Maps iterate in insertion order: drop the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

/** Running PDFs per key (entries removed at zero, so the map holds only keys with a PDF under way). */
class RunningCounts {
  private readonly counts = new Map<string, number>();

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string, delta: number): void {
    const next = this.get(key) + delta;
    if (next <= 0) this.counts.delete(key);
    else this.counts.set(key, next);
  }
}

/** The gate of the PDF route; `now` is the clock (tests move it). */
export function createPrefileGate(limits: PrefileLimits = PREFILE_LIMIT_DEFAULTS, now: () => number = () => Date.now()): PrefileGate {
  const perMinute = new MinuteCounters(now);
  const running = new RunningCounts();
  return {
    admit(account, address) {
      const accountKey = `a:${account}`;
      const addressKey = `i:${address}`;
      if (running.get(accountKey) >= limits.concurrentPerAccount || running.get(addressKey) >= limits.concurrentPerAddress) {
        return { ok: false, reason: 'concurrent', retryAfterSeconds: 2 };
      }
      const byAccount = perMinute.check(accountKey, limits.perAccountPerMinute);
      const byAddress = perMinute.check(addressKey, limits.perAddressPerMinute);
      if (!byAccount.fits || !byAddress.fits) {
        const waits = [byAccount, byAddress].filter((c) => !c.fits).map((c) => c.retryAfterSeconds);
        return { ok: false, reason: 'rate', retryAfterSeconds: Math.max(...waits) };
      }
      perMinute.add(accountKey);
      perMinute.add(addressKey);
      running.add(accountKey, 1);
      running.add(addressKey, 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          running.add(accountKey, -1);
          running.add(addressKey, -1);
        },
      };
    },
  };
}
