import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsMobile } from '../../lib/use-is-mobile';
import { AUTH_TEXT } from './auth-messages';
import { useLogoutRedirect } from './use-logout-redirect';
import './auth.css';

export {
  LOGOUT_ERROR_REDIRECT_MS,
  LOGOUT_MANUAL_BUTTON_MS,
  LOGOUT_REDIRECT_MOBILE_MS,
  LOGOUT_REDIRECT_MS,
  LOGOUT_SIGNED_OUT_REDIRECT_MS,
} from './use-logout-redirect';

/** The logout page: spinner and message, sign out, then home. */
export function LogoutPage() {
  const { signOut, status } = useAuth();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  const stuck = useLogoutRedirect({ signOut, status, isMobile, onRedirect: goHome });

  return (
    <section className="ql-container ql-section ql-logout auth-logout" aria-labelledby="logout-title">
      <h1 id="logout-title" className="ql-section-title">
        Déconnexion
      </h1>
      <Spinner label={AUTH_TEXT.loggingOut} showLabel />
      {stuck && (
        <button type="button" className="ql-btn ql-btn-primary" onClick={goHome}>
          {AUTH_TEXT.goHome}
        </button>
      )}
    </section>
  );
}
