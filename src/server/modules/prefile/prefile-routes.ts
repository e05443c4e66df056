import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { prefilePdfRequestSchema } from '../../../common/api/answers';
import { sendError } from '../../plugins/errors';
import { signInRequired, type ResolveUser } from '../auth/signed-in';
import { isoDayInParis, prefileDate } from './prefile-pdf';
import { createPrefileRenderer, PrefileBusyError, PrefileRenderError, type PrefileRenderer } from './prefile-renderer';

export interface PrefileRoutesOptions {
  siteTitle: string;
  /** Public URL of the site, printed in the PDF header (optional). */
  siteUrl?: string;
  resolveUser: ResolveUser;
  /** Where PDFs are laid out (default: a worker thread of its own, closed with the app). */
  renderer?: PrefileRenderer;
}

/**
 * Bodies hold a whole answer (five sections, sources with their article texts, the cases of a choice): up
 * to 512 kB, above the app's 256 kB. Every field has its own limit too (PREFILE_LIMITS).
 */
export const PREFILE_BODY_LIMIT = 512 * 1024;

export const PREFILE_MESSAGES = {
  invalid: 'Le contenu du pré-dossier est invalide.',
  unauthorized: 'Veuillez vous connecter pour télécharger le pré-dossier.',
  failed: "Le pré-dossier n'a pas pu être généré. Veuillez réessayer.",
  busy: 'De nombreux pré-dossiers sont en cours de préparation. Veuillez réessayer dans quelques instants.',
} as const;

/** « pre-dossier-questionlegale-2026-11-22.pdf » (day of the answer, Paris time). */
export function prefileFileName(answeredAt: string | undefined, now: Date = new Date()): string {
  return `pre-dossier-questionlegale-${isoDayInParis(prefileDate(answeredAt, now))}.pdf`;
}

/**
 * POST /answers/pdf (mounted under /api): the browser sends the answer it holds and receives the
 * pré-dossier PDF. Nothing is stored, and nothing of the body is logged: the route logs at `warn`
 * only (no request/response lines), and a rendering failure is logged without its message.
 */
export async function prefileRoutes(api: FastifyInstance, opts: PrefileRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const renderer = opts.renderer ?? createPrefileRenderer();
  if (!opts.renderer) app.addHook('onClose', () => renderer.close());
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
      const body = request.body;
      let pdf: Buffer;
      try {
        // Without PUBLIC_URL, the site's links are written under the address the visitor used.
        const host = /^[\w.-]{1,253}(:\d{1,5})?$/.test(request.host) ? request.host : null;
        const linkOrigin = opts.siteUrl ?? (host ? `${request.protocol}://${host}` : undefined);
        pdf = await renderer.render(body, { siteTitle: opts.siteTitle, ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}), ...(linkOrigin ? { linkOrigin } : {}) });
      } catch (err) {
        if (err instanceof PrefileBusyError) {
          request.log.warn({ errName: err.name }, 'prefile pdf renderer busy');
          reply.header('retry-after', '5');
          return sendError(reply, 503, 'prefile_busy', PREFILE_MESSAGES.busy);
        }
        // The message could quote the text being laid out: log only the error's kind and where it came from.
        const name = err instanceof PrefileRenderError ? err.errName : err instanceof Error ? err.name : typeof err;
        const where = err instanceof PrefileRenderError ? err.where : err instanceof Error ? (err.stack ?? '').split('\n').slice(1, 6).join('\n') : '';
        request.log.error({ errName: name, stack: where }, 'prefile pdf rendering failed');
        return sendError(reply, 500, 'prefile_failed', PREFILE_MESSAGES.failed);
      }

      return reply
        .code(200)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${prefileFileName(body.answeredAt)}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
}
