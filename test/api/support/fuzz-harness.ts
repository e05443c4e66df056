import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app';
import { users } from '../../../src/server/db/schema';
import { SITE_ORIGIN, type FuzzRequest } from './fuzz-requests';
import { STRONG_PASSWORD } from './http';

/**
 * The application under fuzzing (PGlite, `app.inject`), a pool of signed-in users with plenty of credits,
 * and the property every reply must hold (`checkReply`).
 */

export const FUZZ_ENV = {
  PUBLIC_URL: SITE_ORIGIN,
  // High enough that most cases reach the handlers; the fixed IP pool still reaches the auth limits.
  RATE_LIMIT_PER_MINUTE: '1000000',
} as const;

/** The response body as text, decompressed when the server compressed it (the request accepted gzip or br). */
function decodedBody(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(res.rawPayload).toString('utf8');
  return res.body;
}

export interface FuzzUser {
  email: string;
  userId: string;
  cookie: string;
  apiKey: string;
}

export interface FuzzContext {
  t: TestApp;
  app: FastifyInstance;
  users: FuzzUser[];
}

const USER_IP = '192.0.2.10';

/**
 * A fresh session for a pool user, straight from better-auth: the route's rate limits (which the fuzzed
 * sign-ins exhaust on purpose) must not lock the pool out.
 */
async function signInCookie(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.accounts.auth.api.signInEmail({ body: { email, password: STRONG_PASSWORD }, asResponse: true });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.includes('='))
    .join('; ');
}

async function apiKeyOf(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/profile', remoteAddress: USER_IP, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode}`);
  return res.json<{ apiKey: string }>().apiKey;
}

/** A test app and `count` users, each with a session cookie, an API key and a million credits. */
export async function createFuzzContext(count: number): Promise<FuzzContext> {
  const t = await createTestApp('pglite', { ...FUZZ_ENV });
  const app = t.app;
  const pool: FuzzUser[] = [];
  for (let i = 0; i < count; i++) {
    const email = `fuzz-user-${i}@exemple.fr`;
    const up = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: USER_IP,
      headers: { origin: SITE_ORIGIN },
      payload: { name: `Fuzz ${i}`, email, password: STRONG_PASSWORD },
    });
    if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
    const [row] = await t.testDb.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('user not created');
    await app.accounts.credits.grant(row.id, 1_000_000, 'operator');
    const cookie = await signInCookie(app, email);
    pool.push({ email, userId: row.id, cookie, apiKey: await apiKeyOf(app, cookie) });
  }
  return { t, app, users: pool };
}

/** The inject options of a generated request, with the current cookie / API key of its user. */
export function toInject(ctx: FuzzContext, req: FuzzRequest): InjectOptions {
  const user = ctx.users[req.user % ctx.users.length];
  const headers: Record<string, string> = { ...req.headers };
  if (user && (req.auth === 'cookie' || req.auth === 'cookie+bearer')) headers.cookie = user.cookie;
  if (user && (req.auth === 'bearer' || req.auth === 'cookie+bearer')) headers.authorization = `Bearer ${user.apiKey}`;
  if (req.auth === 'bad-bearer') headers.authorization = 'Bearer ql_0000000000000000000000000000';
  if (req.auth === 'junk-cookie') headers.cookie = 'ql.session_token=abc.def; __proto__=x; =; ;;; ql.session_token=%ff%fe';
  return {
    method: req.method as InjectOptions['method'],
    url: req.url,
    headers,
    remoteAddress: req.ip,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  };
}

/**
 * Keeps the user pool usable after a case changed it: a rotated API key is picked up from the reply, a
 * session that a sign-out (or session revocation) ended is replaced by a new sign-in.
 */
export async function refreshAfter(ctx: FuzzContext, req: FuzzRequest, res: LightMyRequestResponse): Promise<void> {
  const user = ctx.users[req.user % ctx.users.length];
  if (!user || res.statusCode >= 300) return;
  const path = req.url.split('?')[0] ?? '';
  if (path === '/api/profile/api-key' && req.method === 'POST') {
    const key = (res.json<{ apiKey?: unknown }>()).apiKey;
    if (typeof key === 'string') user.apiKey = key;
    return;
  }
  if (path.startsWith('/api/auth/') && req.method === 'POST' && req.auth.startsWith('cookie')) {
    const check = await ctx.app.inject({ method: 'GET', url: '/api/profile', remoteAddress: USER_IP, headers: { cookie: user.cookie } });
    if (check.statusCode === 401) user.cookie = await signInCookie(ctx.app, user.email);
  }
}

const ENGLISH_MARKERS =
  /\b(the|is|are|not|invalid|required|failed|failure|error|missing|must|expected|found|unauthorized|forbidden|request|body|internal|server|too large|unsupported|please|cannot|should|received)\b/i;
const FRENCH_MARKERS =
  /[àâäçéèêëîïôöùûüÿœæ]|\b(le|la|les|de|du|des|un|une|est|sont|vous|votre|vos|pas|ne|n'|l'|d'|requête|veuillez|invalide|trop|au|aux|en|ce|cette)\b/i;

/** A message a French visitor can read: French words, no English ones. */
export function looksFrench(message: string): boolean {
  return message.trim().length > 0 && FRENCH_MARKERS.test(message) && !ENGLISH_MARKERS.test(message);
}

/** Path part of a URL, as the router sees it. */
function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The property: never a 5xx; an API error is `{ error: { code, message } }` in JSON with a French
 * message; every reply carries the security headers; nothing reached Object.prototype.
 * Returns the list of violations (empty when the reply is fine).
 */
export function checkReply(req: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no x-content-type-options header');
  const type = String(res.headers['content-type'] ?? '');
  if (isApiPath(req.url) && res.statusCode >= 400 && req.method !== 'HEAD') {
    if (!type.includes('application/json')) problems.push(`error reply is ${type || 'untyped'}, not JSON`);
    else {
      try {
        const body = JSON.parse(decodedBody(res)) as { error?: { code?: unknown; message?: unknown } };
        const code = body?.error?.code;
        const message = body?.error?.message;
        if (typeof code !== 'string' || code === '') problems.push('error.code missing');
        if (typeof message !== 'string') problems.push('error.message missing');
        else if (!looksFrench(message)) problems.push(`message not French: ${JSON.stringify(message)}`);
      } catch {
        problems.push('error body is not JSON');
      }
    }
  }
  if (type.includes('application/json') && req.method !== 'HEAD' && res.body !== '') {
    try {
      JSON.parse(decodedBody(res));
    } catch {
      problems.push('JSON content-type with a body that is not JSON');
    }
  }
  const proto = Object.prototype as Record<string, unknown>;
  if ('polluted' in proto || Object.getOwnPropertyNames(Object.prototype).includes('polluted')) {
    problems.push('Object.prototype polluted');
    delete proto.polluted;
  }
  return problems;
}

/** Races a promise against a per-case time limit, so a hanging route fails the run instead of stalling it. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short description of a request for failure reports (the body cut, the huge headers summarised). */
export function describeRequest(req: FuzzRequest): string {
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, v.length > 120 ? `${v.slice(0, 60)}… (${v.length} chars)` : v]),
  );
  const payload =
    req.payload === undefined
      ? undefined
      : Buffer.isBuffer(req.payload)
        ? `<${req.payload.length} bytes> ${req.payload.toString('latin1').slice(0, 200)}`
        : req.payload.length > 300
          ? `${req.payload.slice(0, 300)}… (${req.payload.length} chars)`
          : req.payload;
  return JSON.stringify({ method: req.method, url: req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url, auth: req.auth, headers, payload });
}
