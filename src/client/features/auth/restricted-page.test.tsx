import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../lib/testing/render-route';
import { createStubAuthSource, sessionFor } from '../../lib/testing/stub-auth-source';
import { resetTestEnvironment, stubScrolling } from './auth-test-utils';
import { REDIRECT_STORAGE_KEY } from './safe-redirect';

beforeAll(async () => {
  // the pages it sends to, loaded once beforehand (their first transform can be slow)
  await Promise.all([import('./login-page'), import('../app/reponse-legale-page')]);
});
beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

describe('/restricted (social sign-in landing)', () => {
  it('waits for the session, then sends the user to the target kept by the login page', async () => {
    window.sessionStorage.setItem(REDIRECT_STORAGE_KEY, '/app/reponse-legale');
    const source = createStubAuthSource(sessionFor(3));
    let open: () => void = () => {};
    source.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { router } = renderRoute('/restricted', { source });
    expect(await screen.findByText('Vérification de votre session…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/restricted');
    await act(async () => open());
    expect(await screen.findByRole('heading', { level: 1, name: 'Réponse Légale' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(window.sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['no kept target', null],
    ['an off-site target', 'https://evil.example/'],
    ['a restricted target', '/app/restricted'],
  ])('goes to the question form with %s', async (_label, kept) => {
    if (kept) window.sessionStorage.setItem(REDIRECT_STORAGE_KEY, kept);
    const { router } = renderRoute('/restricted', { source: createStubAuthSource(sessionFor(3)) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#question-section');
  });

  it('sends an anonymous visitor to /login', async () => {
    const { router } = renderRoute('/restricted', { source: createStubAuthSource(null) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).toBeTruthy();
  });

  it('asks the server again when reached from an already loaded page', async () => {
    const source = createStubAuthSource(null);
    const { router } = renderRoute('/', { source });
    await screen.findByRole('link', { name: 'Se connecter' });
    source.session = sessionFor(2); // the social sign-in set a new cookie
    await act(() => router.navigate('/restricted'));
    await waitFor(() => expect(router.state.location.hash).toBe('#question-section'));
    expect(await screen.findByText('Crédits: 2')).toBeTruthy();
  });
});
