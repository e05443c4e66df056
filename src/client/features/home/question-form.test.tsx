import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { QUESTION_EXAMPLES, QuestionForm, type QuestionFormProps } from './question-form';
import { renderAtHome } from './test-utils';
import { DRAFT_KEY } from '../../lib/device-data';

const FRENCH_QUESTION =
  "Mon propriétaire refuse de me rendre mon dépôt de garantie depuis trois mois, est-ce qu'il a le droit ?";
const ENGLISH_QUESTION = 'My landlord refuses to give back my deposit after three months, is he allowed to do that?';

function setup(overrides: Partial<QuestionFormProps> = {}) {
  const props: QuestionFormProps = {
    status: 'authenticated',
    credits: 3,
    setQuestionText: vi.fn(),
    decrementCredits: vi.fn(),
    ...overrides,
  };
  const view = renderAtHome(<QuestionForm {...props} />);
  const textarea = screen.getByRole('textbox', { name: 'Votre question juridique' });
  return { ...view, props, textarea: textarea as HTMLTextAreaElement };
}

function words(n: number, prefix = 'mot'): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join(' ');
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('QuestionForm: placeholder animation', () => {
  it('types the first example at 50 ms per character and stops when the textarea gets the focus', () => {
    vi.useFakeTimers();
    const { textarea } = setup();
    const first = QUESTION_EXAMPLES[0] ?? '';
    expect(QUESTION_EXAMPLES).toHaveLength(4);
    expect(textarea.placeholder).toBe('');
    for (let i = 0; i < 3; i++) {
      act(() => {
        vi.advanceTimersByTime(50);
      });
    }
    expect(textarea.placeholder).toBe(first.slice(0, 3));

    fireEvent.focus(textarea);
    expect(textarea.placeholder).toBe(first);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(textarea.placeholder).toBe(first);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('QuestionForm: word counter and limit', () => {
  it('counts the words as the user types', async () => {
    const user = userEvent.setup();
    const { textarea } = setup();
    expect(screen.getByText('Mots: 0/500')).toBeTruthy();
    await user.type(textarea, 'Mon   voisin fait\ndu bruit');
    expect(screen.getByText('Mots: 5/500')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.wordLimit)).toBeNull();
  });

  it('truncates a longer text to 500 words and shows the notice', () => {
    const { textarea } = setup();
    fireEvent.change(textarea, { target: { value: words(620) } });
    expect(textarea.value).toBe(words(500));
    expect(screen.getByText('Mots: 500/500')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Limite de mots atteinte (500 mots maximum).');
  });

  it('truncates pasted text to 500 words', async () => {
    const user = userEvent.setup();
    const { textarea } = setup();
    await user.click(textarea);
    await user.type(textarea, 'Bonjour ');
    await user.paste(words(700, 'collé'));
    expect(textarea.value).toBe(`Bonjour ${words(499, 'collé')}`);
    expect(screen.getByText('Mots: 500/500')).toBeTruthy();
    expect(screen.getByText(MESSAGES.wordLimit)).toBeTruthy();
  });

  it('blocks further typing at the limit but keeps deletion, navigation and shortcuts', async () => {
    const user = userEvent.setup();
    const { textarea } = setup();
    fireEvent.change(textarea, { target: { value: words(500) } });

    // fireEvent returns false when the handler called preventDefault()
    expect(fireEvent.keyDown(textarea, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(textarea, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(textarea, { key: 'Enter' })).toBe(false);
    for (const key of ['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'Tab', 'Escape']) {
      expect(fireEvent.keyDown(textarea, { key }), key).toBe(true);
    }
    expect(fireEvent.keyDown(textarea, { key: 'a', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(textarea, { key: 'c', metaKey: true })).toBe(true);

    // real typing: letters are refused, Backspace works and typing is possible again below the limit
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    await user.type(textarea, ' encore', { initialSelectionStart: textarea.value.length });
    expect(textarea.value).toBe(words(500));
    // "mot500" and the space before it: 7 characters
    await user.type(textarea, '{Backspace>7/}', {
      initialSelectionStart: textarea.value.length,
    });
    expect(textarea.value).toBe(words(499));
    expect(screen.getByText('Mots: 499/500')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.wordLimit)).toBeNull();
    expect(fireEvent.keyDown(textarea, { key: 'a' })).toBe(true);
  });
});

describe('QuestionForm: attachment', () => {
  it('only alerts that the feature is not available yet', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { router } = setup();
    await user.click(screen.getByRole('button', { name: 'Joindre un document' }));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      'Non disponible dans la version de test - Cette fonctionnalité sera disponible prochainement.',
    );
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('QuestionForm: signed out', () => {
  it('lets a visitor click and type before signing in, keeping the draft on the device (this tab)', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup({ status: 'anonymous', credits: null });
    await user.click(textarea);
    expect(router.state.location.pathname).toBe('/');
    await user.type(textarea, 'Mon bail');
    expect(textarea.value).toBe('Mon bail');
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBe('Mon bail');
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends a submit to /login?redirect=/app/question with the draft kept, without spending a credit', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup({ status: 'anonymous', credits: null });
    await user.type(textarea, FRENCH_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/app/question');
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBe(FRENCH_QUESTION);
    expect(props.decrementCredits).not.toHaveBeenCalled();
    expect(props.setQuestionText).not.toHaveBeenCalled();
  });

  it('gives the draft back once signed in, says so, and forgets it when the question is sent', async () => {
    window.sessionStorage.setItem(DRAFT_KEY, FRENCH_QUESTION);
    const user = userEvent.setup();
    const { props, textarea, router } = setup();
    expect(textarea.value).toBe(FRENCH_QUESTION);
    expect(screen.getByText(/Votre question a été gardée pendant la connexion/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith(FRENCH_QUESTION));
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('does not redirect a keyboard user who tabs into the textarea', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup({ status: 'anonymous', credits: null });
    await user.tab();
    expect(document.activeElement).toBe(textarea);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('QuestionForm: signed in', () => {
  it('refuses an empty question', async () => {
    const user = userEvent.setup();
    const { router, props } = setup();
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir votre question.');
    expect(router.state.location.pathname).toBe('/');
    expect(props.decrementCredits).not.toHaveBeenCalled();
  });

  it('refuses a question that is not in French', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    await user.type(textarea, ENGLISH_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Le texte saisi ne semble pas être en français. Veuillez saisir votre question en français.',
    );
    expect(alert.classList.contains('ql-error-box')).toBe(true);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/');
    expect(props.setQuestionText).not.toHaveBeenCalled();
    expect(props.decrementCredits).not.toHaveBeenCalled();

    // editing the text clears the error
    await user.type(textarea, ' ');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses, with the server\'s messages, more than 6,000 characters and a word of more than 40', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    // 300 words of 25 letters: within the word limit, beyond the character limit.
    fireEvent.change(textarea, { target: { value: `${FRENCH_QUESTION} ${'anticonstitutionnellement '.repeat(300)}` } });
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.questionTooLong);

    // A run of 41 characters that is neither a link nor an address (those are accepted: see below).
    fireEvent.change(textarea, { target: { value: `${FRENCH_QUESTION} ${'voir-aussi-'.repeat(4)}etc` } });
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.wordTooLong));
    expect(router.state.location.pathname).toBe('/');
    expect(props.setQuestionText).not.toHaveBeenCalled();
    expect(props.decrementCredits).not.toHaveBeenCalled();
  });

  it('asks the server about a short question that fails the score, and follows its verdict', async () => {
    const calls: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { question: string };
      calls.push({ url, method: init.method, body });
      const known = body.question === 'licenciement abusif';
      return new Response(JSON.stringify(known ? { ok: true } : { ok: false, code: 'not_french', message: MESSAGES.notFrench }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    await user.type(textarea, 'blorp zorg');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.notFrench);
    expect(props.setQuestionText).not.toHaveBeenCalled();

    await user.clear(textarea);
    await user.type(textarea, 'licenciement abusif');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith('licenciement abusif'));
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    // A POST with a JSON body: the question never appears in a URL.
    expect(calls).toEqual([
      { url: '/api/search/question-check', method: 'POST', body: { question: 'blorp zorg' } },
      { url: '/api/search/question-check', method: 'POST', body: { question: 'licenciement abusif' } },
    ]);
    vi.unstubAllGlobals();
  });

  it('refuses a short text with a frequent foreign word at once, without asking the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    const { textarea } = setup();
    await user.type(textarea, 'the divorce');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.notFrench);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('stores the question, spends one credit and opens the answer screen', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    await user.type(textarea, `  ${FRENCH_QUESTION}  `);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledTimes(1));
    expect(props.setQuestionText).toHaveBeenCalledWith(FRENCH_QUESTION);
    expect(props.decrementCredits).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not navigate away when the signed-in user clicks the textarea', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup();
    await user.click(textarea);
    expect(router.state.location.pathname).toBe('/');
  });

  it('says before any typing that there is no credit left, how to get some, and where free help is', () => {
    setup({ credits: 0 });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain("Vous n'avez plus de crédit");
    expect(within(note).getByRole('link', { name: 'contact@questionlegale.info' }).getAttribute('href')).toBe('mailto:contact@questionlegale.info');
    expect(within(note).getByRole('link', { name: 'ressources officielles' }).getAttribute('href')).toBe('/#references');
    expect(within(note).getByRole('link', { name: /trouvez un professionnel/ }).getAttribute('href')).toBe('/#professionnels');
  });

  it('does not say it with credits left', () => {
    setup({ credits: 1 });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('does not charge a user who has no credit left and points to free help', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup({ credits: 0 });
    await user.type(textarea, FRENCH_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Vous n'avez plus de crédit");
    // Said once: the note above the field gives way to the alert.
    expect(screen.getAllByText(/Vous n'avez plus de crédit/)).toHaveLength(1);
    expect(screen.queryByRole('note')).toBeNull();
    expect(props.decrementCredits).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('does nothing while the session is still loading', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup({ status: 'loading', credits: null });
    await user.click(textarea);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(router.state.location.pathname).toBe('/');
    expect(props.decrementCredits).not.toHaveBeenCalled();
  });
});
