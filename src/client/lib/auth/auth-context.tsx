import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createHttpAuthSource, type AuthSession, type AuthSource, type AuthUser } from './auth-source';
import { SESSION_TICK_MS, needsRefresh, withRetry } from './session-refresh';
import { SIGNED_OUT_KEY, announceSignOut, forgetOnSignOut, purgeLegacyKeys } from '../device-data';

export type { AuthSession, AuthSource, AuthUser } from './auth-source';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';
export type AuthAction = 'login' | 'logout' | null;

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  credits: number | null;
  apiKey: string | null;
  /** Last auth event: 'login' after signing in, 'logout' after signing out. */
  authAction: AuthAction;
  /** The question typed before signing in or before opening the answer screen (memory only). */
  questionText: string | null;
  setQuestionText(text: string | null): void;
  /** Local mirror of the server's debit: one credit per question. */
  decrementCredits(): void;
  /**
   * Reloads the session and profile (credits, api key) from the source. While the first load is under way
   * callers share it, unless `force` is set (e.g. right after signing in, so that the new cookie is read).
   */
  refreshProfile(options?: RefreshOptions): Promise<void>;
  /**
   * Signs out and clears the local state; rejects if the server could not end the session. What the browser
   * keeps for the account (answer of the tab, question draft, history unless kept) is erased either way, and
   * the other tabs are told to erase theirs. Called while the session is still being checked (/logout opened
   * directly), it waits for the check, so that it knows whose data to erase.
   */
  signOut(): Promise<void>;
  /** The server already ended the session (account deleted, signed out everywhere): clears the local state. */
  signedOutByServer(): void;
}

export interface RefreshOptions {
  force?: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
  credits: number | null;
  apiKey: string | null;
}

/** What a check found: a session, nobody signed in, or no answer from the server (after the retries). */
type CheckResult = AuthSession | null | 'unreachable';

const LOADING: SessionState = { status: 'loading', user: null, credits: null, apiKey: null };
const ANONYMOUS: SessionState = { status: 'anonymous', user: null, credits: null, apiKey: null };

let defaultSource: AuthSource | undefined;

export interface AuthProviderProps {
  /** Defaults to the server (better-auth's get-session, then /api/profile). */
  source?: AuthSource;
  children?: ReactNode;
}

export function AuthProvider({ source, children }: AuthProviderProps) {
  const activeSource = useMemo(() => source ?? (defaultSource ??= createHttpAuthSource()), [source]);
  const [session, setSession] = useState<SessionState>(LOADING);
  const [authAction, setAuthAction] = useState<AuthAction>(null);
  const [questionText, setQuestionText] = useState<string | null>(null);
  const statusRef = useRef<AuthStatus>('loading');
  const sequence = useRef(0);
  const inflight = useRef<Promise<void> | null>(null);

  const expiresAt = useRef<number | null>(null);
  const disposed = useRef(false);
  // The last signed-in account: what signing out erases from this browser (even after the session expired).
  const userIdRef = useRef<string | null>(null);
  const currentUserId = session.user?.id ?? null;
  useEffect(() => {
    if (currentUserId) userIdRef.current = currentUserId;
  }, [currentUserId]);

  const apply = useCallback((next: CheckResult) => {
    const previous = statusRef.current;
    if (next === 'unreachable') {
      // No answer: keep a signed-in user signed in until the session is known to have ended.
      const ended = expiresAt.current !== null && expiresAt.current <= Date.now();
      if (previous === 'authenticated' && !ended) return;
      next = null;
    }
    if (next) {
      const session = next;
      userIdRef.current = session.user.id; // at once: a sign-out awaiting this check reads it
      statusRef.current = 'authenticated';
      expiresAt.current = session.expiresAt ?? null;
      setSession((s) => {
        // A profile that could not be read keeps the figures already known for this user.
        const same = s.user?.id === session.user.id;
        return {
          status: 'authenticated',
          user: session.user,
          credits: session.credits ?? (same ? s.credits : null),
          apiKey: session.apiKey ?? (same ? s.apiKey : null),
        };
      });
      if (previous === 'anonymous') setAuthAction('login');
    } else {
      statusRef.current = 'anonymous';
      expiresAt.current = null;
      setSession(ANONYMOUS);
      if (previous === 'authenticated') {
        // The server ended the session (expired, signed out elsewhere): erased as at any sign-out.
        forgetOnSignOut(userIdRef.current);
        userIdRef.current = null;
        setAuthAction('logout');
        setQuestionText(null);
      }
    }
  }, []);

  const refreshProfile = useCallback(
    (options?: RefreshOptions): Promise<void> => {
      // While the first answer is awaited, a second caller shares it instead of asking again.
      if (!options?.force && statusRef.current === 'loading' && inflight.current) return inflight.current;
      const ticket = ++sequence.current;
      const request = (async () => {
        let next: CheckResult;
        try {
          next = await withRetry(() => activeSource.getSession(), () => disposed.current || ticket !== sequence.current);
        } catch {
          next = 'unreachable';
        }
        if (ticket === sequence.current && !disposed.current) apply(next); // a later request or a sign-out wins
      })();
      inflight.current = request;
      void request.finally(() => {
        if (inflight.current === request) inflight.current = null;
      });
      return request;
    },
    [activeSource, apply],
  );

  /** Back to signed out, erasing what the browser keeps for the account; `announce`: tell the other tabs. */
  const clearLocal = useCallback((announce = true) => {
    ++sequence.current;
    forgetOnSignOut(userIdRef.current);
    if (announce) announceSignOut();
    userIdRef.current = null;
    statusRef.current = 'anonymous';
    expiresAt.current = null;
    setSession(ANONYMOUS);
    setAuthAction('logout');
    setQuestionText(null);
  }, []);

  const signOut = useCallback(async (): Promise<void> => {
    // /logout opened directly: the first session check says which account signs out (see `apply`).
    if (statusRef.current === 'loading' && inflight.current) await inflight.current;
    ++sequence.current;
    try {
      await activeSource.signOut();
    } finally {
      clearLocal();
    }
  }, [activeSource, clearLocal]);

  const signedOutByServer = useCallback(() => clearLocal(), [clearLocal]);

  const decrementCredits = useCallback(() => {
    setSession((s) => (s.credits === null ? s : { ...s, credits: Math.max(0, s.credits - 1) }));
  }, []);

  useEffect(() => {
    disposed.current = false;
    purgeLegacyKeys();
    void refreshProfile();
    return () => {
      disposed.current = true;
    };
  }, [refreshProfile]);

  // Another tab of this browser signed out (same cookies): this tab is signed out too, and erases its own copies.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SIGNED_OUT_KEY || event.newValue === null || statusRef.current === 'anonymous') return;
      clearLocal(false);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clearLocal]);

  // Every 30 s, renew a session that ends within 90 s (get-session renews it server-side);
  // if the server says it is gone, the state returns to signed out. Also checked when the tab comes back.
  const signedIn = session.status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return undefined;
    const check = () => {
      if (inflight.current || !needsRefresh(expiresAt.current, Date.now())) return;
      void refreshProfile({ force: true });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, SESSION_TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, refreshProfile]);

  const value = useMemo<AuthState>(
    () => ({
      ...session,
      authAction,
      questionText,
      setQuestionText,
      decrementCredits,
      refreshProfile,
      signOut,
      signedOutByServer,
    }),
    [session, authAction, questionText, decrementCredits, refreshProfile, signOut, signedOutByServer],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() doit être utilisé à l'intérieur de <AuthProvider>.");
  return value;
}
