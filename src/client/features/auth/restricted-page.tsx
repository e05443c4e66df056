import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';

/** Placeholder landing after social sign-in; the accounts work will send the user on automatically. */
export function RestrictedPage() {
  const { status } = useAuth();
  return (
    <section className="ql-container ql-section" aria-labelledby="restricted-title">
      <h1 id="restricted-title" className="ql-section-title">
        Connexion
      </h1>
      {status === 'loading' && <Spinner label="Vérification de votre session…" showLabel />}
      {status === 'authenticated' && (
        <p>
          Vous êtes connecté. <Link to="/#question-section">Poser votre question</Link>
        </p>
      )}
      {status === 'anonymous' && (
        <p>
          Vous n’êtes pas connecté. <Link to="/login">Se Connecter</Link>
        </p>
      )}
    </section>
  );
}
