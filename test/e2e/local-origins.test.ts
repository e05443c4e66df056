import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { freePort } from '../support/ports';
import { CLIENT_DIST } from '../support/server';
import { openPage } from '../support/browser';
import { E2E_AUTH_ENV, newCredentials, submitLogin, submitRegistration, type Credentials } from './accounts-support';
import { sharedBrowser } from './harness';

/**
 * Local use without PUBLIC_URL: the site opened at http://localhost:PORT, http://127.0.0.1:PORT or
 * http://[::1]:PORT registers, signs in and answers alike; any other origin gets a French refusal.
 */

let app: TestApp;
let browser: Browser;
let port: number;

beforeAll(async () => {
  port = await freePort();
  [app, browser] = await Promise.all([
    createTestApp('pglite', { CLIENT_DIST_DIR: CLIENT_DIST, PORT: String(port), ...E2E_AUTH_ENV }),
    sharedBrowser(),
  ]);
  // Both address families of the loopback interface (as `HOST=::` or the default 0.0.0.0 would).
  await app.app.listen({ port, host: '::' });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function register(page: Page, base: string, who: Credentials): Promise<void> {
  await page.goto(`${base}/register`, { waitUntil: 'load' });
  await submitRegistration(page, who);
}

describe('without PUBLIC_URL', () => {
  test('the configuration has no public address', () => {
    expect(app.config.publicUrl).toBeUndefined();
  });

  test.each(['localhost', '127.0.0.1', '[::1]'])('http://%s:PORT: register, a French error, sign in, ask', async (host) => {
    const base = `http://${host}:${port}`;
    const who = newCredentials(`local-${host.replace(/\W/g, '')}`);
    const { page, context, errors } = await openPage(browser);
    await register(page, base, who);
    // Registering without e-mail confirmation signs the person in and leaves the form: drop the session to try
    // the sign-in form from this origin too.
    await page.waitForURL((url) => url.pathname !== '/register', { timeout: 10_000 });
    await context.clearCookies();
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    const main = page.getByRole('main');

    // A wrong password: the site's French message.
    await submitLogin(page, who.email, 'Mauvais1motdepasse');
    await main.getByRole('alert').getByText('Identifiants invalides. Veuillez réessayer.').waitFor();

    await gotoLoginAndSignIn(page, base, who);
    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    await form.getByLabel('Votre question juridique').fill('Mon employeur ne me paie pas mes heures supplémentaires, que faire ?');
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
    await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
    expect(new URL(page.url()).host).toBe(`${host}:${port}`);

    // The one error of the page: the refused sign-in (401).
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  test('another origin (http://127.0.0.2:PORT) is refused with a French message', async () => {
    const { page, context, errors } = await openPage(browser);
    await register(page, `http://127.0.0.2:${port}`, newCredentials('autre-origine'));
    await page
      .getByRole('main')
      .getByText("Requête refusée\u202f: l'origine de la requête est absente ou non autorisée.", { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await context.close();
  });
});

async function gotoLoginAndSignIn(page: Page, base: string, who: ReturnType<typeof newCredentials>): Promise<void> {
  await page.goto(`${base}/login?redirect=%2Fapp%2Fquestion`, { waitUntil: 'load' });
  await submitLogin(page, who.email, who.password);
  await page.waitForURL((url) => url.pathname === '/app/question');
}
