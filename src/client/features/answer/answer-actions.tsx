import { useEffect, useRef, useState } from 'react';
import { downloadPrefilePdf, PrefileDownloadError } from './answer-api';
import { displayedAnswer, type StoredAnswer } from './answer-storage';
import { answerToPlainText } from './answer-text';

export const COPIED_FEEDBACK_MS = 2500;
export const PDF_FAILED_MESSAGE = "Le pré-dossier n'a pas pu être généré. Veuillez réessayer dans un instant.";

export const ACTIONS_LABELS = {
  top: 'Actions sur la réponse',
  bottom: 'Actions sur la réponse (fin de page)',
} as const;

export interface AnswerActionsProps {
  stored: StoredAnswer;
  onNewQuestion(): void;
  /** The same buttons sit above the answer and below it (a long answer on a phone). */
  placement: keyof typeof ACTIONS_LABELS;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Télécharger le pré-dossier (PDF), Imprimer, Copier, Nouvelle question: all for the case shown. */
export function AnswerActions({ stored, onNewQuestion, placement }: AnswerActionsProps) {
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(copyTimer.current), []);

  async function handlePdf() {
    setPdfBusy(true);
    setPdfError(null);
    try {
      await downloadPrefilePdf(stored);
    } catch (err) {
      // The server's reason when the person can act on it (wait a minute…), else the general message.
      setPdfError((err instanceof PrefileDownloadError ? err.userMessage : null) ?? PDF_FAILED_MESSAGE);
    } finally {
      setPdfBusy(false);
    }
  }

  async function handleCopy() {
    window.clearTimeout(copyTimer.current);
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      const { answer, chosenCase } = displayedAnswer(stored);
      const choicesQuestion = stored.answer.choices?.question;
      const text = answerToPlainText(stored.question, answer, {
        chosenCase: chosenCase && choicesQuestion ? { question: choicesQuestion, label: chosenCase } : undefined,
        origin: window.location.origin,
        now: Date.now(),
      });
      await navigator.clipboard.writeText(text);
      setCopy('copied');
      copyTimer.current = window.setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS);
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className={`answer-actions answer-actions-${placement}`} role="group" aria-label={ACTIONS_LABELS[placement]}>
      <div className="answer-actions-buttons">
        <button type="button" className="ql-btn ql-btn-primary" onClick={() => void handlePdf()} disabled={pdfBusy}>
          {pdfBusy ? 'Préparation du PDF…' : 'Télécharger le pré-dossier (PDF)'}
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => window.print()}>
          Imprimer
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={() => void handleCopy()}>
          {copy === 'copied' ? 'Copié' : 'Copier'}
        </button>
        <button type="button" className="ql-btn ql-btn-outline" onClick={onNewQuestion}>
          Nouvelle question
        </button>
      </div>
      <p className="answer-actions-status" role="status">
        {copy === 'copied' && 'Réponse copiée dans le presse-papiers.'}
        {copy === 'failed' && 'La copie a échoué\u202f: sélectionnez le texte de la réponse pour le copier.'}
      </p>
      {pdfError && (
        <p className="ql-error-box answer-actions-error" role="alert">
          {pdfError}
        </p>
      )}
    </div>
  );
}
