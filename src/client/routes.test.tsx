import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../common/public-config';
import { resetPublicConfigCache } from './lib/config';
import { DEFAULT_DESCRIPTION } from './lib/route-meta';
import { renderRoute } from './lib/testing/render-route';
import { createStubAuthSource, sessionFor } from './lib/testing/stub-auth-source';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  resetPublicConfigCache();
});

function metaContent(name: string): string | null {
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

describe('route table', () => {
  it('renders the home page inside the default layout', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Accueil de test' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.id).toBe('contenu');
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip.getAttribute('href')).toBe('#contenu');
    await userEvent.click(skip);
    expect(document.activeElement).toBe(main);
  });

  it.each([
    ['/login', 'Connexion'],
    ['/register', 'Inscription'],
    ['/reset-password', 'Mot de passe oublié'],
    ['/update-password', 'Nouveau mot de passe'],
  ])('renders %s in the auth layout', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(document.querySelector('.ql-auth-layout')).not.toBeNull();
    expect(screen.getByRole('link', { name: "← Retour à l'accueil" }).getAttribute('href')).toBe('/');
    // no navigation bar on the auth screens
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
  });

  it.each(['/nimporte-quoi', '/app/inconnu', '/login/extra', '/Articles/'])('sends the unknown path %s home', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Accueil de test' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/app/question', 'Poser une question'],
    ['/app/reponse-legale', 'Réponse Légale'],
  ])('shows %s to a signed-in user', async (path, heading) => {
    const { router } = renderRoute(path, { source: createStubAuthSource(sessionFor(3)) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends a signed-in user from /app/restricted on to the question form (no bare page)', async () => {
    const { router } = renderRoute('/app/restricted', { source: createStubAuthSource(sessionFor(3)) });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe('/#question-section'));
  });
});

describe('protected routes', () => {
  it('redirects an anonymous visitor to /login with the full original path', async () => {
    const { router } = renderRoute('/app/question?a=1#x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fapp%2Fquestion%3Fa%3D1%23x');
  });

  it('shows a spinner and does not redirect while the session is loading', async () => {
    const source = createStubAuthSource(sessionFor(2));
    let open: () => void = () => {};
    source.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { router } = renderRoute('/app/reponse-legale', { source });
    expect(await screen.findByText('Vérification de votre session…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    await act(async () => open());
    expect(await screen.findByRole('heading', { level: 1, name: 'Réponse Légale' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
  });
});

describe('route metadata', () => {
  it('sets the title, description and keywords from the route', async () => {
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'Accueil de test' });
    await waitFor(() => expect(document.title).toBe('QuestionLegale.info — Posez votre question juridique'));
    expect(metaContent('description')).toBe(DEFAULT_DESCRIPTION);
    expect(metaContent('keywords')).toContain('question juridique');

    await act(() => router.navigate('/register'));
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    await waitFor(() => expect(document.title).toBe('Inscription — QuestionLegale.info'));
    expect(metaContent('description')).toBe(
      'Créez votre compte QuestionLegale.info\u202f: vos trois premières questions juridiques sont gratuites.',
    );
    expect(metaContent('keywords')).toBeNull();
  });

  it('uses the site title injected by the server', async () => {
    const block = document.createElement('script');
    block.id = PUBLIC_CONFIG_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({
      siteTitle: 'Droit Facile',
      contactEmail: 'contact@example.fr',
      geo: { auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: null },
      showBackendStatus: false,
      auth: { google: false, microsoft: false },
      corpusDate: null,
      testimonials: null,
    });
    document.head.appendChild(block);
    resetPublicConfigCache();
    renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    await waitFor(() => expect(document.title).toBe('Connexion — Droit Facile'));
    expect(screen.getAllByText('Droit Facile').length).toBeGreaterThan(0);
  });
});

describe('default layout', () => {
  it('reloads the profile when it appears', async () => {
    const source = createStubAuthSource(sessionFor(3));
    const { router } = renderRoute('/reset-password', { source });
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
    await waitFor(() => expect(source.getSessionCalls).toBe(1));
    source.session = sessionFor(2);
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Crédits: 2')).toBeTruthy();
    expect(source.getSessionCalls).toBe(2);
  });

  it('asks for the session only once on first load', async () => {
    const source = createStubAuthSource(sessionFor(5));
    renderRoute('/', { source });
    expect(await screen.findByText('Crédits: 5')).toBeTruthy();
    expect(source.getSessionCalls).toBe(1);
  });
});

describe('logout page', () => {
  it('signs out and returns home', async () => {
    const source = createStubAuthSource(sessionFor(3));
    const { router } = renderRoute('/logout', { source });
    expect(await screen.findByText('Déconnexion en cours…')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
    expect(source.signOutCalls).toBe(1);
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});
