import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createHttpAuthSource, type AuthSession, type AuthSource, type AuthUser } from './auth-source';

export type { AuthSession, AuthSource, AuthUser } from './auth-source';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';
export type AuthAction = 'login' | 'logout' | null;

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  credits: number | null;
  apiKey: string | null;
  /** Last auth event: 'login' after signing in, 'logout' after signing out (seed §4). */
  authAction: AuthAction;
  /** The question typed before signing in or before opening the answer screen (memory only). */
  questionText: string | null;
  setQuestionText(text: string | null): void;
  /** Local mirror of the server's debit: one credit per question. */
  decrementCredits(): void;
  /** Reloads the session and profile (credits, api key) from the source. */
  refreshProfile(): Promise<void>;
  /** Signs out and clears the local state; rejects if the server could not end the session. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
  credits: number | null;
  apiKey: string | null;
}

const LOADING: SessionState = { status: 'loading', user: null, credits: null, apiKey: null };
const ANONYMOUS: SessionState = { status: 'anonymous', user: null, credits: null, apiKey: null };

let defaultSource: AuthSource | undefined;

export interface AuthProviderProps {
  /** Defaults to the server's session-state endpoint. */
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

  const apply = useCallback((next: AuthSession | null) => {
    const previous = statusRef.current;
    if (next) {
      statusRef.current = 'authenticated';
      setSession({ status: 'authenticated', user: next.user, credits: next.credits, apiKey: next.apiKey });
      if (previous === 'anonymous') setAuthAction('login');
    } else {
      statusRef.current = 'anonymous';
      setSession(ANONYMOUS);
      if (previous === 'authenticated') {
        setAuthAction('logout');
        setQuestionText(null);
      }
    }
  }, []);

  const refreshProfile = useCallback((): Promise<void> => {
    // While the first answer is awaited, a second caller shares it instead of asking again.
    if (statusRef.current === 'loading' && inflight.current) return inflight.current;
    const ticket = ++sequence.current;
    const request = (async () => {
      let next: AuthSession | null;
      try {
        next = await activeSource.getSession();
      } catch {
        next = null;
      }
      if (ticket === sequence.current) apply(next); // a later request or a sign-out wins
    })();
    inflight.current = request;
    void request.finally(() => {
      if (inflight.current === request) inflight.current = null;
    });
    return request;
  }, [activeSource, apply]);

  const signOut = useCallback(async (): Promise<void> => {
    ++sequence.current;
    try {
      await activeSource.signOut();
    } finally {
      statusRef.current = 'anonymous';
      setSession(ANONYMOUS);
      setAuthAction('logout');
      setQuestionText(null);
    }
  }, [activeSource]);

  const decrementCredits = useCallback(() => {
    setSession((s) => (s.credits === null ? s : { ...s, credits: Math.max(0, s.credits - 1) }));
  }, []);

  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  const value = useMemo<AuthState>(
    () => ({ ...session, authAction, questionText, setQuestionText, decrementCredits, refreshProfile, signOut }),
    [session, authAction, questionText, decrementCredits, refreshProfile, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() doit être utilisé à l’intérieur de <AuthProvider>.');
  return value;
}
