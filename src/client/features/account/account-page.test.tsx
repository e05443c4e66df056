import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { historyKey, keepOnDeviceKey } from '../../lib/device-data';
import { renderRoute } from '../../lib/testing/render-route';
import { createStubAuthSource, sessionFor } from '../../lib/testing/stub-auth-source';
import { json, resetTestEnvironment, stubFetch, stubScrolling, type FetchCall } from '../auth/auth-test-utils';
import { ACCOUNT_TEXT } from './account-page';

beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

/** Keeps the narrow no-break space before « : » and « ! » (the default normalizer turns it into a space). */
const KEEP_SPACES = getDefaultNormalizer({ collapseWhitespace: false });

const LEDGER = {
  movements: [
    { at: '2026-11-22T09:00:00.000Z', delta: 1, reason: 'refund:answer_failed' },
    { at: '2026-11-22T08:59:00.000Z', delta: -1, reason: 'question' },
    { at: '2026-11-20T10:00:00.000Z', delta: 3, reason: 'initial' },
  ],
};

type Handler = (call: FetchCall) => Response | undefined;

function serve(extra: Handler = () => undefined): FetchCall[] {
  return stubFetch((call) => extra(call) ?? (call.url === '/api/profile/ledger' ? json(200, LEDGER) : json(404, {})));
}

async function openAccount(credits = 3) {
  const source = createStubAuthSource(sessionFor(credits));
  const view = renderRoute('/app/compte', { source });
  await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
  return { ...view, source };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('account page', () => {
  it('shows the name, the e-mail, the credits and the ledger of movements (no question text)', async () => {
    serve();
    await openAccount(3);
    const who = section('Vos informations');
    expect(within(who).getByText('Marie Curie')).toBeTruthy();
    expect(within(who).getByText('marie@example.fr')).toBeTruthy();
    expect(screen.getByTestId('account-credits').textContent).toBe('3');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['22 novembre 2026 à 10:00', '+1', 'Crédit rendu (réponse non fournie)'],
      ['22 novembre 2026 à 09:59', '−1', 'Question posée'],
      ['20 novembre 2026 à 11:00', '+3', "Crédits offerts à l'ouverture du compte"],
    ]);
  });

  it('shows the API key on demand, copies it and regenerates it after confirmation', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = serve((call) =>
      call.url === '/api/profile/api-key'
        ? json(200, { credits: 3, apiKey: '11111111-2222-4333-8444-555555555555', name: 'Marie Curie', email: 'marie@example.fr' })
        : undefined,
    );
    try {
      const { source } = await openAccount();
      const key = section("Clé d'API");
      expect(within(key).getByTestId('api-key').textContent).not.toContain('key-123');
      fireEvent.click(within(key).getByRole('button', { name: 'Afficher la clé' }));
      expect(within(key).getByTestId('api-key').textContent).toBe('key-123');
      fireEvent.click(within(key).getByRole('button', { name: 'Copier la clé' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('key-123'));
      expect(await within(key).findByText('Clé copiée dans le presse-papiers.')).toBeTruthy();

      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      fireEvent.click(within(key).getByRole('button', { name: 'Régénérer la clé' }));
      expect(calls.filter((c) => c.url === '/api/profile/api-key')).toHaveLength(0);
      source.session = { ...sessionFor(3), apiKey: '11111111-2222-4333-8444-555555555555' };
      fireEvent.click(within(key).getByRole('button', { name: 'Régénérer la clé' }));
      expect(await within(key).findByText("Nouvelle clé créée\u202f: l'ancienne ne fonctionne plus.", { normalizer: KEEP_SPACES })).toBeTruthy();
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(calls.filter((c) => c.url === '/api/profile/api-key').map((c) => c.method)).toEqual(['POST']);
      await waitFor(() => expect(within(key).getByTestId('api-key').textContent).toBe('11111111-2222-4333-8444-555555555555'));
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('changes the password with the current one, and shows the server’s French error', async () => {
    let attempt = 0;
    const calls = serve((call) => {
      if (call.url !== '/api/auth/change-password') return undefined;
      attempt += 1;
      return attempt === 1
        ? json(400, { code: 'INVALID_PASSWORD', message: MESSAGES.currentPasswordInvalid, error: { code: 'INVALID_PASSWORD', message: MESSAGES.currentPasswordInvalid } })
        : json(200, { token: null });
    });
    await openAccount();
    const form = section('Changer le mot de passe');
    await userEvent.type(within(form).getByLabelText('Mot de passe actuel'), 'Ancien1mdp');
    await userEvent.type(within(form).getByLabelText('Nouveau mot de passe'), 'Nouveau1mdp');
    await userEvent.type(within(form).getByLabelText('Confirmer le mot de passe'), 'Nouveau1mdp');
    fireEvent.click(within(form).getByRole('button', { name: 'Changer le mot de passe' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(MESSAGES.currentPasswordInvalid);
    fireEvent.click(within(form).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(form).findByText(/Mot de passe mis à jour avec succès/)).toBeTruthy();
    const posted = calls.filter((c) => c.url === '/api/auth/change-password');
    expect(posted[1]?.body).toEqual({ currentPassword: 'Ancien1mdp', newPassword: 'Nouveau1mdp', revokeOtherSessions: true });
    expect(within(form).getByLabelText<HTMLInputElement>('Mot de passe actuel').value).toBe('');
  });

  it('signs out everywhere, then shows the login page with a notice', async () => {
    const calls = serve((call) => (call.url === '/api/auth/revoke-sessions' ? json(200, { status: true }) : undefined));
    const { router } = await openAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter de tous les appareils' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(ACCOUNT_TEXT.signedOutEverywhere)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/revoke-sessions').map((c) => c.method)).toEqual(['POST']);
  });

  it('deletes the account after the password and a confirmation, erasing what this browser kept for it', async () => {
    window.localStorage.setItem(historyKey('u-1'), '[]');
    window.localStorage.setItem(keepOnDeviceKey('u-1'), '1');
    const calls = serve((call) => (call.url === '/api/auth/delete-user' ? json(200, { success: true, message: 'User deleted' }) : undefined));
    const { router } = await openAccount();
    const danger = section('Supprimer mon compte');
    fireEvent.click(within(danger).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect(within(danger).getByRole('alert').textContent).toBe(MESSAGES.passwordRequiredToDelete);
    await userEvent.type(within(danger).getByLabelText('Mot de passe (pour confirmer)'), 'Motdepasse1');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(danger).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect(calls.filter((c) => c.url === '/api/auth/delete-user')).toHaveLength(0);
    fireEvent.click(within(danger).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(ACCOUNT_TEXT.deleted, { normalizer: KEEP_SPACES })).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(calls.find((c) => c.url === '/api/auth/delete-user')?.body).toEqual({ password: 'Motdepasse1' });
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(window.localStorage.getItem(keepOnDeviceKey('u-1'))).toBeNull();
  });

  it('is reached from the navigation bar', async () => {
    serve();
    const source = createStubAuthSource(sessionFor(2));
    renderRoute('/', { source });
    const link = await screen.findByRole('link', { name: 'Mon compte' });
    expect(link.getAttribute('href')).toBe('/app/compte');
  });
});
