import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { useAuth } from '../../lib/auth/auth-context';
import { signInWithEmail } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { AuthField, AuthLinks, EmailField, ErrorBox, describedBy } from './auth-ui';
import { readDraft } from '../../lib/device-data';
import { loginTarget, withRedirect } from './safe-redirect';
import { SocialButtons } from './social-buttons';

const ERROR_ID = 'login-error';

/** The e-mail the registration page hands over (router state, never stored). */
function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}

/** Seed §2 (Login): e-mail and password, social sign-in, links to register and to the password reset. */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { refreshProfile, status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [hasDraft] = useState(() => readDraft() !== null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The server sends a failed social sign-in back here with ?error=…
  const [error, setError] = useState<string | null>(params.has('error') ? MESSAGES.socialSignInFailed : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      setError(AUTH_TEXT.loginFieldsRequired);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signInWithEmail(email.trim(), password);
    if (!result.ok) {
      setError(result.message);
      setBusy(false);
      return;
    }
    await refreshProfile({ force: true });
    await navigate(loginTarget(redirect), { replace: true });
  }

  // Already signed in (a bookmark, the Back button): no form, straight to the target.
  if (status === 'authenticated' && !busy) return <Navigate to={loginTarget(redirect)} replace />;

  const errorRef = describedBy(error && ERROR_ID);
  return (
    <section aria-labelledby="login-title" className="auth-page">
      <h1 id="login-title">Connexion</h1>
      <p className="auth-intro">Connectez-vous pour poser votre question juridique.</p>
      {hasDraft && (
        <p className="auth-draft-note">Votre question est gardée sur cet appareil : vous la retrouverez après la connexion.</p>
      )}
      <ErrorBox id={ERROR_ID} message={error} />
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <EmailField
          id="login-email"
          value={email}
          onChange={setEmail}
          describedBy={errorRef}
        />
        <AuthField
          id="login-password"
          label={AUTH_TEXT.passwordLabel}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          describedBy={errorRef}
        />
        <p className="auth-forgot">
          <Link to="/reset-password">{AUTH_TEXT.forgotPassword}</Link>
        </p>
        <button type="submit" className="ql-btn ql-btn-primary auth-submit" disabled={busy}>
          {busy ? AUTH_TEXT.busy : AUTH_TEXT.loginSubmit}
        </button>
      </form>
      <SocialButtons redirect={redirect} disabled={busy} onError={setError} />
      <AuthLinks>
        <p>
          Pas encore de compte ? <Link to={withRedirect('/register', redirect)}>Inscription</Link>
        </p>
      </AuthLinks>
    </section>
  );
}
