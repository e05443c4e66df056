import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { QuestionCheckRequest } from '../../../common/api/search';
import { MESSAGES } from '../../../common/messages';
import { describeCut } from '../../../common/question-cut';
import { dangerKind } from '../../../common/urgency';
import { MAX_QUESTION_CHARS, MAX_WORDS, countWords } from '../../../common/words';
import { getPublicConfig } from '../../lib/config';
import { clearDraft, readDraft, saveDraft } from '../../lib/device-data';
import { QuestionCutNotice, type FormCut } from './question-cut-notice';
import { QuestionEmergency, showAtTop } from './question-emergency';
import './question-form.css';

/** The French score's word lists load on demand (first keystroke or submit), not with the home page. */
const loadQuestionRules = () => import('../../../common/question');

export const QUESTION_CHECK_URL = '/api/search/question-check';

/**
 * A short question (one to three words) that fails the score: the server says whether the corpus knows its
 * words. When it cannot be asked, the question goes on (the answers API applies the same rule, free of charge).
 * Sent as a JSON body, never in the URL (access logs, proxies and history keep URLs).
 */
async function corpusKnows(question: string): Promise<boolean> {
  try {
    const request: QuestionCheckRequest = { question };
    const response = await fetch(QUESTION_CHECK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
    if (!response.ok) return true;
    const body = (await response.json()) as unknown;
    return !(typeof body === 'object' && body !== null && 'ok' in body && body.ok === false);
  } catch {
    return true;
  }
}
import { useTypewriterPlaceholder } from './use-typewriter-placeholder';

export type HomeAuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** Four realistic questions shown in turn in the placeholder (examples of what to ask). */
export const QUESTION_EXAMPLES: readonly string[] = [
  "Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie. Que puis-je faire\u202f?",
  'Mon employeur peut-il modifier mes horaires de travail sans mon accord\u202f?',
  'Mon voisin fait du bruit tous les soirs après 22 heures. Quels sont mes recours\u202f?',
  "J'ai reçu une amende pour un excès de vitesse que je n'ai pas commis. Comment la contester\u202f?",
];

/**
 * Submitting while signed out keeps the draft on this device (tab) and goes to the login page, which sends
 * the visitor back to the question form, draft restored, once signed in (or registered then signed in).
 */
export const LOGIN_FROM_SUBMIT = '/login?redirect=/app/question';
export const ANSWER_ROUTE = '/app/reponse-legale';

/** Keys still accepted once the word limit is reached (navigation, deletion, focus). */
const ALLOWED_KEYS_AT_LIMIT = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Escape',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'CapsLock',
]);

export interface QuestionFormProps {
  status: HomeAuthStatus;
  credits: number | null;
  setQuestionText: (text: string | null) => void;
  decrementCredits: () => void;
  /** Called with the text after each change (the /app/question page looks up related fiches with it). */
  onTextChange?: (text: string) => void;
}

type FormError = 'empty' | 'notFrench' | 'wordLimit' | 'tooLong' | 'longWord' | 'noCredits' | 'cut';

/** The shared rule's verdicts (src/common/question.ts), as the form names them. */
const FORM_ERROR_OF = {
  empty: 'empty',
  too_long: 'tooLong',
  long_word: 'longWord',
  too_many_words: 'wordLimit',
  not_french: 'notFrench',
} as const satisfies Record<string, FormError>;

/** How to get credits, and free help meanwhile (shown before typing at 0 credits, and on submit). */
export function NoCreditsText() {
  const email = getPublicConfig().contactEmail;
  return (
    <>
      Vous n'avez plus de crédit&#8239;: une nouvelle question ne peut pas être envoyée pour le moment, et rien ne vous
      sera facturé. Pour obtenir des crédits, écrivez à <a href={`mailto:${email}`}>{email}</a> depuis l'adresse
      e-mail de votre compte. En attendant, l'aide juridique gratuite reste possible&#8239;: consultez les{' '}
      <Link to="/#references">ressources officielles</Link> (point-justice, aide juridictionnelle) ou{' '}
      <Link to="/#professionnels">trouvez un professionnel près de chez vous</Link>.
    </>
  );
}

function ErrorContent({ error }: { error: FormError }) {
  switch (error) {
    case 'empty':
      return <>{MESSAGES.emptyQuestion}</>;
    case 'notFrench':
      return <>{MESSAGES.notFrench}</>;
    case 'wordLimit':
      return <>{MESSAGES.wordLimit}</>;
    case 'tooLong':
      return <>{MESSAGES.questionTooLong}</>;
    case 'longWord':
      return <>{MESSAGES.wordTooLong}</>;
    case 'noCredits':
      return <NoCreditsText />;
    case 'cut':
      return (
        <>
          Rien n'a été envoyé&#8239;: la fin de votre texte a été coupée à {MAX_WORDS} mots (voir sous la zone de
          saisie). Vérifiez que votre question figure dans le texte gardé, puis cliquez de nouveau sur « Analyse ».
        </>
      );
  }
}

/**
 * The home page question form (checked as French before it is sent). Also usable on /app/question.
 * - A question that reveals danger (src/common/urgency.ts, run here before anything else) shows the
 *   emergency numbers at once, at the top of the form scrolled to the top of the screen, whatever the
 *   session: signed out, nothing is sent and nobody is sent to the login page (the numbers need no account);
 *   signed in, the question goes to the answer page, free of charge, where the numbers come first again.
 * - A text longer than MAX_WORDS words is cut (the specification's notice) and the form says where, under
 *   the text; the first « Analyse » after a cut the person has not edited sends nothing and says so.
 */
export function QuestionForm({ status, credits, setQuestionText, decrementCredits, onTextChange }: QuestionFormProps) {
  const navigate = useNavigate();
  const { placeholder, stop } = useTypewriterPlaceholder(QUESTION_EXAMPLES);
  // A question typed before signing in comes back here (kept for this tab only).
  const [restored] = useState(() => readDraft());
  const [text, setText] = useState(restored ?? '');
  const [error, setError] = useState<FormError | null>(null);
  const [cut, setCut] = useState<FormCut | null>(null);
  // How many times the numbers were asked for (each submit that reveals danger scrolls them into view again).
  const [emergencyShown, setEmergencyShown] = useState(0);
  const emergencyRef = useRef<HTMLElement>(null);
  const ids = useId();
  const textareaId = `${ids}-question`;
  const counterId = `${ids}-counter`;
  const hintId = `${ids}-hint`;
  const noticeId = `${ids}-notice`;
  const cutId = `${ids}-cut`;

  useEffect(() => {
    const block = emergencyRef.current;
    if (emergencyShown > 0 && block) showAtTop(block);
  }, [emergencyShown]);

  const words = countWords(text);
  const atLimit = words >= MAX_WORDS;
  const signedOut = status === 'anonymous';
  const outOfCredits = status === 'authenticated' && credits !== null && credits <= 0;
  // The out-of-credits text is said once: above the field before sending, in the alert after « Analyse ».
  const noCreditsHint = outOfCredits && error !== 'noCredits';

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const value = event.target.value;
    const cutNow = countWords(value) > MAX_WORDS ? describeCut(value, MAX_WORDS) : null;
    const next = cutNow ? cutNow.kept : value;
    if (cutNow) {
      // Danger told only in the removed end still shows the numbers (read up to the question's own bound).
      const removed = value.slice(cutNow.kept.length, cutNow.kept.length + MAX_QUESTION_CHARS);
      setCut({ ...cutNow, removedRevealsDanger: dangerKind(removed) !== null, edited: false, confirmed: false });
    } else if (value.trim() === '') {
      setCut(null); // nothing left of the cut text
    } else if (cut && !cut.edited) {
      setCut({ ...cut, edited: true });
    }
    setText(next);
    onTextChange?.(next);
    if (status !== 'authenticated') saveDraft(next);
    setError(null);
    loadQuestionRules().catch(() => undefined); // warm the French check before the submit needs it (offline: later)
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!atLimit) return;
    if (event.ctrlKey || event.metaKey) return; // select all, copy, cut, paste (truncated in onChange)…
    if (ALLOWED_KEYS_AT_LIMIT.has(event.key)) return;
    event.preventDefault();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  async function submit() {
    const question = text.trim();
    // Danger first, before the session, the credits or any rule: the numbers need nothing else.
    const danger = question !== '' && dangerKind(question) !== null;
    if (danger || cut?.removedRevealsDanger === true) {
      setError(null);
      setEmergencyShown((n) => n + 1);
      if (status !== 'authenticated') {
        saveDraft(text); // kept for this tab: the visitor may still sign in for the legal answer
        return;
      }
      if (danger) return askDanger(question);
    }
    if (status === 'loading') return; // the session is not known yet: do nothing rather than guess
    if (cut && !cut.edited && !cut.confirmed) {
      setCut({ ...cut, confirmed: true });
      return setError('cut');
    }
    if (status === 'anonymous') {
      saveDraft(text);
      void navigate(LOGIN_FROM_SUBMIT);
      return;
    }
    if (question === '') return setError('empty');
    // The server's own rule, in the same order and with the same messages (length first); a short question
    // that fails the French score passes when the corpus knows its words.
    const { validateQuestion, isShortQuestionCandidate } = await loadQuestionRules();
    const valid = validateQuestion(question);
    if (!valid.ok && !(valid.code === 'not_french' && isShortQuestionCandidate(question) && (await corpusKnows(question)))) {
      return setError(FORM_ERROR_OF[valid.code]);
    }
    if (credits !== null && credits <= 0) return setError('noCredits');
    setError(null);
    clearDraft();
    setQuestionText(question);
    decrementCredits();
    void navigate(ANSWER_ROUTE);
  }

  /**
   * A signed-in question that reveals danger: never refused for its language score or its shortness (the
   * shared rule knows), never charged (no credit check, no local decrement), answered on the answer page.
   */
  async function askDanger(question: string) {
    // Offline, the rules cannot load: the numbers stay on screen, nothing else happens.
    const rules = await loadQuestionRules().catch(() => null);
    if (!rules) return;
    const valid = rules.validateQuestion(question);
    if (!valid.ok) return setError(FORM_ERROR_OF[valid.code]);
    clearDraft();
    setQuestionText(question);
    void navigate(ANSWER_ROUTE);
  }

  const describedBy = [counterId, signedOut || noCreditsHint || restored ? hintId : null, atLimit ? noticeId : null, cut ? cutId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form id="analyse" className="home-form" onSubmit={handleSubmit} noValidate aria-label="Poser une question juridique">
      {emergencyShown > 0 && <QuestionEmergency ref={emergencyRef} signedOut={status !== 'authenticated'} loginTo={LOGIN_FROM_SUBMIT} />}
      <label htmlFor={textareaId} className="home-form-label">
        Votre question juridique
      </label>
      {signedOut && (
        <p id={hintId} className="home-form-hint">
          Écrivez votre question&#8239;: à l'envoi, vous vous connecterez ou créerez un compte gratuit (trois questions
          offertes), et elle vous attendra ici.
        </p>
      )}
      {noCreditsHint && (
        <div id={hintId} className="home-form-hint home-form-no-credits" role="note">
          <NoCreditsText />
        </div>
      )}
      {!signedOut && !outOfCredits && restored && (
        <p id={hintId} className="home-form-hint">
          Votre question a été gardée pendant la connexion&#8239;: relisez-la puis cliquez sur « Analyse ».
        </p>
      )}
      <textarea
        id={textareaId}
        name="question"
        className="home-form-textarea"
        rows={6}
        value={text}
        placeholder={placeholder}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onFocus={stop}
        aria-describedby={describedBy}
        aria-invalid={error !== null && error !== 'noCredits' ? true : undefined}
      />
      <div className="home-form-meta">
        <span id={counterId} className={atLimit ? 'home-form-counter home-form-counter-limit' : 'home-form-counter'}>
          Mots: {words}/{MAX_WORDS}
        </span>
        <span id={noticeId} className="home-form-notice" role="status">
          {atLimit ? MESSAGES.wordLimit : ''}
        </span>
      </div>
      {cut && <QuestionCutNotice id={cutId} cut={cut} />}
      {error && (
        <div className="ql-error-box home-form-error" role="alert">
          <ErrorContent error={error} />
        </div>
      )}
      <div className="home-form-actions">
        <button
          type="button"
          className="ql-btn ql-btn-outline home-form-attach"
          onClick={() => window.alert(MESSAGES.attachment)}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18" className="home-icon-inline">
            <path
              d="M21.44 11.05 12.25 20.24a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Joindre un document
        </button>
        <button type="submit" className="ql-btn ql-btn-primary home-form-submit">
          Analyse
        </button>
      </div>
    </form>
  );
}
