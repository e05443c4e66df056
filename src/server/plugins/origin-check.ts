import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ORIGIN_REFUSED_MESSAGE = "Requête refusée : l'origine de la requête est absente ou non autorisée.";

/** Origins allowed to send state-changing requests: the public URL, extra trusted ones, and this host itself. */
export function allowedOrigins(config: Config, request: FastifyRequest): Set<string> {
  const origins = new Set<string>(config.trustedOrigins);
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

/**
 * Cross-site request forgery guard: a POST (PUT, PATCH, DELETE) under /api must carry an Origin header
 * naming this site. Script calls authenticated by `Authorization: Bearer <api key>` carry no cookie and
 * are exempt.
 */
async function originCheck(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/api' && !path.startsWith('/api/')) return;
    if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '') && !request.headers.cookie) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins(opts.config, request).has(origin)) {
      return sendError(reply, 403, 'origin_refused', ORIGIN_REFUSED_MESSAGE);
    }
  });
}

export const originCheckPlugin = fp(originCheck, { name: 'origin-check' });
