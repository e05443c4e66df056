import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../testing/render-route';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../testing/stub-auth-source';
import { AuthProvider, useAuth } from './auth-context';
import type { AuthSession } from './auth-source';
import { RETRY_MAX_TRIES, SESSION_TICK_MS, needsRefresh, retryDelay, withRetry } from './session-refresh';

const T0 = Date.UTC(2026, 0, 15, 10, 0, 0);
const SECOND = 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets the router load its lazy page under the fake clock (a few short steps, outside act's batching). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await advance(10);
}

function expiringAt(expiresAt: number, credits = 3): AuthSession {
  return { ...sessionFor(credits), expiresAt };
}

function Probe() {
  const { status, credits, authAction } = useAuth();
  return (
    <p data-testid="probe">
      {status} {credits ?? '-'} {authAction ?? '-'}
    </p>
  );
}

function renderProbe(source: StubAuthSource) {
  render(
    <AuthProvider source={source}>
      <Probe />
    </AuthProvider>,
  );
}

const probe = () => screen.getByTestId('probe').textContent;

describe('session refresh rules', () => {
  it('refreshes only within 3 ticks (90 s) of the expiry, never for an unknown expiry', () => {
    expect(needsRefresh(T0 + 91 * SECOND, T0)).toBe(false);
    expect(needsRefresh(T0 + 90 * SECOND, T0)).toBe(true);
    expect(needsRefresh(T0 - SECOND, T0)).toBe(true);
    expect(needsRefresh(null, T0)).toBe(false);
    expect(needsRefresh(undefined, T0)).toBe(false);
  });

  it('backs off from 200 ms, doubling', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([200, 400, 800, 1600]);
  });

  it('retries a failing task with back-off and gives up after the last try', async () => {
    const times: number[] = [];
    const task = vi.fn(async () => {
      times.push(Date.now() - T0);
      throw new Error('indisponible');
    });
    const result = withRetry(task).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual(new Error('indisponible'));
    expect(times).toEqual([0, 200, 600, 1400, 3000]);
    expect(task).toHaveBeenCalledTimes(RETRY_MAX_TRIES);
  });

  it('stops retrying as soon as it succeeds, or when cancelled', async () => {
    let failures = 2;
    const task = vi.fn(async () => {
      if (failures-- > 0) throw new Error('pas encore');
      return 'ok';
    });
    const done = withRetry(task);
    await vi.advanceTimersByTimeAsync(600);
    await expect(done).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);

    let cancelled = false;
    const never = vi.fn(async () => Promise.reject(new Error('non')));
    const stopped = withRetry(never, () => cancelled).catch(() => 'arrêté');
    await vi.advanceTimersByTimeAsync(0);
    cancelled = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(stopped).resolves.toBe('arrêté');
    expect(never).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider session refresh', () => {
  it('checks every 30 s but asks the server only when the session is within 90 s of its end', async () => {
    const source = createStubAuthSource(expiringAt(T0 + 200 * SECOND));
    renderProbe(source);
    await advance(0);
    expect(probe()).toBe('authenticated 3 -');
    expect(source.getSessionCalls).toBe(1);

    await advance(3 * SESSION_TICK_MS); // 30, 60, 90 s: 170, 140, 110 s left
    expect(source.getSessionCalls).toBe(1);

    source.session = expiringAt(T0 + 24 * 3600 * SECOND, 2); // the server renews it
    await advance(SESSION_TICK_MS); // 120 s: 80 s left → refresh
    expect(source.getSessionCalls).toBe(2);
    expect(probe()).toBe('authenticated 2 -');

    await advance(10 * SESSION_TICK_MS); // renewed: quiet again
    expect(source.getSessionCalls).toBe(2);
  });

  it('returns to the signed-out state when the server says the session is gone', async () => {
    const source = createStubAuthSource(expiringAt(T0 + 60 * SECOND));
    renderProbe(source);
    await advance(0);
    source.session = null; // expired server-side
    await advance(SESSION_TICK_MS);
    expect(source.getSessionCalls).toBe(2);
    expect(probe()).toBe('anonymous - logout');
    await advance(5 * SESSION_TICK_MS); // no more checks while signed out
    expect(source.getSessionCalls).toBe(2);
  });

  it('retries a failed check with back-off and keeps the user signed in meanwhile', async () => {
    const source = createStubAuthSource(expiringAt(T0 + 80 * SECOND));
    renderProbe(source);
    await advance(0);
    const renewed = expiringAt(T0 + 24 * 3600 * SECOND, 3);
    let failures = 2;
    const times: number[] = [];
    source.getSession = async () => {
      times.push(Date.now() - T0);
      if (failures-- > 0) throw new Error('réseau');
      return renewed;
    };
    await advance(SESSION_TICK_MS + 199);
    expect(times).toEqual([30_000]);
    expect(probe()).toBe('authenticated 3 -');
    await advance(1 + 400);
    expect(times).toEqual([30_000, 30_200, 30_600]);
    expect(probe()).toBe('authenticated 3 -');
    await advance(10 * SESSION_TICK_MS);
    expect(times).toHaveLength(3);
  });

  it('stays signed in while the server is unreachable, and signs out once the session has certainly ended', async () => {
    const source = createStubAuthSource(expiringAt(T0 + 70 * SECOND));
    renderProbe(source);
    await advance(0);
    let calls = 0;
    source.getSession = () => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    await advance(SESSION_TICK_MS + 3000); // 5 tries at 30 s … 33 s, all failed, 37 s left
    expect(calls).toBe(5);
    expect(probe()).toBe('authenticated 3 -');
    await advance(SESSION_TICK_MS - 3000 + 3000); // tick at 60 s, tries until 63 s: 7 s left
    expect(calls).toBe(10);
    expect(probe()).toBe('authenticated 3 -');
    await advance(SESSION_TICK_MS); // tick at 90 s: past the end, no answer → signed out
    expect(calls).toBe(15);
    expect(probe()).toBe('anonymous - logout');
  });

  it('sends a protected page to /login when the session expires under it', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // the lazy pages, loaded beforehand so that the fake clock does not race the module loader
    await Promise.all([import('../../features/app/question-page'), import('../../features/auth/login-page')]);
    const source = createStubAuthSource(expiringAt(T0 + 45 * SECOND));
    const { router } = renderRoute('/app/question', { source });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Poser une question' })).toBeTruthy();
    source.session = null;
    await advance(SESSION_TICK_MS);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fapp%2Fquestion');
  }, 20_000);

  it('checks again when the tab becomes visible', async () => {
    const source = createStubAuthSource(expiringAt(T0 + 10 * 60 * SECOND));
    renderProbe(source);
    await advance(0);
    vi.setSystemTime(T0 + 9 * 60 * SECOND + 30 * SECOND); // the laptop slept: 30 s left, no tick ran
    source.session = null;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(probe()).toBe('anonymous - logout');
  });
});
