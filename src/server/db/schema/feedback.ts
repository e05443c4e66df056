import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * « Utile / pas utile » on an answer (POST /api/feedback). Never the text of the question or of the
 * answer: who, when, the verdict, a reason code and the composition mode.
 */
export const answerFeedback = pgTable(
  'answer_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    /** One of FEEDBACK_REASONS, or null. */
    reason: text('reason'),
    /** 'extractive' | 'llm', or null when the client did not say. */
    mode: text('mode'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answer_feedback_created_at_idx').on(t.createdAt)],
);
