import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { nameError } from '../../../common/auth/name';
import { useAuth } from '../../lib/auth/auth-context';
import { readDraft } from '../../lib/device-data';
import { signUpWithEmail } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { AuthField, AuthLinks, EmailField, ErrorBox, SuccessBox, describedBy } from './auth-ui';
import { passwordMeetsRules } from './password-checklist';
import { NewPasswordFields } from './new-password-fields';
import { loginTarget, withRedirect } from './safe-redirect';

/** After a successful registration, /login after 1.5 s (time to read the confirmation). */
export const REGISTER_REDIRECT_MS = 1500;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The register page: name, e-mail, password with the live checklist, confirmation, link to login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Kept through registration: the login page sends the new user on to it (the question draft, for instance).
  const redirect = params.get('redirect');
  const { status, refreshProfile } = useAuth();
  const [hasDraft] = useState(() => readDraft() !== null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Registered: signed in already when no e-mail confirmation is required (then on to the target), else
  // « Inscription réussie ! Veuillez vous connecter. » and /login.
  const [registered, setRegistered] = useState(false);
  const done = registered && status !== 'authenticated';
  const confirmRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!done) return undefined;
    // The e-mail goes to the login form in the router's state (memory only).
    const timer = window.setTimeout(
      () => void navigate(withRedirect('/login', redirect), { state: { email: email.trim() } }),
      REGISTER_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate, redirect, email]);

  const rulesMet = passwordMeetsRules(password);
  const mismatch = confirm !== '' && confirm !== password;
  // The server's rule (80 characters, no control character), said as soon as it is broken.
  const nameProblem = name.trim() === '' ? null : nameError(name);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done || !rulesMet) return;
    if (name.trim() === '' || email.trim() === '' || confirm === '') {
      setError(AUTH_TEXT.registerFieldsRequired);
      return;
    }
    if (nameProblem) {
      setError(null);
      nameRef.current?.focus(); // its message is shown under the field
      return;
    }
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    if (mismatch) {
      setError(null);
      confirmRef.current?.focus(); // its message is shown under the field
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signUpWithEmail(name.trim(), email.trim(), password);
    if (!result.ok) {
      setBusy(false);
      setError(result.message);
      return;
    }
    // The server opens the session with the sign-up when it requires no confirmation (HttpOnly cookie):
    // the session check tells, and a signed-in person goes straight on (see the Navigate below).
    await refreshProfile({ force: true });
    setBusy(false);
    setRegistered(true);
  }

  // Signed in (just registered, or a bookmark, the Back button): no form, straight to the target.
  if (status === 'authenticated' && !busy) return <Navigate to={loginTarget(redirect)} replace />;

  return (
    <section aria-labelledby="register-title" className="auth-page">
      <h1 id="register-title">Inscription</h1>
      <p className="auth-intro">Créez votre compte&#8239;: vos trois premières questions sont gratuites.</p>
      {hasDraft && (
        <p className="auth-draft-note">Votre question est gardée sur cet appareil&#8239;: vous la retrouverez après la connexion.</p>
      )}
      <ErrorBox id="register-error" message={error} />
      <SuccessBox id="register-success" message={done ? MESSAGES.registered : null} />
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <AuthField
          id="register-name"
          label={AUTH_TEXT.nameLabel}
          name="name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={setName}
          inputRef={nameRef}
          invalid={nameProblem !== null}
          describedBy={describedBy(nameProblem && 'register-name-error', error && 'register-error')}
        >
          {nameProblem && (
            <p id="register-name-error" className="auth-field-error">
              {nameProblem}
            </p>
          )}
        </AuthField>
        <EmailField
          id="register-email"
          value={email}
          onChange={setEmail}
          describedBy={describedBy(error && 'register-error')}
        />
        <NewPasswordFields
          idPrefix="register"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errorId={error ? 'register-error' : undefined}
          confirmRef={confirmRef}
        />
        <button type="submit" className="ql-btn ql-btn-primary auth-submit" disabled={!rulesMet || busy || done}>
          {busy ? AUTH_TEXT.busy : AUTH_TEXT.registerSubmit}
        </button>
      </form>
      <AuthLinks>
        <p>
          Déjà inscrit&#8239;? <Link to={withRedirect('/login', redirect)}>Se connecter</Link>
        </p>
      </AuthLinks>
    </section>
  );
}
