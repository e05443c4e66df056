import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { resetPassword } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { AuthLinks, ErrorBox, SuccessBox } from './auth-ui';
import { passwordMeetsRules } from './password-checklist';
import { NewPasswordFields } from './new-password-fields';

/** After the update, /login after 2 s (time to read the confirmation). */
export const UPDATE_REDIRECT_MS = 2000;

/** The update-password page: new password, confirmation and the requirements panel; `?token=` from the e-mail. */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  // better-auth sends an unusable link back here with ?error=INVALID_TOKEN
  const [error, setError] = useState<string | null>(() =>
    params.has('error') ? MESSAGES.resetLinkInvalid : token === '' ? AUTH_TEXT.missingToken : null,
  );
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => void navigate('/login'), UPDATE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const usable = token !== '' && !params.has('error');
  const rulesMet = passwordMeetsRules(password);
  const mismatch = confirm !== '' && confirm !== password;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done || !usable || !rulesMet) return;
    if (confirm === '') {
      setError(AUTH_TEXT.passwordRequired);
      return;
    }
    if (mismatch) return; // the message is under the field
    setBusy(true);
    setError(null);
    const result = await resetPassword(password, token);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setDone(true);
  }

  return (
    <section aria-labelledby="update-title" className="auth-page">
      <h1 id="update-title">Nouveau mot de passe</h1>
      <p className="auth-intro">Choisissez un nouveau mot de passe pour votre compte.</p>
      <ErrorBox id="update-error" message={error} />
      <SuccessBox id="update-success" message={done ? MESSAGES.passwordUpdated : null} />
      {usable && (
        <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
          <NewPasswordFields
            idPrefix="update"
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            errorId={error ? 'update-error' : undefined}
          />
          <button type="submit" className="ql-btn ql-btn-primary auth-submit" disabled={!rulesMet || busy || done}>
            {busy ? AUTH_TEXT.busy : AUTH_TEXT.updateSubmit}
          </button>
        </form>
      )}
      <AuthLinks>
        <p>
          <Link to="/reset-password">{AUTH_TEXT.requestNewLink}</Link>
        </p>
        <p>
          <Link to="/login">{AUTH_TEXT.backToLogin}</Link>
        </p>
      </AuthLinks>
    </section>
  );
}
