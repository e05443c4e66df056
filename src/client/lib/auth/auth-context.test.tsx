import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../testing/stub-auth-source';
import { AuthProvider, useAuth, type AuthState } from './auth-context';
import { DRAFT_KEY, SIGNED_OUT_KEY, currentAnswerKey, historyKey, keepOnDeviceKey, setKeepHistoryOnDevice } from '../device-data';
import { GET_SESSION_URL, PROFILE_URL, createHttpAuthSource } from './auth-source';

let latest: AuthState | null = null;

afterEach(() => vi.restoreAllMocks());

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

  it('treats a source that keeps failing as anonymous once the retries are spent, without console.error', async () => {
    vi.useFakeTimers();
    try {
      const source = createStubAuthSource(null);
      let calls = 0;
      source.getSession = () => {
        calls += 1;
        return Promise.reject(new Error('hors ligne'));
      };
      renderProvider(source);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(calls).toBe(1);
      // retries after 200, 400, 800 and 1600 ms: still loading until the last one fails
      await act(() => vi.advanceTimersByTimeAsync(200 + 400 + 800 + 1599));
      expect(calls).toBe(4);
      expect(text('status')).toBe('loading');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(calls).toBe(5);
      expect(text('status')).toBe('anonymous');
      expect(text('user')).toBe('aucun');
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(calls).toBe(5);
    } finally {
      vi.useRealTimers();
    }
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

  it('erases what the browser keeps for the account on sign-out (history unless kept), and legacy shared keys on start', async () => {
    window.localStorage.setItem('ql.history', '[{"question":"Mon mari me frappe"}]');
    window.localStorage.setItem(historyKey('u-1'), '[]');
    window.sessionStorage.setItem(currentAnswerKey('u-1'), '{}');
    window.sessionStorage.setItem(DRAFT_KEY, 'Mon brouillon');
    const source = createStubAuthSource(sessionFor(2));
    renderProvider(source);
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(window.localStorage.getItem('ql.history')).toBeNull();
    await act(() => current().signOut());
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    // Kept by choice: the history survives the next sign-out, the answer of the tab does not.
    source.session = sessionFor(2);
    await act(() => current().refreshProfile());
    setKeepHistoryOnDevice('u-1', true);
    window.localStorage.setItem(historyKey('u-1'), '[]');
    window.sessionStorage.setItem(currentAnswerKey('u-1'), '{}');
    await act(() => current().signOut());
    expect(window.localStorage.getItem(historyKey('u-1'))).toBe('[]');
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
  });

  it('signing out while the session is still being checked (/logout opened directly) erases that account’s data', async () => {
    window.localStorage.setItem(historyKey('u-1'), '[{"question":"q"}]');
    window.sessionStorage.setItem(currentAnswerKey('u-1'), '{}');
    const source = createStubAuthSource(sessionFor(2));
    let open: () => void = () => {};
    source.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    renderProvider(source);
    expect(text('status')).toBe('loading');
    let done = false;
    const signingOut = current().signOut().then(() => {
      done = true;
    });
    await act(async () => Promise.resolve());
    expect(done).toBe(false); // waits for the check
    expect(source.signOutCalls).toBe(0);
    await act(async () => {
      open();
      await signingOut;
    });
    expect(source.signOutCalls).toBe(1);
    expect(text('status')).toBe('anonymous');
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
  });

  it('with nobody signed in, a sign-out erases every answer of the tab and every history not kept', async () => {
    window.localStorage.setItem(historyKey('u-old'), '[{"question":"q"}]');
    window.localStorage.setItem(historyKey('u-kept'), '[{"question":"k"}]');
    window.localStorage.setItem(keepOnDeviceKey('u-kept'), '1');
    window.sessionStorage.setItem(currentAnswerKey('u-old'), '{}');
    renderProvider(createStubAuthSource(null));
    await waitFor(() => expect(text('status')).toBe('anonymous'));
    await act(() => current().signOut());
    expect(window.localStorage.getItem(historyKey('u-old'))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey('u-old'))).toBeNull();
    expect(window.localStorage.getItem(historyKey('u-kept'))).not.toBeNull();
  });

  it('another tab signing out signs this one out and erases its copies, without telling the tabs again', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    renderProvider(createStubAuthSource(sessionFor(2)));
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    window.sessionStorage.setItem(currentAnswerKey('u-1'), '{}');
    window.localStorage.setItem(historyKey('u-1'), '[{"question":"q"}]');
    setItem.mockClear();
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_OUT_KEY, newValue: String(Date.now()) }));
    });
    expect(text('status')).toBe('anonymous');
    expect(text('action')).toBe('logout');
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(setItem.mock.calls.map((c) => c[0])).not.toContain(SIGNED_OUT_KEY); // no echo between tabs
  });

  it('its own sign-out is announced to the other tabs, and leaves nothing under that key', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    renderProvider(createStubAuthSource(sessionFor(2)));
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    await act(() => current().signOut());
    expect(setItem.mock.calls.map((c) => c[0])).toContain(SIGNED_OUT_KEY);
    expect(window.localStorage.getItem(SIGNED_OUT_KEY)).toBeNull();
  });

  it('the server ending the session erases what the browser keeps, as a sign-out does', async () => {
    const source = createStubAuthSource(sessionFor(2));
    renderProvider(source);
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    window.localStorage.setItem(historyKey('u-1'), '[{"question":"q"}]');
    window.sessionStorage.setItem(currentAnswerKey('u-1'), '{}');
    source.session = null;
    await act(() => current().refreshProfile({ force: true }));
    expect(text('status')).toBe('anonymous');
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
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
    await screen.findByText('Crédits: 3'); // cheaper to poll than a role query on a loaded machine
    await userEvent.click(screen.getByRole('button', { name: 'Crédits: 3' }));
    expect(screen.getByRole('button', { name: 'Crédits: 2' })).toBeTruthy();
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type FetchArgs = [string, RequestInit | undefined];

/** A fetch stub answering by URL; records each call. */
function stubFetch(routes: Record<string, () => Promise<Response>>) {
  const calls: FetchArgs[] = [];
  const impl = async (input: string, init?: RequestInit): Promise<Response> => {
    calls.push([input, init]);
    const route = routes[input];
    if (!route) throw new Error(`unexpected ${input}`);
    return route();
  };
  return { impl, calls };
}

const SESSION_BODY = {
  session: { id: 's-1', expiresAt: '2030-01-02T03:04:05.000Z', userId: 'u-9' },
  user: { id: 'u-9', email: 'a@b.fr', name: 'Alice', emailVerified: true },
};
const PROFILE_BODY = { credits: 3, apiKey: '8c0f6f0e-4c4b-4b7e-9d55-2f3b8f1f2a10', name: 'Alice', email: 'a@b.fr' };

describe('createHttpAuthSource', () => {
  it('reads better-auth’s session, then the profile, in French and with the cookie', async () => {
    const { impl, calls } = stubFetch({
      [GET_SESSION_URL]: async () => jsonResponse(200, SESSION_BODY),
      [PROFILE_URL]: async () => jsonResponse(200, PROFILE_BODY),
    });
    const session = await createHttpAuthSource(impl).getSession();
    expect(session).toEqual({
      user: { id: 'u-9', email: 'a@b.fr', name: 'Alice' },
      credits: 3,
      apiKey: PROFILE_BODY.apiKey,
      expiresAt: Date.UTC(2030, 0, 2, 3, 4, 5),
    });
    expect(calls.map(([url]) => url)).toEqual([GET_SESSION_URL, PROFILE_URL]);
    for (const [, init] of calls) {
      expect(init?.credentials).toBe('same-origin');
      expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr');
    }
  });

  it.each([
    ['a null reply', async () => jsonResponse(200, null)],
    ['a 401', async () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Non connecté' })],
  ])('gives anonymous on %s, without asking for the profile', async (_label, reply) => {
    const { impl, calls } = stubFetch({ [GET_SESSION_URL]: reply });
    await expect(createHttpAuthSource(impl).getSession()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a 500', async () => jsonResponse(500, {})],
    ['a malformed body', async () => new Response('<html>', { status: 200 })],
    ['a network failure', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
  ])('rejects on %s so that the provider retries', async (_label, reply) => {
    const { impl } = stubFetch({ [GET_SESSION_URL]: reply });
    await expect(createHttpAuthSource(impl).getSession()).rejects.toBeTruthy();
  });

  it('gives anonymous when the profile says the session has just ended', async () => {
    const { impl } = stubFetch({
      [GET_SESSION_URL]: async () => jsonResponse(200, SESSION_BODY),
      [PROFILE_URL]: async () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'x' }),
    });
    await expect(createHttpAuthSource(impl).getSession()).resolves.toBeNull();
  });

  it('keeps the user signed in with unknown credits when the profile cannot be read', async () => {
    for (const reply of [async () => jsonResponse(503, {}), async (): Promise<Response> => Promise.reject(new TypeError('x'))]) {
      const { impl } = stubFetch({ [GET_SESSION_URL]: async () => jsonResponse(200, SESSION_BODY), [PROFILE_URL]: reply });
      const session = await createHttpAuthSource(impl).getSession();
      expect(session?.user.id).toBe('u-9');
      expect(session?.credits).toBeNull();
      expect(session?.apiKey).toBeNull();
    }
  });

  it('posts the sign-out with an empty JSON body and rejects on a server error', async () => {
    const ok = vi.fn(async (_input: string, _init?: RequestInit) => jsonResponse(200, { success: true }));
    await createHttpAuthSource(ok).signOut();
    expect(ok).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}', credentials: 'same-origin' }),
    );
    expect(new Headers(ok.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('fr');
    await expect(createHttpAuthSource(async () => jsonResponse(401, {})).signOut()).resolves.toBeUndefined();
    await expect(createHttpAuthSource(async () => jsonResponse(500, {})).signOut()).rejects.toThrow(
      'La déconnexion a échoué',
    );
  });

  it('reads the replies defensively', async () => {
    const read = (session: unknown, profile: unknown) =>
      createHttpAuthSource(
        stubFetch({ [GET_SESSION_URL]: async () => jsonResponse(200, session), [PROFILE_URL]: async () => jsonResponse(200, profile) }).impl,
      ).getSession();
    await expect(read({ user: { id: 'x', email: 'e@f.fr' }, session: { expiresAt: 'demain' } }, { credits: 'trois', apiKey: '' })).resolves.toEqual({
      user: { id: 'x', email: 'e@f.fr', name: '' },
      credits: null,
      apiKey: null,
      expiresAt: null,
    });
    await expect(read({ user: { id: '', email: 'e@f.fr' } }, {})).resolves.toBeNull();
    await expect(read({ user: { id: 'x', email: 'e@f.fr' } }, { credits: 0, apiKey: 'k' })).resolves.toMatchObject({ credits: 0, apiKey: 'k' });
  });
});
