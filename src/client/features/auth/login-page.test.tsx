import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../lib/testing/render-route';
import { createStubAuthSource, sessionFor } from '../../lib/testing/stub-auth-source';
import { browserNavigation } from './auth-api';
import { deferred, json, resetTestEnvironment, setSocialProviders, stubFetch, stubScrolling } from './auth-test-utils';
import { REDIRECT_STORAGE_KEY } from './safe-redirect';

beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

async function openLogin(path = '/login') {
  const source = createStubAuthSource(null);
  const view = renderRoute(path, { source });
  await screen.findByRole('heading', { level: 1, name: 'Connexion' });
  return { ...view, source };
}

async function fillAndSubmit(email = 'marie@example.fr', password = 'Secret123') {
  await userEvent.type(screen.getByLabelText('Adresse e-mail'), email);
  await userEvent.type(screen.getByLabelText('Mot de passe'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Connexion' }));
}

describe('login page', () => {
  it('shows the required e-mail and password fields and the links', async () => {
    stubFetch(() => json(500, {}));
    await openLogin();
    const email = screen.getByLabelText<HTMLInputElement>('Adresse e-mail');
    const password = screen.getByLabelText<HTMLInputElement>('Mot de passe');
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Inscription' }).getAttribute('href')).toBe('/register');
    // social sign-in is off unless the server enables it
    expect(screen.queryByRole('button', { name: 'Se connecter avec Google' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the social buttons the server enables', async () => {
    setSocialProviders({ google: true, microsoft: false });
    const first = await openLogin();
    expect(screen.getByRole('button', { name: 'Se connecter avec Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Se connecter avec Microsoft' })).toBeNull();
    first.unmount();
    resetTestEnvironment();
    setSocialProviders({ google: true, microsoft: true });
    await openLogin();
    expect(screen.getByRole('button', { name: 'Se connecter avec Microsoft' })).toBeTruthy();
  });

  it('signs in, shows Chargement... meanwhile, reloads the profile and goes to the redirect target', async () => {
    const reply = deferred<Response>();
    const calls = stubFetch(() => reply.promise);
    const { router, source } = await openLogin('/login?redirect=%2Fapp%2Freponse-legale%3Fa%3D1');
    await fillAndSubmit(' marie@example.fr ', 'Secret123');
    const busy = screen.getByRole('button', { name: 'Chargement...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/sign-in/email',
      method: 'POST',
      body: { email: 'marie@example.fr', password: 'Secret123' },
      credentials: 'same-origin',
    });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('fr');
    const before = source.getSessionCalls;
    source.session = sessionFor(3);
    reply.resolve(json(200, { redirect: false, token: 't', user: { id: 'u-1' } }));
    await screen.findByRole('heading', { level: 1, name: 'Réponse Légale' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/app/reponse-legale');
    expect(router.state.location.search).toBe('?a=1');
    expect(source.getSessionCalls).toBeGreaterThan(before);
    expect(await screen.findByText('Crédits: 3')).toBeTruthy();
  });

  it.each([
    ['no redirect', '/login'],
    ['a / redirect', '/login?redirect=%2F'],
    ['a restricted redirect', '/login?redirect=%2Fapp%2Frestricted'],
    ['an off-site redirect', '/login?redirect=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative redirect', '/login?redirect=%2F%2Fevil.example'],
  ])('goes to the question form with %s', async (_label, path) => {
    stubFetch(() => json(200, { redirect: false }));
    const { router, source } = await openLogin(path);
    source.session = sessionFor(3);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#question-section');
  });

  it('shows the server’s French message in the red box and lets the user try again', async () => {
    stubFetch(() =>
      json(401, {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Identifiants invalides. Veuillez réessayer.',
        error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Identifiants invalides. Veuillez réessayer.' },
      }),
    );
    const { router } = await openLogin();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Identifiants invalides. Veuillez réessayer.');
    expect(alert.classList.contains('ql-error-box')).toBe(true);
    expect(screen.getByLabelText('Adresse e-mail').getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('button', { name: 'Connexion' })).toHaveProperty('disabled', false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('passes other server messages through unchanged', async () => {
    stubFetch(() => json(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email non confirmé. Veuillez vérifier votre boîte de réception.' }));
    await openLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Email non confirmé. Veuillez vérifier votre boîte de réception.');
  });

  it('says the server cannot be reached on a network failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await openLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de se connecter au serveur');
  });

  it('asks for both fields before calling the server', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openLogin();
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'marie@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez saisir votre adresse e-mail et votre mot de passe.');
    expect(calls).toHaveLength(0);
  });

  it('starts the Google sign-in towards /restricted and keeps the login target for later', async () => {
    setSocialProviders({ google: true, microsoft: true });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const calls = stubFetch(() => json(200, { url: 'https://accounts.google.test/o/oauth2/auth?x=1', redirect: true }));
    await openLogin('/login?redirect=%2Fapp%2Freponse-legale');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter avec Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/auth?x=1'));
    expect(calls[0]).toMatchObject({
      url: '/api/auth/sign-in/social',
      method: 'POST',
      body: { provider: 'google', callbackURL: '/restricted' },
    });
    expect(window.sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/app/reponse-legale');
    expect(screen.getByRole('button', { name: 'Se connecter avec Google' })).toHaveProperty('disabled', true);
  });

  it('shows no form to a user who is already signed in: straight to the target', async () => {
    const { router } = renderRoute('/login?redirect=%2Fapp%2Fquestion', { source: createStubAuthSource(sessionFor(2)) });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/question'));
  });

  it('shows a social sign-in refusal in the red box', async () => {
    setSocialProviders({ google: false, microsoft: true });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubFetch(() => json(404, { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' }));
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter avec Microsoft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Provider not found');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Se connecter avec Microsoft' })).toHaveProperty('disabled', false);
  });

  it('explains a failed social sign-in sent back by the server', async () => {
    await openLogin('/login?error=state_mismatch');
    expect(screen.getByRole('alert').textContent).toBe('La connexion avec ce fournisseur a échoué. Veuillez réessayer.');
  });
});
