import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from '../../lib/auth/auth-context';
import { AuthProvider } from '../../lib/auth/auth-context';
import { renderRoute } from '../../lib/testing/render-route';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../../lib/testing/stub-auth-source';
import { advance, resetTestEnvironment, stubScrolling } from './auth-test-utils';
import { LogoutPage } from './logout-page';
import { LOGOUT_CHOICE_TEXT } from './logout-choice';
import { currentAnswerKey, historyKey, keepOnDeviceKey } from '../../lib/device-data';
import { storedAnswer } from '../answer/answer-test-utils';
import { useLogoutRedirect } from './use-logout-redirect';

beforeEach(() => {
  stubScrolling();
  vi.useFakeTimers();
});
afterEach(resetTestEnvironment);

interface HarnessProps {
  signOut(): Promise<void>;
  status: AuthStatus;
  isMobile?: boolean;
  onRedirect(): void;
}

function Harness({ signOut, status, isMobile = false, onRedirect }: HarnessProps) {
  const stuck = useLogoutRedirect({ signOut, status, isMobile, onRedirect });
  return <p>{stuck ? 'bloqué' : 'en attente'}</p>;
}

/** Renders the hook; returns the redirect spy and a way to change the auth status. */
function renderHarness(props: Partial<HarnessProps> = {}) {
  const onRedirect = vi.fn();
  const signOut = props.signOut ?? vi.fn(async () => {});
  const base = { signOut, status: props.status ?? 'anonymous', isMobile: props.isMobile ?? false, onRedirect };
  const view = render(<Harness {...base} />);
  return {
    onRedirect,
    signOut,
    setStatus: (status: AuthStatus) => view.rerender(<Harness {...base} status={status} />),
  };
}

describe('logout redirect delays', () => {
  it('goes home 800 ms after signing out', async () => {
    const { onRedirect, signOut } = renderHarness();
    await advance(790);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(onRedirect).not.toHaveBeenCalled();
    await advance(20);
    expect(onRedirect).toHaveBeenCalledTimes(1);
  });

  it('waits 1500 ms on mobile', async () => {
    const { onRedirect } = renderHarness({ isMobile: true });
    await advance(1490);
    expect(onRedirect).not.toHaveBeenCalled();
    await advance(20);
    expect(onRedirect).toHaveBeenCalledTimes(1);
  });

  it('goes home 500 ms after a failed sign-out', async () => {
    const { onRedirect } = renderHarness({ signOut: () => Promise.reject(new Error('serveur indisponible')) });
    await advance(490);
    expect(onRedirect).not.toHaveBeenCalled();
    await advance(20);
    expect(onRedirect).toHaveBeenCalledTimes(1);
  });

  it('goes home 200 ms after the auth state turns signed out', async () => {
    let finish: () => void = () => {};
    const signOut = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    const { onRedirect, setStatus } = renderHarness({ signOut, status: 'authenticated' });
    await advance(1000); // the server has not answered yet
    expect(onRedirect).not.toHaveBeenCalled();
    setStatus('anonymous');
    await advance(190);
    expect(onRedirect).not.toHaveBeenCalled();
    await advance(20);
    expect(onRedirect).toHaveBeenCalledTimes(1);
    finish();
    await advance(2000);
    expect(onRedirect).toHaveBeenCalledTimes(1); // once only
  });

  it('offers a manual way home 2 s after the redirect if the page is still shown', async () => {
    const { onRedirect } = renderHarness();
    await advance(800);
    expect(onRedirect).toHaveBeenCalledTimes(1);
    await advance(1990);
    expect(screen.getByText('en attente')).toBeTruthy();
    await advance(20);
    expect(screen.getByText('bloqué')).toBeTruthy();
  });
});

describe('logout page', () => {
  async function openLogout(source: StubAuthSource) {
    const view = renderRoute('/logout', { source });
    await advance(0);
    return view;
  }

  it('shows the spinner and message, signs out, and is home 200 ms after the state turns signed out', async () => {
    await import('./logout-page');
    const source = createStubAuthSource(sessionFor(3));
    const { router } = await openLogout(source);
    await advance(100);
    expect(screen.getByText('Déconnexion en cours…')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(source.signOutCalls).toBe(1);
    await advance(200);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(source.signOutCalls).toBe(1);
  });

  it('sends an already signed-out visitor home after 800 ms, or 1500 ms on a phone', async () => {
    const first = await openLogout(createStubAuthSource(null));
    await advance(700);
    expect(first.router.state.location.pathname).toBe('/logout');
    await advance(200);
    expect(first.router.state.location.pathname).toBe('/');
    first.unmount();

    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    const second = await openLogout(createStubAuthSource(null));
    await advance(1400);
    expect(second.router.state.location.pathname).toBe('/logout');
    await advance(200);
    expect(second.router.state.location.pathname).toBe('/');
  });

  it('shows « Aller à la page d’accueil » when the home page is slow to come, and it works', async () => {
    let openHome: () => void = () => {};
    const homeReady = new Promise<void>((resolve) => {
      openHome = resolve;
    });
    const router = createMemoryRouter(
      [
        { path: '/logout', element: <LogoutPage /> },
        {
          path: '/',
          loader: async () => {
            await homeReady;
            return null;
          },
          element: <h1>Accueil</h1>,
        },
      ],
      { initialEntries: ['/logout'] },
    );
    render(
      <AuthProvider source={createStubAuthSource(null)}>
        <RouterProvider router={router} />
      </AuthProvider>,
    );
    // The session check first (one step of the clock), then the sign-out and its 800 ms.
    await advance(810);
    expect(router.state.navigation.state).toBe('loading');
    await advance(1990);
    expect(screen.queryByRole('button', { name: "Aller à la page d'accueil" })).toBeNull();
    await advance(20);
    const button = screen.getByRole('button', { name: "Aller à la page d'accueil" });
    vi.useRealTimers();
    await userEvent.click(button);
    await act(async () => openHome());
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('logout page: answers kept on this device', () => {
  const QUESTION = 'Mon bailleur garde mon dépôt de garantie, que faire ?';

  function keepAnswerOnDevice(): void {
    const item = storedAnswer(QUESTION);
    window.localStorage.setItem(historyKey('u-1'), JSON.stringify([item]));
    window.sessionStorage.setItem(currentAnswerKey('u-1'), JSON.stringify(item));
  }

  async function openLogout(source: StubAuthSource) {
    const view = renderRoute('/logout', { source });
    await advance(0);
    return view;
  }

  it('opened directly, waits for the session, says what signing out erases, and erases it when asked', async () => {
    keepAnswerOnDevice();
    const source = createStubAuthSource(sessionFor(2));
    const { router } = await openLogout(source);
    await advance(50);
    expect(screen.getByRole('heading', { name: LOGOUT_CHOICE_TEXT.title })).toBeTruthy();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    expect(screen.getByRole('button', { name: LOGOUT_CHOICE_TEXT.download })).toBeTruthy();
    await advance(3000);
    expect(source.signOutCalls).toBe(0); // nothing happens until the person chooses
    expect(router.state.location.pathname).toBe('/logout');

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: LOGOUT_CHOICE_TEXT.erase }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(source.signOutCalls).toBe(1);
    expect(window.localStorage.getItem(historyKey('u-1'))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull();
  });

  it('keeps them on this device when the person chooses so', async () => {
    keepAnswerOnDevice();
    const source = createStubAuthSource(sessionFor(2));
    const { router } = await openLogout(source);
    await advance(50);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: LOGOUT_CHOICE_TEXT.keep }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(source.signOutCalls).toBe(1);
    expect(window.localStorage.getItem(keepOnDeviceKey('u-1'))).toBe('1');
    expect(JSON.parse(window.localStorage.getItem(historyKey('u-1')) ?? '[]')).toHaveLength(1);
  });

  it('asks nothing when the history is kept already, or when there is nothing to lose', async () => {
    keepAnswerOnDevice();
    window.localStorage.setItem(keepOnDeviceKey('u-1'), '1');
    const source = createStubAuthSource(sessionFor(2));
    await openLogout(source);
    await advance(20);
    expect(screen.queryByRole('heading', { name: LOGOUT_CHOICE_TEXT.title })).toBeNull();
    expect(source.signOutCalls).toBe(1);
    expect(window.sessionStorage.getItem(currentAnswerKey('u-1'))).toBeNull(); // the tab's copy always goes
    expect(window.localStorage.getItem(historyKey('u-1'))).not.toBeNull();
  });
});

