import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackRequestSchema } from '../../../common/api/answers';
import { MESSAGES } from '../../../common/messages';
import { databaseErrorCode } from '../../db/unavailable';
import { describeFailure, sendError, type InvalidRequestReplies } from '../../plugins/errors';
import { appMetrics } from '../../plugins/metrics';
import { requireUser, signInRequired, type ResolveUser } from '../auth/signed-in';
import type { FeedbackService } from './feedback-service';

export interface FeedbackRoutesOptions {
  service: FeedbackService;
  resolveUser: ResolveUser;
}

export const FEEDBACK_MESSAGES = {
  unauthorized: 'Vous devez être connecté pour donner votre avis.',
  invalid: 'Avis invalide\u202f: indiquez si la réponse vous a été utile.',
} as const;

const INVALID_FEEDBACK: InvalidRequestReplies = { invalid: { code: 'invalid_feedback', message: FEEDBACK_MESSAGES.invalid } };

/**
 * POST /feedback (mounted under /api): « utile / pas utile » + an optional reason code and the mode of
 * the answer → 204. Unknown body fields are dropped, so no question or answer text reaches the service.
 * A database failure is logged by class, frame and driver code, counted, and answered with a French 503.
 */
export async function feedbackRoutes(api: FastifyInstance, opts: FeedbackRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const metrics = appMetrics(api);
  app.post(
    '/feedback',
    {
      logLevel: 'warn',
      preValidation: signInRequired(opts.resolveUser, { code: 'unauthorized', message: FEEDBACK_MESSAGES.unauthorized }),
      schema: { body: feedbackRequestSchema },
      config: { invalidRequest: INVALID_FEEDBACK },
    },
    async (request, reply) => {
      try {
        await opts.service.record(requireUser(request).id, request.body);
      } catch (err) {
        request.log.error({ failure: describeFailure(err), code: databaseErrorCode(err) }, 'feedback not stored');
        metrics?.failures.inc({ where: 'feedback' });
        return sendError(reply, 503, 'unavailable', MESSAGES.serverError);
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
