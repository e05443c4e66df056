import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { AUTH_TEXT } from './auth-messages';
import { loginTarget, takeRememberedRedirect } from './safe-redirect';

/**
 * Where social sign-in (Google, Microsoft) lands: once the session is known, a signed-in user goes on to the target
 * kept by the login page (or the question form); an anonymous visitor goes to /login.
 */
export function RestrictedPage() {
  const { status, refreshProfile } = useAuth();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    // A fresh page load shares the first session check; otherwise ask again (the cookie is new).
    void refreshProfile({ force: status !== 'loading' }).finally(() => setChecked(true));
  }, [refreshProfile, status]);

  useEffect(() => {
    if (!checked || status === 'loading') return;
    if (status === 'authenticated') void navigate(loginTarget(takeRememberedRedirect()), { replace: true });
    else void navigate('/login', { replace: true });
  }, [checked, status, navigate]);

  return (
    <section className="ql-container ql-section auth-restricted" aria-labelledby="restricted-title">
      <h1 id="restricted-title" className="ql-section-title">
        Connexion
      </h1>
      <Spinner label={AUTH_TEXT.checkingSession} showLabel />
    </section>
  );
}
