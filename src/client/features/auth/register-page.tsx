import { Link } from 'react-router';

/** Placeholder: the registration form comes with the accounts work. */
export function RegisterPage() {
  return (
    <section aria-labelledby="register-title">
      <h1 id="register-title">Inscription</h1>
      <p>Créez votre compte : vos trois premières questions sont gratuites.</p>
      <p className="ql-muted">Le formulaire d’inscription sera bientôt disponible.</p>
      <p>
        Déjà inscrit ? <Link to="/login">Se Connecter</Link>
      </p>
    </section>
  );
}
