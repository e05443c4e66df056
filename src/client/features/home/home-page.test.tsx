import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, type AuthSource } from '../../lib/auth/auth-context';
import { CITY_CACHE_KEY, CITY_CACHE_TIMESTAMP_KEY } from '../../lib/city';
import { HomeContent, HomePage, type HomeContentProps } from './home-page';
import { SCROLL_TOP_PHONE_IDLE_MS } from './scroll-to-top-button';
import { renderAtHome } from './test-utils';

function props(overrides: Partial<HomeContentProps> = {}): HomeContentProps {
  return {
    status: 'anonymous',
    credits: null,
    userName: null,
    setQuestionText: vi.fn(),
    decrementCredits: vi.fn(),
    city: null,
    contactEmail: 'contact@example.fr',
    siteTitle: 'QuestionLegale.info',
    showBackendStatus: false,
    year: 2031,
    ...overrides,
  };
}

function sectionIds(): string[] {
  return Array.from(document.querySelectorAll('.home > section')).map((s) => s.id);
}

function headingLevels(): number[] {
  return Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1]));
}

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
}

afterEach(() => {
  setScrollY(0);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('HomeContent, signed out', () => {
  it('renders every section in order, then the footer', () => {
    renderAtHome(<HomeContent {...props()} />);
    expect(sectionIds()).toEqual([
      'home',
      'question-section',
      'comment',
      'temoignages',
      'professionnels',
      'utiles',
      'references',
    ]);
    expect(document.getElementById('analyse')?.tagName).toBe('FORM');
    expect(document.querySelector('main.home + footer')).not.toBeNull();
  });

  it('has a single h1 (the hero’s) and no skipped heading level', () => {
    renderAtHome(<HomeContent {...props()} />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.closest('section')?.id).toBe('home');
    const levels = headingLevels();
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading #${i}`).toBeLessThanOrEqual(1);
    });
  });

  it('sends every link to a part of the page to an element that is there, in both states', async () => {
    for (const state of [props(), props({ status: 'authenticated', credits: 2, userName: 'Marie' })]) {
      const { router, unmount } = renderAtHome(<HomeContent {...state} />);
      const targets = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/#"], a[href^="#"]')).map(
        (a) => a.getAttribute('href') ?? '',
      );
      expect(targets.length, state.status).toBeGreaterThan(0);
      const missing = targets.filter((href) => document.getElementById(href.slice(href.indexOf('#') + 1)) === null);
      expect(missing, state.status).toEqual([]);
      unmount();
      router.dispose();
    }
  });

  it('opens every link to another site in a new tab that cannot reach back to this page', () => {
    renderAtHome(<HomeContent {...props()} />);
    const external = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="http"]'));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      expect(link.getAttribute('target'), link.href).toBe('_blank');
      expect(link.getAttribute('rel')?.split(' '), link.href).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
  });

  it('« Poser ma question » goes to the question form on this page', async () => {
    const user = userEvent.setup();
    const { router } = renderAtHome(<HomeContent {...props()} />);
    await user.click(within(document.getElementById('home')!).getByRole('link', { name: 'Poser ma question' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#analyse' });
    expect(document.getElementById('analyse')?.tagName).toBe('FORM');
  });

  it('shows the contact address, the site title and the year it is given in the footer', () => {
    renderAtHome(<HomeContent {...props({ contactEmail: 'equipe@exemple.fr', siteTitle: 'Mon site juridique', year: 2031 })} />);
    const footer = document.querySelector('footer')!;
    const mail = within(footer).getAllByRole('link', { name: 'equipe@exemple.fr' });
    expect(mail.map((a) => a.getAttribute('href'))).toEqual(mail.map(() => 'mailto:equipe@exemple.fr'));
    expect(footer.textContent).toContain('© 2031 Mon site juridique');
    expect(footer.textContent).not.toContain('contact@example.fr');
  });

  it('does not show the backend status badge unless the flag is on', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAtHome(<HomeContent {...props()} />);
    expect(document.querySelector('.home-backend-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the backend status badge when the flag is on', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"status":"ok","db":"ok"}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    renderAtHome(<HomeContent {...props({ showBackendStatus: true })} />);
    expect(await screen.findByText('Serveur : connecté')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.anything());
  });

  it('reports a backend failure in the badge', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('', { status: 503 }))));
    renderAtHome(<HomeContent {...props({ showBackendStatus: true })} />);
    expect(await screen.findByText('Erreur de connexion au serveur')).toBeTruthy();
  });
});

describe('HomeContent, signed in', () => {
  it('hides the hero, the question form, how-it-works and the testimonials', () => {
    renderAtHome(<HomeContent {...props({ status: 'authenticated', credits: 2, userName: 'Marie' })} />);
    expect(document.getElementById('home')).toBeNull();
    expect(document.getElementById('comment')).toBeNull();
    expect(document.getElementById('temoignages')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('Réponse immédiate')).toBeNull();
    expect(sectionIds()).toEqual(['question-section', 'professionnels', 'utiles', 'references']);
  });

  it('keeps the #question-section and #analyse targets with a link to the question page', () => {
    renderAtHome(<HomeContent {...props({ status: 'authenticated', credits: 2, userName: 'Marie' })} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Bonjour Marie']);
    expect(document.getElementById('analyse')).not.toBeNull();
    expect(screen.getByText(/Il vous reste 2 crédits/)).toBeTruthy();
    const welcome = document.getElementById('question-section')!;
    expect(within(welcome).getByRole('link', { name: 'Poser une question' }).getAttribute('href')).toBe('/app/question');
  });
});

describe('Scroll-to-top button', () => {
  it('appears after 300 px of scrolling and scrolls smoothly back to the top', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAtHome(<HomeContent {...props()} />);
    const name = 'Remonter en haut de la page';
    expect(screen.queryByRole('button', { name })).toBeNull();

    act(() => {
      setScrollY(300);
      fireEvent.scroll(window);
    });
    expect(screen.queryByRole('button', { name })).toBeNull();

    act(() => {
      setScrollY(301);
      fireEvent.scroll(window);
    });
    await user.click(screen.getByRole('button', { name }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    act(() => {
      setScrollY(0);
      fireEvent.scroll(window);
    });
    expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('Scroll-to-top button on a phone', () => {
  it('shows only while scrolling back up, so that it never sits over the text being read', () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 375, configurable: true });
    try {
      renderAtHome(<HomeContent {...props()} />);
      const name = 'Remonter en haut de la page';
      const scrollTo = (y: number) =>
        act(() => {
          setScrollY(y);
          fireEvent.scroll(window);
        });
      scrollTo(800);
      expect(screen.queryByRole('button', { name })).toBeNull(); // reading down
      scrollTo(700);
      expect(screen.getByRole('button', { name })).toBeTruthy(); // going back up
      scrollTo(900);
      expect(screen.queryByRole('button', { name })).toBeNull();
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
  });

  it('goes away 2 s after the visitor stops scrolling up, and stays at the very bottom of the page', () => {
    vi.useFakeTimers();
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 375, configurable: true });
    const height = vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000);
    try {
      renderAtHome(<HomeContent {...props()} />);
      const name = 'Remonter en haut de la page';
      const scrollTo = (y: number) =>
        act(() => {
          setScrollY(y);
          fireEvent.scroll(window);
        });
      scrollTo(1500);
      scrollTo(1200);
      expect(screen.getByRole('button', { name })).toBeTruthy();
      act(() => vi.advanceTimersByTime(SCROLL_TOP_PHONE_IDLE_MS - 1));
      expect(screen.getByRole('button', { name })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('button', { name })).toBeNull(); // left alone over the text: gone

      scrollTo(5000 - window.innerHeight); // the bottom: shown, over the footer's empty strip
      expect(screen.getByRole('button', { name })).toBeTruthy();
      act(() => vi.advanceTimersByTime(SCROLL_TOP_PHONE_IDLE_MS * 5));
      expect(screen.getByRole('button', { name })).toBeTruthy();
    } finally {
      height.mockRestore();
      vi.useRealTimers();
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
  });
});

describe('HomePage with the real auth provider', () => {
  function source(session: Awaited<ReturnType<AuthSource['getSession']>>): AuthSource {
    return { getSession: () => Promise.resolve(session), signOut: () => Promise.resolve() };
  }

  function cacheCity(city: string) {
    window.localStorage.setItem(CITY_CACHE_KEY, city);
    window.localStorage.setItem(CITY_CACHE_TIMESTAMP_KEY, String(Date.now()));
  }

  it('shows the full page to an anonymous visitor, with links for the cached city', async () => {
    cacheCity('Bordeaux');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAtHome(
      <AuthProvider source={source(null)}>
        <HomePage />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Votre question juridique' })).toBeTruthy());
    expect(document.getElementById('home')).not.toBeNull();
    expect(document.querySelector('a[href="https://www.google.com/maps/search/avocat+Bordeaux"]')).not.toBeNull();
    const mailLinks = screen.getAllByRole('link', { name: 'contact@questionlegale.info' });
    expect(mailLinks.length).toBeGreaterThan(0);
    for (const link of mailLinks) expect(link.getAttribute('href')).toBe('mailto:contact@questionlegale.info');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides the signed-out sections once the session is known to be authenticated', async () => {
    cacheCity('Lille');
    vi.stubGlobal('fetch', vi.fn());
    renderAtHome(
      <AuthProvider
        source={source({ user: { id: 'u1', email: 'marie@example.fr', name: 'Marie' }, credits: 3, apiKey: 'k' })}
      >
        <HomePage />
      </AuthProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Marie' })).toBeTruthy();
    expect(document.getElementById('home')).toBeNull();
    expect(document.getElementById('comment')).toBeNull();
    expect(document.getElementById('temoignages')).toBeNull();
    expect(screen.getByText(/Il vous reste 3 crédits/)).toBeTruthy();
  });
});
