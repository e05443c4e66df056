import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value table for facts about this installation (schema install time, corpus version…). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
