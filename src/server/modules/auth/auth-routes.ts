import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../common/messages';
import { AUTH_CODES } from '../../../common/auth/errors';
import type { Accounts } from './accounts';
import { AUTH_BASE_PATH, SOCIAL_CALLBACK_PATH, siteOrigin } from './auth';
import { frenchErrorBody, sendWebResponse, toWebRequest } from './fastify-bridge';
import { hashedKey } from './rate-limit';

/** Endpoints limited by IP and by e-mail, grouped so that e.g. both reset steps share one budget. */
const LIMITED: Record<string, string> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'reset',
  '/reset-password': 'reset',
  '/send-verification-email': 'verify',
};

function sendAuthError(reply: FastifyReply, path: string, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(frenchErrorBody(path, status, { code, message }));
}

/**
 * better-auth mounted at /api/auth/* (Fastify request → Web Request → auth.handler → reply), with the
 * database-backed rate limits and French error messages. Registered inside the /api prefix.
 */
export async function authRoutes(api: FastifyInstance, opts: { accounts: Accounts }): Promise<void> {
  const { accounts } = opts;
  const { config } = accounts;
  const origin = siteOrigin(config);
  const limits = config.auth.rateLimit;

  // OAuth providers may post their answer back as a form (response_mode=form_post).
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const full = request.url.split('?')[0] ?? '';
    const path = full.startsWith(AUTH_BASE_PATH) ? full.slice(AUTH_BASE_PATH.length) || '/' : full;
    let body: unknown = request.body;

    if (request.method === 'POST') {
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const email = typeof fields.email === 'string' ? fields.email.trim() : '';

      if (path === '/request-password-reset' && !email) {
        return sendAuthError(reply, path, 400, AUTH_CODES.emailRequired, MESSAGES.recoveryNeedsEmail);
      }

      const group = LIMITED[path];
      if (group) {
        const checks = [accounts.rateLimiter.hit(`ip:${group}:${request.ip}`, limits.perIp)];
        if (email) checks.push(accounts.rateLimiter.hit(hashedKey(`email:${group}`, email), limits.perEmail));
        const verdicts = await Promise.all(checks);
        const refused = verdicts.filter((v) => !v.allowed);
        if (refused.length > 0) {
          request.log.info({ group }, 'auth rate limit reached');
          reply.header('retry-after', String(Math.max(...refused.map((v) => v.retryAfterSeconds))));
          return sendAuthError(reply, path, 429, AUTH_CODES.tooManyAttempts, MESSAGES.tooManyAttempts);
        }
      }

      // Social sign-in lands on /restricted unless the client says otherwise; failures go back to /login.
      if (path === '/sign-in/social') {
        body = { callbackURL: SOCIAL_CALLBACK_PATH, errorCallbackURL: '/login', ...fields };
      }
    }

    const response = await accounts.auth.handler(toWebRequest(request, origin, body));
    return sendWebResponse(reply, response, path);
  };

  api.route({ method: ['GET', 'POST'], url: '/auth/*', handler });
}
