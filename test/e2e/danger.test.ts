import { AxeBuilder } from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { creditLedger } from '../../src/server/db/schema';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { gotoApp, waitForScrollEnd } from './harness';
import { newCredentials, profileInPage, registerThroughApi, signInThroughForm, userIdOf, withSharedAccountsSite } from './accounts-support';

/**
 * The danger path in a real browser (issue 29): the short phrasings people type in distress show the
 * emergency numbers at once — signed out from the home form without an account (even offline), signed in on
 * the answer page, free — and the numbers are the first thing on the screen below the site's bar, at 375 px
 * and at 1280 px.
 */

const shared = withSharedAccountsSite();

const HREFS = ['tel:17', 'tel:112', 'sms:114', 'tel:3919', 'tel:119', 'tel:3114'];
const SHORT_FORMS = ['il me frappe', 'au secours il me tape', 'je veux mourir', 'mon père me bat', 'mon mari me frappe', 'mon copain me tape', "j'ai envie de me suicider", 'il va me tuer'];
const WIDTHS = [
  { label: '375 px', options: MOBILE_CONTEXT },
  { label: '1280 px', options: {} },
] as const;

/**
 * Where the emergency block sits on the screen: its links, whether every link is inside the viewport, and
 * whether it is the first thing under the sticky header (every point of the screen's middle column between
 * the header and the block belongs to one of the block's containers, never to other content).
 */
async function placement(block: Locator) {
  return block.evaluate((el) => {
    const header = document.querySelector('header');
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const top = el.getBoundingClientRect().top;
    const x = Math.round(el.getBoundingClientRect().left + el.getBoundingClientRect().width / 2);
    let nothingAbove = top >= headerBottom - 1;
    const others: string[] = [];
    for (let y = Math.ceil(headerBottom) + 1; y < top; y += 2) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !hit.contains(el)) {
        nothingAbove = false;
        others.push(`${y}:${hit.tagName}.${hit.className}`);
      }
    }

    const links = [...el.querySelectorAll('a')];
    return {
      hrefs: links.map((a) => a.getAttribute('href')),
      allLinksOnScreen: links.every((a) => {
        const r = a.getBoundingClientRect();
        return r.top >= headerBottom && r.bottom <= window.innerHeight;
      }),
      nothingAbove,
      /** What lies between the header and the block, if anything (for the failure message). */
      between: `top ${Math.round(top)}, header ${Math.round(headerBottom)}, scroll ${Math.round(window.scrollY)}; ${others.slice(0, 3).join(', ')}`,
    };
  });
}

/** Resolves once no animation or transition runs (the home card's « fade-up » moves the form as it plays). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5000 });
}

async function askFromForm(page: Page, question: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Poser une question juridique' });
  await form.getByLabel('Votre question juridique').fill(question);
  await form.getByRole('button', { name: 'Analyse', exact: true }).click();
}

describe('signed out, from the home form', () => {
  for (const { label, options } of WIDTHS) {
    test(`${label}: each short form shows the numbers first on the screen, no login, no request`, async () => {
      const { page, context, errors } = await openPage(shared.browser, options);
      const requests: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname.startsWith('/api/answers')) requests.push(url.pathname);
      });
      for (const question of SHORT_FORMS) {
        await gotoApp(page, `${shared.site.baseUrl}/`);
        await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
        await askFromForm(page, question);
        const block = page.locator('#analyse .answer-emergency');
        await block.waitFor();
        await waitForScrollEnd(page);
        await animationsDone(page);
        expect(new URL(page.url()).pathname, question).toBe('/');
        const where = await placement(block);
        expect(where.hrefs, question).toEqual(HREFS);
        expect(where.nothingAbove, `${question}: the numbers are the first thing under the header (${where.between})`).toBe(true);
        expect(where.allLinksOnScreen, `${question}: all six numbers on the screen`).toBe(true);
        expect(await page.getByText('Le texte saisi ne semble pas être en français').count()).toBe(0);
        // The keyboard and screen-reader focus is on the numbers.
        expect(await block.evaluate((el) => el === document.activeElement)).toBe(true);
        // The legal answer is offered, not imposed.
        expect(await page.getByRole('link', { name: 'Recevoir une réponse juridique' }).getAttribute('href')).toBe('/login?redirect=/app/question');
      }
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('the numbers need no network: offline after the page has loaded, they still show', async () => {
    const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await context.setOffline(true);
    await askFromForm(page, 'au secours il me tape');
    const block = page.locator('#analyse .answer-emergency');
    await block.waitFor();
    expect((await placement(block)).hrefs).toEqual(HREFS);
    await context.setOffline(false);
    // Offline, the browser reports the loads it could not make (the question rules warmed up while typing).
    expect(errors.filter((e) => !e.endsWith('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  test('the danger panel has no serious accessibility violation (axe, WCAG 2.1 A/AA) at 375 px', async () => {
    const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await askFromForm(page, 'il me frappe');
    await page.locator('#analyse .answer-emergency').waitFor();
    await animationsDone(page);
    const results = await new AxeBuilder({ page }).include('#analyse').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an ordinary question still goes to the login page, without the numbers', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await askFromForm(page, 'Mon voisin tape sur le mur tous les soirs, que puis-je faire ?');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.locator('.answer-emergency').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('signed in: the answer page, free', () => {
  for (const { label, options } of WIDTHS) {
    test(`${label}: the numbers are the first thing on the answer page, and no credit is taken`, async () => {
      const who = newCredentials('danger');
      await registerThroughApi(shared.site.baseUrl, who);
      const { page, context, errors } = await openPage(shared.browser, options);
      await signInThroughForm(page, shared.site.baseUrl, who);
      const userId = (await userIdOf(shared.site, who.email)) ?? '';
      for (const question of ['mon mari me frappe', 'je veux mourir']) {
        await page.getByRole('heading', { name: 'Poser une question', level: 1 }).waitFor();
        await askFromForm(page, question);
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
        const main = page.getByRole('main');
        const block = main.locator('.answer-emergency');
        await block.waitFor();
        await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
        const where = await placement(block);
        expect(where.hrefs, question).toEqual(HREFS);
        expect(where.nothingAbove, `${question}: first under the header, above the title and the question`).toBe(true);
        expect(where.allLinksOnScreen, `${question}: all six numbers on the screen`).toBe(true);
        // Above the page's title and the question.
        const title = main.getByRole('heading', { name: 'Réponse Légale', level: 1 });
        expect(await block.evaluate((el, h) => (el.compareDocumentPosition(h as Node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0, await title.elementHandle())).toBe(true);
        await page.goto(`${shared.site.baseUrl}/app/question`, { waitUntil: 'load' });
      }
      // Free: the server's balance and ledger say so.
      expect(await profileInPage(page)).toMatchObject({ status: 200, body: { credits: 3 } });
      const debits = (await shared.site.server.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter((r) => r.delta < 0);
      expect(debits).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
