import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnswerSection, AnswerSource } from '../../../common/api/answers';
import { useAuth } from '../../lib/auth/auth-context';
import { AnswerActions } from '../answer/answer-actions';
import { AnswerErrorView } from '../answer/answer-errors';
import { AnswerFeedback } from '../answer/answer-feedback';
import { AnswerHistory } from '../answer/answer-history';
import {
  addToHistory,
  clearCurrentAnswer,
  clearHistory,
  readHistory,
  saveCurrentAnswer,
  type StoredAnswer,
} from '../answer/answer-storage';
import { AnswerNotice, AnswerSections, DataDate, EmergencyBlock, SourcesList } from '../answer/answer-view';
import { useAnswerStream } from '../answer/use-answer-stream';
import '../answer/answer.css';

export const LOGIN_FROM_ANSWER = '/login?redirect=/app/reponse-legale';
export const NEW_QUESTION_ROUTE = '/app/question';

interface AnswerBodyProps {
  urgent: boolean;
  sections: readonly AnswerSection[];
  sources: readonly AnswerSource[];
  dataDate: string | null;
  streaming: boolean;
}

/** The answer itself, the same tree while it streams and once complete (the live region stays put). */
function AnswerBody({ urgent, sections, sources, dataDate, streaming }: AnswerBodyProps) {
  return (
    <div className="answer-body">
      {urgent && <EmergencyBlock />}
      <p className="ql-visually-hidden" role="status">
        {streaming ? 'Réponse en cours de rédaction…' : 'Réponse complète.'}
      </p>
      {streaming && sections.length === 0 && (
        <p className="answer-progress" aria-hidden="true">
          <span className="ql-spinner answer-progress-spinner" /> Recherche des sources officielles et rédaction de la
          réponse…
        </p>
      )}
      <AnswerSections sections={sections} streaming={streaming} />
      <SourcesList sources={sources} />
      {dataDate && <DataDate dataDate={dataDate} />}
      <AnswerNotice />
    </div>
  );
}

/** « Réponse Légale »: the streamed answer to the question asked (issue 5, product.md §2–§3). */
export function ReponseLegalePage() {
  const { questionText, setQuestionText, refreshProfile, decrementCredits } = useAuth();
  const navigate = useNavigate();
  const [history, setHistory] = useState<StoredAnswer[]>(readHistory);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { view, retry, show, clear } = useAnswerStream(questionText, {
    onDone(stored) {
      saveCurrentAnswer(stored);
      setHistory(addToHistory(stored));
      void refreshProfile(); // the server's count replaces the local, optimistic one
      setQuestionText(null);
    },
    onError(error) {
      if (error.code === 'unauthorized') {
        // The question stays in memory: once signed in again, the user comes back here and it is asked.
        void navigate(LOGIN_FROM_ANSWER, { replace: true });
        return;
      }
      void refreshProfile(); // nothing was charged (or it was refunded): undo the local decrement
      if (error.code !== 'invalid_question') setQuestionText(null);
    },
  });

  // The same question as the answer kept for this tab (asked twice): show it, charge nothing.
  const shownQuestion = view.kind === 'done' ? view.stored.question : null;
  useEffect(() => {
    if (questionText !== null && questionText === shownQuestion) {
      setQuestionText(null);
      void refreshProfile();
    }
  }, [questionText, shownQuestion, setQuestionText, refreshProfile]);

  function handleNewQuestion() {
    clearCurrentAnswer();
    setQuestionText(null);
    clear();
    void navigate(NEW_QUESTION_ROUTE);
  }

  function handleShow(item: StoredAnswer) {
    saveCurrentAnswer(item);
    show(item);
    headingRef.current?.focus();
  }

  function handleClearHistory() {
    clearHistory();
    setHistory([]);
  }

  function handleRetry() {
    if (view.kind === 'error') setQuestionText(view.question);
    decrementCredits();
    retry();
  }

  const question =
    view.kind === 'streaming' || view.kind === 'error' ? view.question : view.kind === 'done' ? view.stored.question : null;

  const body: AnswerBodyProps | null =
    view.kind === 'streaming'
      ? {
          urgent: Boolean(view.meta?.urgent ?? view.sources?.urgent),
          sections: view.sections,
          sources: view.sources?.sources ?? [],
          dataDate: view.sources?.dataDate ?? view.meta?.dataDate ?? null,
          streaming: true,
        }
      : view.kind === 'done'
        ? {
            urgent: view.stored.answer.urgent,
            sections: view.stored.answer.sections,
            sources: view.stored.answer.sources,
            dataDate: view.stored.answer.dataDate || null,
            streaming: false,
          }
        : null;

  return (
    <section className="ql-container ql-section answer-page" aria-labelledby="reponse-title">
      <h1 id="reponse-title" className="ql-section-title" ref={headingRef} tabIndex={-1}>
        Réponse Légale
      </h1>

      {question !== null && (
        <div className="answer-question">
          <h2 className="answer-question-label">Votre question</h2>
          <blockquote className="answer-question-text">{question}</blockquote>
        </div>
      )}

      {view.kind === 'empty' && (
        <div className="answer-empty ql-card">
          <p>Vous n’avez pas encore posé de question, ou la réponse précédente a été effacée.</p>
          <p>
            <Link className="ql-btn ql-btn-primary" to={NEW_QUESTION_ROUTE}>
              Poser une question
            </Link>
          </p>
        </div>
      )}

      {view.kind === 'error' && <AnswerErrorView error={view.error} onRetry={handleRetry} />}

      {body && <AnswerBody {...body} />}

      {view.kind === 'done' && (
        <>
          <AnswerActions stored={view.stored} onNewQuestion={handleNewQuestion} />
          <AnswerFeedback key={view.stored.answeredAt} mode={view.stored.answer.mode} />
        </>
      )}

      <AnswerHistory
        items={history}
        current={view.kind === 'done' ? view.stored : null}
        onShow={handleShow}
        onClear={handleClearHistory}
      />
    </section>
  );
}
