/** A session check every 30 s, refreshing when the session is within 3 ticks (90 s) of expiry. */
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_TICKS = 3;
/** Failed session checks are retried after 200 ms, 400 ms, 800 ms, 1600 ms (5 tries in all). */
export const RETRY_BASE_MS = 200;
export const RETRY_MAX_TRIES = 5;

/** True when a session ending at `expiresAt` should be renewed now (unknown expiry: never). */
export function needsRefresh(expiresAt: number | null | undefined, now: number): boolean {
  return typeof expiresAt === 'number' && expiresAt - now <= SESSION_TICK_MS * SESSION_REFRESH_TICKS;
}

/** Delay before retry number `attempt` (1-based): 200 ms, doubling. */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_MS * 2 ** (attempt - 1);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task`, retrying with back-off when it rejects; rejects with the last error after `tries` attempts,
 * or as soon as `cancelled()` becomes true.
 */
export async function withRetry<T>(task: () => Promise<T>, cancelled: () => boolean = () => false, tries = RETRY_MAX_TRIES): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= tries || cancelled()) throw error;
    }
    await sleep(retryDelay(attempt));
    if (cancelled()) throw new Error('cancelled');
  }
}
