import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../common/messages';
import type { ApiError } from '../../common/api/errors';
import { databaseErrorCode, isDatabaseUnavailable } from '../db/unavailable';

export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const body: ApiError = { error: { code, message } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Where a request failed, for the log: the error's class and the code location it was thrown at, never
 * its message (a message can quote the input — a Drizzle error holds the query and its parameters — and the question
 * is never logged).
 */
export function describeFailure(err: unknown): { name: string; at: string | undefined } {
  if (!(err instanceof Error)) return { name: typeof err, at: undefined };
  const frame = err.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return { name: err.name, at: frame?.trim().replace(/\(.*[\\/](src|dist)[\\/]/u, '($1/') };
}

/** Known client errors Fastify raises itself, mapped to French messages. */
function frenchMessageFor(err: FastifyError): { status: number; code: string; message: string } {
  const status = err.statusCode ?? 500;
  if (status === 429) return { status, code: 'rate_limited', message: MESSAGES.rateLimited };
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: 'body_too_large', message: 'La requête est trop volumineuse.' };
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, code: 'unsupported_media_type', message: "Ce type de contenu n'est pas accepté." };
  }
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    return { status: 400, code: 'invalid_json', message: "Le corps de la requête n'est pas un JSON valide." };
  }
  if (status >= 400 && status < 500) {
    return { status, code: err.code ?? 'bad_request', message: MESSAGES.badRequest };
  }
  return { status: 500, code: 'internal_error', message: MESSAGES.serverError };
}

async function errors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL stopped or unreachable: a French 503 the client can retry. The log carries the
      // driver's code only (a Drizzle error message holds the query and its parameters).
      request.log.warn({ code: databaseErrorCode(err) }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 503, 'database_unavailable', MESSAGES.databaseUnavailable);
    }
    const mapped = frenchMessageFor(err);
    if (mapped.status >= 500) request.log.error({ failure: describeFailure(err), code: databaseErrorCode(err) }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, 'client error');
    return sendError(reply, mapped.status, mapped.code, mapped.message);
  });
}

export const errorsPlugin = fp(errors, { name: 'errors' });
