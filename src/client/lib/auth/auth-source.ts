/** The signed-in user as the client sees it (seed §3: id, e-mail, name). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

/** What the client needs to know about the current session. */
export interface AuthSession {
  user: AuthUser;
  /** Credits left (authoritative on the server), or null when the profile is not known yet. */
  credits: number | null;
  apiKey: string | null;
}

/**
 * Where the auth state comes from. The default implementation asks the server; the accounts
 * module can provide another one (e.g. built on the better-auth client) and pass it to AuthProvider.
 */
export interface AuthSource {
  /** The current session, or null when nobody is signed in. May reject: the provider treats it as anonymous. */
  getSession(): Promise<AuthSession | null>;
  /** Ends the session on the server. Rejects when it could not be done. */
  signOut(): Promise<void>;
}

export const SESSION_STATE_URL = '/api/auth/session-state';
export const SIGN_OUT_URL = '/api/auth/sign-out';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads a `GET /api/auth/session-state` reply:
 * `{ user: { id, email, name }, credits: number | null, apiKey: string | null }`, or `{ user: null }` when signed out.
 */
export function parseSessionState(body: unknown): AuthSession | null {
  if (!isRecord(body) || !isRecord(body.user)) return null;
  const { id, email, name } = body.user;
  if (typeof id !== 'string' || id === '' || typeof email !== 'string') return null;
  const credits = typeof body.credits === 'number' && Number.isFinite(body.credits) ? body.credits : null;
  const apiKey = typeof body.apiKey === 'string' && body.apiKey !== '' ? body.apiKey : null;
  return { user: { id, email, name: typeof name === 'string' ? name : '' }, credits, apiKey };
}

/** The default source: the server's session-state endpoint (cookie session). */
export function createHttpAuthSource(fetchImpl: FetchLike = (input, init) => fetch(input, init)): AuthSource {
  return {
    async getSession() {
      try {
        const response = await fetchImpl(SESSION_STATE_URL, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Accept-Language': 'fr' },
        });
        if (!response.ok) return null; // 404 (not available yet), 401, 5xx: anonymous
        return parseSessionState(await response.json());
      } catch {
        return null; // offline or malformed reply: anonymous
      }
    },
    async signOut() {
      const response = await fetchImpl(SIGN_OUT_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Accept-Language': 'fr', 'Content-Type': 'application/json' },
        body: '{}',
      });
      // 404: no session endpoint yet, so there is no server session to end either.
      if (!response.ok && response.status !== 404) {
        throw new Error('La déconnexion a échoué. Veuillez réessayer.');
      }
    },
  };
}
