import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { renderRoute } from '../../lib/testing/render-route';
import { advance, json, resetTestEnvironment, stubFetch, stubScrolling } from './auth-test-utils';

beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

async function openUpdate(path: string) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
  return view;
}

const submit = () => screen.getByRole('button', { name: 'Mettre à jour le mot de passe' });

async function fill(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('Mot de passe'), password);
  await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), confirm);
}

describe('update password page', () => {
  it('explains a link without token and offers a new one', async () => {
    await openUpdate('/update-password');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ce lien de réinitialisation est incomplet\u202f: le jeton de sécurité est absent. Veuillez refaire une demande.',
    );
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/reset-password');
  });

  it('explains a link the server already refused', async () => {
    await openUpdate('/update-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
  });

  it('shows the requirements panel and keeps the button disabled until every rule passes', async () => {
    await openUpdate('/update-password?token=abc');
    expect(screen.getByRole('list', { name: 'Exigences du mot de passe' })).toBeTruthy();
    const field = screen.getByLabelText('Mot de passe');
    expect(field.getAttribute('aria-describedby')).toBe('update-rules');
    await userEvent.type(field, 'motdepasse1');
    const upper = screen.getByText('Le mot de passe doit contenir au moins une lettre majuscule').closest('li');
    expect(upper?.getAttribute('data-met')).toBe('false');
    expect(submit()).toHaveProperty('disabled', true);
    await userEvent.type(field, 'X');
    expect(upper?.getAttribute('data-met')).toBe('true');
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('refuses a confirmation that differs', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openUpdate('/update-password?token=abc');
    await fill('Nouveau2026', 'Nouveau2025');
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    await userEvent.click(submit());
    expect(calls).toHaveLength(0);
  });

  it('updates the password, says so, then goes to /login after 2 s', async () => {
    await import('./login-page');
    const calls = stubFetch(() => json(200, { status: true }));
    const { router } = await openUpdate('/update-password?token=tok%2Ben');
    await fill('Nouveau2026');
    vi.useFakeTimers();
    fireEvent.click(submit());
    await advance(0);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/reset-password',
      method: 'POST',
      body: { newPassword: 'Nouveau2026', token: 'tok+en' },
    });
    expect(screen.getByRole('status').textContent).toBe('Mot de passe mis à jour avec succès');
    expect(submit()).toHaveProperty('disabled', true);
    await advance(1990);
    expect(router.state.location.pathname).toBe('/update-password');
    await advance(100);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s French error for an invalid or expired token', async () => {
    stubFetch(() => json(400, { code: 'RESET_LINK_INVALID', message: MESSAGES.resetLinkInvalid }));
    const { router } = await openUpdate('/update-password?token=perime');
    await fill('Nouveau2026');
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.');
    expect(alert.classList.contains('ql-error-box')).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(router.state.location.pathname).toBe('/update-password');
  });
});
