import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { gotoApp, revealAllAnimations, sharedBrowser, startSite, type Site } from './harness';

/** The folder the README names for the browser tests' screenshots. */
const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

let site: Site;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [site, browser] = await Promise.all([startSite(), sharedBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Writes the pictures the README names (no comparison with earlier ones: they are for people to look at). What
 * is checked is the page they show: the whole of it, every block that fades in on scrolling already shown.
 */
test.each<{ file: string; options: BrowserContextOptions }>([
  { file: 'home-1280.png', options: { viewport: { width: 1280, height: 800 } } },
  { file: 'home-375.png', options: MOBILE_CONTEXT },
])('full-page screenshot of the home page: $file', async ({ file, options }) => {
  const target = path.join(SCREENSHOT_DIR, file);
  fs.rmSync(target, { force: true });
  const { page, context, errors } = await openPage(browser, options);
  await gotoApp(page, `${site.baseUrl}/`);
  // As a signed-out visitor sees it once the city is known and every scroll animation has played.
  await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
  // The default page: no city looked up (nothing is asked of a third party before a click).
  await page.getByRole('form', { name: 'Votre ville' }).waitFor();
  await revealAllAnimations(page);
  const faded = await page.evaluate(() =>
    [...document.querySelectorAll('[data-aos]')].filter((el) => getComputedStyle(el).opacity !== '1').map((el) => el.textContent?.slice(0, 40)),
  );
  expect(faded).toEqual([]);
  expect(await page.locator('[data-aos]').count()).toBeGreaterThan(0);
  await page.screenshot({ path: target, fullPage: true, animations: 'disabled', caret: 'hide' });
  expect(fs.existsSync(target)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
