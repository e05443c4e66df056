import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { gotoApp, revealAllAnimations, sharedBrowser, startSite, type Site } from './harness';

/** The folder the README names for the browser tests' screenshots. */
const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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

test.each<{ file: string; width: number; options: BrowserContextOptions }>([
  { file: 'home-1280.png', width: 1280, options: { viewport: { width: 1280, height: 800 } } },
  { file: 'home-375.png', width: 375, options: MOBILE_CONTEXT },
])('full-page screenshot of the home page: $file', async ({ file, width, options }) => {
  const target = path.join(SCREENSHOT_DIR, file);
  fs.rmSync(target, { force: true });
  const { page, context, errors } = await openPage(browser, options);
  await gotoApp(page, `${site.baseUrl}/`);
  // As a signed-out visitor sees it once the city is known and every scroll animation has played.
  await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
  // The default page: no city looked up (nothing is asked of a third party before a click).
  await page.getByRole('form', { name: 'Votre ville' }).waitFor();
  await revealAllAnimations(page);
  await page.screenshot({ path: target, fullPage: true, animations: 'disabled', caret: 'hide' });

  const png = fs.readFileSync(target);
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.length).toBeGreaterThan(20 * 1024);
  // IHDR: width and height (big-endian) at bytes 16 and 20; a full page is much taller than the screen.
  const pngWidth = png.readUInt32BE(16) / (options.deviceScaleFactor ?? 1);
  const pngHeight = png.readUInt32BE(20);
  expect(pngWidth).toBe(width);
  expect(pngHeight).toBeGreaterThan(3 * (options.viewport?.height ?? 800));
  expect(errors).toEqual([]);
  await context.close();
});
