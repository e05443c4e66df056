import { useCallback, useEffect, useReducer, useRef } from 'react';
import { SECTION_IDS, type Answer, type AnswerChoices, type AnswerSection, type SseMeta, type SseSources } from '../../../common/api/answers';
import { readCity } from '../../lib/city';
import { AnswerError, streamAnswer } from './answer-stream';
import { readCurrentAnswer, type StoredAnswer } from './answer-storage';

/** What the answer screen shows. */
export type AnswerView =
  | { kind: 'empty' }
  | {
      kind: 'streaming';
      question: string;
      attempt: number;
      meta: SseMeta | null;
      sections: AnswerSection[];
      choices: AnswerChoices | null;
      sources: SseSources | null;
    }
  | { kind: 'done'; stored: StoredAnswer }
  | { kind: 'error'; question: string; attempt: number; error: AnswerError };

type Action =
  | { type: 'meta'; meta: SseMeta }
  | { type: 'section'; section: AnswerSection }
  | { type: 'choices'; choices: AnswerChoices }
  | { type: 'sources'; sources: SseSources }
  | { type: 'reset' }
  | { type: 'done'; stored: StoredAnswer }
  | { type: 'error'; error: AnswerError }
  | { type: 'retry' }
  | { type: 'show'; stored: StoredAnswer }
  | { type: 'clear' };

function upsert(sections: readonly AnswerSection[], section: AnswerSection): AnswerSection[] {
  return [...sections.filter((s) => s.id !== section.id), section];
}

function reducer(view: AnswerView, action: Action): AnswerView {
  switch (action.type) {
    case 'meta':
      return view.kind === 'streaming' ? { ...view, meta: action.meta } : view;
    case 'section':
      return view.kind === 'streaming' ? { ...view, sections: upsert(view.sections, action.section) } : view;
    case 'choices':
      return view.kind === 'streaming' ? { ...view, choices: action.choices } : view;
    case 'sources':
      return view.kind === 'streaming' ? { ...view, sources: action.sources } : view;
    case 'reset':
      return view.kind === 'streaming' ? { ...view, sections: [], choices: null, sources: null } : view;
    case 'done':
    case 'show':
      return { kind: 'done', stored: action.stored };
    case 'error':
      return view.kind === 'streaming'
        ? { kind: 'error', question: view.question, attempt: view.attempt, error: action.error }
        : view;
    case 'retry':
      return view.kind === 'error'
        ? { kind: 'streaming', question: view.question, attempt: view.attempt + 1, meta: null, sections: [], choices: null, sources: null }
        : view;
    case 'clear':
      return { kind: 'empty' };
  }
}

interface InitialArgs {
  questionText: string | null;
  userId: string;
}

/** On arrival: the answer being asked for, the one kept for this tab and account (reload), or nothing. */
function initialView({ questionText, userId }: InitialArgs): AnswerView {
  const stored = readCurrentAnswer(userId);
  if (questionText) {
    if (stored?.question === questionText) return { kind: 'done', stored };
    return { kind: 'streaming', question: questionText, attempt: 0, meta: null, sections: [], choices: null, sources: null };
  }
  return stored ? { kind: 'done', stored } : { kind: 'empty' };
}

/** Assembles the final answer from the events received. */
function assemble(
  question: string,
  meta: SseMeta | null,
  sections: readonly AnswerSection[],
  choices: AnswerChoices | null,
  sources: SseSources | null,
): StoredAnswer {
  const answer: Answer = {
    sections: [...sections].sort((a, b) => SECTION_IDS.indexOf(a.id) - SECTION_IDS.indexOf(b.id)),
    sources: sources?.sources ?? [],
    mode: sources?.mode ?? 'extractive',
    dataDate: sources?.dataDate ?? meta?.dataDate ?? '',
    urgent: Boolean(sources?.urgent ?? meta?.urgent),
    ...(choices ? { choices } : {}),
  };
  return { question, answer, answeredAt: new Date().toISOString() };
}

export interface AnswerStreamCallbacks {
  /** The answer is complete (not called for an answer shown from storage). */
  onDone(stored: StoredAnswer): void;
  onError(error: AnswerError): void;
}

interface Run {
  key: string;
  controller: AbortController;
  settled: boolean;
  abortTimer: number | undefined;
}

const GENERIC_FAILURE = 'Une erreur inattendue est survenue. Veuillez réessayer.';

/**
 * Drives the answer screen: starts POST /api/answers once for the question (React StrictMode mounts,
 * unmounts and mounts again: the request survives that; a real unmount before the answer is complete
 * aborts it, and the server refunds the credit), and folds its events into an {@link AnswerView}.
 */
export function useAnswerStream(questionText: string | null, userId: string, callbacks: AnswerStreamCallbacks) {
  const [view, dispatch] = useReducer(reducer, { questionText, userId }, initialView);
  const runRef = useRef<Run | null>(null);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  const question = view.kind === 'streaming' ? view.question : null;
  const streamKey = view.kind === 'streaming' ? `${view.attempt}:${view.question}` : null;

  useEffect(() => {
    if (question === null || streamKey === null) return undefined;
    let run = runRef.current;
    if (run?.key === streamKey) {
      window.clearTimeout(run.abortTimer); // mounted again at once (StrictMode): keep the request going
      run.abortTimer = undefined;
    } else {
      const started: Run = { key: streamKey, controller: new AbortController(), settled: false, abortTimer: undefined };
      run = started;
      runRef.current = started;
      const isCurrent = () => runRef.current === started;
      let meta: SseMeta | null = null;
      let sections: AnswerSection[] = [];
      let choices: AnswerChoices | null = null;
      let sources: SseSources | null = null;
      streamAnswer(question, {
        signal: started.controller.signal,
        city: readCity(),
        onMeta(m) {
          meta = m;
          if (isCurrent()) dispatch({ type: 'meta', meta: m });
        },
        onSection(section) {
          sections = upsert(sections, section);
          if (isCurrent()) dispatch({ type: 'section', section });
        },
        onChoices(c) {
          choices = c;
          if (isCurrent()) dispatch({ type: 'choices', choices: c });
        },
        onSources(s) {
          sources = s;
          if (isCurrent()) dispatch({ type: 'sources', sources: s });
        },
        onReset() {
          sections = [];
          choices = null;
          sources = null;
          if (isCurrent()) dispatch({ type: 'reset' });
        },
      }).then(
        () => {
          started.settled = true;
          if (!isCurrent()) return;
          const stored = assemble(question, meta, sections, choices, sources);
          dispatch({ type: 'done', stored });
          callbacksRef.current.onDone(stored);
        },
        (reason: unknown) => {
          started.settled = true;
          const error = reason instanceof AnswerError ? reason : new AnswerError('answer_failed', GENERIC_FAILURE);
          if (error.code === 'aborted' || !isCurrent()) return;
          dispatch({ type: 'error', error });
          callbacksRef.current.onError(error);
        },
      );
    }
    const active = run;
    return () => {
      if (!active.settled) active.abortTimer = window.setTimeout(() => active.controller.abort(), 0);
    };
  }, [question, streamKey]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  /** Shows a stored answer (from the history, or the same one with another option chosen). */
  const show = useCallback((stored: StoredAnswer) => dispatch({ type: 'show', stored }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { view, retry, show, clear };
}
