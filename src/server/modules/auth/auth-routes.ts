import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../common/messages';
import { AUTH_CODES } from '../../../common/auth/errors';
import { isSitePath } from '../../../common/auth/redirect-path';
import { signInFailureKey, type Accounts } from './accounts';
import { AUTH_BASE_PATH, SOCIAL_CALLBACK_PATH, siteOrigin } from './auth';
import { frenchErrorBody, sendWebResponse, toWebHeaders, toWebRequest } from './fastify-bridge';
import { digest, hashedKey, type RateLimitVerdict } from './rate-limit';
import { mailDelivery } from '../mail/mailer';
import { clientKey } from '../../plugins/client-address';
import { configuredOrigins } from '../../plugins/origin-check';
import { canonicalTarget } from '../../plugins/request-target';
import { FRAMEWORK_ERROR_MESSAGES } from '../../plugins/security';

/**
 * Endpoints limited by client address (IPv4, or IPv6 /64) and by e-mail, grouped into separate budgets.
 * Following a reset link (`/reset-password`) has its own budget: however many reset requests or failed
 * sign-ins were made, the link in the owner's mailbox works. Sign-in is handled apart (see below).
 */
const LIMITED: Record<string, string> = {
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'reset',
  '/reset-password': 'reset-link',
  '/send-verification-email': 'verify',
  // Password checks of a signed-in user (the account page): limited too, so they cannot be used to guess it.
  '/change-password': 'account-password',
  '/delete-user': 'account-password',
};

/**
 * Auth bodies are a few fields (an e-mail, a password of at most 128 characters, a name, an OAuth provider's
 * token): a larger body is refused (French 413) before it is parsed and re-serialised for better-auth.
 */
export const AUTH_BODY_LIMIT = 64 * 1024;

/** Auth bodies are flat: anything nested deeper is refused before it is re-serialised for better-auth. */
export const AUTH_BODY_MAX_DEPTH = 8;

/** Whether a parsed JSON value (keys or strings, at any depth) holds a NUL character. Iterative. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [k, v] of Object.entries(current)) {
        if (k.includes('\u0000')) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/** Whether a parsed JSON value nests deeper than `max` (iterative: a 100,000-level body cannot overflow the stack). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Body and query fields better-auth turns into a redirect. */
export const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;
export const REDIRECT_REFUSED_MESSAGE = "L'adresse de redirection n'est pas autorisée.";

/**
 * Whether a redirect target stays on this site: a normalised path of the site (common/auth/redirect-path.ts:
 * not `//…`, `/\…`, `/.//…`, `/..//…`, `/%2e//…`, `/%2F%2F…`), or an absolute http(s) URL of an allowed origin
 * whose path, once parsed, is such a path too. Nothing else (other sites, `javascript:`, control characters,
 * user-info tricks).
 */
export function isSafeRedirect(target: unknown, allowedOrigins: ReadonlySet<string>): boolean {
  if (typeof target !== 'string' || target === '') return false;
  if (target.startsWith('/')) return isSitePath(target);
  if (/[\p{Cc}\s\\]/u.test(target)) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    allowedOrigins.has(url.origin) &&
    isSitePath(`${url.pathname}${url.search}${url.hash}`)
  );
}

/**
 * The only auth paths that take a form body: an OAuth provider posting its answer back
 * (response_mode=form_post). Every other POST is JSON or empty: better-auth itself also reads form bodies
 * on sign-in and sign-up, which the per-e-mail limits below (reading the parsed JSON) would not see.
 */
const FORM_POST_PATHS = /^\/(?:oauth2\/)?callback\//;

/** Whether a request's body is JSON (`application/json`, parameters allowed). */
function isJsonBody(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** Requests whose only purpose is an e-mail: a failed delivery is an error for them. */
const MAIL_PATHS = new Set(['/request-password-reset', '/send-verification-email']);

/**
 * « Se déconnecter de tous les appareils » (and « des autres appareils »): the API key is a credential too,
 * read from the account page of a session that may be the one being ended, so it is replaced with them.
 */
const SESSION_REVOKING_PATHS = new Set(['/revoke-sessions', '/revoke-other-sessions']);

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
  const redirectOrigins = new Set<string>(configuredOrigins(config));

  /** The first redirect field (body or query) that would leave the site, if any. */
  const unsafeRedirect = (request: FastifyRequest, body: unknown): string | undefined => {
    // A form body (OAuth form_post) stays a string until better-auth reads it: look at its fields too.
    const form = typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : undefined;
    const sources = [request.query, body, form].filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null);
    for (const source of sources) {
      for (const field of REDIRECT_FIELDS) {
        const value = source[field];
        if (value !== undefined && value !== null && value !== '' && !isSafeRedirect(value, redirectOrigins)) return field;
      }
    }
    return undefined;
  };

  // OAuth providers may post their answer back as a form (response_mode=form_post).
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // The one URL both the guards below and better-auth read (plugins/request-target.ts): a target the two
    // would read differently (`/x/../sign-in/email`, `%2e%2e`, `//`, `%2f`) never gets this far.
    const target = canonicalTarget(request.url, origin);
    if (!target || !target.pathname.startsWith(`${AUTH_BASE_PATH}/`)) {
      return sendAuthError(reply, '/', 400, 'bad_url', FRAMEWORK_ERROR_MESSAGES.badUrl);
    }
    const path = target.pathname.slice(AUTH_BASE_PATH.length);
    let body: unknown = request.body;
    /** Set for an e-mail sign-in: its failures are counted under this key. */
    let signInKey: string | undefined;

    if (path === '/send-verification-email' && !config.auth.requireEmailVerification) {
      return sendAuthError(reply, path, 404, AUTH_CODES.verificationDisabled, MESSAGES.emailVerificationDisabled);
    }

    // JSON only (or no body), so that the limits below see every e-mail whatever the content type.
    if (request.method === 'POST' && body !== undefined && body !== null && !isJsonBody(request) && !FORM_POST_PATHS.test(path)) {
      return sendAuthError(reply, path, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.jsonRequired);
    }

    // A NUL character in the path or the query (a reset link's token) would reach the database: refused.
    if (/%00/iu.test(request.url)) return sendAuthError(reply, path, 400, 'VALIDATION_ERROR', MESSAGES.badRequest);

    // Open redirects: better-auth checks these too, but not on every GET link; refuse them here for all.
    const badField = unsafeRedirect(request, body);
    if (badField) {
      request.log.info({ field: badField }, 'auth redirect target refused');
      return sendAuthError(reply, path, 403, 'INVALID_CALLBACK_URL', REDIRECT_REFUSED_MESSAGE);
    }

    if (request.method === 'POST') {
      // Too deep, or a NUL character (PostgreSQL refuses it in text: it would surface as a 500 from the database).
      if (nestsDeeperThan(body, AUTH_BODY_MAX_DEPTH) || holdsNul(body)) {
        return sendAuthError(reply, path, 400, 'VALIDATION_ERROR', MESSAGES.badRequest);
      }
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const email = typeof fields.email === 'string' ? fields.email.trim() : '';

      if (path === '/request-password-reset' && !email) {
        return sendAuthError(reply, path, 400, AUTH_CODES.emailRequired, MESSAGES.recoveryNeedsEmail);
      }

      const address = clientKey(request.ip);
      const refuse = (verdicts: RateLimitVerdict[], code: string, message: string): FastifyReply | undefined => {
        const refused = verdicts.filter((v) => !v.allowed);
        if (refused.length === 0) return undefined;
        request.log.info({ path }, 'auth rate limit reached');
        reply.header('retry-after', String(Math.max(...refused.map((v) => v.retryAfterSeconds))));
        return sendAuthError(reply, path, 429, code, message);
      };

      if (path === '/sign-in/email') {
        // Brute force is slowed per e-mail + address pair (a growing delay after a few failures), so that an
        // attacker elsewhere cannot lock the owner out; a ceiling per e-mail over every address stops a
        // spread-out attack, and a password reset lifts it.
        const ip = await accounts.rateLimiter.hit(`ip:sign-in:${address}`, limits.perIp);
        const limited = refuse([ip], AUTH_CODES.tooManyAttempts, MESSAGES.tooManyAttempts);
        if (limited) return limited;
        if (email) {
          signInKey = signInFailureKey(email);
          const pair = await accounts.rateLimiter.attempt(`${signInKey}:${digest(address)}`, limits.perEmail);
          const pairLimited = refuse([pair], AUTH_CODES.tooManyAttempts, MESSAGES.tooManyAttempts);
          if (pairLimited) return pairLimited;
          const all = await accounts.rateLimiter.hit(signInKey, limits.signInFailuresPerEmail);
          const locked = refuse([all], AUTH_CODES.accountLocked, MESSAGES.accountLocked);
          if (locked) return locked;
        }
      }

      // Deleting the account is always confirmed by the password (better-auth would accept a recent session).
      if (path === '/delete-user' && (typeof fields.password !== 'string' || fields.password === '' || fields.token !== undefined)) {
        return sendAuthError(reply, path, 400, 'PASSWORD_REQUIRED', MESSAGES.passwordRequiredToDelete);
      }

      const group = LIMITED[path];
      if (group) {
        const checks = [accounts.rateLimiter.hit(`ip:${group}:${address}`, limits.perIp)];
        if (email) checks.push(accounts.rateLimiter.hit(hashedKey(`email:${group}`, email), limits.perEmail));
        if (group === 'account-password') {
          // No e-mail in the body: the budget follows the signed-in account (guessing the current password).
          const user = await accounts.resolveUser(request);
          if (user) checks.push(accounts.rateLimiter.hit(hashedKey('user:account-password', user.id), limits.perEmail));
        }
        const limited = refuse(await Promise.all(checks), AUTH_CODES.tooManyAttempts, MESSAGES.tooManyAttempts);
        if (limited) return limited;
      }

      // Social sign-in lands on /restricted unless the client says otherwise; failures go back to /login.
      if (path === '/sign-in/social') {
        body = { callbackURL: SOCIAL_CALLBACK_PATH, errorCallbackURL: '/login', ...fields };
      }
    }

    // Read before better-auth ends the sessions: whose API key to replace once they are ended.
    const revokingUser =
      request.method === 'POST' && SESSION_REVOKING_PATHS.has(path)
        ? (await accounts.auth.api.getSession({ headers: toWebHeaders(request) }))?.user.id
        : undefined;

    const delivery = { failed: false };
    const response = await mailDelivery.run(delivery, () => accounts.auth.handler(toWebRequest(request, target, body)));
    if (revokingUser && response.ok) await accounts.profiles.regenerateApiKey(revokingUser);
    if (signInKey && response.ok) {
      // Signed in: not a failure for the e-mail's ceiling, and this e-mail + address pair starts afresh.
      await accounts.rateLimiter.release(signInKey);
      await accounts.rateLimiter.clear(`${signInKey}:${digest(clientKey(request.ip))}`);
    }
    if (delivery.failed && response.ok && MAIL_PATHS.has(path)) {
      // better-auth said « sent » but the e-mail was not: say so, the visitor can simply try again.
      return sendAuthError(reply, path, 503, 'mail_unavailable', MESSAGES.mailUnavailable);
    }
    return sendWebResponse(reply, response, path);
  };

  api.route({ method: ['GET', 'POST'], url: '/auth/*', bodyLimit: AUTH_BODY_LIMIT, handler });
}
