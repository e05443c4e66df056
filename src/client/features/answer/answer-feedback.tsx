import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_REASONS, FEEDBACK_REASON_LABELS, type Answer } from '../../../common/api/answers';
import { postFeedback } from './answer-api';

type Reason = (typeof FEEDBACK_REASONS)[number];
type Step = 'ask' | 'reason' | 'sending' | 'thanks';

/** « Cette réponse vous a-t-elle été utile ? »: sends only yes/no, a reason and the mode (no text). */
export function AnswerFeedback({ mode }: { mode: Answer['mode'] }) {
  const [step, setStep] = useState<Step>('ask');
  const [reason, setReason] = useState<Reason>(FEEDBACK_REASONS[0]);
  const [failed, setFailed] = useState(false);
  const selectId = useId();

  async function send(helpful: boolean, why?: Reason) {
    const previous = step;
    setStep('sending');
    setFailed(false);
    try {
      await postFeedback(why ? { helpful, reason: why, mode } : { helpful, mode });
      setStep('thanks');
    } catch {
      setFailed(true);
      setStep(previous);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(false, reason);
  }

  if (step === 'thanks') {
    return (
      <div className="answer-feedback" role="status">
        <p className="answer-feedback-thanks">Merci pour votre retour.</p>
      </div>
    );
  }

  return (
    <div className="answer-feedback">
      <p className="answer-feedback-question" id={`${selectId}-q`}>
        Cette réponse vous a-t-elle été utile&#8239;?
      </p>
      {step !== 'reason' ? (
        <div className="answer-feedback-buttons" role="group" aria-labelledby={`${selectId}-q`}>
          <button type="button" className="ql-btn ql-btn-outline" disabled={step === 'sending'} onClick={() => void send(true)}>
            Oui
          </button>
          <button type="button" className="ql-btn ql-btn-outline" disabled={step === 'sending'} onClick={() => setStep('reason')}>
            Non
          </button>
        </div>
      ) : (
        <form className="answer-feedback-form" onSubmit={handleSubmit}>
          <label htmlFor={selectId}>Pourquoi&#8239;?</label>
          <select id={selectId} value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
            {FEEDBACK_REASONS.map((r) => (
              <option key={r} value={r}>
                {FEEDBACK_REASON_LABELS[r]}
              </option>
            ))}
          </select>
          <button type="submit" className="ql-btn ql-btn-primary">
            Envoyer
          </button>
        </form>
      )}
      {failed && (
        <p className="ql-error-box" role="alert">
          Votre avis n'a pas pu être envoyé. Veuillez réessayer.
        </p>
      )}
    </div>
  );
}
