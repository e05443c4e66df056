import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage } from '../support/browser';
import { ANSWER_WITH_CHOICES, serveAnswer } from './answer-fixtures';
import { gotoApp } from './harness';
import {
  newCredentials,
  pathOf,
  registerThroughApi,
  signInThroughForm,
  submitLogin,
  submitRegistration,
  waitForSignedIn,
  waitForSignedOut,
  withSharedAccountsSite,
  type Credentials,
} from './accounts-support';

/**
 * A shared browser: the answers kept on the device belong to the account that asked (keyed by its id),
 * are erased at sign-out unless kept, and another account never sees them. A question typed before
 * signing in survives /login and /register and comes back on the question form.
 */

const shared = withSharedAccountsSite();

const MARIE_QUESTION = 'Mon mari me frappe et garde mes papiers, que puis-je faire ?';

function signIn(page: Page, who: Credentials, to?: string): Promise<void> {
  return signInThroughForm(page, shared.site.baseUrl, who, to);
}

/**
 * Signs out from the menu. `confirmErase`: the answers kept on this device are not kept, so the logout page
 * first says they will be erased; the test then chooses « Effacer et me déconnecter ».
 */
async function signOut(page: Page, confirmErase = false): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Déconnexion', exact: true }).click();
  if (confirmErase) {
    await page.waitForURL((url) => url.pathname === '/logout');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Vos réponses gardées sur cet appareil vont être effacées' }).waitFor();
    expect(await main.getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).count()).toBeGreaterThan(0);
    await main.getByRole('button', { name: 'Effacer et me déconnecter' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/');
  await waitForSignedOut(page);
}

/** Every key this browser holds, local and session storage. */
async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort());
}

async function historyTexts(page: Page): Promise<string> {
  const history = page.getByRole('region', { name: 'Mes questions sur cet appareil' });
  await history.waitFor();
  return (await history.textContent()) ?? '';
}

describe('answers on a shared browser', () => {
  test('two accounts: each sees only its own history; sign-out erases it unless kept', async () => {
    const marie = newCredentials('marie');
    const jean = newCredentials('jean');
    await Promise.all([registerThroughApi(shared.site.baseUrl, marie), registerThroughApi(shared.site.baseUrl, jean)]);
    const { page, context, errors } = await openPage(shared.browser);
    await serveAnswer(page, ANSWER_WITH_CHOICES);

    // Marie asks; her answer is kept for the tab and in « Mes questions sur cet appareil ».
    await signIn(page, marie);
    await waitForSignedIn(page, 3);
    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    await form.getByLabel('Votre question juridique').fill(MARIE_QUESTION);
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
    await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached' });
    expect(await historyTexts(page)).toContain(MARIE_QUESTION);
    const marieKeys = (await storageKeys(page)).filter((k) => k.startsWith('ql.'));
    expect(marieKeys.some((k) => /^ql\.history\.[^.]+$/.test(k))).toBe(true);
    expect(marieKeys).not.toContain('ql.history');
    expect(marieKeys).not.toContain('ql.currentAnswer');

    // She keeps her history on this device, then signs out: her keys stay, under her account only.
    await page.getByLabel('Garder mes questions sur cet appareil après la déconnexion').check();
    await signOut(page);
    const kept = await storageKeys(page);
    expect(kept.filter((k) => k.startsWith('ql.history.'))).toHaveLength(1);
    expect(kept.filter((k) => k.startsWith('ql.currentAnswer.'))).toEqual([]); // the tab's copy always goes

    // Jean signs in on the same browser: nothing of Marie's anywhere on his answer screen.
    await signIn(page, jean, '/app/reponse-legale');
    await waitForSignedIn(page, 3);
    const jeanHistory = await historyTexts(page);
    expect(jeanHistory).toContain('Aucune question enregistrée sur cet appareil.');
    expect(await page.content()).not.toContain('Mon mari me frappe');
    await signOut(page);

    // Marie comes back: her kept history is there.
    await signIn(page, marie, '/app/reponse-legale');
    expect(await historyTexts(page)).toContain(MARIE_QUESTION);

    // Without « keep », signing out erases it: no question text is left in this browser.
    await page.getByLabel('Garder mes questions sur cet appareil après la déconnexion').uncheck();
    await signOut(page, true);
    expect((await storageKeys(page)).filter((k) => k.startsWith('ql.history') || k.startsWith('ql.currentAnswer'))).toEqual([]);
    const everything = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(everything).not.toContain('Mon mari me frappe');
    await signIn(page, marie, '/app/reponse-legale');
    expect(await historyTexts(page)).toContain('Aucune question enregistrée sur cet appareil.');

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('typing before signing in', () => {
  const DRAFT = "Mon propriétaire refuse de me rendre mon dépôt de garantie depuis deux mois, que faire ?";

  async function typeOnHome(page: Page): Promise<void> {
    await gotoApp(page, `${shared.site.baseUrl}/`);
    const textarea = page.getByRole('textbox', { name: 'Votre question juridique' });
    await textarea.click();
    expect(pathOf(page)).toBe('/'); // no redirect on the first click
    await textarea.fill(DRAFT);
    await page.getByRole('form', { name: 'Poser une question juridique' }).getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=/app/question');
    await page.getByText('Votre question est gardée sur cet appareil').waitFor();
  }

  async function expectDraftBack(page: Page): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/app/question');
    const textarea = page.getByRole('textbox', { name: 'Votre question juridique' });
    await expect.poll(() => textarea.inputValue()).toBe(DRAFT);
    await page.getByText(/Votre question a été gardée pendant la connexion/).waitFor();
  }

  test('signing in: the draft is back on the question form', async () => {
    const who = newCredentials('brouillon');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser);
    await typeOnHome(page);
    await submitLogin(page, who.email, who.password);
    await expectDraftBack(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('registering: the redirect is kept, the person is signed in at once, and the draft is back', async () => {
    const who = newCredentials('inscription');
    const { page, context, errors } = await openPage(shared.browser);
    await typeOnHome(page);
    await page.getByRole('main').getByRole('link', { name: 'Inscription', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(pathOf(page)).toBe('/register?redirect=%2Fapp%2Fquestion');
    await submitRegistration(page, who);
    // No e-mail confirmation on this site: no /login, no password typed a second time.
    await expectDraftBack(page);
    await waitForSignedIn(page, 3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the city, without any third-party call before a click', () => {
  const nearbyLinks = (page: Page) =>
    page
      .locator('#professionnels')
      .locator('a[href^="https://www.google.com/maps/"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));

  test('a home visit asks no geolocation service; a typed city is remembered; « Me localiser » asks only after the click', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const external: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).port !== new URL(shared.site.baseUrl).port) external.push(r.url());
    });
    const calls = { ...shared.site.geo.calls };
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
    await page.waitForLoadState('networkidle');
    expect(shared.site.geo.calls).toEqual(calls);
    expect(external).toEqual([]);
    expect(await nearbyLinks(page)).toEqual(['https://www.google.com/maps/search/avocat', 'https://www.google.com/maps/search/notaire']);

    // A typed city, remembered on the device.
    const cityForm = page.getByRole('form', { name: 'Votre ville' });
    await cityForm.getByLabel(/Votre ville/).fill('Nantes');
    await cityForm.getByRole('button', { name: 'Valider' }).click();
    await expect.poll(() => nearbyLinks(page)).toContain('https://www.google.com/maps/search/avocat+Nantes');
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => nearbyLinks(page)).toContain('https://www.google.com/maps/search/avocat+Nantes');
    expect(shared.site.geo.calls).toEqual(calls);

    // « Me localiser »: one line says what is sent where; the configured service is asked once, after the click.
    const geoHost = new URL(shared.site.geo.primaryUrl).host;
    await cityForm.getByText(`« Me localiser » envoie votre adresse IP à ${geoHost}`, { exact: false }).waitFor();
    await cityForm.getByRole('button', { name: 'Me localiser' }).click();
    await expect.poll(() => nearbyLinks(page)).toContain('https://www.google.com/maps/search/avocat+Lyon');
    expect(shared.site.geo.calls.primary).toBe(calls.primary + 1);
    expect(external.every((u) => u.startsWith(shared.site.geo.primaryUrl))).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
