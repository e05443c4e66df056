import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { prefilePdfRequestSchema } from '../../../common/api/answers';
import { clientKey } from '../../plugins/client-address';
import { sendError } from '../../plugins/errors';
import { requireUser, signInRequired, type ResolveUser } from '../auth/signed-in';
import { createPrefileGate, type PrefileLimits } from './prefile-limits';
import { createPrefileRenderer, type PrefileRenderer } from './prefile-renderer';
import { createPrefileService, PREFILE_MESSAGES } from './prefile-service';

export interface PrefileRoutesOptions {
  siteTitle: string;
  /** Public URL of the site, printed in the PDF header (optional). */
  siteUrl?: string;
  resolveUser: ResolveUser;
  /** Where PDFs are laid out (default: a worker thread of its own, closed with the app). */
  renderer?: PrefileRenderer;
  /** PDFs per account and per address (default: PREFILE_LIMIT_DEFAULTS). */
  limits?: PrefileLimits;
}

/**
 * Bodies hold a whole answer (five sections, sources with their article texts, the cases of a choice): up
 * to 512 kB, above the app's 256 kB. Every field has its own limit too (PREFILE_LIMITS).
 */
export const PREFILE_BODY_LIMIT = 512 * 1024;

/**
 * POST /answers/pdf (mounted under /api): the browser sends the answer it holds and receives the
 * pré-dossier PDF. Nothing is stored, and nothing of the body is logged: the route logs at `warn`
 * only (no request/response lines), and a rendering failure is logged without its message.
 */
export async function prefileRoutes(api: FastifyInstance, opts: PrefileRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const renderer = opts.renderer ?? createPrefileRenderer();
  if (!opts.renderer) app.addHook('onClose', () => renderer.close());
  const service = createPrefileService({ siteTitle: opts.siteTitle, siteUrl: opts.siteUrl, renderer, gate: createPrefileGate(opts.limits) });
  app.post(
    '/answers/pdf',
    {
      bodyLimit: PREFILE_BODY_LIMIT,
      logLevel: 'warn',
      // Sign-in first: an anonymous caller learns nothing about what the body should contain.
      preValidation: signInRequired(opts.resolveUser, { code: 'unauthorized', message: PREFILE_MESSAGES.unauthorized }),
      schema: { body: prefilePdfRequestSchema },
      config: { invalidRequest: { invalid: { code: 'invalid_request', message: PREFILE_MESSAGES.invalid } } },
    },
    async (request, reply) => {
      // Without PUBLIC_URL, the site's links are written under the address the visitor used.
      const host = /^[\w.-]{1,253}(:\d{1,5})?$/.test(request.host) ? request.host : null;
      const outcome = await service.render(request.body, {
        account: requireUser(request).id,
        address: clientKey(request.ip),
        linkOrigin: host ? `${request.protocol}://${host}` : undefined,
      });
      if (!outcome.ok) {
        if (outcome.failure && outcome.status >= 500) {
          // The error's kind and where it came from only: its message could quote the text being laid out.
          const log = { errName: outcome.failure.errName, ...(outcome.failure.where ? { stack: outcome.failure.where } : {}) };
          if (outcome.status === 503) request.log.warn(log, 'prefile pdf renderer busy');
          else request.log.error(log, 'prefile pdf rendering failed');
        }
        if (outcome.retryAfterSeconds !== undefined) reply.header('retry-after', String(outcome.retryAfterSeconds));
        return sendError(reply, outcome.status, outcome.code, outcome.message);
      }
      return reply
        .code(200)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', outcome.contentDisposition)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(outcome.pdf);
    },
  );
}
