import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { ANSWER_WITH_LONG_URLS, serveAnswer } from './answer-fixtures';
import { gotoApp, sharedBrowser, type Site } from './harness';
import { newCredentials, registerThroughApi, startAccountsSite, submitLogin, type Credentials } from './accounts-support';

/**
 * No page is wider than the viewport (no horizontal scrolling) at 320, 375, 768 and 1280 px: every route,
 * signed out and signed in, and the answer screen with long raw addresses and long words in its sections,
 * sources, references and choices.
 */

const WIDTHS = [320, 375, 768, 1280] as const;
const PUBLIC_ROUTES = ['/', '/login', '/register', '/reset-password', '/update-password?token=x', '/Articles/', '/mentions.html', '/services.html'];
const SIGNED_IN_ROUTES = ['/', '/app/question', '/app/compte', '/app/reponse-legale'];

let site: Site;
let browser: Browser;
let who: Credentials;

beforeAll(async () => {
  [site, browser] = await Promise.all([startAccountsSite(), sharedBrowser()]);
  who = newCredentials('largeur');
  await registerThroughApi(site.baseUrl, who);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** How much wider than the viewport the page is (0 when it fits), after the layout settles. */
async function overflow(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

async function load(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
}

function contextFor(width: number) {
  return width <= 375 ? { ...MOBILE_CONTEXT, viewport: { width, height: 740 } } : { viewport: { width, height: 900 } };
}

describe('no horizontal overflow', () => {
  for (const width of WIDTHS) {
    test(`every page fits at ${width} px`, async () => {
      const { page, context, errors } = await openPage(browser, contextFor(width));
      const wide: string[] = [];
      for (const path of PUBLIC_ROUTES) {
        await load(page, path);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path} (signed out): +${extra} px`);
      }

      await gotoApp(page, `${site.baseUrl}/login?redirect=/app/question`);
      await submitLogin(page, who.email, who.password);
      await page.waitForURL((url) => url.pathname === '/app/question');
      // The answer screen holds an answer full of long addresses (served by a route interception).
      await serveAnswer(page, ANSWER_WITH_LONG_URLS);
      const form = page.getByRole('form', { name: 'Poser une question juridique' });
      await form.getByLabel('Votre question juridique').fill('Mon propriétaire garde mon dépôt de garantie, que faire ?');
      await form.getByRole('button', { name: 'Analyse', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
      await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached' });

      for (const path of SIGNED_IN_ROUTES) {
        await load(page, path);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path} (signed in): +${extra} px`);
      }
      // The long choice selected, the article texts opened, the mobile menu opened.
      await load(page, '/app/reponse-legale');
      const group = page.getByRole('group', { name: 'Votre situation :' });
      await group.getByRole('button').first().click();
      for (const summary of await page.locator('details.answer-article > summary').all()) await summary.click();
      let extra = await overflow(page);
      if (extra > 0) wide.push(`/app/reponse-legale (long case chosen, articles open): +${extra} px`);
      const menu = page.getByRole('button', { name: 'Ouvrir le menu' });
      if ((await menu.count()) > 0) {
        await menu.click();
        extra = await overflow(page);
        if (extra > 0) wide.push(`/app/reponse-legale (menu open): +${extra} px`);
      }

      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
