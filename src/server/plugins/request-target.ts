import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';
import { BARE_ERROR_HEADERS, FRAMEWORK_ERROR_MESSAGES } from './security';

/**
 * One request target for every guard. The guards (rate limits, the auth limits of modules/auth, redirect
 * checks) compare the raw path Node received, while the libraries behind them may rebuild the URL with the
 * WHATWG parser (`new URL()`), which resolves dot segments (`/x/../sign-in`, `/%2e%2e/`), turns `\` into `/`
 * and drops a `#…`. A path those two readings see differently would let a request reach an action its guard
 * never looked at. Such targets are refused here, once, before any guard: what is left reads the same both
 * ways. A browser never sends them (it resolves and encodes a path before sending it); a reverse proxy such as
 * nginx passes them through as they came.
 *
 * Refused (French 400 `bad_url`): a target that is not a path (`*`, `http://…`, `//host/…`); a control
 * character, a space or DEL anywhere; in the path, a backslash, a `#`, an empty segment (`//`, except a
 * trailing `/`), a `.` or `..` segment (`%2e` spelled or not), an encoded `/` or `\` (`%2f`, `%5c`, which a
 * proxy may decode into a separator); and anything else `new URL()` would rewrite.
 */

/** Where a target is parsed: only its path and query are read. */
const PROBE_ORIGIN = 'http://target.invalid';

/** Control characters, space and DEL: the WHATWG parser strips or encodes them. */
function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path segment the WHATWG parser resolves: `.`, `..`, and their `%2e` spellings. */
function isDotSegment(segment: string): boolean {
  const decoded = segment.replace(/%2e/giu, '.');
  return decoded === '.' || decoded === '..';
}

/**
 * The URL a request target stands for, when the target is canonical (see the module comment): its
 * `pathname` is then exactly the path of `target`. Undefined for a target to refuse.
 */
export function canonicalTarget(target: string, origin: string = PROBE_ORIGIN): URL | undefined {
  if (!target.startsWith('/') || target.startsWith('//') || hasControlOrSpace(target)) return undefined;
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (/[\\#]|%2f|%5c/iu.test(path)) return undefined;
  const segments = path.split('/').slice(1);
  for (const [i, segment] of segments.entries()) {
    if (segment === '' && i < segments.length - 1) return undefined;
    if (isDotSegment(segment)) return undefined;
  }
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  return url.origin === new URL(origin).origin && url.pathname === path ? url : undefined;
}

async function requestTarget(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (canonicalTarget(request.url) === undefined) {
      request.log.info({ code: 'bad_url' }, 'request target refused');
      // Answered before the security headers' own hook runs: the headers of a bare error (security.ts).
      return sendError(reply.headers(BARE_ERROR_HEADERS), 400, 'bad_url', FRAMEWORK_ERROR_MESSAGES.badUrl);
    }
  });
}

/** Registered before every guard (app.ts): refuses the request targets of the module comment. */
export const requestTargetPlugin = fp(requestTarget, { name: 'request-target' });
