import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/** Origins the browser may contact besides this site: the two IP-geolocation services. */
export function connectSources(config: Config): string[] {
  const origins = [config.geo.primaryUrl, config.geo.fallbackUrl].map((u) => new URL(u).origin);
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
    hsts: opts.config.trustProxy ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

export const securityPlugin = fp(security, { name: 'security' });
