import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERROR_MESSAGES } from '../../../common/auth/errors';
import { MESSAGES } from '../../../common/messages';

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

/**
 * Builds the Web Request better-auth's handler expects from a Fastify request, for `url`: the request's
 * target as the guards read it (auth-routes.ts, plugins/request-target.ts), never a URL rebuilt apart.
 */
export function toWebRequest(request: FastifyRequest, url: URL, body?: unknown): Request {
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
  '/change-password': { INVALID_PASSWORD: 'CURRENT_PASSWORD_INVALID', CREDENTIAL_ACCOUNT_NOT_FOUND: 'NO_PASSWORD_ON_ACCOUNT' },
  '/delete-user': { INVALID_PASSWORD: 'CURRENT_PASSWORD_INVALID', CREDENTIAL_ACCOUNT_NOT_FOUND: 'NO_PASSWORD_ON_ACCOUNT' },
};

/** Every French message the site itself writes (mapped auth codes, password rules…). */
const SITE_MESSAGES: ReadonlySet<string> = new Set<string>([...Object.values(MESSAGES), ...Object.values(AUTH_ERROR_MESSAGES)]);

/** better-auth codes whose provider message is English, and what a French visitor should read instead. */
const CODE_MESSAGES: Readonly<Record<string, string>> = {
  UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n'est pas accepté.",
  PROVIDER_NOT_FOUND: "Ce fournisseur de connexion n'est pas disponible.",
  INVALID_CALLBACK_URL: "L'adresse de redirection n'est pas autorisée.",
  INVALID_REDIRECT_URL: "L'adresse de redirection n'est pas autorisée.",
  INVALID_ERROR_CALLBACK_URL: "L'adresse de redirection n'est pas autorisée.",
  INVALID_NEW_USER_CALLBACK_URL: "L'adresse de redirection n'est pas autorisée.",
  INVALID_ORIGIN: "Requête refusée\u202f: l'origine de la requête est absente ou non autorisée.",
  MISSING_OR_NULL_ORIGIN: "Requête refusée\u202f: l'origine de la requête est absente ou non autorisée.",
};

/**
 * The French message of the platform's `error` object: the site's own message when it has one, else one
 * chosen by code or status. better-auth's English validation texts (« [body.email] Invalid email address »,
 * « Invalid JSON in request body »…) never reach `error.message`.
 */
function platformMessage(code: string | undefined, status: number, message: string | undefined, providerMessage: string | undefined): string {
  if (message !== undefined && SITE_MESSAGES.has(message)) return message;
  if (code && CODE_MESSAGES[code]) return CODE_MESSAGES[code];
  if (code === 'VALIDATION_ERROR' && /\[body\.email\]/.test(providerMessage ?? '')) return MESSAGES.invalidEmail;
  if (providerMessage === 'Invalid JSON in request body') return "Le corps de la requête n'est pas un JSON valide.";
  if (status === 401) return MESSAGES.notSignedIn;
  if (status === 403) return 'Requête refusée.';
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooManyAttempts;
  return status >= 500 ? MESSAGES.serverError : MESSAGES.badRequest;
}

/**
 * Rewrites an error reply of better-auth into French, keeping its shape `{ code, message }` (the official
 * client reads it) and adding the platform's `{ error: { code, message } }`. Both messages are French: the
 * site's own message when the code has one, else one chosen by code or status — never the provider's English.
 */
export function frenchErrorBody(path: string, status: number, body: AuthErrorBody): AuthErrorBody {
  const code = body.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : status === 404 ? 'NOT_FOUND' : undefined);
  const lookup = (code && PATH_OVERRIDES[path]?.[code]) ?? code;
  const providerMessage = typeof body.message === 'string' ? body.message : undefined;
  const mapped = lookup ? AUTH_ERROR_MESSAGES[lookup] : undefined;
  const french = platformMessage(lookup, status, mapped ?? providerMessage, providerMessage);
  return { ...body, ...(code ? { code } : {}), message: french, error: { code: code ?? 'AUTH_ERROR', message: french } };
}

/** better-auth's English success messages, in French. */
const SUCCESS_MESSAGES: Readonly<Record<string, string>> = {
  'If this email exists in our system, check your email for the reset link':
    'Si un compte existe pour cette adresse, un e-mail de réinitialisation vient de lui être envoyé.',
  'Verification email sent': 'Un e-mail de confirmation vient de vous être envoyé.',
  'User deleted': 'Compte supprimé.',
};

/**
 * Keys of better-auth replies that hold a credential: the session token (sign-in, get-session,
 * list-sessions, change-password…) and a provider's OAuth tokens. The browser holds its session in an
 * HttpOnly cookie and reads none of them; a script injected in a page could.
 */
const TOKEN_KEYS: ReadonlySet<string> = new Set(['token', 'accessToken', 'refreshToken', 'idToken']);

/** Deepest level looked at: better-auth's replies are a few levels deep (`{ session: { token } }`, `[{ token }]`). */
const TOKEN_SEARCH_DEPTH = 6;

/** A copy of a parsed JSON value without the TOKEN_KEYS, at any depth up to TOKEN_SEARCH_DEPTH. */
export function withoutTokens(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > TOKEN_SEARCH_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutTokens(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (!TOKEN_KEYS.has(key)) out[key] = withoutTokens(child, depth + 1);
  }
  return out;
}

/**
 * A success reply as the browser gets it: without credentials (withoutTokens), and with an English
 * `message` in French (dropped when unknown).
 */
function browserSuccessBody(text: string): string {
  if (!text.includes('"message"') && !/oken"/u.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  parsed = withoutTokens(parsed);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON.stringify(parsed);
  const { message, ...rest } = parsed as Record<string, unknown>;
  if (typeof message !== 'string' || SITE_MESSAGES.has(message)) return JSON.stringify(parsed);
  const french = SUCCESS_MESSAGES[message];
  return JSON.stringify(french ? { ...rest, message: french } : rest);
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
      // not JSON after all: replaced below
    }
  }
  if (response.status >= 400 && !type.includes('text/html')) {
    // An empty or non-JSON error (unknown endpoint, plain-text failure): the platform's JSON error instead.
    return reply.type('application/json; charset=utf-8').send(frenchErrorBody(path, response.status, {}));
  }
  if (response.ok && type.includes('application/json')) return reply.send(browserSuccessBody(text));
  return reply.send(text.length > 0 ? text : undefined);
}
