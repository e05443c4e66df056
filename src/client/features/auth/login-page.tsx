import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { useAuth } from '../../lib/auth/auth-context';
import { signInWithEmail } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { AuthField, AuthLinks, EmailField, ErrorBox, SuccessBox, describedBy } from './auth-ui';
import { readDraft } from '../../lib/device-data';
import { loginTarget, withRedirect } from './safe-redirect';
import { SocialButtons } from './social-buttons';

const ERROR_ID = 'login-error';

/** A text field of the router state (the registration page hands over the e-mail; the account page a notice). */
function stateText(state: unknown, key: 'email' | 'notice'): string {
  if (typeof state !== 'object' || state === null || !(key in state)) return '';
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The login page: e-mail and password, social sign-in, links to register and to the password reset. */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { refreshProfile, status, signedOutByServer } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState(() => stateText(location.state, 'email'));
  const [notice] = useState(() => stateText(location.state, 'notice'));
  const serverSignedOut = typeof location.state === 'object' && location.state !== null && 'signedOut' in location.state;
  useEffect(() => {
    // Sent here after the server ended the session (account deleted, signed out everywhere).
    if (serverSignedOut) signedOutByServer();
  }, [serverSignedOut, signedOutByServer]);
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
  // (Not when another page sent a notice: it signs the user out right after arriving here.)
  if (status === 'authenticated' && !busy && !notice) return <Navigate to={loginTarget(redirect)} replace />;

  const errorRef = describedBy(error && ERROR_ID);
  return (
    <section aria-labelledby="login-title" className="auth-page">
      <h1 id="login-title">Connexion</h1>
      <p className="auth-intro">Connectez-vous pour poser votre question juridique.</p>
      {hasDraft && (
        <p className="auth-draft-note">Votre question est gardée sur cet appareil&#8239;: vous la retrouverez après la connexion.</p>
      )}
      <SuccessBox id="login-notice" message={notice || null} />
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
          Pas encore de compte&#8239;? <Link to={withRedirect('/register', redirect)}>Inscription</Link>
        </p>
      </AuthLinks>
    </section>
  );
}
