import { act, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_DELAY_MS, ScrollManager } from './scroll-manager';

function setup(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollManager />
            <Outlet />
          </>
        ),
        children: [
          {
            path: '/',
            element: (
              <>
                <section id="analyse">Analyse</section>
                <section id="references">Références</section>
              </>
            ),
          },
          {
            path: '/autre',
            element: (
              <main>
                <h1>Autre page</h1>
                <a href="#x">Lien</a>
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollTo: ReturnType<typeof vi.fn>;
let scrollIntoView: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  scrollIntoView = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ScrollManager', () => {
  it('moves focus to the new page’s heading after a navigation, not on the first load', async () => {
    const router = setup('/');
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/autre'));
    const heading = document.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
  });

  it('scrolls smoothly to the hash target after 300 ms', async () => {
    const router = setup('/');
    scrollTo.mockClear();
    await act(() => router.navigate('/#references'));
    act(() => vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('references'));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the hash of the first page too, and again when the same hash is followed twice', async () => {
    const router = setup('/#analyse');
    act(() => vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('analyse'));
    await act(() => router.navigate('/#analyse'));
    act(() => vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('uses an instant scroll when the visitor prefers reduced motion', async () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    try {
      const router = setup('/');
      await act(() => router.navigate('/#analyse'));
      act(() => vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS));
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('scrolls to the top when the path changes without a hash', async () => {
    const router = setup('/');
    scrollTo.mockClear();
    await act(() => router.navigate('/autre'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not scroll to the top when only the query changes', async () => {
    const router = setup('/autre');
    scrollTo.mockClear();
    await act(() => router.navigate('/autre?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('cancels a pending hash scroll when the visitor navigates away', async () => {
    const router = setup('/');
    await act(() => router.navigate('/#analyse'));
    await act(() => router.navigate('/autre'));
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
