import type { FeedbackRequest } from '../../../common/api/answers';
import type { AppDb } from '../../db/database';
import { answerFeedback } from '../../db/schema';

/**
 * Stores the « utile / pas utile » verdicts: who, when, the verdict, the reason code and the mode of the
 * answer — never a question or answer text (the table has no column for it).
 */
export interface FeedbackService {
  /** Throws when the database fails; the route answers a French 503. */
  record(userId: string, feedback: FeedbackRequest): Promise<void>;
}

export function createFeedbackService(db: AppDb): FeedbackService {
  return {
    async record(userId, feedback) {
      await db.insert(answerFeedback).values({
        userId,
        helpful: feedback.helpful,
        reason: feedback.reason ?? null,
        mode: feedback.mode ?? null,
      });
    },
  };
}
