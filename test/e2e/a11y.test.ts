import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { MOBILE_CONTEXT, openPage } from '../support/browser';
import { gotoApp, revealAllAnimations, withSharedSite } from './harness';

const shared = withSharedSite();

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical axe violations, as "rule-id: target, target…" lines (printed when there are some). */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  if (lines.length > 0) process.stdout.write(`axe ${label}:\n  ${lines.join('\n  ')}\n`);
  return lines;
}

const SPA_PAGES: Array<{ path: string; label: string; options?: BrowserContextOptions }> = [
  { path: '/', label: 'accueil 1280 px' },
  { path: '/', label: 'accueil 375 px', options: MOBILE_CONTEXT },
  { path: '/login', label: 'connexion' },
  { path: '/register', label: 'inscription' },
  { path: '/reset-password', label: 'mot de passe oublié' },
  { path: '/update-password', label: 'nouveau mot de passe' },
];

describe('axe-core (WCAG 2.1 A/AA): no serious or critical violation', () => {
  test.each(SPA_PAGES)('$path ($label)', async ({ path, label, options }) => {
    const { page, context, errors } = await openPage(shared.browser, options);
    await gotoApp(page, `${shared.site.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (path === '/') {
      // Checked as a visitor sees it: signed-out form, animations played.
      await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
      await revealAllAnimations(page);
    }
    expect(await seriousViolations(page, label)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test.each(['/mentions.html', '/services.html', '/Articles/'])('%s (page statique)', async (path) => {
    const { page, context, errors } = await openPage(shared.browser);
    const response = await page.goto(`${shared.site.baseUrl}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await seriousViolations(page, path)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the home page with the mobile menu open', async () => {
    const { page, context, errors } = await openPage(shared.browser, MOBILE_CONTEXT);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    // The hero fades in (AOS, 800 ms): measured mid-fade, its light button's contrast depends on the moment.
    await revealAllAnimations(page);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.locator('#ql-menu-mobile').waitFor({ state: 'visible' });
    expect(await seriousViolations(page, 'menu mobile ouvert')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('landmarks and keyboard', () => {
  test.each(['/', '/login'])('%s has one banner, one main and one contentinfo landmark', async (path) => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Tab first reaches the skip link, which moves the focus to <main>', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? { tag: el.tagName.toLowerCase(), id: el.id, text: el.textContent?.trim() ?? '' } : null;
      });
    expect(await focused()).toMatchObject({ tag: 'a', text: 'Aller au contenu' });
    // Visible when focused (not left off-screen).
    const box = await page.getByRole('link', { name: 'Aller au contenu' }).boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.width > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused()).toMatchObject({ tag: 'main', id: 'contenu' });
    expect(new URL(page.url()).hash).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('keyboard focus is visible on links and buttons', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    const outlines: Array<{ text: string; style: string; width: string }> = [];
    // Skip link, brand, then the navigation links and the sign-in buttons.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      outlines.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const s = getComputedStyle(el);
          return { text: el.textContent?.trim() ?? '', style: s.outlineStyle, width: s.outlineWidth };
        }),
      );
    }
    for (const o of outlines) {
      expect(o.style, o.text).not.toBe('none');
      expect(Number.parseFloat(o.width), o.text).toBeGreaterThanOrEqual(2);
    }
    expect(outlines.map((o) => o.text)).toContain('Question\u202f?');
    expect(errors).toEqual([]);
    await context.close();
  });
});
