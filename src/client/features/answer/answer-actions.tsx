import { useEffect, useRef, useState } from 'react';
import { downloadPrefilePdf } from './answer-api';
import type { StoredAnswer } from './answer-storage';
import { answerToPlainText } from './answer-text';

export const COPIED_FEEDBACK_MS = 2500;

export interface AnswerActionsProps {
  stored: StoredAnswer;
  onNewQuestion(): void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Télécharger le pré-dossier (PDF), Imprimer, Copier, Nouvelle question. */
export function AnswerActions({ stored, onNewQuestion }: AnswerActionsProps) {
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(copyTimer.current), []);

  async function handlePdf() {
    setPdfBusy(true);
    setPdfError(false);
    try {
      await downloadPrefilePdf(stored);
    } catch {
      setPdfError(true);
    } finally {
      setPdfBusy(false);
    }
  }

  async function handleCopy() {
    window.clearTimeout(copyTimer.current);
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(answerToPlainText(stored.question, stored.answer));
      setCopy('copied');
      copyTimer.current = window.setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS);
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="answer-actions">
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
        {copy === 'failed' && 'La copie a échoué : sélectionnez le texte de la réponse pour le copier.'}
      </p>
      {pdfError && (
        <p className="ql-error-box answer-actions-error" role="alert">
          Le pré-dossier n’a pas pu être généré. Veuillez réessayer dans un instant.
        </p>
      )}
    </div>
  );
}
