import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-context';
import { createStubAuthSource, sessionFor } from '../../lib/testing/stub-auth-source';
import { QuestionPage } from './question-page';
import { RELATED_DEBOUNCE_MS, mayBeFrenchQuestion, useRelatedFiches } from './use-related-fiches';

const RESULTS = {
  results: [
    { id: 'F31269', title: 'Dépôt de garantie', url: 'https://www.service-public.fr/particuliers/vosdroits/F31269', score: 12.3, snippet: 'Le bailleur…', type: 'fiche' },
    { id: 'N19808', title: 'Location immobilière', url: 'https://www.service-public.fr/particuliers/vosdroits/N19808', score: 4, snippet: '', type: 'dossier' },
  ],
  tookMs: 0.8,
};

function jsonFetch(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('useRelatedFiches', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a pause in typing, then asks the search API for 5 fiches', async () => {
    const fetchImpl = jsonFetch(RESULTS);
    const { result, rerender } = renderHook(({ text }) => useRelatedFiches(text, fetchImpl), {
      initialProps: { text: 'mon proprio garde' },
    });
    rerender({ text: 'mon proprio garde ma caution' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RELATED_DEBOUNCE_MS - 1);
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // A POST with the text in the body: nothing of the question in the URL.
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/search');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ q: 'mon proprio garde ma caution', limit: 5 });
    expect(result.current.map((r) => r.id)).toEqual(['F31269', 'N19808']);
  });

  it('asks nothing for fewer than three words, and clears the list when the text shrinks', async () => {
    const fetchImpl = jsonFetch(RESULTS);
    const { result, rerender } = renderHook(({ text }) => useRelatedFiches(text, fetchImpl), { initialProps: { text: 'bail' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    rerender({ text: 'bail de location meublée' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current).toHaveLength(2);
    rerender({ text: 'bail' });
    expect(result.current).toEqual([]);
  });

  it('asks nothing, and shows nothing, for a text that is not French', async () => {
    const fetchImpl = jsonFetch(RESULTS);
    const english = 'My landlord refuses to give back my deposit, what can I do?';
    const { result, rerender } = renderHook(({ text }) => useRelatedFiches(text, fetchImpl), {
      initialProps: { text: 'mon proprio garde ma caution' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current).toHaveLength(2);
    rerender({ text: english });
    expect(result.current).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual([]);
    expect(mayBeFrenchQuestion(english)).toBe(false);
    expect(mayBeFrenchQuestion('Can my employer fire me')).toBe(false);
    expect(mayBeFrenchQuestion('divorce garde enfants')).toBe(true); // three words of legal vocabulary
  });

  it('shows nothing when the API fails or answers something unexpected', async () => {
    for (const fetchImpl of [jsonFetch({ error: { code: 'rate_limited', message: '…' } }, 429), jsonFetch({ nope: true }), vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('réseau')))]) {
      const { result, unmount } = renderHook(() => useRelatedFiches('contester une amende de stationnement', fetchImpl));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(result.current).toEqual([]);
      unmount();
    }
  });
});

describe('QuestionPage', () => {
  it('shows the credits, the form, and related fiches under it while the user types', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/search')) return new Response(JSON.stringify(RESULTS), { status: 200 });
      return new Response('{}', { status: 404 });
    });
    try {
      const source = createStubAuthSource(sessionFor(2, 'Marie'));
      const router = createMemoryRouter([{ path: '/app/question', element: <QuestionPage /> }], { initialEntries: ['/app/question'] });
      render(
        <AuthProvider source={source}>
          <RouterProvider router={router} />
        </AuthProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Poser une question' })).toBeTruthy();
      expect((await screen.findByText(/Crédits restants/)).textContent).toContain('2');
      fireEvent.change(screen.getByRole('textbox'), { target: { value: 'mon proprio garde ma caution' } });
      const link = await screen.findByRole('link', { name: /Dépôt de garantie/ }, { timeout: 2000 });
      expect(link.getAttribute('href')).toBe('https://www.service-public.fr/particuliers/vosdroits/F31269');
      expect(screen.getByRole('heading', { name: 'Fiches officielles liées à votre question' })).toBeTruthy();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
