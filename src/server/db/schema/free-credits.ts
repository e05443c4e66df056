import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * E-mail addresses that already received the free credits, kept as a keyed hash (HMAC-SHA256 of the
 * trimmed, lower-cased address, keyed from the auth secret: modules/credits/free-credit-addresses.ts) and
 * nothing else — no user id, no address. A row outlives the account it came from, so deleting an account
 * and signing up again with the same address does not give the free credits a second time.
 */
export const freeCreditAddresses = pgTable('free_credit_addresses', {
  addressHash: text('address_hash').primaryKey(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});
