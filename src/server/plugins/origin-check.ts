import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ORIGIN_REFUSED_MESSAGE = "Requête refusée\u202f: l'origine de la requête est absente ou non autorisée.";

/**
 * Origins of the site itself, from the configuration: PUBLIC_URL, or — with no PUBLIC_URL (local use) —
 * every loopback name of the listening port (localhost, 127.0.0.1, [::1]), so that opening the site at
 * http://127.0.0.1:3000 works as well as http://localhost:3000. Plus TRUSTED_ORIGINS.
 */
export function configuredOrigins(config: Pick<Config, 'publicUrl' | 'port' | 'trustedOrigins'>): string[] {
  const own = config.publicUrl
    ? [new URL(config.publicUrl).origin]
    : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.port}`);
  return [...new Set([...own, ...config.trustedOrigins])];
}

/** Origins allowed to send state-changing requests: the configured ones and this host itself. */
export function allowedOrigins(config: Config, request: FastifyRequest): Set<string> {
  const origins = new Set<string>(configuredOrigins(config));
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

/**
 * Cross-site request forgery guard: every state-changing request (POST, PUT, PATCH, DELETE…), whatever its
 * path — the router decodes `/%61pi/…` to `/api/…`, so no path test can tell the API apart — must carry an
 * Origin header naming this site. Script calls authenticated by `Authorization: Bearer <api key>` carry no
 * cookie and are exempt.
 */
async function originCheck(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '') && !request.headers.cookie) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins(opts.config, request).has(origin)) {
      return sendError(reply, 403, 'origin_refused', ORIGIN_REFUSED_MESSAGE);
    }
  });
}

export const originCheckPlugin = fp(originCheck, { name: 'origin-check' });
