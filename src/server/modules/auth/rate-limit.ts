import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { authRateLimits } from '../../db/schema';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

export interface AuthRateLimiter {
  /** Counts one attempt under `key`; refused once more than `max` attempts fall in the current window. */
  hit(key: string, max: number): Promise<RateLimitVerdict>;
}

/** Keys never hold an address in clear: an e-mail becomes a short SHA-256. */
export function hashedKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;
}

/**
 * Fixed-window counters kept in the database (one atomic upsert per attempt), so the limits hold across
 * restarts and across instances sharing one PostgreSQL.
 */
export function createAuthRateLimiter(db: AppDb, windowSeconds: number): AuthRateLimiter {
  const windowMs = windowSeconds * 1000;
  let lastSweep = 0;
  return {
    async hit(key, max) {
      const now = Date.now();
      const expired = sql`${authRateLimits.windowStart} <= ${now - windowMs}::bigint`;
      const [row] = await db
        .insert(authRateLimits)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: authRateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${now}::bigint else ${authRateLimits.windowStart} end`,
          },
        })
        .returning();
      if (now - lastSweep > windowMs) {
        lastSweep = now;
        await db.delete(authRateLimits).where(lt(authRateLimits.windowStart, now - 2 * windowMs));
      }
      const count = row?.count ?? 1;
      const windowStart = row?.windowStart ?? now;
      return {
        allowed: count <= max,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
      };
    },
  };
}
