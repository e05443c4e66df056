import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { DRAFT_KEY } from '../../lib/device-data';
import { QuestionForm, type QuestionFormProps } from './question-form';
import { renderAtHome } from './test-utils';

/** The question form's danger path, its long-paste notice, and links in a question. */

const HREFS = ['tel:17', 'tel:112', 'sms:114', 'tel:3919', 'tel:119', 'tel:3114'];
const FRENCH_QUESTION = "Mon propriétaire refuse de me rendre mon dépôt de garantie depuis trois mois, est-ce qu'il a le droit ?";

function setup(overrides: Partial<QuestionFormProps> = {}) {
  const props: QuestionFormProps = {
    status: 'authenticated',
    credits: 3,
    setQuestionText: vi.fn(),
    decrementCredits: vi.fn(),
    ...overrides,
  };
  const view = renderAtHome(<QuestionForm {...props} />);
  const textarea = screen.getByRole('textbox', { name: 'Votre question juridique' }) as HTMLTextAreaElement;
  return { ...view, props, textarea };
}

/** The emergency block's links, once shown. */
async function emergencyLinks(): Promise<string[]> {
  const heading = await screen.findByRole('heading', { name: 'En cas de danger, appelez immédiatement' });
  const block = heading.closest('section');
  if (!block) throw new Error('no emergency block');
  return within(block).getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
}

function words(n: number, prefix = 'mot'): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join(' ');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('QuestionForm: a question that reveals danger', () => {
  it.each(['il me frappe', 'au secours il me tape', 'je veux mourir', 'mon père me bat', 'mon mari me frappe'])(
    'signed out, « %s » shows the numbers at once, asks nothing of the network and stays here',
    async (question) => {
      const fetchSpy = vi.fn();
      vi.stubGlobal('fetch', fetchSpy);
      const user = userEvent.setup();
      const { router, props, textarea } = setup({ status: 'anonymous', credits: null });
      await user.type(textarea, question);
      await user.click(screen.getByRole('button', { name: 'Analyse' }));
      expect(await emergencyLinks()).toEqual(HREFS);
      // The numbers come before the question field, and nobody is sent to the login page.
      const block = screen.getByRole('heading', { name: /En cas de danger/ });
      expect(block.compareDocumentPosition(textarea) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(props.setQuestionText).not.toHaveBeenCalled();
      expect(props.decrementCredits).not.toHaveBeenCalled();
      expect(screen.queryByText(MESSAGES.notFrench)).toBeNull();
      // The legal answer stays one click away, the question kept for this tab.
      expect(screen.getByRole('link', { name: 'Recevoir une réponse juridique' }).getAttribute('href')).toBe('/login?redirect=/app/question');
      expect(window.sessionStorage.getItem(DRAFT_KEY)).toBe(question);
    },
  );

  it('shows the numbers while the session is still loading', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup({ status: 'loading', credits: null });
    await user.type(textarea, 'il va me tuer');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await emergencyLinks()).toEqual(HREFS);
    expect(router.state.location.pathname).toBe('/');
  });

  it('signed in without credits, sends the short form to the answer page, free (no credit check, no decrement)', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup({ credits: 0 });
    await user.type(textarea, 'mon mari me frappe');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith('mon mari me frappe'));
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(props.decrementCredits).not.toHaveBeenCalled();
  });

  it('does not take an ordinary question for one (it still goes to the login page signed out)', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup({ status: 'anonymous', credits: null });
    await user.type(textarea, 'Mon voisin tape sur le mur tous les soirs, que faire ?');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('heading', { name: /En cas de danger/ })).toBeNull();
  });
});

describe('QuestionForm: a long paste', () => {
  const ASKING = 'Puis-je contester ce licenciement devant les prudhommes ?';
  // 500 words of a French story (numbered so the quotes are checkable), then the asking sentence, then more.
  const STORY = Array.from({ length: 50 }, (_, i) => `Mon employeur m'a convoqué le jour ${i + 1} sans me prévenir.`).join(' ');
  const PASTE = `${STORY} ${ASKING} ${words(128, 'suite')}`;

  it('says that the end was cut and where, and sends nothing on the first « Analyse »', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    expect(STORY.split(' ')).toHaveLength(500);
    fireEvent.change(textarea, { target: { value: PASTE } });
    expect(textarea.value).toBe(STORY);
    // The specification's notice, unchanged…
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.wordLimit);
    // …and where the text was cut: the last words kept, the first words removed, how many.
    const notice = document.getElementById(textarea.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-cut')) ?? '');
    expect(notice?.textContent).toContain('La fin de votre texte a été coupée à 500 mots (136 mots retirés).');
    expect(notice?.textContent).toContain("s'arrête à «\u00a0…m'a convoqué le jour 50 sans me prévenir.\u00a0»");
    expect(notice?.textContent).toContain('commençait par «\u00a0Puis-je contester ce licenciement devant les prudhommes ?…\u00a0»');

    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Rien n'a été envoyé");
    expect(props.setQuestionText).not.toHaveBeenCalled();
    expect(props.decrementCredits).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');

    // Asked again, having seen it: sent as kept.
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith(STORY));
  });

  it('sends at once once the person has shortened the text themselves', async () => {
    const user = userEvent.setup();
    const { props, textarea } = setup();
    fireEvent.change(textarea, { target: { value: PASTE } });
    const shortened = `Mon employeur m'a licencié sans entretien préalable. ${ASKING}`;
    fireEvent.change(textarea, { target: { value: shortened } });
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith(shortened));
    expect(screen.queryByText(/Rien n'a été envoyé/)).toBeNull();
  });

  it('shows the numbers when only the removed end reveals danger', async () => {
    const user = userEvent.setup();
    const { router, textarea } = setup({ status: 'anonymous', credits: null });
    fireEvent.change(textarea, { target: { value: `${words(500)} et ce soir il va me tuer` } });
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await emergencyLinks()).toEqual(HREFS);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('QuestionForm: links and e-mail addresses', () => {
  it('accepts a question with a long link and an address, and sends it as typed', async () => {
    const user = userEvent.setup();
    const { router, props, textarea } = setup();
    const question = `${FRENCH_QUESTION} Il m'écrit depuis proprietaire.dupont@exemple-mail.fr, voir https://www.service-public.fr/particuliers/vosdroits/F31269?mode=complet`;
    fireEvent.change(textarea, { target: { value: question } });
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(props.setQuestionText).toHaveBeenCalledWith(question));
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(screen.queryByText(MESSAGES.wordTooLong)).toBeNull();
  });
});
