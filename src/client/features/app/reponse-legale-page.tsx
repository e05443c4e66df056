import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnswerChoices, AnswerSection, AnswerSource } from '../../../common/api/answers';
import { dangerKind } from '../../../common/urgency';
import { useAuth } from '../../lib/auth/auth-context';
import { keepsHistoryOnDevice, setKeepHistoryOnDevice } from '../../lib/device-data';
import { AnswerActions } from '../answer/answer-actions';
import { AnswerErrorView } from '../answer/answer-errors';
import { AnswerFeedback } from '../answer/answer-feedback';
import { AnswerHistory } from '../answer/answer-history';
import {
  addToHistory,
  chosenOption,
  clearHistory,
  readHistory,
  saveCurrentAnswer,
  updateInHistory,
  type StoredAnswer,
} from '../answer/answer-storage';
import {
  AnswerChoicesView,
  AnswerNotice,
  AnswerSections,
  DataFreshness,
  SourcesList,
  StaleDataWarning,
} from '../answer/answer-view';
import { EmergencyBlock } from '../answer/emergency-block';
import { useAnswerStream } from '../answer/use-answer-stream';
import '../answer/answer.css';

export const LOGIN_FROM_ANSWER = '/login?redirect=/app/reponse-legale';
export const NEW_QUESTION_ROUTE = '/app/question';
export const PROGRESS_MESSAGES = { streaming: 'Réponse en cours…', done: 'Réponse prête' } as const;

interface AnswerBodyProps {
  /** The server found danger in the question: the page shows the emergency numbers above everything. */
  urgent: boolean;
  sections: readonly AnswerSection[];
  sources: readonly AnswerSource[];
  dataDate: string | null;
  streaming: boolean;
  choices: AnswerChoices | null;
  chosen: string | undefined;
  onChoose?: (label: string | undefined) => void;
  now: number;
}

/**
 * The answer itself, the same tree while it streams and once complete. Only the progress is announced to
 * screen readers (« Réponse en cours… », « Réponse prête »), never the text of the answer.
 */
function AnswerBody({ sections, sources, dataDate, streaming, choices, chosen, onChoose, now }: AnswerBodyProps) {
  const liveFicheUrl = sources[0]?.url ?? null;
  return (
    <div className="answer-body">
      <p className="ql-visually-hidden" role="status">
        {streaming ? PROGRESS_MESSAGES.streaming : PROGRESS_MESSAGES.done}
      </p>
      {dataDate && <StaleDataWarning dataDate={dataDate} liveFicheUrl={liveFicheUrl} now={now} />}
      {streaming && sections.length === 0 && (
        <p className="answer-progress" aria-hidden="true">
          <span className="ql-spinner answer-progress-spinner" /> Recherche des sources officielles et rédaction de la
          réponse…
        </p>
      )}
      {choices && onChoose && <AnswerChoicesView choices={choices} chosen={chosen} onChoose={onChoose} />}
      <AnswerSections sections={sections} streaming={streaming} />
      <SourcesList sources={sources} />
      {dataDate && <DataFreshness dataDate={dataDate} sources={sources} />}
      <AnswerNotice />
    </div>
  );
}

/** « Réponse Légale »: the streamed answer to the question asked, its actions, the device history. */
export function ReponseLegalePage() {
  const { questionText, setQuestionText, refreshProfile, decrementCredits, user } = useAuth();
  // The /app routes render only for a signed-in user.
  const userId = user?.id ?? '';
  const navigate = useNavigate();
  const [history, setHistory] = useState<StoredAnswer[]>(() => readHistory(userId));
  const [keep, setKeep] = useState(() => keepsHistoryOnDevice(userId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The clock for « data older than a year », read once when the screen opens.
  const [now] = useState(() => Date.now());

  const { view, retry, show } = useAnswerStream(questionText, userId, {
    onDone(stored) {
      saveCurrentAnswer(userId, stored);
      setHistory(addToHistory(userId, stored));
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

  // The answer stays kept for this tab and in the history: Back shows it again.
  function handleNewQuestion() {
    setQuestionText(null);
    void navigate(NEW_QUESTION_ROUTE);
  }

  function handleShow(item: StoredAnswer) {
    saveCurrentAnswer(userId, item);
    show(item);
    headingRef.current?.focus();
  }

  function handleChoose(label: string | undefined) {
    if (view.kind !== 'done') return;
    const next: StoredAnswer = { ...view.stored };
    if (label === undefined) delete next.chosenCase;
    else next.chosenCase = label;
    saveCurrentAnswer(userId, next);
    setHistory(updateInHistory(userId, next));
    show(next);
  }

  function handleClearHistory() {
    clearHistory(userId);
    setHistory([]);
  }

  function handleKeepChange(value: boolean) {
    setKeepHistoryOnDevice(userId, value);
    setKeep(value);
  }

  function handleRetry() {
    if (view.kind === 'error') setQuestionText(view.question);
    decrementCredits();
    retry();
  }

  const question =
    view.kind === 'streaming' || view.kind === 'error' ? view.question : view.kind === 'done' ? view.stored.question : null;

  let body: AnswerBodyProps | null = null;
  if (view.kind === 'streaming') {
    body = {
      urgent: Boolean(view.meta?.urgent ?? view.sources?.urgent),
      sections: view.sections,
      sources: view.sources?.sources ?? [],
      dataDate: view.sources?.dataDate ?? view.meta?.dataDate ?? null,
      streaming: true,
      choices: null, // the buttons appear with the complete answer
      chosen: undefined,
      now,
    };
  } else if (view.kind === 'done') {
    const { answer } = view.stored;
    const option = chosenOption(view.stored);
    body = {
      urgent: answer.urgent,
      sections: option ? option.sections : answer.sections,
      sources: answer.sources,
      dataDate: answer.dataDate || null,
      streaming: false,
      choices: answer.choices ?? null,
      chosen: option?.label,
      onChoose: handleChoose,
      now,
    };
  }

  // The emergency numbers come first, above the title (on a phone, the first thing on the screen): from the
  // question itself at once (the same detection as the server's, no waiting for the network), or from the
  // server's flag.
  const questionRevealsDanger = useMemo(() => question !== null && dangerKind(question) !== null, [question]);
  const urgent = questionRevealsDanger || body?.urgent === true;

  return (
    <section className="ql-container ql-section answer-page" aria-labelledby="reponse-title">
      {urgent && <EmergencyBlock />}
      <h1 id="reponse-title" className="ql-section-title" ref={headingRef} tabIndex={-1}>
        Réponse Légale
      </h1>

      {question !== null && (
        <div className="answer-question">
          <h2 className="answer-question-label">Votre question</h2>
          <blockquote className="answer-question-text">{question}</blockquote>
        </div>
      )}

      {view.kind === 'done' && <AnswerActions stored={view.stored} onNewQuestion={handleNewQuestion} placement="top" />}

      {view.kind === 'empty' && (
        <div className="answer-empty ql-card">
          <p>Vous n'avez pas encore posé de question sur cet onglet.</p>
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
          <AnswerActions stored={view.stored} onNewQuestion={handleNewQuestion} placement="bottom" />
          <AnswerFeedback key={view.stored.answeredAt} mode={view.stored.answer.mode} />
        </>
      )}

      <AnswerHistory
        items={history}
        current={view.kind === 'done' ? view.stored : null}
        onShow={handleShow}
        onClear={handleClearHistory}
        keep={keep}
        onKeepChange={handleKeepChange}
      />
    </section>
  );
}
