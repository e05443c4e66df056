import { useId } from 'react';
import { sameAnswer, type StoredAnswer } from './answer-storage';
import { formatFrenchDateTime } from '../../../common/french-dates';

export const HISTORY_PRIVACY_NOTE =
  'Vos questions et réponses ne sont conservées que sur cet appareil, pour votre compte seulement.';
export const HISTORY_CONFIRM =
  "Effacer l'historique de cet appareil\u202f? Les questions et réponses enregistrées dans ce navigateur seront supprimées.";
export const KEEP_LABEL = 'Garder mes questions sur cet appareil après la déconnexion';

export interface AnswerHistoryProps {
  items: readonly StoredAnswer[];
  /** The answer on screen, marked in the list. */
  current: StoredAnswer | null;
  onShow(item: StoredAnswer): void;
  onClear(): void;
  /** Whether the history survives signing out (otherwise erased then). */
  keep: boolean;
  onKeepChange(keep: boolean): void;
}

function excerpt(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** « Mes questions sur cet appareil » (local storage, this account only), with a button to erase it. */
export function AnswerHistory({ items, current, onShow, onClear, keep, onKeepChange }: AnswerHistoryProps) {
  const keepId = useId();
  function handleClear() {
    if (window.confirm(HISTORY_CONFIRM)) onClear();
  }

  return (
    <section className="answer-history" aria-labelledby="answer-history-title">
      <h2 id="answer-history-title" className="answer-history-title">
        Mes questions sur cet appareil
      </h2>
      <p className="answer-history-note">{HISTORY_PRIVACY_NOTE}</p>
      <p className="answer-history-keep">
        <input id={keepId} type="checkbox" checked={keep} onChange={(e) => onKeepChange(e.target.checked)} />
        <label htmlFor={keepId}>{KEEP_LABEL}</label>
      </p>
      <p className="answer-history-note">
        {keep
          ? 'Elles resteront sur cet appareil après la déconnexion\u202f: ne cochez pas cette case sur un ordinateur partagé.'
          : 'Elles seront effacées de cet appareil quand vous vous déconnecterez.'}
      </p>
      {items.length === 0 ? (
        <p className="ql-muted">Aucune question enregistrée sur cet appareil.</p>
      ) : (
        <>
          <ul className="answer-history-list">
            {items.map((item) => {
              const isCurrent = current !== null && sameAnswer(current, item);
              return (
                <li key={`${item.answeredAt}-${item.question.slice(0, 40)}`}>
                  <button
                    type="button"
                    className="answer-history-item"
                    onClick={() => onShow(item)}
                    aria-current={isCurrent ? 'true' : undefined}
                  >
                    <span className="answer-history-question">{excerpt(item.question)}</span>
                    <span className="answer-history-date">{formatFrenchDateTime(item.answeredAt)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="ql-btn ql-btn-outline answer-history-clear" onClick={handleClear}>
            Effacer l'historique de cet appareil
          </button>
        </>
      )}
    </section>
  );
}
