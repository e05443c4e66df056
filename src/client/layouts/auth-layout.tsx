import { Link, Outlet } from 'react-router';
import { Brand } from '../components/navbar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Login, registration and password screens: background image and a centred card. */
export function AuthLayout() {
  return (
    <div className="ql-auth-layout">
      <SkipLink />
      <header className="ql-auth-header" aria-label="En-tête du site">
        <Brand className="ql-brand ql-brand-on-dark" />
      </header>
      <main id={MAIN_CONTENT_ID} className="ql-auth-main" tabIndex={-1}>
        <div className="ql-card ql-auth-card">
          <Outlet />
          <p className="ql-auth-back">
            <Link to="/">← Retour à l'accueil</Link>
          </p>
        </div>
      </main>
      <footer className="ql-auth-footer" aria-label="Pied de page">
        <a href="/mentions.html">Mentions légales</a>
      </footer>
    </div>
  );
}
