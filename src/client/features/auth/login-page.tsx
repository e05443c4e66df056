import { Link } from 'react-router';

/** Placeholder: the login form comes with the accounts work. */
export function LoginPage() {
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">Connexion</h1>
      <p>Connectez-vous pour poser votre question juridique.</p>
      <p className="ql-muted">Le formulaire de connexion sera bientôt disponible.</p>
      <p>
        Pas encore de compte ? <Link to="/register">Inscription</Link>
      </p>
      <p>
        <Link to="/reset-password">Mot de passe oublié ?</Link>
      </p>
    </section>
  );
}
