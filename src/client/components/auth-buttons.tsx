import { Link } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';

export function CreditsBadge() {
  const { status, credits } = useAuth();
  if (status !== 'authenticated' || credits === null) return null;
  return (
    <span className="ql-credits-badge" aria-live="polite">
      Crédits: {credits}
    </span>
  );
}

export interface AuthButtonsProps {
  /** Also show the credits badge (desktop bar). */
  withCredits?: boolean;
  onNavigate?: () => void;
}

/** Signed out: Se connecter and Inscription. Signed in: Mon compte, Déconnexion (and the credits badge). */
export function AuthButtons({ withCredits = true, onNavigate }: AuthButtonsProps) {
  const { status } = useAuth();
  if (status === 'loading') return <div className="ql-auth-buttons" aria-hidden="true" />;
  if (status === 'authenticated') {
    return (
      <div className="ql-auth-buttons">
        {withCredits && <CreditsBadge />}
        <Link to="/app/compte" className="ql-nav-link ql-nav-account" onClick={onNavigate}>
          Mon compte
        </Link>
        <Link to="/logout" className="ql-btn ql-btn-outline" onClick={onNavigate}>
          Déconnexion
        </Link>
      </div>
    );
  }
  return (
    <div className="ql-auth-buttons">
      <Link to="/login" className="ql-btn ql-btn-outline" onClick={onNavigate}>
        Se connecter
      </Link>
      <Link to="/register" className="ql-btn ql-btn-primary" onClick={onNavigate}>
        Inscription
      </Link>
    </div>
  );
}
