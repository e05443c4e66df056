import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { requestPasswordReset } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { AuthLinks, EmailField, ErrorBox, SuccessBox, describedBy } from './auth-ui';
import { SocialButtons } from './social-buttons';

/** The reset-password page: e-mail field, Google alternative, link back to login. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSent(false);
    if (email.trim() === '') {
      setError(MESSAGES.recoveryNeedsEmail);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await requestPasswordReset(email.trim(), `${window.location.origin}/update-password`);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSent(true);
    setEmail(''); // cleared after a successful request: the confirmation stands alone
  }

  return (
    <section aria-labelledby="reset-title" className="auth-page">
      <h1 id="reset-title">Mot de passe oublié</h1>
      <p className="auth-intro">Indiquez votre adresse e-mail pour recevoir les instructions de réinitialisation.</p>
      <ErrorBox id="reset-error" message={error} />
      <SuccessBox id="reset-success" message={sent ? MESSAGES.resetSent : null} />
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <EmailField
          id="reset-email"
          value={email}
          onChange={setEmail}
          describedBy={describedBy(error && 'reset-error', sent && 'reset-success')}
        />
        <button type="submit" className="ql-btn ql-btn-primary auth-submit" disabled={busy}>
          {busy ? AUTH_TEXT.busy : AUTH_TEXT.resetSubmit}
        </button>
      </form>
      <SocialButtons disabled={busy} onError={setError} />
      <AuthLinks>
        <p>
          <Link to="/login">{AUTH_TEXT.backToLogin}</Link>
        </p>
      </AuthLinks>
    </section>
  );
}
