import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { gotoApp, revealAllAnimations, withSharedSite, topIsInViewport, waitForScrollEnd } from './harness';
import { E2E_AUTH_ENV, newCredentials, registerThroughApi, submitLogin } from './accounts-support';

const shared = withSharedSite({ env: E2E_AUTH_ENV });

const EXTRA_LINKS = ['Les professionnels', 'Sites utiles', 'Comment ça marche\u202f?'];

function toggle(page: Page) {
  return page.locator('button[aria-controls="ql-menu-mobile"]');
}

test('at 375 px the menu is collapsed, opens with the extra links, and a link navigates and closes it', async () => {
  const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
  await gotoApp(page, `${shared.site.baseUrl}/`);
  const button = page.getByRole('button', { name: 'Ouvrir le menu' });
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  const menu = page.locator('#ql-menu-mobile');
  expect(await menu.isVisible()).toBe(false);
  for (const name of EXTRA_LINKS) expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(false);

  await button.click();
  expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
  expect(await toggle(page).getAttribute('aria-label')).toBe('Fermer le menu');
  expect(await menu.isVisible()).toBe(true);
  for (const name of [...EXTRA_LINKS, 'Question\u202f?', 'Articles', 'Références']) {
    expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
  }

  await menu.getByRole('link', { name: 'Sites utiles', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#utiles');
  expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
  expect(await menu.isVisible()).toBe(false);
  // The hash scroll runs after 300 ms and ends with the section at the top of the screen.
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(0);
  await waitForScrollEnd(page);
  expect(await topIsInViewport(page, '#utiles')).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('the menu is keyboard operable: Enter opens it, Escape closes it and gives the focus back', async () => {
  const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
  await gotoApp(page, `${shared.site.baseUrl}/`);
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#ql-menu-mobile') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('#ql-menu-mobile').isVisible()).toBe(false);
  expect(await toggle(page).evaluate((el) => el === document.activeElement)).toBe(true);
  // A second click on the button closes an open menu too.
  await toggle(page).click();
  await toggle(page).click();
  expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
  expect(errors).toEqual([]);
  await context.close();
});

test('nothing overflows horizontally at 375 px, before and after the scroll animations', async () => {
  const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
  await gotoApp(page, `${shared.site.baseUrl}/`);
  const widths = () =>
    page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(await widths()).toEqual({ scroll: 375, body: 375 });
  await revealAllAnimations(page);
  expect(await widths()).toEqual({ scroll: 375, body: 375 });
  await toggle(page).click();
  expect(await widths()).toEqual({ scroll: 375, body: 375 });
  expect(errors).toEqual([]);
  await context.close();
});

test('mobile means a mobile user agent or a width of 768 px or less', async () => {
  const cases: Array<{ width: number; mobileUa: boolean; hamburger: boolean }> = [
    { width: 1280, mobileUa: false, hamburger: false },
    { width: 769, mobileUa: false, hamburger: false },
    { width: 768, mobileUa: false, hamburger: true },
    { width: 1024, mobileUa: true, hamburger: true },
  ];
  for (const c of cases) {
    const { page, context, errors } = await openPage(shared.browser, {
      viewport: { width: c.width, height: 800 },
      ...(c.mobileUa ? { userAgent: MOBILE_CONTEXT.userAgent } : {}),
    });
    await gotoApp(page, `${shared.site.baseUrl}/`);
    const label = `${c.width} px, ${c.mobileUa ? 'mobile' : 'desktop'} user agent`;
    expect(await toggle(page).count(), label).toBe(c.hamburger ? 1 : 0);
    const navbar = page.getByRole('navigation', { name: 'Navigation principale' });
    // Desktop: the three main links are in the bar; mobile: they are inside the collapsed menu.
    expect(await navbar.getByRole('link', { name: 'Références', exact: true }).isVisible(), label).toBe(!c.hamburger);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('signed in on a phone, the header holds on one row: brand, credits badge and menu button', async () => {
  const who = newCredentials('entete');
  await registerThroughApi(shared.site.baseUrl, who);
  for (const width of [320, 375]) {
    const { page, context, errors } = await openPage(shared.browser, { ...MOBILE_CONTEXT, viewport: { width, height: 740 } });
    await gotoApp(page, `${shared.site.baseUrl}/login?redirect=/app/question`);
    await submitLogin(page, who.email, who.password);
    await page.waitForURL((url) => url.pathname === '/app/question');
    await page.locator('.ql-mobile-actions .ql-credits-badge').waitFor();
    const header = await page.locator('header.ql-header').boundingBox();
    expect(header?.height, `${width} px`).toBeLessThanOrEqual(64);
    const tops = await page.evaluate(() =>
      ['.ql-navbar-inner > .ql-brand', '.ql-mobile-actions .ql-credits-badge', 'button[aria-controls="ql-menu-mobile"]'].map(
        (sel) => Math.round(document.querySelector(sel)?.getBoundingClientRect().top ?? -1),
      ),
    );
    expect(Math.max(...tops) - Math.min(...tops), `${width} px: ${tops.join(', ')}`).toBeLessThan(20);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('on a phone the scroll-to-top button covers no text: at the bottom of the page it sits below the footer', async () => {
  for (const width of [320, 375]) {
    const { page, context, errors } = await openPage(shared.browser, { ...MOBILE_CONTEXT, viewport: { width, height: 740 } });
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await revealAllAnimations(page);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const button = page.getByRole('button', { name: 'Remonter en haut de la page' });
    await button.waitFor();
    // Every line of text on the page, compared with the button's box (the footer's last line included).
    const covered = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hits: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || el.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const over = [...range.getClientRects()].some((r) => r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom);
        if (over) hits.push(node.textContent.trim().slice(0, 40));
      }
      return hits;
    });
    expect(covered, `${width} px`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }
});
