import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the /api per-IP rate limit (@fastify/rate-limit), shared by every instance
 * on one PostgreSQL (plugins/rate-limit-store.ts). Keys hold a route prefix and the client IP.
 */
export const apiRateLimits = pgTable('api_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Window start, epoch milliseconds. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});
