import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthStatus } from '../../lib/auth/auth-context';

/** Redirect delays after signing out: the message shows briefly (longer on mobile), then home. */
export const LOGOUT_REDIRECT_MS = 800;
export const LOGOUT_REDIRECT_MOBILE_MS = 1500;
export const LOGOUT_SIGNED_OUT_REDIRECT_MS = 200;
export const LOGOUT_ERROR_REDIRECT_MS = 500;
export const LOGOUT_MANUAL_BUTTON_MS = 2000;

export interface LogoutRedirectOptions {
  signOut(): Promise<void>;
  status: AuthStatus;
  isMobile: boolean;
  /** Goes home; called once, by whichever timer fires first. */
  onRedirect(): void;
}

/**
 * Signs out once, then calls `onRedirect` after 800 ms (1500 ms on mobile), after 500 ms if the sign-out
 * failed, or 200 ms after the auth state turns from signed in to signed out, whichever comes first.
 * Returns true when the page is still shown 2 s after that redirect (then a manual button is offered).
 */
export function useLogoutRedirect({ signOut, status, isMobile, onRedirect }: LogoutRedirectOptions): boolean {
  /** When to go home (epoch ms): the earliest of the scheduled redirects. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [stuck, setStuck] = useState(false);
  const started = useRef(false);
  const previous = useRef<AuthStatus>(status);
  const redirected = useRef(false);
  const redirectRef = useRef(onRedirect);
  useEffect(() => {
    redirectRef.current = onRedirect;
  });

  const schedule = useCallback((ms: number) => {
    const at = Date.now() + ms;
    setDeadline((current) => (current === null ? at : Math.min(current, at)));
  }, []);

  useEffect(() => {
    if (started.current) return; // once, even under StrictMode
    started.current = true;
    signOut().then(
      () => schedule(isMobile ? LOGOUT_REDIRECT_MOBILE_MS : LOGOUT_REDIRECT_MS),
      () => schedule(LOGOUT_ERROR_REDIRECT_MS),
    );
  }, [signOut, isMobile, schedule]);

  useEffect(() => {
    if (previous.current === 'authenticated' && status === 'anonymous') schedule(LOGOUT_SIGNED_OUT_REDIRECT_MS);
    previous.current = status;
  }, [status, schedule]);

  useEffect(() => {
    if (deadline === null || redirected.current) return undefined;
    let manual: number | undefined;
    const redirect = window.setTimeout(() => {
      redirected.current = true;
      redirectRef.current();
      manual = window.setTimeout(() => setStuck(true), LOGOUT_MANUAL_BUTTON_MS);
    }, Math.max(0, deadline - Date.now()));
    return () => {
      window.clearTimeout(redirect);
      if (manual !== undefined) window.clearTimeout(manual);
    };
  }, [deadline]);

  return stuck;
}
