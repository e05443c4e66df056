/**
 * Tells a "the database cannot be reached right now" failure (PostgreSQL stopped, restarting, refusing
 * connections, a query that timed out) from a bug. The former is answered with a French 503
 * `database_unavailable` and the request can simply be retried; the latter stays a 500.
 */

/** SQLSTATE codes meaning "not now": connection exceptions (08…), shutdown / recovery (57P0x), too many connections, cancelled by timeout. */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-4]|53300|57014)$/;

/** Node socket errors on the way to the database. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages of node-postgres for a dead or unreachable connection (it gives them no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

function fieldOf(err: object, name: 'code' | 'errno' | 'message'): string | undefined {
  const value = (err as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** True when `err` (or one of its causes: Drizzle wraps driver errors) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = fieldOf(current, 'code');
    if (code && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    const message = fieldOf(current, 'message');
    if (message && UNAVAILABLE_MESSAGE.test(message)) return true;
    // AggregateError (a connection tried on several addresses) keeps the socket errors in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE or errno of a database failure, for the log (never the query nor its parameters). */
export function databaseErrorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = fieldOf(current, 'code');
    if (code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
