import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { setKeepHistoryOnDevice, signOutErasesAnswers } from '../../lib/device-data';
import { useIsMobile } from '../../lib/use-is-mobile';
import { AUTH_TEXT } from './auth-messages';
import { LogoutChoice, answersOnDevice } from './logout-choice';
import { useLogoutRedirect } from './use-logout-redirect';
import './auth.css';

export {
  LOGOUT_ERROR_REDIRECT_MS,
  LOGOUT_MANUAL_BUTTON_MS,
  LOGOUT_REDIRECT_MOBILE_MS,
  LOGOUT_REDIRECT_MS,
  LOGOUT_SIGNED_OUT_REDIRECT_MS,
} from './use-logout-redirect';

/** Signs out as soon as it is shown, then goes home (spinner and message meanwhile). */
function SigningOut() {
  const { signOut, status } = useAuth();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  const stuck = useLogoutRedirect({ signOut, status, isMobile, onRedirect: goHome });
  return (
    <>
      <Spinner label={AUTH_TEXT.loggingOut} showLabel />
      {stuck && (
        <button type="button" className="ql-btn ql-btn-primary" onClick={goHome}>
          {AUTH_TEXT.goHome}
        </button>
      )}
    </>
  );
}

/**
 * The logout page, however it is reached (the menu, a bookmark, a typed address, another tab): once the
 * session is known, signs out and goes home. When that would erase answers kept on this device, it first
 * says so and lets the person keep them or download their pré-dossiers; signing out then erases them
 * unless kept (lib/device-data.ts).
 */
export function LogoutPage() {
  const { status, user } = useAuth();
  const [chosen, setChosen] = useState(false);
  const userId = user?.id ?? null;
  const answers = useMemo(() => (userId ? answersOnDevice(userId) : []), [userId]);
  const mustAsk = status === 'authenticated' && userId !== null && !chosen && answers.length > 0 && signOutErasesAnswers(userId);

  function choose(keep: boolean) {
    if (keep && userId) setKeepHistoryOnDevice(userId, true);
    setChosen(true);
  }

  return (
    <section className="ql-container ql-section ql-logout auth-logout" aria-labelledby="logout-title">
      <h1 id="logout-title" className="ql-section-title">
        Déconnexion
      </h1>
      {status === 'loading' ? (
        <Spinner label={AUTH_TEXT.checkingSession} showLabel />
      ) : mustAsk ? (
        <LogoutChoice answers={answers} onChoose={choose} />
      ) : (
        <SigningOut />
      )}
    </section>
  );
}
