import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import type { ApiError } from '../../common/api/errors';
import { MESSAGES } from '../../common/messages';
import { behindProxy } from './client-address';

/** Origins the browser may contact besides this site: the configured geolocation services. */
export function connectSources(config: Config): string[] {
  const { primaryUrl, fallbackUrl, reverseUrl } = config.geo;
  const origins = [primaryUrl, fallbackUrl, reverseUrl].filter((u): u is string => u !== null).map((u) => new URL(u).origin);
  return ["'self'", ...new Set(origins)];
}

/** Security headers, with a Content-Security-Policy that allows exactly what the pages load. */
async function security(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: connectSources(opts.config),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    // The site links to many official sites: send the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: behindProxy(opts.config) ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

export const securityPlugin = fp(security, { name: 'security' });

/** Headers of a JSON error written before any hook ran: it loads nothing, may be framed by nobody. */
export const BARE_ERROR_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
};

export const FRAMEWORK_ERROR_MESSAGES = {
  badUrl: "L'adresse demandée n'est pas valide.",
  urlTooLong: "L'adresse demandée est trop longue.",
} as const;

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any hook runs (a path with broken
 * percent-encoding such as `/api/%`, an over-long path parameter). Without it Fastify writes an English
 * JSON body with no security headers. Use: `Fastify({ frameworkErrors: frameworkErrorHandler, … })`.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let status = 400;
  let body: ApiError = { error: { code: 'bad_request', message: MESSAGES.badRequest } };
  if (err.code === 'FST_ERR_BAD_URL') body = { error: { code: 'bad_url', message: FRAMEWORK_ERROR_MESSAGES.badUrl } };
  else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    status = 414;
    body = { error: { code: 'url_too_long', message: FRAMEWORK_ERROR_MESSAGES.urlTooLong } };
  } else if ((err.statusCode ?? 500) >= 500) {
    request.log.error({ code: err.code }, 'framework error');
    status = 500;
    body = { error: { code: 'internal_error', message: MESSAGES.serverError } };
  }
  return reply.code(status).headers(BARE_ERROR_HEADERS).type('application/json; charset=utf-8').send(body);
}
