import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { openPage } from '../support/browser';
import { gotoApp, sharedBrowser, type Site } from './harness';
import { pathOf, profileInPage, sessionCookie, startAccountsSite, waitForSignedIn } from './accounts-support';

/**
 * Social sign-in in Chromium against a local OpenID provider (oauth2-mock-server, configured like Google:
 * discovery, RS256-signed ID tokens, PKCE, nonce). The browser really goes to the provider's /authorize
 * (loopback, so allowed) and comes back through the app's callback and /restricted.
 */

interface Identity {
  sub: string;
  email: string;
  name: string;
}

let site: Site;
let browser: Browser;
let oidc: OAuth2Server;
let issuer: string;
/** Who the provider signs in next (read by the hooks at each request). */
const current: { identity: Identity; deny: boolean } = {
  identity: { sub: 'google-sub-e2e-1', email: 'sociale@exemple.fr', name: 'Dominique Sociale' },
  deny: false,
};
/** Every /authorize request the provider received. */
const authorizeRequests: URL[] = [];

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  issuer = oidc.issuer.url ?? '';
  oidc.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud === 'google-client-id') {
      const who = current.identity;
      Object.assign(token.payload, { sub: who.sub, email: who.email, email_verified: true, name: who.name });
    }
  });
  oidc.service.on('beforeUserinfo', (userInfo) => {
    const who = current.identity;
    userInfo.body = { sub: who.sub, email: who.email, email_verified: true, name: who.name };
  });
  oidc.service.on('beforeAuthorizeRedirect', (redirect, req) => {
    authorizeRequests.push(new URL(req.url ?? '/', issuer));
    if (current.deny) {
      // The user refused consent at the provider.
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    }
  });
  [site, browser] = await Promise.all([
    startAccountsSite({
      env: {
        GOOGLE_CLIENT_ID: 'google-client-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      },
    }),
    sharedBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await oidc?.stop();
});

/** The pages (document navigations) the browser went through, in order. */
function recordNavigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.push(`→ ${request.url()}`);
  });
  return seen;
}

describe('Se connecter avec Google (local provider)', () => {
  test('from /login?redirect=/app/question: provider → callback → /restricted → /app/question, 3 credits', async () => {
    current.identity = { sub: 'google-sub-e2e-1', email: 'sociale@exemple.fr', name: 'Dominique Sociale' };
    current.deny = false;
    const { page, context, errors } = await openPage(browser);
    const navigations = recordNavigations(page);
    await gotoApp(page, `${site.baseUrl}/login?redirect=${encodeURIComponent('/app/question')}`);
    const main = page.getByRole('main');
    const google = main.getByRole('button', { name: 'Se connecter avec Google' });
    await google.waitFor();
    // Only the configured provider is offered.
    expect(await main.getByRole('button', { name: 'Se connecter avec Microsoft' }).count()).toBe(0);

    const before = authorizeRequests.length;
    await google.click();
    await page.waitForURL((url) => url.pathname === '/app/question', { timeout: 15_000 });
    expect(pathOf(page)).toBe('/app/question');
    await main.getByRole('heading', { name: 'Poser une question', level: 1 }).waitFor();
    await waitForSignedIn(page, 3);

    // The browser really went to the provider, then back through the callback and /restricted.
    expect(authorizeRequests.length).toBe(before + 1);
    const authorize = authorizeRequests[before];
    expect(authorize?.searchParams.get('client_id')).toBe('google-client-id');
    expect(authorize?.searchParams.get('redirect_uri')).toBe(`${site.baseUrl}/api/auth/callback/google`);
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize?.searchParams.get('nonce')).toBeTruthy();
    const requested = navigations.filter((n) => n.startsWith('→ ')).map((n) => new URL(n.slice(2)));
    const route = requested.map((u) => `${u.origin === issuer ? 'provider' : 'site'}${u.pathname}`);
    expect(route).toEqual(['site/login', 'provider/authorize', 'site/api/auth/callback/google', 'site/restricted']);
    expect(navigations.some((n) => new URL(n.replace(/^→ /, '')).pathname === '/restricted')).toBe(true);

    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    // The account exists with the provider's claims.
    const profile = await profileInPage(page);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: 'sociale@exemple.fr', name: 'Dominique Sociale', credits: 3 });
    // The login target was used once and forgotten.
    expect(await page.evaluate(() => window.sessionStorage.getItem('ql.redirectAfterLogin'))).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });

  test('without a redirect target: lands on the question form; signing in again keeps the same account', async () => {
    current.identity = { sub: 'google-sub-e2e-1', email: 'sociale@exemple.fr', name: 'Dominique Sociale' };
    current.deny = false;
    const { page, context, errors } = await openPage(browser);
    await gotoApp(page, `${site.baseUrl}/login`);
    await page.getByRole('main').getByRole('button', { name: 'Se connecter avec Google' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#question-section', { timeout: 15_000 });
    expect(pathOf(page)).toBe('/#question-section');
    await waitForSignedIn(page, 3);
    const profile = await profileInPage(page);
    expect(profile.body).toMatchObject({ email: 'sociale@exemple.fr', credits: 3 });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a new identity from the provider creates a new account with 3 credits', async () => {
    current.identity = { sub: 'google-sub-e2e-2', email: 'autre.sociale@exemple.fr', name: 'Alix Autre' };
    current.deny = false;
    const { page, context, errors } = await openPage(browser);
    await gotoApp(page, `${site.baseUrl}/login`);
    await page.getByRole('main').getByRole('button', { name: 'Se connecter avec Google' }).click();
    await page.waitForURL((url) => url.hash === '#question-section', { timeout: 15_000 });
    await waitForSignedIn(page, 3);
    const profile = await profileInPage(page);
    expect(profile.body).toMatchObject({ email: 'autre.sociale@exemple.fr', name: 'Alix Autre', credits: 3 });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('consent refused at the provider: back on /login with a French message, nobody signed in', async () => {
    current.deny = true;
    try {
      const { page, context, errors } = await openPage(browser);
      await gotoApp(page, `${site.baseUrl}/login?redirect=${encodeURIComponent('/app/question')}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Se connecter avec Google' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('error'), { timeout: 15_000 });
      const alert = main.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('La connexion avec ce fournisseur a échoué. Veuillez réessayer.');
      expect(await sessionCookie(context)).toBeUndefined();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      current.deny = false;
    }
  });
});
