import type { FastifyReply, FastifyRequest } from 'fastify';
import { frenchAuthMessage } from '../../../common/auth/errors';

/** Fastify request headers → Web Headers; the client-IP header is always ours (request.ip honours TRUST_PROXY). */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-ql-client-ip') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set('x-ql-client-ip', request.ip);
  return headers;
}

/** Builds the Web Request better-auth's handler expects from a Fastify request. */
export function toWebRequest(request: FastifyRequest, origin: string, body?: unknown): Request {
  const url = new URL(request.url, origin);
  const method = request.method;
  const headers = toWebHeaders(request);
  const payload = body ?? request.body;
  let init: RequestInit = { method, headers };
  if (method !== 'GET' && method !== 'HEAD' && payload !== undefined && payload !== null) {
    const isString = typeof payload === 'string';
    if (!isString) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    init = { method, headers, body: isString ? payload : JSON.stringify(payload) };
  }
  return new Request(url, init);
}

interface AuthErrorBody {
  code?: string;
  message?: string;
  [key: string]: unknown;
}

/** Per-path French messages where one code means different things (a reset link vs. a confirmation link). */
const PATH_OVERRIDES: Record<string, Record<string, string>> = {
  '/reset-password': { INVALID_TOKEN: 'RESET_LINK_INVALID', TOKEN_EXPIRED: 'RESET_LINK_INVALID' },
  '/verify-email': { INVALID_TOKEN: 'VERIFY_LINK_INVALID', TOKEN_EXPIRED: 'VERIFY_LINK_INVALID' },
};

/**
 * Rewrites an error reply of better-auth into French, keeping its shape `{ code, message }` (the official
 * client reads it) and adding the platform's `{ error: { code, message } }`.
 */
export function frenchErrorBody(path: string, status: number, body: AuthErrorBody): AuthErrorBody {
  const code = body.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : undefined);
  const lookup = (code && PATH_OVERRIDES[path]?.[code]) ?? code;
  const message = frenchAuthMessage(lookup, typeof body.message === 'string' ? body.message : undefined);
  return { ...body, ...(code ? { code } : {}), message, error: { code: code ?? 'AUTH_ERROR', message } };
}

/** Copies a Web Response (status, every header — each Set-Cookie separately — and body) onto the reply. */
export async function sendWebResponse(reply: FastifyReply, response: Response, path: string): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status >= 400 && type.includes('application/json') && text) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return reply.send(frenchErrorBody(path, response.status, parsed as AuthErrorBody));
      }
    } catch {
      // not JSON after all: pass it through
    }
  }
  return reply.send(text.length > 0 ? text : undefined);
}
