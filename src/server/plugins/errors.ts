import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

/** A route's reply to a request its schema refuses: a code and a French message. */
export interface InvalidRequestReply {
  code: string;
  message: string;
}

/**
 * How a route answers a request its schema (`schema.body`, `schema.querystring`…) refuses, set in the
 * route's `config.invalidRequest`. The first failing field decides: its entry in `fields` (keyed by the
 * top-level field name), else `invalid`. A field entry without `message` takes the schema's own message
 * for that field, which must then be French (as in src/common/api/search.ts).
 */
export interface InvalidRequestReplies {
  /** A failure on no listed field (a body that is not an object, a missing body, an unlisted field). */
  invalid: InvalidRequestReply;
  fields?: Readonly<Record<string, { code: string; message?: string }>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    invalidRequest?: InvalidRequestReplies;
  }
}

/** Routes that say nothing: the generic French 400. */
const DEFAULT_INVALID_REQUEST: InvalidRequestReplies = { invalid: { code: 'invalid_request', message: MESSAGES.badRequest } };

/** The 400 of a request refused by its route's schema: the route's code and French message for the first failing field. */
export function invalidRequestReply(
  replies: InvalidRequestReplies | undefined,
  issues: readonly { instancePath: string; message?: string }[],
): InvalidRequestReply {
  const { invalid, fields } = replies ?? DEFAULT_INVALID_REQUEST;
  const first = issues[0];
  // `/question`, `/answer/sections/0/text`: the top-level field is the first segment.
  const field = first?.instancePath.split('/')[1] ?? '';
  const entry = field !== '' && fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!entry || !first) return invalid;
  return { code: entry.code, message: entry.message ?? first.message ?? invalid.message };
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
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A request the route's schema refused (src/common contracts): its own code and French message.
      const invalid = invalidRequestReply(request.routeOptions.config.invalidRequest, err.validation);
      return sendError(reply, 400, invalid.code, invalid.message);
    }
    const mapped = frenchMessageFor(err);
    if (mapped.status >= 500) request.log.error({ failure: describeFailure(err), code: databaseErrorCode(err) }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, 'client error');
    return sendError(reply, mapped.status, mapped.code, mapped.message);
  });
}

export const errorsPlugin = fp(errors, { name: 'errors' });
