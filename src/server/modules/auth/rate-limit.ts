import { createHash } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { authRateLimits } from '../../db/schema';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the current window ends (or, for a delayed key, until the next attempt is allowed). */
  retryAfterSeconds: number;
}

export interface AuthRateLimiter {
  /** Counts one attempt under `key`; refused once more than `max` attempts fall in the current window. */
  hit(key: string, max: number): Promise<RateLimitVerdict>;
  /**
   * Progressive delay: the first `free` attempts under `key` pass at once; after that each attempt must
   * wait 1 s, 2 s, 4 s… (at most the window) after the previous one. A refused attempt is not counted, so
   * waiting is enough. The counter lapses after a window without attempts, or when `clear` is called.
   */
  attempt(key: string, free: number): Promise<RateLimitVerdict>;
  /** Takes back one attempt counted by `hit` under `key` (it turned out not to be a failure). */
  release(key: string): Promise<void>;
  /** Forgets `key` and every key that starts with `key:`. */
  clear(key: string): Promise<void>;
}

/** Keys never hold an address in clear: an e-mail becomes a short SHA-256. */
export function hashedKey(kind: string, value: string): string {
  return `${kind}:${digest(value.trim().toLowerCase())}`;
}

/** A short SHA-256 (base64url) of a value: e-mail addresses and client addresses in keys and logs. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

/** The delay before the next attempt once `count` attempts were made (`free` of them without delay). */
export function progressiveDelayMs(count: number, free: number, windowMs: number): number {
  if (count < free) return 0;
  return Math.min(1000 * 2 ** Math.min(count - free, 30), windowMs);
}

/**
 * Counters kept in the database, so the limits hold across restarts and across instances sharing one
 * PostgreSQL: fixed windows (one atomic upsert per attempt) and progressive delays (one short transaction).
 * `now` is the clock (tests move it).
 */
export function createAuthRateLimiter(db: AppDb, windowSeconds: number, now: () => number = () => Date.now()): AuthRateLimiter {
  const windowMs = windowSeconds * 1000;
  let lastSweep = 0;

  async function sweep(at: number): Promise<void> {
    if (at - lastSweep <= windowMs) return;
    lastSweep = at;
    await db.delete(authRateLimits).where(lt(authRateLimits.windowStart, at - 2 * windowMs));
  }

  return {
    async hit(key, max) {
      const at = now();
      const expired = sql`${authRateLimits.windowStart} <= ${at - windowMs}::bigint`;
      const [row] = await db
        .insert(authRateLimits)
        .values({ key, count: 1, windowStart: at })
        .onConflictDoUpdate({
          target: authRateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${at}::bigint else ${authRateLimits.windowStart} end`,
          },
        })
        .returning();
      await sweep(at);
      const count = row?.count ?? 1;
      const windowStart = row?.windowStart ?? at;
      return {
        allowed: count <= max,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)),
      };
    },

    async attempt(key, free) {
      const started = now();
      // windowStart holds the time of the last counted attempt.
      const verdict = await db.transaction(async (tx) => {
        await tx.insert(authRateLimits).values({ key, count: 0, windowStart: started }).onConflictDoNothing({ target: authRateLimits.key });
        const [row] = await tx.select().from(authRateLimits).where(eq(authRateLimits.key, key)).for('update');
        // The time is read once the row is locked: a concurrent attempt that took the lock first may have
        // stored a later time than this one started at, and must not make this one look early.
        const at = Math.max(now(), row?.windowStart ?? 0);
        const lapsed = !row || at - row.windowStart >= windowMs;
        const count = lapsed ? 0 : row.count;
        const waitUntil = lapsed ? at : row.windowStart + progressiveDelayMs(count, free, windowMs);
        if (at < waitUntil) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - at) / 1000)) };
        await tx.update(authRateLimits).set({ count: count + 1, windowStart: at }).where(eq(authRateLimits.key, key));
        return { allowed: true, retryAfterSeconds: 0 };
      });
      await sweep(started);
      return verdict;
    },

    async release(key) {
      await db
        .update(authRateLimits)
        .set({ count: sql`greatest(${authRateLimits.count} - 1, 0)` })
        .where(eq(authRateLimits.key, key));
    },

    async clear(key) {
      await db
        .delete(authRateLimits)
        .where(or(eq(authRateLimits.key, key), sql`left(${authRateLimits.key}, ${key.length + 1}) = ${`${key}:`}`));
    },
  };
}
