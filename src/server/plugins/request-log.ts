import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Exactly one JSON log line per request, written when the response ends (or when the client goes away
 * before it ends). Fastify's own "incoming request" / "request completed" lines are disabled
 * (`disableRequestLogging: true` in app.ts).
 *
 * Fields: reqId, method, url (path only: the query string can hold a question), route (registered
 * pattern), statusCode, durationMs, and `aborted: true` for a response cut short. Never bodies, cookies,
 * the Authorization header or the query string. The line goes through the app logger, so routes that
 * lower their own log level (answers, feedback, pre-file) still get their line. A route can add counters
 * and codes to its line (`addRequestLogFields`: the answers route adds `answer: { result, mode, … }`), so
 * an answer is still one line.
 */

/** Longest logged path: a fuzzed or hostile URL must not blow up the log. */
export const MAX_LOGGED_PATH = 200;

/** The path of a request URL, without query string or fragment, truncated to MAX_LOGGED_PATH. */
export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

const extraFields = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** Adds fields to the request's log line: counters, codes and timings only, never text from the user. */
export function addRequestLogFields(request: FastifyRequest, fields: Record<string, unknown>): void {
  extraFields.set(request, { ...extraFields.get(request), ...fields });
}

async function requestLog(app: FastifyInstance): Promise<void> {
  const logged = new WeakSet<FastifyRequest>();

  function write(request: FastifyRequest, reply: FastifyReply, aborted: boolean): void {
    if (logged.has(request)) return;
    logged.add(request);
    const line = {
      ...extraFields.get(request),
      reqId: request.id,
      method: request.method,
      url: loggedPath(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(aborted ? { aborted: true } : {}),
    };
    if (reply.statusCode >= 500) app.log.error(line, 'request');
    else app.log.info(line, 'request');
  }

  app.addHook('onRequest', async (request, reply) => {
    // A client that disconnects before the end: no 'finish', so no onResponse. Log it on 'close'.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) write(request, reply, true);
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    write(request, reply, false);
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log' });
