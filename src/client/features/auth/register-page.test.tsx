import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { renderRoute } from '../../lib/testing/render-route';
import { DRAFT_KEY } from '../../lib/device-data';
import { createStubAuthSource, sessionFor } from '../../lib/testing/stub-auth-source';
import { advance, deferred, json, resetTestEnvironment, stubFetch, stubScrolling } from './auth-test-utils';

beforeEach(stubScrolling);
afterEach(resetTestEnvironment);

const RULES = [
  ['length', 'Le mot de passe doit contenir au moins 8 caractères'],
  ['uppercase', 'Le mot de passe doit contenir au moins une lettre majuscule'],
  ['lowercase', 'Le mot de passe doit contenir au moins une lettre minuscule'],
  ['digit', 'Le mot de passe doit contenir au moins un chiffre'],
] as const;

async function openRegister() {
  const view = renderRoute('/register');
  await screen.findByRole('heading', { level: 1, name: 'Inscription' });
  return view;
}

/** Which rules the checklist shows as met, e.g. { length: false, … }. */
function checklist(): Record<string, boolean> {
  const list = screen.getByRole('list', { name: 'Exigences du mot de passe' });
  const result: Record<string, boolean> = {};
  for (const [id, message] of RULES) {
    const item = within(list).getByText(message).closest('li');
    expect(item).not.toBeNull();
    result[id] = item?.getAttribute('data-met') === 'true';
    expect(item?.textContent).toContain(result[id] ? '(respectée)' : '(non respectée)');
  }
  return result;
}

const submit = () => screen.getByRole('button', { name: 'Créer mon compte' });

async function fill(password = 'Secret123', confirm = password) {
  await userEvent.type(screen.getByLabelText('Nom complet'), 'Marie Curie');
  await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'marie@example.fr');
  await userEvent.type(screen.getByLabelText('Mot de passe'), password);
  await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), confirm);
}

describe('register page', () => {
  it('has the required fields, the e-mail type and a link to login', async () => {
    await openRegister();
    for (const label of ['Nom complet', 'Adresse e-mail', 'Mot de passe', 'Confirmer le mot de passe']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').type).toBe('email');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-describedby')).toBe('register-rules');
  });

  it('shows the rules neutral before anything is typed (no red crosses)', async () => {
    await openRegister();
    const list = screen.getByRole('list', { name: 'Exigences du mot de passe' });
    expect(list.textContent).not.toContain('✗');
    expect(list.querySelectorAll('.auth-rule-pending')).toHaveLength(4);
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'a');
    expect(list.textContent).toContain('✗');
    expect(list.querySelectorAll('.auth-rule-pending')).toHaveLength(0);
  });

  it('updates the checklist on each keystroke and enables the button only when every rule passes', async () => {
    await openRegister();
    const password = screen.getByLabelText('Mot de passe');
    expect(checklist()).toEqual({ length: false, uppercase: false, lowercase: false, digit: false });
    expect(submit()).toHaveProperty('disabled', true);
    await userEvent.type(password, 'a');
    expect(checklist()).toEqual({ length: false, uppercase: false, lowercase: true, digit: false });
    await userEvent.type(password, 'B');
    expect(checklist()).toEqual({ length: false, uppercase: true, lowercase: true, digit: false });
    await userEvent.type(password, '3');
    expect(checklist()).toEqual({ length: false, uppercase: true, lowercase: true, digit: true });
    expect(submit()).toHaveProperty('disabled', true);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(password, 'cdefg');
    expect(checklist()).toEqual({ length: true, uppercase: true, lowercase: true, digit: true });
    expect(submit()).toHaveProperty('disabled', false);
    expect(password.getAttribute('aria-invalid')).toBe('false');
    await userEvent.type(password, '{Backspace}');
    expect(checklist().length).toBe(false);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('says when the confirmation differs and does not send the form', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openRegister();
    await fill('Secret123', 'Secret124');
    const confirm = screen.getByLabelText('Confirmer le mot de passe');
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe('register-mismatch');
    await userEvent.click(submit());
    expect(calls).toHaveLength(0);
    expect(document.activeElement).toBe(confirm);
    await userEvent.type(confirm, '{Backspace}3');
    expect(screen.queryByText('Les mots de passe ne correspondent pas')).toBeNull();
  });

  it('refuses a name over 80 characters with a French message, before calling the server', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openRegister();
    const name = screen.getByLabelText('Nom complet');
    // Pasted, as a 339-character name would be.
    fireEvent.change(name, { target: { value: 'a'.repeat(339) } });
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'marie@example.fr');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret123');
    expect(screen.getByText(MESSAGES.nameTooLong)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('register-name-error');
    await userEvent.click(submit());
    expect(calls).toHaveLength(0);
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'a'.repeat(80) } });
    expect(screen.queryByText(MESSAGES.nameTooLong)).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('false');
  });

  it('registers, says so, then goes to /login after 1.5 s', async () => {
    await import('./login-page'); // so that the fake clock does not race the module loader
    const reply = deferred<Response>();
    const calls = stubFetch(() => reply.promise);
    const { router } = await openRegister();
    await fill();
    vi.useFakeTimers();
    fireEvent.click(submit());
    expect(screen.getByRole('button', { name: 'Chargement...' })).toHaveProperty('disabled', true);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/sign-up/email',
      method: 'POST',
      body: { name: 'Marie Curie', email: 'marie@example.fr', password: 'Secret123' },
    });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('fr');
    reply.resolve(json(200, { token: null, user: { id: 'u-2' } }));
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe('Inscription réussie ! Veuillez vous connecter.');
    expect(submit()).toHaveProperty('disabled', true);
    await advance(1490);
    expect(router.state.location.pathname).toBe('/register');
    await advance(100);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    // The e-mail just registered is filled in on the login form.
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').value).toBe('marie@example.fr');
  });

  it('without e-mail confirmation the sign-up signs the person in: straight to the target, no password typed again', async () => {
    window.sessionStorage.setItem(DRAFT_KEY, 'Mon propriétaire garde ma caution, que faire ?');
    const source = createStubAuthSource(null);
    const calls = stubFetch(() => {
      source.session = sessionFor(3); // the server opened the session and set its cookie
      return json(200, { user: { id: 'u-1' } });
    });
    const view = renderRoute('/register?redirect=%2Fapp%2Fquestion', { source });
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    await fill();
    await userEvent.click(submit());
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/app/question'));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sign-up/email']);
    expect(source.signOutCalls).toBe(0);
    expect(screen.queryByText('Inscription réussie ! Veuillez vous connecter.')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Connexion' })).toBeNull();
  });

  it('keeps the redirect target through registration, to the login page and its links', async () => {
    await import('./login-page');
    window.sessionStorage.setItem(DRAFT_KEY, 'Mon propriétaire garde ma caution, que faire ?');
    stubFetch(() => json(200, { token: null, user: { id: 'u-2' } }));
    const view = renderRoute('/register?redirect=%2Fapp%2Fquestion');
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    expect(screen.getByText(/Votre question est gardée sur cet appareil/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login?redirect=%2Fapp%2Fquestion');
    await fill();
    vi.useFakeTimers();
    fireEvent.click(submit());
    await advance(0);
    await advance(1600);
    expect(view.router.state.location.pathname).toBe('/login');
    expect(view.router.state.location.search).toBe('?redirect=%2Fapp%2Fquestion');
    expect(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').value).toBe('marie@example.fr');
    expect(screen.getByRole('link', { name: 'Inscription' }).getAttribute('href')).toBe('/register?redirect=%2Fapp%2Fquestion');
  });

  it.each([
    ['the server’s message', () => json(422, { code: 'USER_ALREADY_EXISTS', message: 'Utilisateur déjà enregistré.' }), 'Utilisateur déjà enregistré.'],
    ['a weak-password refusal', () => json(400, { code: 'PASSWORD_TOO_SHORT', message: MESSAGES.weakPasswordServer }), MESSAGES.weakPasswordServer],
    ['an unexpected failure', () => new Response('<html>Bad gateway</html>', { status: 502 }), "Une erreur s'est produite lors de l'inscription"],
    ['a network failure', (): Response => {
      throw new TypeError('Failed to fetch');
    }, "Une erreur s'est produite lors de l'inscription"],
  ])('shows %s in the red box', async (_label, reply, message) => {
    stubFetch(reply);
    const { router } = await openRegister();
    await fill();
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.classList.contains('ql-error-box')).toBe(true);
    expect(screen.queryByText('Inscription réussie ! Veuillez vous connecter.')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('asks for every field and a valid address before calling the server', async () => {
    const calls = stubFetch(() => json(200, {}));
    await openRegister();
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Secret123');
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez remplir tous les champs.');
    await userEvent.type(screen.getByLabelText('Nom complet'), 'Marie');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'marie-sans-arobase');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret123');
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Adresse e-mail invalide.');
    expect(calls).toHaveLength(0);
  });
});
