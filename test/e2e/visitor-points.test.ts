import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { createCreditsService } from '../../src/server/modules/credits/credits-service';
import { ANSWER_WITH_CHOICES, serveAnswer } from './answer-fixtures';
import { gotoApp } from './harness';
import {
  newCredentials,
  registerThroughApi,
  signInThroughForm,
  userIdOf,
  waitForSignedIn,
  waitForSignedOut,
  withSharedAccountsSite,
  type Credentials,
} from './accounts-support';

/**
 * What a visitor tripped over: answers left in the browser by a sign-out through /logout opened directly
 * (a bookmark, another tab), a sign-out that erased them without a word, the out-of-credits text said
 * twice, related fiches beside an English question, the site's name cut in the phone header.
 */

const shared = withSharedAccountsSite();

const QUESTION = 'Mon propriétaire refuse de me rendre mon dépôt de garantie, que puis-je faire ?';
const CHOICE_TITLE = 'Vos réponses gardées sur cet appareil vont être effacées';

/** Keys this page's origin holds for answers: history (local) and the tab's answer (session). */
function answerKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('ql.history') || k.startsWith('ql.currentAnswer')).sort(),
  );
}

/** Signs in and asks one question (answered by the fixture): the answer is kept in the tab and the history. */
async function signInAndAsk(page: Page, who: Credentials): Promise<void> {
  await serveAnswer(page, ANSWER_WITH_CHOICES);
  await signInThroughForm(page, shared.site.baseUrl, who, '/app/question');
  await waitForSignedIn(page, 3);
  const form = page.getByRole('form', { name: 'Poser une question juridique' });
  await form.getByLabel('Votre question juridique').fill(QUESTION);
  await form.getByRole('button', { name: 'Analyse', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
  await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached' });
  expect((await answerKeys(page)).length).toBe(2);
}

async function newAccount(tag: string): Promise<Credentials> {
  const who = newCredentials(tag);
  await registerThroughApi(shared.site.baseUrl, who);
  return who;
}

async function closeClean(context: BrowserContext, errors: string[]): Promise<void> {
  expect(errors).toEqual([]);
  await context.close();
}

describe('signing out by any way erases the answers kept on the device, after saying so', () => {
  test('/logout typed or bookmarked: the warning, a pré-dossier to download, then nothing left', async () => {
    const who = await newAccount('signet');
    const { page, context, errors } = await openPage(shared.browser);
    await signInAndAsk(page, who);

    await gotoApp(page, `${shared.site.baseUrl}/logout`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: CHOICE_TITLE }).waitFor();
    expect(await main.getByText(QUESTION).isVisible()).toBe(true);
    // Not signed out while the person reads: the pré-dossier can still be made.
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await file.failure()).toBeNull();

    await main.getByRole('button', { name: 'Effacer et me déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForSignedOut(page);
    expect(await answerKeys(page)).toEqual([]);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain('dépôt de garantie');
    await closeClean(context, errors);
  });

  test('/logout opened in another tab: that tab erases the history, the first tab its own answer', async () => {
    const who = await newAccount('onglet');
    const { page, context, errors } = await openPage(shared.browser);
    await signInAndAsk(page, who);

    const other = await context.newPage();
    await gotoApp(other, `${shared.site.baseUrl}/logout`);
    await other.getByRole('main').getByRole('heading', { name: CHOICE_TITLE }).waitFor();
    await other.getByRole('main').getByRole('button', { name: 'Effacer et me déconnecter' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await waitForSignedOut(other);
    expect(await answerKeys(other)).toEqual([]);

    // The first tab was told: signed out (its answer page, for signed-in users only, sends it to the login
    // page), and the answer it kept for itself (session storage) is gone.
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => answerKeys(page)).toEqual([]);
    expect(await page.getByRole('main').getByText(QUESTION).count()).toBe(0);
    await other.close();
    await closeClean(context, errors);
  });

  test('« Les garder sur cet appareil »: signed out, the history stays for the next sign-in', async () => {
    const who = await newAccount('garder');
    const { page, context, errors } = await openPage(shared.browser);
    await signInAndAsk(page, who);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Déconnexion', exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'Les garder sur cet appareil et me déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForSignedOut(page);
    const kept = await answerKeys(page);
    expect(kept.filter((k) => k.startsWith('ql.history.'))).toHaveLength(1);
    expect(kept.filter((k) => k.startsWith('ql.currentAnswer.'))).toEqual([]);
    await closeClean(context, errors);
  });
});

describe('the question page', () => {
  test('out of credits: the text is said once, before and after « Analyse »', async () => {
    const who = await newAccount('sanscredit');
    const userId = await userIdOf(shared.site, who.email);
    await createCreditsService(shared.site.server.testDb.database.db).grant(userId ?? '', -3, 'operator');
    const { page, context, errors } = await openPage(shared.browser);
    await signInThroughForm(page, shared.site.baseUrl, who, '/app/question');
    const main = page.getByRole('main');
    const noCredit = main.getByText("Vous n'avez plus de crédit", { exact: false });
    await noCredit.first().waitFor();
    expect(await noCredit.count()).toBe(1);
    await main.getByLabel('Votre question juridique').fill(QUESTION);
    await main.getByRole('button', { name: 'Analyse', exact: true }).click();
    await main.getByRole('alert').filter({ hasText: "Vous n'avez plus de crédit" }).waitFor();
    expect(await noCredit.count()).toBe(1);
    expect(page.url()).toContain('/app/question');
    await closeClean(context, errors);
  });

  test('an English question gets no related fiches; a French one does', async () => {
    const who = await newAccount('anglais');
    const { page, context, errors } = await openPage(shared.browser);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/search') && r.method() === 'POST') searches.push(r.postData() ?? '');
    });
    await signInThroughForm(page, shared.site.baseUrl, who, '/app/question');
    const main = page.getByRole('main');
    const field = main.getByLabel('Votre question juridique');
    const related = main.getByRole('heading', { name: 'Fiches officielles liées à votre question' });

    await field.fill('My landlord refuses to give back my deposit, what can I do?');
    await main.getByRole('button', { name: 'Analyse', exact: true }).click();
    await main.getByRole('alert').filter({ hasText: 'français' }).waitFor();
    await page.waitForTimeout(1000); // past the typing pause after which fiches are looked up
    expect(await related.count()).toBe(0);
    expect(searches).toEqual([]);

    await field.fill(QUESTION);
    await related.waitFor();
    expect(await main.locator('.app-related-item').count()).toBeGreaterThan(0);
    await closeClean(context, errors);
  });
});

describe('the phone header', () => {
  /** The name's box against its own text width, and how many lines it takes. */
  const nameBox = (page: Page) =>
    page.locator('.ql-navbar-inner > .ql-brand .ql-brand-name').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const badge = document.querySelector('.ql-mobile-actions')?.getBoundingClientRect();
      return {
        text: el.textContent,
        clipped: el.scrollWidth > el.clientWidth + 1,
        lines: Math.round(box.height / parseFloat(getComputedStyle(el).lineHeight)),
        overlapsActions: badge ? box.right > badge.left : false,
        ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
      };
    });

  test('the site name is whole at 375 px (one line) and at 320 px (wrapped), signed in or not', async () => {
    const who = await newAccount('entete');
    for (const width of [375, 320]) {
      const { page, context, errors } = await openPage(shared.browser, { ...MOBILE_CONTEXT, viewport: { width, height: 740 } });
      await gotoApp(page, `${shared.site.baseUrl}/`);
      const out = await nameBox(page);
      await signInThroughForm(page, shared.site.baseUrl, who, '/app/question');
      await page.locator('.ql-mobile-actions .ql-credits-badge').waitFor();
      const signedIn = await nameBox(page);
      for (const [label, box] of [['signed out', out], ['signed in', signedIn]] as const) {
        const where = `${width} px, ${label}`;
        expect(box.text, where).toBe('QuestionLegale.info');
        expect(box.clipped, where).toBe(false);
        expect(box.ellipsis, where).toBe(false);
        expect(box.overlapsActions, where).toBe(false);
        if (width === 375) expect(box.lines, where).toBe(1);
      }
      await closeClean(context, errors);
    }
  });
});
