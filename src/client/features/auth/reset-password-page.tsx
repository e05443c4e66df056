import { Link } from 'react-router';

/** Placeholder: the password reset request form comes with the accounts work. */
export function ResetPasswordPage() {
  return (
    <section aria-labelledby="reset-title">
      <h1 id="reset-title">Mot de passe oublié</h1>
      <p>Indiquez votre adresse e-mail pour recevoir les instructions de réinitialisation.</p>
      <p className="ql-muted">Ce formulaire sera bientôt disponible.</p>
      <p>
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </section>
  );
}
