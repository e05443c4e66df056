import { useState } from 'react';
import { Link } from 'react-router';
import { formatFrenchDateTime } from '../../../common/french-dates';
import { downloadPrefilePdf } from '../answer/answer-api';
import { readCurrentAnswer, readHistory, sameAnswer, type StoredAnswer } from '../answer/answer-storage';

export const LOGOUT_CHOICE_TEXT = {
  title: 'Vos réponses gardées sur cet appareil vont être effacées',
  erase: 'Effacer et me déconnecter',
  keep: 'Les garder sur cet appareil et me déconnecter',
  stay: 'Rester connecté',
  download: 'Télécharger le pré-dossier (PDF)',
  downloadFailed: "Le pré-dossier n'a pas pu être généré. Veuillez réessayer dans un instant.",
} as const;

/** The answers of the account this browser holds: its history, or at least the answer of the tab. */
export function answersOnDevice(userId: string): StoredAnswer[] {
  const history = readHistory(userId);
  const current = readCurrentAnswer(userId);
  if (current && !history.some((h) => sameAnswer(h, current))) return [current, ...history];
  return history;
}

function excerpt(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

function DownloadButton({ stored }: { stored: StoredAnswer }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function download() {
    setState('busy');
    try {
      await downloadPrefilePdf(stored);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" className="ql-btn ql-btn-outline" onClick={() => void download()} disabled={state === 'busy'}>
        {state === 'busy' ? 'Préparation du PDF…' : LOGOUT_CHOICE_TEXT.download}
      </button>
      {state === 'failed' && (
        <p className="ql-error-box" role="alert">
          {LOGOUT_CHOICE_TEXT.downloadFailed}
        </p>
      )}
    </>
  );
}

export interface LogoutChoiceProps {
  answers: readonly StoredAnswer[];
  /** Signs out, erasing the answers (`keep` false) or keeping them on this device. */
  onChoose(keep: boolean): void;
}

/**
 * Said before signing out when it would erase answers kept on this device: what goes, a way to keep each
 * one as its pré-dossier (while still signed in: the PDF needs the session), or to keep them all here.
 */
export function LogoutChoice({ answers, onChoose }: LogoutChoiceProps) {
  const count = answers.length;
  return (
    <div className="auth-logout-choice">
      <h2 className="auth-logout-choice-title">{LOGOUT_CHOICE_TEXT.title}</h2>
      <p>
        {count > 1 ? `Vos ${count} questions et leurs réponses sont enregistrées` : 'Votre question et sa réponse sont enregistrées'}{' '}
        dans ce navigateur, pour votre compte seulement. En vous déconnectant, elles en seront effacées, sauf si vous
        choisissez de les garder. Vous pouvez aussi télécharger le pré-dossier de chacune avant de partir.
      </p>
      <ul className="auth-logout-answers">
        {answers.map((stored) => (
          <li key={`${stored.answeredAt}-${stored.question.slice(0, 40)}`} className="auth-logout-answer">
            <span className="auth-logout-question">{excerpt(stored.question)}</span>
            <span className="auth-logout-date">{formatFrenchDateTime(stored.answeredAt)}</span>
            <DownloadButton stored={stored} />
          </li>
        ))}
      </ul>
      <div className="auth-logout-actions">
        <button type="button" className="ql-btn ql-btn-primary" onClick={() => onChoose(false)}>
          {LOGOUT_CHOICE_TEXT.erase}
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => onChoose(true)}>
          {LOGOUT_CHOICE_TEXT.keep}
        </button>
      </div>
      <p className="auth-logout-note">
        Sur un ordinateur partagé, ne les gardez pas&#8239;: elles resteraient enregistrées dans ce navigateur.{' '}
        <Link to="/app/reponse-legale">{LOGOUT_CHOICE_TEXT.stay}</Link>
      </p>
    </div>
  );
}
