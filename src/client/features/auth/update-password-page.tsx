import { Link } from 'react-router';

/** Placeholder: the new-password form comes with the accounts work. */
export function UpdatePasswordPage() {
  return (
    <section aria-labelledby="update-title">
      <h1 id="update-title">Nouveau mot de passe</h1>
      <p>Choisissez un nouveau mot de passe pour votre compte.</p>
      <p className="ql-muted">Ce formulaire sera bientôt disponible.</p>
      <p>
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </section>
  );
}
