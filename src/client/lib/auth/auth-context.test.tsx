import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../testing/stub-auth-source';
import { AuthProvider, useAuth, type AuthState } from './auth-context';
import { SESSION_STATE_URL, createHttpAuthSource, parseSessionState } from './auth-source';

let latest: AuthState | null = null;

function Probe() {
  const auth = useAuth();
  useEffect(() => {
    latest = auth;
  });
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{auth.status}</dd>
      <dt>credits</dt>
      <dd data-testid="credits">{auth.credits ?? 'aucun'}</dd>
      <dt>action</dt>
      <dd data-testid="action">{auth.authAction ?? 'aucune'}</dd>
      <dt>name</dt>
      <dd data-testid="name">{auth.user?.name ?? 'anonyme'}</dd>
      <dt>user</dt>
      <dd data-testid="user">{auth.user ? `${auth.user.id} ${auth.user.email}` : 'aucun'}</dd>
      <dt>apiKey</dt>
      <dd data-testid="apikey">{auth.apiKey ?? 'aucune'}</dd>
      <dt>question</dt>
      <dd data-testid="question">{auth.questionText ?? 'vide'}</dd>
    </dl>
  );
}

function renderProvider(source: StubAuthSource) {
  return render(
    <AuthProvider source={source}>
      <Probe />
    </AuthProvider>,
  );
}

/** The context's functions are stable, so the last committed value is enough to call them. */
function current(): AuthState {
  if (!latest) throw new Error('not rendered');
  return latest;
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('AuthProvider', () => {
  it('starts loading, then exposes the signed-in user, credits and api key', async () => {
    const source = createStubAuthSource(sessionFor(3));
    renderProvider(source);
    expect(text('status')).toBe('loading');
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(text('credits')).toBe('3');
    expect(text('name')).toBe('Marie Curie');
    expect(text('apikey')).toBe('key-123');
    expect(text('user')).toBe('u-1 marie@example.fr');
    // restoring an existing session is not a "login" event
    expect(text('action')).toBe('aucune');
  });

  it('treats a failing source as anonymous, without console.error', async () => {
    const source = createStubAuthSource(null);
    source.getSession = () => Promise.reject(new Error('hors ligne'));
    renderProvider(source);
    await waitFor(() => expect(text('status')).toBe('anonymous'));
    expect(text('user')).toBe('aucun');
  });

  it('reports a login after a refresh finds a new session, and a logout after signOut', async () => {
    const source = createStubAuthSource(null);
    renderProvider(source);
    await waitFor(() => expect(text('status')).toBe('anonymous'));
    source.session = sessionFor(3);
    await act(() => current().refreshProfile());
    expect(text('status')).toBe('authenticated');
    expect(text('action')).toBe('login');

    act(() => current().setQuestionText('Mon bail est-il valable ?'));
    expect(text('question')).toBe('Mon bail est-il valable ?');

    await act(() => current().signOut());
    expect(source.signOutCalls).toBe(1);
    expect(text('status')).toBe('anonymous');
    expect(text('action')).toBe('logout');
    expect(text('credits')).toBe('aucun');
    expect(text('question')).toBe('vide');
    expect(text('apikey')).toBe('aucune');
  });

  it('clears the local state even when the server sign-out fails, and reports the failure', async () => {
    const source = createStubAuthSource(sessionFor(1));
    source.signOutError = new Error('serveur indisponible');
    renderProvider(source);
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    let failure: unknown = null;
    await act(async () => {
      await current().signOut().catch((error: unknown) => {
        failure = error;
      });
    });
    expect(failure).toBe(source.signOutError);
    expect(text('status')).toBe('anonymous');
  });

  it('decrements credits locally, never below zero', async () => {
    const source = createStubAuthSource(sessionFor(1));
    renderProvider(source);
    await waitFor(() => expect(text('credits')).toBe('1'));
    act(() => current().decrementCredits());
    expect(text('credits')).toBe('0');
    act(() => current().decrementCredits());
    expect(text('credits')).toBe('0');
  });

  it('keeps the answer of the latest refresh when replies arrive out of order', async () => {
    const source = createStubAuthSource(sessionFor(3));
    renderProvider(source);
    await waitFor(() => expect(text('credits')).toBe('3'));
    let releaseSlow: () => void = () => {};
    source.gate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    source.session = sessionFor(9); // what the slow (older) request will read when released
    const slow = current().refreshProfile();
    source.gate = null;
    const getSession = source.getSession.bind(source);
    source.getSession = async () => {
      const fresh = await getSession();
      return fresh ? { ...fresh, credits: 2 } : fresh;
    };
    await act(() => current().refreshProfile());
    expect(text('credits')).toBe('2');
    await act(async () => {
      releaseSlow();
      await slow;
    });
    expect(text('credits')).toBe('2');
  });

  it('lets a page component signal a debit through the context', async () => {
    function Spend() {
      const { decrementCredits, credits } = useAuth();
      return (
        <button type="button" onClick={decrementCredits}>
          Crédits: {credits}
        </button>
      );
    }
    render(
      <AuthProvider source={createStubAuthSource(sessionFor(3))}>
        <Spend />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Crédits: 3' }));
    expect(screen.getByRole('button', { name: 'Crédits: 2' })).toBeTruthy();
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('createHttpAuthSource', () => {
  it('reads the session-state reply', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(200, { user: { id: 'u-9', email: 'a@b.fr', name: 'Alice' }, credits: 3, apiKey: 'k' }),
    );
    const session = await createHttpAuthSource(fetchImpl).getSession();
    expect(session).toEqual({ user: { id: 'u-9', email: 'a@b.fr', name: 'Alice' }, credits: 3, apiKey: 'k' });
    expect(fetchImpl).toHaveBeenCalledWith(SESSION_STATE_URL, expect.objectContaining({ credentials: 'same-origin' }));
  });

  it.each([
    ['a 404', async () => jsonResponse(404, { error: { code: 'not_found', message: 'Introuvable' } })],
    ['a 500', async () => jsonResponse(500, {})],
    ['a signed-out reply', async () => jsonResponse(200, { user: null })],
    ['a malformed body', async () => new Response('<html>', { status: 200 })],
    ['a network failure', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
  ])('gives anonymous on %s', async (_label, fetchImpl) => {
    await expect(createHttpAuthSource(fetchImpl).getSession()).resolves.toBeNull();
  });

  it('posts the sign-out and rejects on a server error', async () => {
    const ok = vi.fn(async () => jsonResponse(200, { success: true }));
    await createHttpAuthSource(ok).signOut();
    expect(ok).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    await expect(createHttpAuthSource(async () => jsonResponse(404, {})).signOut()).resolves.toBeUndefined();
    await expect(createHttpAuthSource(async () => jsonResponse(500, {})).signOut()).rejects.toThrow(
      'La déconnexion a échoué',
    );
  });

  it('parses optional fields defensively', () => {
    expect(parseSessionState({ user: { id: 'x', email: 'e@f.fr' }, credits: 'trois' })).toEqual({
      user: { id: 'x', email: 'e@f.fr', name: '' },
      credits: null,
      apiKey: null,
    });
    expect(parseSessionState({ user: { id: '', email: 'e@f.fr' } })).toBeNull();
    expect(parseSessionState(null)).toBeNull();
  });
});
