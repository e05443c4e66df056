import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsMobile } from '../../lib/use-is-mobile';

/** Seed §4 / §9: redirect delays after signing out. */
export const LOGOUT_REDIRECT_MS = 800;
export const LOGOUT_REDIRECT_MOBILE_MS = 1500;
export const LOGOUT_ERROR_REDIRECT_MS = 500;
export const LOGOUT_MANUAL_BUTTON_MS = 2000;

type Phase = 'pending' | 'done' | 'error';

/** Signs out, shows a spinner, then goes back home (first version; the accounts work may refine it). */
export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [phase, setPhase] = useState<Phase>('pending');
  const [showButton, setShowButton] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, even under StrictMode
    started.current = true;
    signOut().then(
      () => setPhase('done'),
      () => setPhase('error'),
    );
  }, [signOut]);

  useEffect(() => {
    if (phase === 'pending') return undefined;
    const delay = phase === 'error' ? LOGOUT_ERROR_REDIRECT_MS : isMobile ? LOGOUT_REDIRECT_MOBILE_MS : LOGOUT_REDIRECT_MS;
    const redirect = window.setTimeout(() => void navigate('/', { replace: true }), delay);
    const manual = window.setTimeout(() => setShowButton(true), delay + LOGOUT_MANUAL_BUTTON_MS);
    return () => {
      window.clearTimeout(redirect);
      window.clearTimeout(manual);
    };
  }, [phase, isMobile, navigate]);

  return (
    <section className="ql-container ql-section ql-logout" aria-labelledby="logout-title">
      <h1 id="logout-title" className="ql-section-title">
        Déconnexion
      </h1>
      <Spinner label="Déconnexion en cours…" showLabel />
      {showButton && (
        <button type="button" className="ql-btn ql-btn-primary" onClick={() => void navigate('/', { replace: true })}>
          Aller à la page d'accueil
        </button>
      )}
    </section>
  );
}
