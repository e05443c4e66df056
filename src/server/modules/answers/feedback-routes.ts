import type { FastifyInstance, FastifyRequest } from 'fastify';
import { feedbackRequestSchema } from '../../../common/api/answers';
import { MESSAGES } from '../../../common/messages';
import type { AppDb } from '../../db/database';
import { answerFeedback } from '../../db/schema';
import { sendError } from '../../plugins/errors';
import type { ResolvedUser } from '../auth/accounts';

export interface FeedbackRoutesOptions {
  db: AppDb;
  resolveUser: (request: FastifyRequest) => Promise<ResolvedUser | null>;
}

export const FEEDBACK_MESSAGES = {
  unauthorized: 'Vous devez être connecté pour donner votre avis.',
  invalid: 'Avis invalide : indiquez si la réponse vous a été utile.',
} as const;

/**
 * POST /feedback (mounted under /api): « utile / pas utile » + an optional reason code and the mode of
 * the answer → 204. Stores who, when, the verdict, the reason and the mode — no question or answer text
 * (the schema has no place for it, and unknown body fields are dropped).
 */
export async function feedbackRoutes(api: FastifyInstance, opts: FeedbackRoutesOptions): Promise<void> {
  api.post('/feedback', { logLevel: 'warn' }, async (request, reply) => {
    const user = await opts.resolveUser(request);
    if (!user) return sendError(reply, 401, 'unauthorized', FEEDBACK_MESSAGES.unauthorized);
    const parsed = feedbackRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, 400, 'invalid_feedback', FEEDBACK_MESSAGES.invalid);
    try {
      await opts.db.insert(answerFeedback).values({
        userId: user.userId,
        helpful: parsed.data.helpful,
        reason: parsed.data.reason ?? null,
        mode: parsed.data.mode ?? null,
      });
    } catch {
      return sendError(reply, 503, 'unavailable', MESSAGES.serverError);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
