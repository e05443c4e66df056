import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../lib/auth/auth-context';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../lib/testing/stub-auth-source';
import { MOBILE_MENU_ID } from './mobile-menu';
import { Navbar } from './navbar';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function SpendButton() {
  const { decrementCredits } = useAuth();
  return (
    <button type="button" onClick={decrementCredits}>
      Dépenser
    </button>
  );
}

function renderNavbar(source: StubAuthSource) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Navbar />
            <SpendButton />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AuthProvider source={source}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

let userAgent = DESKTOP_UA;

beforeEach(() => {
  userAgent = DESKTOP_UA;
  vi.spyOn(window.navigator, 'userAgent', 'get').mockImplementation(() => userAgent);
  setWidth(1280);
});

afterEach(() => {
  vi.restoreAllMocks();
  setWidth(1024);
});

describe('Navbar on a desktop', () => {
  it('shows the brand, the three links and the sign-in buttons when signed out', async () => {
    renderNavbar(createStubAuthSource(null));
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'QuestionLegale.info' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Question\u202f?' }).getAttribute('href')).toBe('/#analyse');
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe('/Articles/');
    expect(within(nav).getByRole('link', { name: 'Références' }).getAttribute('href')).toBe('/#references');
    expect((await within(nav).findByRole('link', { name: 'Se connecter' })).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Inscription' }).getAttribute('href')).toBe('/register');
    expect(within(nav).queryByRole('link', { name: 'Déconnexion' })).toBeNull();
    expect(within(nav).queryByText(/Crédits/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).toBeNull();
  });

  it('shows Déconnexion and the credits badge when signed in, and follows local debits', async () => {
    renderNavbar(createStubAuthSource(sessionFor(3)));
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(await within(nav).findByText('Crédits: 3')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Déconnexion' }).getAttribute('href')).toBe('/logout');
    expect(within(nav).queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Inscription' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dépenser' }));
    expect(within(nav).getByText('Crédits: 2')).toBeTruthy();
  });

  it('shows neither sign-in buttons nor credits while the session is loading', () => {
    const source = createStubAuthSource(sessionFor(3));
    source.gate = new Promise<void>(() => {});
    renderNavbar(source);
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Déconnexion' })).toBeNull();
  });
});

describe('Navbar on mobile', () => {
  it('switches to the collapsible menu at 375 px and back on resize', async () => {
    renderNavbar(createStubAuthSource(null));
    expect(screen.getByRole('link', { name: 'Question\u202f?' })).toBeTruthy();
    act(() => setWidth(375));
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(MOBILE_MENU_ID);
    expect(document.getElementById(MOBILE_MENU_ID)?.hidden).toBe(true);
    expect(screen.queryByRole('link', { name: 'Question\u202f?' })).toBeNull();
    act(() => setWidth(768));
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeTruthy();
    act(() => setWidth(769));
    expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Question\u202f?' })).toBeTruthy();
  });

  it('opens with a click, lists all links and closes with Escape', async () => {
    setWidth(375);
    const user = userEvent.setup();
    renderNavbar(createStubAuthSource(null));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const toggle = screen.getByRole('button', { name: 'Fermer le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(MOBILE_MENU_ID);
    expect(menu?.hidden).toBe(false);
    const links = within(menu as HTMLElement).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Question\u202f?', '/#analyse'],
      ['Articles', '/Articles/'],
      ['Références', '/#references'],
      ['Les professionnels', '/#professionnels'],
      ['Sites utiles', '/#utiles'],
      ['Comment ça marche\u202f?', '/#comment'],
      ['Se connecter', '/login'],
      ['Inscription', '/register'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(menu?.hidden).toBe(true);
  });

  it('is operable with the keyboard', async () => {
    setWidth(375);
    const user = userEvent.setup();
    renderNavbar(createStubAuthSource(null));
    await user.tab(); // brand link
    await user.tab(); // menu button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Fermer le menu' }).getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Question\u202f?');
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(MOBILE_MENU_ID)?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes after following a link', async () => {
    setWidth(375);
    const user = userEvent.setup();
    const router = renderNavbar(createStubAuthSource(null));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await user.click(screen.getByRole('link', { name: 'Sites utiles' }));
    expect(router.state.location.hash).toBe('#utiles');
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('uses the mobile menu on a phone user agent even in a wide window', async () => {
    userAgent = IPHONE_UA;
    const user = userEvent.setup();
    renderNavbar(createStubAuthSource(sessionFor(3)));
    // the credits stay visible next to the menu button
    expect(await screen.findByText('Crédits: 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = document.getElementById(MOBILE_MENU_ID) as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Déconnexion' }).getAttribute('href')).toBe('/logout');
    expect(within(menu).queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });
});
