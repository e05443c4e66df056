import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_NOTICE, FEEDBACK_REASON_LABELS } from '../../../common/api/answers';
import { readCurrentAnswer as readCurrentFor, readHistory as readHistoryFor, type StoredAnswer } from './answer-storage';
import { currentAnswerKey, historyKey } from '../../lib/device-data';
import { CITY_KEY } from '../../lib/city';
import { NETWORK_MESSAGE } from './answer-stream';
import {
  ANSWER,
  ANSWER_WITH_CHOICES,
  CHOICES,
  OPEN_CASE_SECTIONS,
  QUESTION,
  SECTIONS,
  SOURCES,
  controlledStream,
  fullStream,
  jsonResponse,
  renderAnswerPage,
  sse,
  storedAnswer,
  streamResponse,
  streamWithChoices,
  stubFetch,
} from './answer-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The account of the test session (sessionFor). */
const USER_ID = 'u-1';
const CURRENT_ANSWER_KEY = currentAnswerKey(USER_ID);
const HISTORY_KEY = historyKey(USER_ID);
const readCurrentAnswer = () => readCurrentFor(USER_ID);
const readHistory = () => readHistoryFor(USER_ID);

/** Unmounts the page and renders it again from storage (a reload). */
function cleanupAndRender() {
  cleanup();
  stubFetch(() => new Response(null, { status: 204 }));
  renderAnswerPage({ question: null });
}

/** The actions above the answer (the same buttons repeat below it). */
function topActions() {
  return within(screen.getByRole('group', { name: 'Actions sur la réponse' }));
}

async function answerReady() {
  await screen.findByRole('group', { name: 'Actions sur la réponse' });
}

function answerCalls<T extends { url: string }>(calls: T[]): T[] {
  return calls.filter((c) => c.url === '/api/answers');
}

function storeCurrent(item: StoredAnswer) {
  window.sessionStorage.setItem(CURRENT_ANSWER_KEY, JSON.stringify(item));
}

/** Renders the page for the stored answer (a reload: no question in memory). */
async function renderStored(item: StoredAnswer = storedAnswer()) {
  storeCurrent(item);
  const calls = stubFetch(() => new Response(null, { status: 204 }));
  const view = renderAnswerPage({ question: null });
  await screen.findByRole('heading', { level: 2, name: 'En bref' });
  return { ...view, calls };
}

describe('ReponseLegalePage — streaming', () => {
  it('shows the question, then each section as it arrives (placeholders for the others), then the sources', async () => {
    const stream = controlledStream();
    const calls = stubFetch((call) => (call.url === '/api/answers' ? stream.response : new Response(null, { status: 204 })));
    const { source } = renderAnswerPage({ credits: 3 });

    expect(await screen.findByText(QUESTION)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('credits').textContent).toBe('2')); // the form's optimistic debit
    expect(screen.getAllByTestId(/^skeleton-/)).toHaveLength(5);

    act(() => stream.push(sse('meta', { urgent: false, dataDate: '2026-11-06' }) + sse('section', SECTIONS[0])));
    const summary = await screen.findByRole('heading', { level: 2, name: 'En bref' });
    expect(screen.queryByRole('heading', { name: 'Ce que dit la loi' })).toBeNull();
    expect(screen.queryByTestId('skeleton-summary')).toBeNull();
    expect(screen.getByTestId('skeleton-law')).toBeTruthy();
    // Only the progress is announced, never the text of the answer.
    expect(summary.closest('[aria-live]')).toBeNull();
    expect(screen.getByText('Réponse en cours…').getAttribute('role')).toBe('status');
    // Citation markers link to the numbered sources.
    const region = summary.closest('section') as HTMLElement;
    expect(within(region).getAllByRole('link', { name: 'Source 1' })[0]?.getAttribute('href')).toBe('#source-1');
    expect(within(region).getByRole('link', { name: 'Source 2' }).getAttribute('href')).toBe('#source-2');
    expect(screen.queryAllByRole('button', { name: 'Copier' })).toHaveLength(0); // actions wait for the whole answer

    source.session = { ...source.session!, credits: 2 };
    act(() => stream.push(SECTIONS.slice(1).map((s) => sse('section', s)).join('') + sse('sources', SOURCES)));
    await screen.findByRole('heading', { name: 'Quel professionnel consulter' });
    const steps = screen.getByRole('heading', { name: 'Démarches et délais' }).closest('section') as HTMLElement;
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'envoyer une lettre recommandée ;',
      'saisir la commission de conciliation ;',
      'saisir le juge.',
    ]);
    const fiche = screen.getByRole('link', { name: 'Dépôt de garantie' });
    expect(fiche.getAttribute('href')).toBe('https://www.service-public.fr/particuliers/vosdroits/F31269');
    expect(fiche.closest('li')?.id).toBe('source-1');
    expect(screen.getByRole('link', { name: 'Loi n° 89-462 du 6 juillet 1989 : article 22' }).getAttribute('href')).toBe(
      'https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000028806046',
    );
    expect(screen.getByText("Lire le texte de l'article").closest('details')?.textContent).toContain('délai maximal de deux mois');
    const freshness = screen.getByText(/^Données à jour au 6 novembre 2026/);
    expect(within(freshness).getByRole('link', { name: /Vérifier la version à jour sur service-public.fr/ }).getAttribute('href')).toBe(
      'https://www.service-public.fr/particuliers/vosdroits/F31269',
    );
    expect(screen.getByText(ANSWER_NOTICE)).toBeTruthy();

    const before = source.getSessionCalls;
    act(() => {
      stream.push(sse('done', { credits: 2 }));
      stream.close();
    });
    await answerReady();
    expect(screen.queryAllByTestId(/^skeleton-/)).toHaveLength(0);
    await waitFor(() => expect(source.getSessionCalls).toBeGreaterThan(before)); // badge refreshed from the server
    expect(screen.getByTestId('credits').textContent).toBe('2');

    // Kept for a reload (session) and in the device history (local).
    const current = readCurrentAnswer();
    expect(current?.question).toBe(QUESTION);
    expect(current?.answer).toEqual(ANSWER);
    expect(readHistory().map((h) => h.question)).toEqual([QUESTION]);
    const history = screen.getByRole('region', { name: 'Mes questions sur cet appareil' });
    expect(within(history).getByText('Vos questions et réponses ne sont conservées que sur cet appareil, pour votre compte seulement.')).toBeTruthy();
    expect(within(history).getByRole('button', { name: new RegExp('Mon propriétaire garde') })).toBeTruthy();
    expect(answerCalls(calls)).toHaveLength(1);
  });

  it('shows the emergency numbers before anything else when the question reveals danger', async () => {
    stubFetch(() => streamResponse(fullStream({ urgent: true })));
    renderAnswerPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: /En cas de danger/ })).toBeTruthy();
    const numbers = within(alert).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(numbers).toEqual(['tel:17', 'tel:112', 'sms:114', 'tel:3919', 'tel:119', 'tel:3114']);
    const summary = await screen.findByRole('heading', { level: 2, name: 'En bref' });
    expect(alert.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no emergency block for an ordinary question', async () => {
    stubFetch(() => streamResponse(fullStream({ urgent: false })));
    renderAnswerPage();
    await answerReady();
    expect(screen.queryByRole('heading', { name: /En cas de danger/ })).toBeNull();
  });

  it('asks only once under React StrictMode (mount, unmount, mount)', async () => {
    const calls = stubFetch((call) => (call.url === '/api/answers' ? streamResponse(fullStream(), 16) : new Response(null, { status: 204 })));
    renderAnswerPage({ strict: true });
    await answerReady();
    expect(screen.getByRole('heading', { name: 'Quel professionnel consulter' })).toBeTruthy();
    expect(answerCalls(calls)).toHaveLength(1);
    expect(answerCalls(calls)[0]?.signal?.aborted).toBe(false);
  });

  it('sends the city kept on the device, so that the professionals section can point to it', async () => {
    window.localStorage.setItem(CITY_KEY, 'Lyon');
    const calls = stubFetch(() => streamResponse(fullStream()));
    renderAnswerPage();
    await answerReady();
    expect(answerCalls(calls)[0]?.body).toEqual({ question: QUESTION, city: 'Lyon' });
  });

  it('aborts the request when the visitor leaves before the answer is complete', async () => {
    const stream = controlledStream();
    const calls = stubFetch(() => stream.response);
    const { router } = renderAnswerPage();
    act(() => stream.push(sse('meta', { urgent: false, dataDate: 'x' })));
    await screen.findByText(QUESTION);
    await act(() => router.navigate('/app/question'));
    await waitFor(() => expect(answerCalls(calls)[0]?.signal?.aborted).toBe(true));
  });

  it('drops the sections received before a `reset` and shows the ones that follow', async () => {
    const stream = controlledStream();
    stubFetch(() => stream.response);
    renderAnswerPage();
    act(() => stream.push(sse('meta', { urgent: false, dataDate: 'x' }) + sse('section', { id: 'summary', title: 'En bref', text: 'Brouillon abandonné.' })));
    expect(await screen.findByText('Brouillon abandonné.')).toBeTruthy();
    act(() => stream.push('event: reset\ndata: {}\n\n'));
    await waitFor(() => expect(screen.queryByText('Brouillon abandonné.')).toBeNull());
    expect(screen.getByTestId('skeleton-summary')).toBeTruthy();
    act(() => stream.push(SECTIONS.map((s) => sse('section', s)).join('') + sse('sources', SOURCES) + sse('done', { credits: 1 })));
    await answerReady();
    expect(readCurrentAnswer()?.answer.sections).toEqual(SECTIONS);
  });
});

describe('ReponseLegalePage — errors', () => {
  it('402: out of credits, nothing charged, free legal help and professionals; the badge is reloaded', async () => {
    stubFetch(() => jsonResponse(402, { error: { code: 'no_credits', message: 'Vous n’avez plus de crédit disponible.' } }));
    const { source } = renderAnswerPage({ credits: 1 });
    source.session = { ...source.session!, credits: 0 };
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Vous n’avez plus de crédit disponible.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Point-justice' }).getAttribute('href')).toBe('https://www.justice.fr/recherche/annuaires');
    expect(within(alert).getByRole('link', { name: 'Aide juridictionnelle' }).getAttribute('href')).toBe(
      'https://www.service-public.fr/particuliers/vosdroits/F18074',
    );
    expect(within(alert).getByText(/Consultations gratuites/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: /Trouver un professionnel/ }).getAttribute('href')).toBe('/#professionnels');
    await waitFor(() => expect(screen.getByTestId('credits').textContent).toBe('0'));
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(readCurrentAnswer()).toBeNull();
  });

  it('400: the server’s message and a way back to the form', async () => {
    stubFetch(() => jsonResponse(400, { error: { code: 'invalid_question', message: 'Votre question doit être rédigée en français.' } }));
    const { router } = renderAnswerPage();
    expect(await screen.findByText('Votre question doit être rédigée en français.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Modifier ma question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/question'));
  });

  it('422: outside the legal field, with examples of what can be asked', async () => {
    stubFetch(() => jsonResponse(422, { error: { code: 'out_of_scope', message: 'Votre question ne semble pas relever du droit.' } }));
    renderAnswerPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Votre question ne semble pas relever du droit.')).toBeTruthy();
    expect(within(alert).getByText(/Mon employeur peut-il modifier mes horaires/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Poser une autre question' }).getAttribute('href')).toBe('/app/question');
  });

  it('401: back to the login page, coming back to the answer afterwards', async () => {
    stubFetch(() => jsonResponse(401, { error: { code: 'unauthorized', message: 'Veuillez vous connecter.' } }));
    const { router } = renderAnswerPage();
    expect(await screen.findByText('Page de connexion')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=/app/reponse-legale');
  });

  it('network failure: the message and « Réessayer », which asks again', async () => {
    let attempt = 0;
    const calls = stubFetch((call) => {
      if (call.url !== '/api/answers') return new Response(null, { status: 204 });
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return streamResponse(fullStream());
    });
    renderAnswerPage();
    expect(await screen.findByText(NETWORK_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await answerReady();
    expect(screen.queryByText(NETWORK_MESSAGE)).toBeNull();
    expect(answerCalls(calls)).toHaveLength(2);
    expect(answerCalls(calls)[1]?.body).toEqual({ question: QUESTION });
  });

  it('an `error` event midway replaces the partial answer with the error screen', async () => {
    const text =
      sse('meta', { urgent: false, dataDate: 'x' }) +
      sse('section', SECTIONS[0]) +
      sse('error', { code: 'answer_failed', message: 'La réponse n’a pas pu être composée. Votre crédit vous a été rendu.' });
    stubFetch(() => streamResponse(text));
    renderAnswerPage();
    expect(await screen.findByText('La réponse n’a pas pu être composée. Votre crédit vous a été rendu.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'En bref' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(readCurrentAnswer()).toBeNull();
    expect(readHistory()).toEqual([]);
  });
});

describe('ReponseLegalePage — reload and history', () => {
  it('after a reload, shows the answer kept for this tab without asking again', async () => {
    const { calls } = await renderStored();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dépôt de garantie' })).toBeTruthy();
    expect(screen.queryAllByTestId(/^skeleton-/)).toHaveLength(0);
    expect(answerCalls(calls)).toHaveLength(0);
  });

  it('without a question nor a kept answer, invites to ask one', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderAnswerPage({ question: null });
    const link = await screen.findByRole('link', { name: 'Poser une question' });
    expect(link.getAttribute('href')).toBe('/app/question');
    expect(answerCalls(calls)).toHaveLength(0);
  });

  it('does not ask (nor charge) again for the question whose answer is already shown', async () => {
    storeCurrent(storedAnswer());
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { source } = renderAnswerPage({ question: QUESTION, credits: 3 });
    await screen.findByRole('heading', { level: 2, name: 'En bref' });
    await waitFor(() => expect(screen.getByTestId('credits').textContent).toBe('3'));
    expect(source.getSessionCalls).toBeGreaterThan(1);
    expect(answerCalls(calls)).toHaveLength(0);
  });

  it('lists the device history, shows an older answer on click, and erases it after confirmation', async () => {
    const older = storedAnswer('Mon employeur peut-il modifier mes horaires ?', '2026-11-01T08:05:00.000Z', {
      ...ANSWER,
      sections: [{ id: 'summary', title: 'En bref', text: 'Un changement d’horaires relève du pouvoir de direction.' }],
    });
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify([storedAnswer(), older]));
    await renderStored();
    const history = screen.getByRole('region', { name: 'Mes questions sur cet appareil' });
    const items = within(history).getAllByRole('button', { name: /\?/ });
    expect(items).toHaveLength(2);
    expect(items[1]?.textContent).toContain('1 novembre 2026 à 09:05');

    fireEvent.click(items[1]!);
    expect(await screen.findByText('Un changement d’horaires relève du pouvoir de direction.')).toBeTruthy();
    expect(screen.getByText('Mon employeur peut-il modifier mes horaires ?', { selector: 'blockquote' })).toBeTruthy();
    expect(readCurrentAnswer()?.question).toBe('Mon employeur peut-il modifier mes horaires ?');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(history).getByRole('button', { name: "Effacer l'historique de cet appareil" }));
    expect(readHistory()).toHaveLength(2);
    fireEvent.click(within(history).getByRole('button', { name: "Effacer l'historique de cet appareil" }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem(HISTORY_KEY)).toBeNull();
    expect(within(history).getByText('Aucune question enregistrée sur cet appareil.')).toBeTruthy();
  });

  it('keeps at most 20 answers, newest first', async () => {
    const many = Array.from({ length: 20 }, (_, i) => storedAnswer(`Question ancienne numéro ${i} ?`, `2026-10-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`));
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(many));
    stubFetch(() => streamResponse(fullStream()));
    renderAnswerPage();
    await answerReady();
    const history = readHistory();
    expect(history).toHaveLength(20);
    expect(history[0]?.question).toBe(QUESTION);
    expect(history[19]?.question).toBe('Question ancienne numéro 18 ?');
  });
});

describe('ReponseLegalePage — actions and feedback', () => {
  it('« Oui » sends only { helpful, mode }: no question or answer text', async () => {
    const { calls } = await renderStored();
    fireEvent.click(screen.getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Merci pour votre retour.')).toBeTruthy();
    const feedback = calls.filter((c) => c.url === '/api/feedback');
    expect(feedback).toHaveLength(1);
    expect(feedback[0]?.method).toBe('POST');
    expect(feedback[0]?.body).toEqual({ helpful: true, mode: 'extractive' });
    expect(JSON.stringify(feedback[0]?.body)).not.toContain('propriétaire');
  });

  it('« Non » asks for a reason, then sends { helpful: false, reason, mode }', async () => {
    const { calls } = await renderStored();
    fireEvent.click(screen.getByRole('button', { name: 'Non' }));
    const select = screen.getByRole('combobox', { name: 'Pourquoi\u202f?' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(Object.values(FEEDBACK_REASON_LABELS));
    fireEvent.change(select, { target: { value: 'unclear' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Merci pour votre retour.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/feedback').map((c) => c.body)).toEqual([{ helpful: false, reason: 'unclear', mode: 'extractive' }]);
  });

  it('says so when the feedback could not be sent', async () => {
    storeCurrent(storedAnswer());
    stubFetch(() => jsonResponse(500, { error: { code: 'internal', message: 'x' } }));
    renderAnswerPage({ question: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("Votre avis n'a pas pu être envoyé. Veuillez réessayer.")).toBeTruthy();
    expect(screen.queryByText('Merci pour votre retour.')).toBeNull();
  });

  it('« Copier » puts a plain-text version in the clipboard and says « Copié »', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await renderStored();
      fireEvent.click(topActions().getByRole('button', { name: 'Copier' }));
      expect(await topActions().findByRole('button', { name: 'Copié' })).toBeTruthy();
      const text = writeText.mock.calls[0]?.[0] ?? '';
      expect(text).toContain(`Votre question\u202f: ${QUESTION}`);
      expect(text).toContain('EN BREF');
      expect(text).toContain('- saisir la commission de conciliation ;');
      expect(text).toContain('[1] Dépôt de garantie — https://www.service-public.fr/particuliers/vosdroits/F31269');
      expect(text).toContain('Données à jour au 6 novembre 2026.');
      expect(text).toContain(ANSWER_NOTICE);
      expect(text).not.toMatch(/<[a-z]/);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('« Télécharger le pré-dossier (PDF) » posts the answer and saves the PDF it gets back', async () => {
    storeCurrent(storedAnswer());
    const pdfBytes = new TextEncoder().encode('%PDF-1.7 pré-dossier');
    const calls = stubFetch((call) =>
      call.url === '/api/answers/pdf'
        ? new Response(pdfBytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : new Response(null, { status: 204 }),
    );
    const created: Blob[] = [];
    const saved = { create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'), revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL') };
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:http://localhost/pdf-1';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    try {
      renderAnswerPage({ question: null });
      await answerReady();
      fireEvent.click(topActions().getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]).toEqual({ href: 'blob:http://localhost/pdf-1', download: 'pre-dossier-questionlegale.pdf' });
      expect(created[0]?.size).toBe(pdfBytes.length);
      const pdf = calls.filter((c) => c.url === '/api/answers/pdf');
      expect(pdf[0]?.method).toBe('POST');
      expect(pdf[0]?.body).toEqual({ question: QUESTION, answer: ANSWER, answeredAt: '2026-11-20T09:30:00.000Z' });
    } finally {
      for (const [name, descriptor] of [['createObjectURL', saved.create], ['revokeObjectURL', saved.revoke]] as const) {
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      }
    }
  });

  it('shows an error when the PDF cannot be generated', async () => {
    storeCurrent(storedAnswer());
    stubFetch(() => jsonResponse(500, { error: { code: 'pdf_failed', message: 'x' } }));
    renderAnswerPage({ question: null });
    await answerReady();
      fireEvent.click(topActions().getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }));
    expect(await screen.findByText(/Le pré-dossier n'a pas pu être généré/)).toBeTruthy();
  });

  it('says the server’s French reason when too many PDFs were asked (429), and the general message for a 500', async () => {
    storeCurrent(storedAnswer());
    const reason = 'Vous avez demandé beaucoup de pré-dossiers en peu de temps. Veuillez réessayer dans une minute.';
    let status = 429;
    stubFetch(() => jsonResponse(status, { error: { code: status === 429 ? 'rate_limited' : 'prefile_failed', message: status === 429 ? reason : 'Erreur interne' } }));
    renderAnswerPage({ question: null });
    await answerReady();
    fireEvent.click(topActions().getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }));
    expect((await topActions().findByRole('alert')).textContent).toBe(reason);
    status = 500;
    fireEvent.click(topActions().getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }));
    await waitFor(() => expect(topActions().getByRole('alert').textContent).toBe("Le pré-dossier n'a pas pu être généré. Veuillez réessayer dans un instant."));
  });

  it('« Imprimer » opens the print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderStored();
    fireEvent.click(topActions().getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('« Nouvelle question » goes to the form and keeps the answer: Back shows it again', async () => {
    const { router } = await renderStored();
    fireEvent.click(topActions().getByRole('button', { name: 'Nouvelle question' }));
    expect(await screen.findByText('Page de question')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/question');
    expect(readCurrentAnswer()?.question).toBe(QUESTION);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'En bref' })).toBeTruthy();
    expect(screen.getByText(QUESTION, { selector: 'blockquote' })).toBeTruthy();
  });
});

describe('ReponseLegalePage — a case left open (choices)', () => {
  const summaryText = () => screen.getByRole('heading', { level: 2, name: 'En bref' }).closest('section')?.textContent ?? '';

  it('shows the choice question and one toggle button per option once the streamed answer is complete', async () => {
    const stream = controlledStream();
    stubFetch((call) => (call.url === '/api/answers' ? stream.response : new Response(null, { status: 204 })));
    renderAnswerPage();
    act(() => stream.push(sse('meta', { urgent: false, dataDate: '2026-11-06' }) + OPEN_CASE_SECTIONS.map((s) => sse('section', s)).join('') + sse('choices', { choices: CHOICES })));
    await screen.findByRole('heading', { name: 'Quel professionnel consulter' });
    expect(screen.queryByRole('group', { name: 'Votre logement est :' })).toBeNull(); // not before the answer is complete
    act(() => stream.push(sse('sources', SOURCES) + sse('done', { credits: 2 })));
    const group = await screen.findByRole('group', { name: 'Votre logement est :' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['vide', 'false'],
      ['meublé', 'false'],
    ]);
    expect(summaryText()).toContain('dépend du type de logement');
    expect(readCurrentAnswer()?.answer.choices).toEqual(CHOICES);
    expect(readHistory()[0]?.answer.choices).toEqual(CHOICES);
  });

  it('switches the sections at once, with no new request, and keeps the chosen case for a reload and the history', async () => {
    storeCurrent(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', ANSWER_WITH_CHOICES));
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify([storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', ANSWER_WITH_CHOICES)]));
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { source } = renderAnswerPage({ question: null, credits: 3 });
    const group = await screen.findByRole('group', { name: 'Votre logement est :' });
    const before = calls.length;

    fireEvent.click(within(group).getByRole('button', { name: 'meublé' }));
    expect(summaryText()).toContain('deux mois de loyer au plus');
    expect(within(group).getByRole('button', { name: 'meublé' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'vide' }).getAttribute('aria-pressed')).toBe('false');
    // The professionals path of the chosen case's section is a real link.
    const pro = screen.getByRole('heading', { name: 'Quel professionnel consulter' }).closest('section') as HTMLElement;
    expect(within(pro).getByRole('link', { name: /recherche de professionnels/ }).getAttribute('href')).toBe('/#professionnels');
    expect(pro.textContent).not.toContain('/#professionnels');

    fireEvent.click(within(group).getByRole('button', { name: 'vide' }));
    expect(summaryText()).toContain('un mois de loyer hors charges');
    expect(readCurrentAnswer()?.chosenCase).toBe('vide');
    expect(readHistory()[0]?.chosenCase).toBe('vide');

    // Pressed again: back to the general answer.
    fireEvent.click(within(group).getByRole('button', { name: 'vide' }));
    expect(summaryText()).toContain('dépend du type de logement');
    expect(readCurrentAnswer()?.chosenCase).toBeUndefined();

    fireEvent.click(within(group).getByRole('button', { name: 'meublé' }));
    expect(calls.slice(before).filter((c) => c.url === '/api/answers')).toHaveLength(0);
    expect(source.session?.credits).toBe(3);

    // A reload shows the chosen case.
    cleanupAndRender();
    const again = await screen.findByRole('group', { name: 'Votre logement est :' });
    expect(within(again).getByRole('button', { name: 'meublé' }).getAttribute('aria-pressed')).toBe('true');
    expect(summaryText()).toContain('deux mois de loyer au plus');
  });

  it('moves between the options with the arrow keys', async () => {
    storeCurrent(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', ANSWER_WITH_CHOICES));
    stubFetch(() => new Response(null, { status: 204 }));
    renderAnswerPage({ question: null });
    const group = await screen.findByRole('group', { name: 'Votre logement est :' });
    const [vide, meuble] = within(group).getAllByRole('button');
    vide?.focus();
    fireEvent.keyDown(vide!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(meuble);
    fireEvent.keyDown(meuble!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(vide);
    fireEvent.keyDown(vide!, { key: 'End' });
    expect(document.activeElement).toBe(meuble);
  });

  it('copies and downloads the chosen case', async () => {
    storeCurrent({ ...storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', ANSWER_WITH_CHOICES), chosenCase: 'meublé' });
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stubFetch((call) =>
      call.url === '/api/answers/pdf' ? jsonResponse(500, { error: { code: 'x', message: 'x' } }) : new Response(null, { status: 204 }),
    );
    try {
      renderAnswerPage({ question: null });
      await answerReady();
      fireEvent.click(topActions().getByRole('button', { name: 'Copier' }));
      await topActions().findByRole('button', { name: 'Copié' });
      const text = writeText.mock.calls[0]?.[0] ?? '';
      expect(text).toContain('Votre logement est : meublé');
      expect(text).toContain('deux mois de loyer au plus');
      expect(text).toContain(`${window.location.origin}/#professionnels`);

      fireEvent.click(topActions().getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }));
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/answers/pdf')).toHaveLength(1));
      const body = calls.find((c) => c.url === '/api/answers/pdf')?.body as { chosenCase?: string; answer: { sections: unknown } };
      expect(body.chosenCase).toBe('meublé');
      expect(body.answer.sections).toEqual(CHOICES.options[1]?.sections);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('streams `choices` from the real event order and stores them', async () => {
    stubFetch(() => streamResponse(streamWithChoices(), 11));
    renderAnswerPage();
    await screen.findByRole('group', { name: 'Votre logement est :' });
    expect(readCurrentAnswer()?.answer).toEqual({ ...ANSWER_WITH_CHOICES });
  });
});

describe('ReponseLegalePage — freshness', () => {
  /** The answer as the server sends it today: each source with its fiche's date. */
  const dated = (dataDate: string): typeof ANSWER => ({
    ...ANSWER,
    dataDate,
    sources: ANSWER.sources.map((s, i) => ({ ...s, date: i === 0 ? '2020-11-12' : '2019-03-04' })),
  });

  it('states the date of each fiche in one line under the sources, next to the live fiche', async () => {
    await renderStored(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', dated(new Date().toISOString().slice(0, 10))));
    const line = screen.getByText(/^Fiches mises à jour le 12 novembre 2020 \[1\], le 4 mars 2019 \[2\]/);
    expect(line.tagName).toBe('P');
    const sources = screen.getByRole('heading', { name: 'Sources' }).closest('section') as HTMLElement;
    // Under the sources: after their list in the document.
    expect(sources.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(line).getByRole('link', { name: /Vérifier la version à jour sur service-public.fr/ }).getAttribute('href')).toBe(ANSWER.sources[0]?.url);
    expect(screen.queryByText(/Données à jour au/)).toBeNull();
    // Recent data: no warning.
    expect(screen.queryByRole('note', { name: /Attention/ })).toBeNull();
  });

  it('one fiche: « Fiche mise à jour le … »; an answer kept without fiche dates keeps the date of the data', async () => {
    const one = dated('2026-11-06');
    await renderStored(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', { ...one, sources: one.sources.slice(0, 1) }));
    expect(screen.getByText(/^Fiche mise à jour le 12 novembre 2020/)).toBeTruthy();
    cleanup();
    await renderStored(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', { ...ANSWER, dataDate: '2026-11-06' }));
    expect(screen.getByText(/^Données à jour au 6 novembre 2026/)).toBeTruthy();
  });

  it('warns once, shortly, when the data is more than a year old, naming the live fiche by its address', async () => {
    await renderStored(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', dated('2020-11-12')));
    const notes = screen.getAllByRole('note').filter((n) => n.classList.contains('answer-stale'));
    expect(notes).toHaveLength(1);
    const note = notes[0] as HTMLElement;
    expect(note.textContent).toBe(
      `Attention\u202f: ces informations datent du 12 novembre 2020, il y a plus d'un an.Vérifiez la fiche à jour\u202f: ${ANSWER.sources[0]?.url} (nouvel onglet)`,
    );
    const link = within(note).getByRole('link', { name: /service-public\.fr\/particuliers\/vosdroits\/F31269/ });
    expect(link.getAttribute('href')).toBe(ANSWER.sources[0]?.url);
    // Before the answer: the warning comes ahead of the first section.
    const summary = screen.getByRole('heading', { name: 'En bref' });
    expect(note.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing of the kind for recent data', async () => {
    await renderStored(storedAnswer(QUESTION, '2026-11-20T09:30:00.000Z', { ...ANSWER, dataDate: new Date().toISOString().slice(0, 10) }));
    expect(screen.queryByText(/il y a plus d'un an/)).toBeNull();
  });
});

