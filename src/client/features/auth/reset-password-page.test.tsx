import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../lib/testing/render-route';
import { browserNavigation } from './auth-api';
import { deferred, json, resetTestEnvironment, setSocialProviders, stubFetch, stubScrolling } from './auth-test-utils';

beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

async function openReset() {
  const view = renderRoute('/reset-password');
  await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
  return view;
}

const send = () => screen.getByRole('button', { name: 'Envoyer les instructions' });

describe('reset password page', () => {
  it('has an e-mail field, a link back to login and no social button unless enabled', async () => {
    await openReset();
    const email = screen.getByLabelText<HTMLInputElement>('Adresse e-mail');
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Se connecter avec Google' })).toBeNull();
  });

  it('asks for an e-mail address before calling the server', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openReset();
    await userEvent.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Une adresse email est requise pour la récupération du mot de passe');
    expect(screen.getByLabelText('Adresse e-mail').getAttribute('aria-describedby')).toBe(alert.id);
    expect(calls).toHaveLength(0);
  });

  it('requests the e-mail with a link to /update-password, confirms and clears the field', async () => {
    const reply = deferred<Response>();
    const calls = stubFetch(() => reply.promise);
    await openReset();
    const email = screen.getByLabelText<HTMLInputElement>('Adresse e-mail');
    await userEvent.type(email, 'marie@example.fr');
    await userEvent.click(send());
    expect(screen.getByRole('button', { name: 'Chargement...' })).toHaveProperty('disabled', true);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/request-password-reset',
      method: 'POST',
      body: { email: 'marie@example.fr', redirectTo: `${window.location.origin}/update-password` },
    });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('fr');
    reply.resolve(json(200, { status: true }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Les instructions de réinitialisation ont été envoyées à votre e-mail',
    );
    expect(email.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal in the red box and keeps the address', async () => {
    stubFetch(() => json(429, { code: 'TOO_MANY_ATTEMPTS', message: 'Trop de tentatives. Veuillez réessayer plus tard.' }));
    await openReset();
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'marie@example.fr');
    await userEvent.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').value).toBe('marie@example.fr');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers Google as an alternative when enabled', async () => {
    setSocialProviders({ google: true, microsoft: false });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const calls = stubFetch(() => json(200, { url: 'https://accounts.google.test/auth', redirect: true }));
    await openReset();
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter avec Google' }));
    expect(calls[0]?.body).toEqual({ provider: 'google', callbackURL: '/restricted', errorCallbackURL: '/login' });
    expect(assign).toHaveBeenCalledWith('https://accounts.google.test/auth');
  });
});
