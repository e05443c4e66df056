import { MESSAGES } from '../../../common/messages';

/**
 * Typed calls to better-auth (mounted at /api/auth) with plain fetch. The server answers errors with
 * `{ code, message, error: { code, message } }`, the message already in French (modules/auth/fastify-bridge.ts).
 */
export type AuthResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string | null; message: string };

export const AUTH_API = {
  signIn: '/api/auth/sign-in/email',
  signUp: '/api/auth/sign-up/email',
  requestReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  social: '/api/auth/sign-in/social',
} as const;

export type SocialProvider = 'google' | 'microsoft';

/** Full-page navigation, replaceable in tests (jsdom cannot leave the page). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `{ code, message }` or `{ error: { code, message } }` from an error reply. */
export function readError(body: unknown): { code: string | null; message: string | null } {
  const source = isRecord(body) && isRecord(body.error) && typeof body.message !== 'string' ? body.error : body;
  if (!isRecord(source)) return { code: null, message: null };
  const code = typeof source.code === 'string' ? source.code : null;
  const message = typeof source.message === 'string' && source.message.trim() !== '' ? source.message : null;
  return { code, message };
}

interface PostOptions {
  /** Shown when the server's reply holds no message. */
  fallback?: string;
  /** Shown when the server cannot be reached. */
  unreachable?: string;
}

export async function postAuth<T = unknown>(url: string, body: unknown, options: PostOptions = {}): Promise<AuthResult<T>> {
  const { fallback = MESSAGES.serverError, unreachable = MESSAGES.connectionFailed } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': 'fr', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: null, message: unreachable };
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = null; // not JSON (e.g. a proxy's error page)
  }
  if (response.ok) return { ok: true, data: data as T };
  const { code, message } = readError(data);
  return { ok: false, status: response.status, code, message: message ?? fallback };
}

export function signInWithEmail(email: string, password: string) {
  return postAuth(AUTH_API.signIn, { email, password });
}

export function signUpWithEmail(name: string, email: string, password: string) {
  // callbackURL: where the e-mail confirmation link (when required) leads.
  return postAuth(
    AUTH_API.signUp,
    { name, email, password, callbackURL: '/login' },
    { fallback: MESSAGES.registerFailed, unreachable: MESSAGES.registerFailed },
  );
}

export function requestPasswordReset(email: string, redirectTo: string) {
  return postAuth(AUTH_API.requestReset, { email, redirectTo });
}

export function resetPassword(newPassword: string, token: string) {
  return postAuth(AUTH_API.resetPassword, { newPassword, token });
}

/** Starts a social sign-in; on success the browser is sent to the provider. */
export async function startSocialSignIn(provider: SocialProvider, callbackURL: string): Promise<AuthResult<{ url: string }>> {
  const result = await postAuth<unknown>(
    AUTH_API.social,
    { provider, callbackURL, errorCallbackURL: '/login' },
    { fallback: MESSAGES.socialSignInFailed },
  );
  if (!result.ok) return result;
  const url = isRecord(result.data) && typeof result.data.url === 'string' ? result.data.url : '';
  if (!/^https?:\/\//i.test(url) && !(url.startsWith('/') && !url.startsWith('//'))) {
    return { ok: false, status: 200, code: null, message: MESSAGES.socialSignInFailed };
  }
  return { ok: true, data: { url } };
}
