import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { creditReasonLabel, type LedgerEntry } from '../../../common/auth/profile';
import { MESSAGES } from '../../../common/messages';
import { useAuth } from '../../lib/auth/auth-context';
import { eraseAccountData } from '../../lib/device-data';
import { formatFrenchDateTime } from '../../../common/french-dates';
import { AuthField, ErrorBox, SuccessBox } from '../auth/auth-ui';
import { NewPasswordFields } from '../auth/new-password-fields';
import { passwordMeetsRules } from '../auth/password-checklist';
import { changePassword, deleteAccount, fetchLedger, regenerateApiKey, signOutEverywhere } from './account-api';
import './account.css';

export const ACCOUNT_TEXT = {
  title: 'Mon compte',
  regenerateConfirm:
    "Régénérer la clé d'API\u202f? L'ancienne clé cessera aussitôt de fonctionner dans vos scripts.",
  deleteConfirm: 'Supprimer définitivement votre compte\u202f? Cette action est irréversible.',
  deleted: 'Votre compte a été supprimé, avec ses sessions, ses crédits et vos avis. Au revoir\u202f!',
  signedOutEverywhere: "Vous avez été déconnecté de tous vos appareils, et votre clé d'API a été remplacée.",
} as const;

/** « +3 » / « −1 » (a real minus sign). */
function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

function LedgerTable({ movements }: { movements: LedgerEntry[] }) {
  if (movements.length === 0) return <p className="ql-muted">Aucun mouvement de crédits.</p>;
  return (
    <div className="account-table-wrapper">
      <table className="account-ledger">
        <caption>Mouvements de vos crédits (les plus récents d'abord ; le texte des questions n'est jamais conservé)</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Crédits</th>
            <th scope="col">Motif</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((m, i) => (
            <tr key={`${m.at}-${i}`}>
              <td>{formatFrenchDateTime(m.at)}</td>
              <td className={m.delta > 0 ? 'account-plus' : 'account-minus'}>{signed(m.delta)}</td>
              <td>{creditReasonLabel(m.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ApiKeySection({ apiKey, onRegenerated }: { apiKey: string | null; onRegenerated(): Promise<void> }) {
  const [shown, setShown] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function handleCopy() {
    setError(null);
    try {
      if (!apiKey || !navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(apiKey);
      setStatus('Clé copiée dans le presse-papiers.');
    } catch {
      setError('La copie a échoué\u202f: affichez la clé puis sélectionnez-la.');
    }
  }

  async function handleRegenerate() {
    if (!window.confirm(ACCOUNT_TEXT.regenerateConfirm)) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    const result = await regenerateApiKey();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    await onRegenerated();
    setShown(true);
    setStatus("Nouvelle clé créée\u202f: l'ancienne ne fonctionne plus.");
  }

  return (
    <section className="account-section ql-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Clé d'API</h2>
      <p>
        Elle permet d'interroger le même service depuis un script (
        <code>Authorization: Bearer &lt;clé&gt;</code> sur <code>POST /api/answers</code>) ; chaque question consomme
        un crédit. Gardez-la secrète.
      </p>
      <p className="account-key">
        <span className="ql-visually-hidden">Votre clé d'API&#8239;: </span>
        <code data-testid="api-key">{shown && apiKey ? apiKey : '••••••••-••••-••••-••••-••••••••••••'}</code>
      </p>
      <div className="account-buttons">
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
          {shown ? 'Masquer la clé' : 'Afficher la clé'}
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => void handleCopy()} disabled={!apiKey}>
          Copier la clé
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => void handleRegenerate()} disabled={busy}>
          Régénérer la clé
        </button>
      </div>
      <p className="account-status" role="status">
        {status}
      </p>
      <ErrorBox id={`${id}-error`} message={error} />
    </section>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setDone(false);
    if (current === '' || password === '' || confirm === '') {
      setError('Veuillez saisir votre mot de passe actuel, puis le nouveau deux fois.');
      return;
    }
    if (confirm !== password) {
      setError(null);
      confirmRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await changePassword(current, password);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setCurrent('');
    setPassword('');
    setConfirm('');
    setDone(true);
  }

  return (
    <section className="account-section ql-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Changer le mot de passe</h2>
      <ErrorBox id={`${id}-error`} message={error} />
      <SuccessBox
        id={`${id}-done`}
        message={done ? `${MESSAGES.passwordUpdated}. Vos autres appareils ont été déconnectés.` : null}
      />
      <form className="auth-form account-form" noValidate onSubmit={(e) => void handleSubmit(e)} aria-busy={busy}>
        <AuthField
          id={`${id}-current`}
          label="Mot de passe actuel"
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields
          idPrefix={`${id}-new`}
          passwordLabel="Nouveau mot de passe"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errorId={error ? `${id}-error` : undefined}
          confirmRef={confirmRef}
        />
        <button type="submit" className="ql-btn ql-btn-primary" disabled={busy || !passwordMeetsRules(password)}>
          {busy ? 'Chargement...' : 'Changer le mot de passe'}
        </button>
      </form>
    </section>
  );
}

function SessionsSection({ onSignedOut }: { onSignedOut(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function handleClick() {
    setBusy(true);
    setError(null);
    const result = await signOutEverywhere();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onSignedOut();
  }
  return (
    <section className="account-section ql-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Appareils connectés</h2>
      <p>
        Un appareil perdu, un ordinateur partagé oublié&#8239;? Fermez d'un coup toutes les sessions de votre compte, celle-ci
        comprise. Votre clé d'API est remplacée en même temps&#8239;: l'ancienne cesse de fonctionner dans vos scripts.
      </p>
      <button type="button" className="ql-btn ql-btn-outline" onClick={() => void handleClick()} disabled={busy}>
        Se déconnecter de tous les appareils
      </button>
      <ErrorBox id={`${id}-error`} message={error} />
    </section>
  );
}

function DeleteSection({ onDeleted }: { onDeleted(): void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(MESSAGES.passwordRequiredToDelete);
      return;
    }
    if (!window.confirm(ACCOUNT_TEXT.deleteConfirm)) return;
    setBusy(true);
    setError(null);
    const result = await deleteAccount(password);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onDeleted();
  }

  return (
    <section className="account-section account-danger ql-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Supprimer mon compte</h2>
      <p>
        La suppression efface votre compte, vos sessions, vos crédits et leur historique, ainsi que vos avis sur les
        réponses. Elle est définitive. Les questions gardées sur cet appareil sont effacées aussi. Seule reste une
        empreinte chiffrée de votre adresse e-mail si elle a reçu les crédits gratuits&#8239;: un nouveau compte à
        cette adresse ne les reçoit pas une seconde fois.
      </p>
      <ErrorBox id={`${id}-error`} message={error} />
      <form className="auth-form account-form" noValidate onSubmit={(e) => void handleSubmit(e)} aria-busy={busy}>
        <AuthField
          id={`${id}-password`}
          label="Mot de passe (pour confirmer)"
          name="delete-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="ql-btn account-btn-danger" disabled={busy}>
          Supprimer définitivement mon compte
        </button>
      </form>
    </section>
  );
}

/** « Mon compte » (/app/compte): who, credits and their movements, API key, password, sessions, deletion. */
export function AccountPage() {
  const { user, credits, apiKey, refreshProfile } = useAuth();
  const navigate = useNavigate();
  const [movements, setMovements] = useState<LedgerEntry[] | null>(null);
  const [ledgerError, setLedgerError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void fetchLedger().then((result) => {
      if (!active) return;
      if (result.ok) setMovements(result.data);
      else setLedgerError(result.message);
    });
    return () => {
      active = false;
    };
  }, []);

  // The server already ended the session: the login page says what happened and clears the local state
  // once shown (clearing it here would let the protected route take over the navigation).
  async function leaveSignedOut(notice: string) {
    await navigate('/login', { replace: true, state: { notice, signedOut: true } });
  }

  function handleDeleted() {
    if (user) eraseAccountData(user.id);
    void leaveSignedOut(ACCOUNT_TEXT.deleted);
  }

  return (
    <section className="ql-container ql-section account-page" aria-labelledby="account-title">
      <h1 id="account-title" className="ql-section-title" tabIndex={-1}>
        {ACCOUNT_TEXT.title}
      </h1>

      <section className="account-section ql-card" aria-labelledby="account-who">
        <h2 id="account-who">Vos informations</h2>
        <dl className="account-facts">
          <dt>Nom</dt>
          <dd>{user?.name || '—'}</dd>
          <dt>Adresse e-mail</dt>
          <dd>{user?.email}</dd>
        </dl>
      </section>

      <section className="account-section ql-card" aria-labelledby="account-credits">
        <h2 id="account-credits">Crédits</h2>
        <p>
          Crédits restants&#8239;: <strong data-testid="account-credits">{credits ?? '—'}</strong>. Une question coûte un
          crédit ; il vous est rendu si la réponse ne peut pas être fournie.
        </p>
        {ledgerError && <ErrorBox id="account-ledger-error" message={ledgerError} />}
        {movements === null && !ledgerError && <p className="ql-muted">Chargement des mouvements…</p>}
        {movements !== null && <LedgerTable movements={movements} />}
      </section>

      <ApiKeySection apiKey={apiKey} onRegenerated={() => refreshProfile({ force: true })} />
      <PasswordSection />
      <SessionsSection onSignedOut={() => void leaveSignedOut(ACCOUNT_TEXT.signedOutEverywhere)} />
      <DeleteSection onDeleted={handleDeleted} />
    </section>
  );
}
