import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppDb } from '../db/database';
import { apiRateLimits } from '../db/schema';

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so that the /api per-IP limit holds across every
 * instance sharing one database (README, « Plusieurs instances »). One atomic UPSERT per request
 * (fixed window, like the plugin's in-memory store and the auth limiter of modules/auth/rate-limit.ts).
 *
 * If the database cannot be reached, the request is counted in memory instead (a limit per instance
 * rather than none), so the outage does not also turn every API call into an error.
 *
 * PGlite keeps the plugin's in-memory store: only one process can use an embedded database anyway.
 */

/** What the store reports for a key: hits in the window and milliseconds until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

type Callback = (err: Error | null, result?: RateLimitCount) => void;

/** At run time the plugin passes a route's merged options with the route under `routeInfo`. */
function routePrefix(options: unknown): string {
  const info = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
  const method = Array.isArray(info?.method) ? info.method.join(',') : typeof info?.method === 'string' ? info.method : '';
  return `${method}:${typeof info?.url === 'string' ? info.url : ''}`;
}

/** Fallback counters while the database is unreachable (bounded; cleared as windows end). */
class MemoryCounters {
  private readonly counts = new Map<string, { current: number; start: number }>();

  incr(key: string, timeWindow: number): RateLimitCount {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      if (this.counts.size >= 10_000) this.counts.clear();
      entry = { current: 0, start: now };
      this.counts.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.start + timeWindow - now };
  }
}

const SWEEP_EVERY_MS = 60_000;

/** A store class bound to this database (the plugin instantiates it with its options). */
export function createPgRateLimitStore(db: AppDb, logger?: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const memory = new MemoryCounters();
  let lastSweep = 0;
  let longestWindow = 60_000;
  let warned = false;

  function sweep(now: number): void {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    db.delete(apiRateLimits)
      .where(lt(apiRateLimits.windowStart, now - 2 * longestWindow))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  async function increment(key: string, timeWindow: number): Promise<RateLimitCount> {
    const now = Date.now();
    longestWindow = Math.max(longestWindow, timeWindow);
    const expired = sql`${apiRateLimits.windowStart} <= ${now - timeWindow}::bigint`;
    try {
      const [row] = await db
        .insert(apiRateLimits)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: apiRateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${apiRateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${now}::bigint else ${apiRateLimits.windowStart} end`,
          },
        })
        .returning({ count: apiRateLimits.count, windowStart: apiRateLimits.windowStart });
      warned = false;
      sweep(now);
      const start = row?.windowStart ?? now;
      return { current: row?.count ?? 1, ttl: Math.max(0, start + timeWindow - now) };
    } catch {
      if (!warned) {
        warned = true;
        logger?.warn('rate limit: database unreachable, counting in memory');
      }
      return memory.incr(key, timeWindow);
    }
  }

  async function peek(key: string, timeWindow: number): Promise<RateLimitCount> {
    const now = Date.now();
    try {
      const [row] = await db
        .select({ count: apiRateLimits.count, windowStart: apiRateLimits.windowStart })
        .from(apiRateLimits)
        .where(sql`${apiRateLimits.key} = ${key}`);
      if (!row || row.windowStart + timeWindow <= now) return { current: 0, ttl: 0 };
      return { current: row.count, ttl: row.windowStart + timeWindow - now };
    } catch {
      return { current: 0, ttl: 0 };
    }
  }

  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'api',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      void increment(`${this.prefix}|${key}`, timeWindow).then((r) => callback(null, r));
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      void peek(`${this.prefix}|${key}`, timeWindow).then((r) => callback(null, r));
    }

    /** A route with its own limit counts apart from the others. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new PgRateLimitStore(routeOptions, `${this.prefix}:${routePrefix(routeOptions)}`);
    }
  }

  return PgRateLimitStore;
}
