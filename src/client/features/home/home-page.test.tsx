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
  it('renders every section in the seed order, then the footer', () => {
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

  it('shows the hero text and its three feature cards', () => {
    renderAtHome(<HomeContent {...props()} />);
    const hero = document.getElementById('home')!;
    expect(hero.textContent).toContain('150 à 300 €');
    expect(hero.textContent).toContain('trois premières questions sont gratuites');
    expect(within(hero).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Réponse immédiate',
      'Fiabilité garantie',
      '100% confidentiel',
    ]);
    expect(within(hero).getByRole('link', { name: 'Poser ma question' }).getAttribute('href')).toBe('/#analyse');
  });

  it('shows three testimonials with five stars each', () => {
    renderAtHome(<HomeContent {...props()} />);
    const section = document.getElementById('temoignages')!;
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section).getAllByRole('img', { name: '5 étoiles sur 5' })).toHaveLength(3);
  });

  it('lists six useful sites and the official references, all opening in a new tab', () => {
    renderAtHome(<HomeContent {...props()} />);
    const useful = document.getElementById('utiles')!;
    const usefulLinks = within(useful).getAllByRole('link');
    expect(usefulLinks.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.legifrance.gouv.fr/',
      'https://www.doctrine.fr/',
      'https://www.conciliateurs.fr/',
      'https://www.juritravail.com/forum/',
      'https://www.alexia.fr/',
      'https://www.service-public.fr/',
    ]);
    const refs = document.getElementById('references')!;
    const refLinks = within(refs).getAllByRole('link');
    expect(refLinks.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.justice.fr/',
      'https://www.service-public.fr/particuliers/vosdroits/F18074',
      'https://www.justice.fr/recherche/annuaires',
      'https://www.legifrance.gouv.fr/',
    ]);
    for (const link of [...usefulLinks, ...refLinks]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('has a footer with the navigation, legal pages, services, contact and anchor targets', () => {
    renderAtHome(<HomeContent {...props()} />);
    const footer = document.querySelector('footer')!;
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const href of [
      '/#analyse',
      '/Articles/',
      '/#comment',
      '/#professionnels',
      '/#utiles',
      '/mentions.html',
      '/#politique',
      '/#conditions',
      '/services.html',
      '/#promotion',
      'mailto:contact@example.fr',
    ]) {
      expect(hrefs, href).toContain(href);
    }
    expect(within(footer).getByRole('link', { name: 'Politique de confidentialité' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: "Conditions d'utilisation" })).toBeTruthy();
    for (const id of ['politique', 'conditions', 'promotion']) {
      const target = document.getElementById(id);
      expect(target && footer.contains(target), id).toBe(true);
      expect(target?.textContent?.length ?? 0).toBeGreaterThan(80);
    }
    expect(footer.textContent).toContain('Paris, France');
    expect(footer.textContent).toContain('Du lundi au vendredi, 9h–18h');
    expect(footer.textContent).toContain('© 2031 QuestionLegale.info');
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
