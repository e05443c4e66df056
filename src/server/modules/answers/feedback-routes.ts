import type { FastifyInstance, FastifyRequest } from 'fastify';
import { feedbackRequestSchema } from '../../../common/api/answers';
import { MESSAGES } from '../../../common/messages';
import { databaseErrorCode } from '../../db/unavailable';
import { describeFailure, sendError } from '../../plugins/errors';
import { appMetrics } from '../../plugins/metrics';
import type { ResolvedUser } from '../auth/accounts';
import type { FeedbackService } from './feedback-service';

export interface FeedbackRoutesOptions {
  service: FeedbackService;
  resolveUser: (request: FastifyRequest) => Promise<ResolvedUser | null>;
}

export const FEEDBACK_MESSAGES = {
  unauthorized: 'Vous devez être connecté pour donner votre avis.',
  invalid: 'Avis invalide\u202f: indiquez si la réponse vous a été utile.',
} as const;

/**
 * POST /feedback (mounted under /api): « utile / pas utile » + an optional reason code and the mode of
 * the answer → 204. Unknown body fields are dropped, so no question or answer text reaches the service.
 * A database failure is logged by class, frame and driver code, counted, and answered with a French 503.
 */
export async function feedbackRoutes(api: FastifyInstance, opts: FeedbackRoutesOptions): Promise<void> {
  const metrics = appMetrics(api);
  api.post('/feedback', { logLevel: 'warn' }, async (request, reply) => {
    const user = await opts.resolveUser(request);
    if (!user) return sendError(reply, 401, 'unauthorized', FEEDBACK_MESSAGES.unauthorized);
    const parsed = feedbackRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, 400, 'invalid_feedback', FEEDBACK_MESSAGES.invalid);
    try {
      await opts.service.record(user.userId, parsed.data);
    } catch (err) {
      request.log.error({ failure: describeFailure(err), code: databaseErrorCode(err) }, 'feedback not stored');
      metrics?.failures.inc({ where: 'feedback' });
      return sendError(reply, 503, 'unavailable', MESSAGES.serverError);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
