/** The signed-in user as the client sees it (id, e-mail, name). */
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
  /** When the server session ends (epoch ms), or null/absent when unknown (then it is never refreshed early). */
  expiresAt?: number | null;
}

/**
 * Where the auth state comes from. The default implementation asks the server (better-auth + /api/profile);
 * tests pass a stub to AuthProvider.
 */
export interface AuthSource {
  /**
   * The current session, or null when the server says nobody is signed in.
   * Rejects when the server could not be asked (network, 5xx, unreadable reply): the provider retries.
   */
  getSession(): Promise<AuthSession | null>;
  /** Ends the session on the server. Rejects when it could not be done. */
  signOut(): Promise<void>;
}

export const GET_SESSION_URL = '/api/auth/get-session';
export const PROFILE_URL = '/api/profile';
export const SIGN_OUT_URL = '/api/auth/sign-out';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toEpoch(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
}

/**
 * Reads a better-auth `GET /api/auth/get-session` reply: `{ session: { expiresAt, … }, user: { id, email, name, … } }`,
 * or `null` when signed out. Credits and API key are filled in from /api/profile afterwards.
 */
function parseSessionReply(body: unknown): AuthSession | null {
  if (!isRecord(body) || !isRecord(body.user)) return null;
  const { id, email, name } = body.user;
  if (typeof id !== 'string' || id === '' || typeof email !== 'string') return null;
  const expiresAt = isRecord(body.session) ? toEpoch(body.session.expiresAt) : null;
  return { user: { id, email, name: typeof name === 'string' ? name : '' }, credits: null, apiKey: null, expiresAt };
}

/** Reads `GET /api/profile` → `{ credits, apiKey, name, email }` (unknown fields become null). */
function parseProfileReply(body: unknown): { credits: number | null; apiKey: string | null } {
  if (!isRecord(body)) return { credits: null, apiKey: null };
  const credits = typeof body.credits === 'number' && Number.isFinite(body.credits) ? body.credits : null;
  const apiKey = typeof body.apiKey === 'string' && body.apiKey !== '' ? body.apiKey : null;
  return { credits, apiKey };
}

const JSON_HEADERS = { Accept: 'application/json', 'Accept-Language': 'fr' };

/** The default source: better-auth's cookie session, then the profile (credits, API key). */
export function createHttpAuthSource(fetchImpl: FetchLike = (input, init) => fetch(input, init)): AuthSource {
  const get = (url: string) => fetchImpl(url, { credentials: 'same-origin', headers: JSON_HEADERS, cache: 'no-store' });
  return {
    async getSession() {
      const response = await get(GET_SESSION_URL); // a network failure rejects: the provider retries
      if (response.status === 401) return null;
      if (!response.ok) throw new Error(`get-session ${response.status}`);
      const session = parseSessionReply(await response.json()); // `null` body: signed out
      if (!session) return null;
      try {
        const profile = await get(PROFILE_URL);
        if (profile.status === 401) return null; // the session ended between the two calls
        if (profile.ok) return { ...session, ...parseProfileReply(await profile.json()) };
      } catch {
        // profile unavailable: the user is signed in all the same; credits stay unknown
      }
      return session;
    },
    async signOut() {
      const response = await fetchImpl(SIGN_OUT_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...JSON_HEADERS, 'Content-Type': 'application/json' },
        body: '{}',
      });
      // 401: there was no session left to end.
      if (!response.ok && response.status !== 401) {
        throw new Error('La déconnexion a échoué. Veuillez réessayer.');
      }
    },
  };
}
