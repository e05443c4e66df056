import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openPage, type WatchedPage } from '../support/browser';
import { gotoApp, pauseClock, sharedBrowser, startSite, topIsInViewport, waitForScrollEnd, type Site } from './harness';

const CONTACT_EMAIL = 'equipe@exemple.fr';
const ATTACHMENT_MESSAGE = 'Non disponible dans la version de test - Cette fonctionnalité sera disponible prochainement.';
/** What Chromium logs for a fetch answered with HTTP 500 (expected when a geolocation service fails). */
const HTTP_500_LOG = 'console.error: Failed to load resource: the server responded with a status of 500 (Internal Server Error)';

// Mutable replies: the fake services read them at each request.
const primaryReply = { status: 200, body: { status: 'success', city: 'Lyon' } as unknown };
const fallbackReply = { status: 200, body: { city: 'Bordeaux' } as unknown };

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([
    // GEO_AUTO: the automatic city lookup of the original design, for operators who opt in (the default is tested in
    // device-privacy.test.ts: no third-party call before a click).
    startSite({ env: { CONTACT_EMAIL, GEO_AUTO: 'true' }, primary: primaryReply, fallback: fallbackReply }),
    sharedBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The home page in a fresh context; `clock`: with Playwright's fake clock installed (flowing until paused). */
async function openHome(options: { clock?: boolean } = {}): Promise<WatchedPage> {
  const watched = await openPage(browser);
  if (options.clock) await watched.page.clock.install();
  await gotoApp(watched.page, `${site.baseUrl}/`);
  return watched;
}

/** The session check is over and nobody is signed in: the form shows its sign-in hint. */
async function waitForSignedOut(page: Page): Promise<void> {
  await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
}

function placeholderOf(page: Page): Promise<string> {
  return page.getByRole('textbox', { name: 'Votre question juridique' }).evaluate((el) => (el as HTMLTextAreaElement).placeholder);
}

describe('home page sections', () => {
  test('sections come in the specified order, the form is the #analyse anchor, one h1', async () => {
    const { page, context, errors } = await openHome();

    // The sections in document order, then the footer (the page's contentinfo, right after <main>).
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('main > section, main ~ footer')].map((el) => el.id || el.tagName.toLowerCase()),
    );
    expect(ids).toEqual(['home', 'question-section', 'comment', 'temoignages', 'professionnels', 'utiles', 'references', 'footer']);
    // The question form itself is the #analyse anchor, inside #question-section.
    expect(await page.locator('#question-section #analyse').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the footer shows the contact e-mail from the server configuration', async () => {
    const { page, context, errors } = await openHome();
    const footer = page.locator('footer.home-footer');
    const mail = footer.locator('address').getByRole('link', { name: CONTACT_EMAIL });
    expect(await mail.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
    expect(await footer.textContent()).not.toContain('contact@questionlegale.info');
    // The FAQ's advertising answer uses the same address.
    expect(await page.locator(`#comment a[href="mailto:${CONTACT_EMAIL}"]`).count()).toBe(1);
    // Plain link lists (no bullets) in the footer columns.
    expect(await footer.locator('ul').evaluateAll((uls) => uls.map((ul) => getComputedStyle(ul).listStyleType))).toEqual(
      ['none', 'none', 'none'],
    );
    for (const href of ['/Articles/', '/mentions.html', '/services.html', '/#analyse', '/#politique', '/#conditions', '/#promotion']) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBeGreaterThanOrEqual(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('question form (signed out)', () => {
  test('the placeholder types the examples and stops once the textarea gets the keyboard focus', async () => {
    const { page, context, errors } = await openHome({ clock: true });
    const textarea = page.getByRole('textbox', { name: 'Votre question juridique' });
    expect(await page.getByText('Mots: 0/500', { exact: true }).isVisible()).toBe(true);

    // Typing at 50 ms per character: the placeholder grows and stays a prefix of the first example.
    await expect.poll(async () => (await placeholderOf(page)).length, { timeout: 3000 }).toBeGreaterThan(3);
    const first = await placeholderOf(page);
    await expect.poll(async () => (await placeholderOf(page)).length, { timeout: 3000 }).toBeGreaterThan(first.length + 5);
    const later = await placeholderOf(page);
    expect(later.startsWith(first)).toBe(true);
    expect("Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie. Que puis-je faire ?".startsWith(later)).toBe(true);

    // From here the page's timers run only when the test runs them: they drive the typing.
    await pauseClock(page);
    const paused = await placeholderOf(page);
    await page.clock.runFor(500);
    expect(await placeholderOf(page)).not.toBe(paused);

    // Keyboard focus (a click would send a signed-out visitor to /login): Tab from the hero's last link.
    await page.getByRole('link', { name: 'Comment ça marche\u202f?' }).first().focus();
    await page.keyboard.press('Tab');
    expect(await textarea.evaluate((el) => el === document.activeElement)).toBe(true);
    const stopped = await placeholderOf(page);
    expect(stopped.length).toBeGreaterThan(later.length); // shown in full once stopped
    // Stopped: five seconds of the page's timers (a hundred characters' worth) leave the text as it is.
    await page.clock.runFor(5000);
    expect(await placeholderOf(page)).toBe(stopped);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the attachment button only shows the « not available » alert', async () => {
    const { page, context, errors } = await openHome();
    const dialogs: Array<{ type: string; message: string }> = [];
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Joindre un document' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs).toEqual([{ type: 'alert', message: ATTACHMENT_MESSAGE }]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('clicking the textarea signed out lets the visitor type (no redirect)', async () => {
    const { page, context, errors } = await openHome();
    await waitForSignedOut(page);
    const textarea = page.getByRole('textbox', { name: 'Votre question juridique' });
    await textarea.click();
    await textarea.pressSequentially('Mon bail');
    expect(await textarea.inputValue()).toBe('Mon bail');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('submitting signed out goes to /login?redirect=/app/question (the draft waits on the question form)', async () => {
    const { page, context, errors } = await openHome();
    await waitForSignedOut(page);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/question');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('anchors, accordion and scroll-to-top', () => {
  // The 300 ms delay and the smooth behaviour are checked with fake timers in scroll-manager.test.tsx.
  test('« Essayer maintenant » scrolls to #analyse', async () => {
    const { page, context, errors } = await openHome();
    // Let the page settle first (session check, city): content changes above the viewport move it.
    await waitForSignedOut(page);
    await expect.poll(() => page.locator('#professionnels').textContent()).toContain('près de Lyon');
    const cta = page.getByRole('link', { name: 'Essayer maintenant' });
    await cta.scrollIntoViewIfNeeded();
    const before = await waitForScrollEnd(page);
    expect(before).toBeGreaterThan(0);
    expect(await topIsInViewport(page, '#analyse')).toBe(false);

    await cta.click();
    await page.waitForURL((url) => url.hash === '#analyse');
    await expect.poll(() => topIsInViewport(page, '#analyse'), { timeout: 5000 }).toBe(true);
    const after = await waitForScrollEnd(page);
    expect(after).toBeLessThan(before);
    expect(await topIsInViewport(page, '#analyse')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#analyse');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the FAQ accordion keeps one item open, closes the open one on click and works with the keyboard', async () => {
    const { page, context, errors } = await openHome();
    const buttons = page.locator('#comment').locator('button[aria-controls]');
    expect(await buttons.count()).toBe(3);
    const expanded = () => buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-expanded')));
    const panelIds = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-controls') ?? ''));

    expect(await expanded()).toEqual(['false', 'false', 'false']);
    await buttons.nth(0).click();
    expect(await expanded()).toEqual(['true', 'false', 'false']);
    expect(await page.locator(`[id="${panelIds[0]}"]`).isVisible()).toBe(true);
    await buttons.nth(1).click();
    expect(await expanded()).toEqual(['false', 'true', 'false']);
    expect(await page.locator(`[id="${panelIds[0]}"]`).isVisible()).toBe(false);
    expect(await page.locator(`[id="${panelIds[1]}"]`).isVisible()).toBe(true);
    await buttons.nth(1).click();
    expect(await expanded()).toEqual(['false', 'false', 'false']);
    expect(await page.locator(`[id="${panelIds[1]}"]`).isVisible()).toBe(false);

    // Keyboard: Enter and Space toggle, arrows / Home / End move between the headers.
    const focusedIndex = () =>
      buttons.evaluateAll((els) => els.findIndex((el) => el === document.activeElement));
    await buttons.nth(0).focus();
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['true', 'false', 'false']);
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(1);
    await page.keyboard.press('Space');
    expect(await expanded()).toEqual(['false', 'true', 'false']);
    await page.keyboard.press('End');
    expect(await focusedIndex()).toBe(2);
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(0);
    await page.keyboard.press('ArrowUp');
    expect(await focusedIndex()).toBe(2);
    await page.keyboard.press('Home');
    expect(await focusedIndex()).toBe(0);
    await buttons.nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['false', 'false', 'false']);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the scroll-to-top button appears past 300 px and brings the page back to the top', async () => {
    const { page, context, errors } = await openHome();
    const button = page.getByRole('button', { name: 'Remonter en haut de la page' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 250, behavior: 'instant' }));
    await waitForScrollEnd(page);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await button.waitFor({ state: 'visible' });
    // It must stand out from the page: a solid background behind its white icon.
    const look = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, color: s.color, position: s.position };
    });
    expect(look.position).toBe('fixed');
    expect(look.color).toBe('rgb(255, 255, 255)');
    expect(look.background).not.toMatch(/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await button.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('professionals links and the city', () => {
  const nearbyLinks = (page: Page) =>
    page
      .locator('#professionnels')
      .locator('a[href^="https://www.google.com/maps/"], a[href^="https://www.pagesjaunes.fr/"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));

  test('the city from the primary service goes into the links and is cached for the next visit', async () => {
    const { page, context, errors } = await openPage(browser);
    // The page's Date stands at one instant (its timers run): the cache's timestamp must be that instant.
    const now = Date.parse('2031-05-04T10:00:00Z');
    await page.clock.setFixedTime(now);
    const callsBefore = site.geo.calls.primary;
    await gotoApp(page, `${site.baseUrl}/`);
    await expect.poll(() => nearbyLinks(page)).toEqual([
      'https://www.google.com/maps/search/avocat+Lyon',
      'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=avocat&ou=Lyon',
      'https://www.google.com/maps/search/notaire+Lyon',
      'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=notaire&ou=Lyon',
    ]);
    expect(await page.locator('#professionnels').textContent()).toContain('près de Lyon');
    expect(site.geo.calls.primary).toBe(callsBefore + 1);
    const cache = await page.evaluate(() => [localStorage.getItem('cachedCity'), localStorage.getItem('cacheTimestamp')]);
    expect(cache[0]).toBe('Lyon');
    expect(cache[1]).toBe(String(now));

    // A reload uses the cache: the links are localised at once and no service is asked again.
    const calls = { ...site.geo.calls };
    await page.reload();
    await page.locator('main#contenu').waitFor();
    expect(await nearbyLinks(page)).toContain('https://www.google.com/maps/search/avocat+Lyon');
    await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
    expect(site.geo.calls).toEqual(calls);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('when the primary service has no city, the fallback service gives it', async () => {
    primaryReply.body = { status: 'fail', message: 'reserved range' };
    try {
      const { page, context, errors } = await openPage(browser);
      const calls = { ...site.geo.calls };
      await gotoApp(page, `${site.baseUrl}/`);
      await expect.poll(() => nearbyLinks(page)).toContain('https://www.google.com/maps/search/notaire+Bordeaux');
      expect(site.geo.calls).toEqual({ primary: calls.primary + 1, fallback: calls.fallback + 1 });
      expect(await page.evaluate(() => localStorage.getItem('cachedCity'))).toBe('Bordeaux');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      primaryReply.body = { status: 'success', city: 'Lyon' };
    }
  });

  test('when both services fail (HTTP 500), the links are generic and nothing is cached', async () => {
    primaryReply.status = 500;
    fallbackReply.status = 500;
    try {
      const { page, context, errors } = await openPage(browser);
      const calls = { ...site.geo.calls };
      await gotoApp(page, `${site.baseUrl}/`);
      await expect.poll(() => site.geo.calls.fallback).toBe(calls.fallback + 1);
      await page.getByText("à l'envoi, vous vous connecterez ou créerez un compte gratuit").waitFor();
      expect(await nearbyLinks(page)).toEqual([
        'https://www.google.com/maps/search/avocat',
        'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=avocat',
        'https://www.google.com/maps/search/notaire',
        'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=notaire',
      ]);
      expect(await page.locator('#professionnels').textContent()).toContain('près de chez vous');
      expect(await page.evaluate(() => [localStorage.getItem('cachedCity'), localStorage.getItem('cacheTimestamp')])).toEqual([
        null,
        null,
      ]);
      // Chromium logs each HTTP 500 answer; those two are the only errors allowed.
      expect(errors).toEqual([HTTP_500_LOG, HTTP_500_LOG]);
      await context.close();
    } finally {
      primaryReply.status = 200;
      fallbackReply.status = 200;
    }
  });

  test('when the primary fails and the fallback never answers, the lookup gives up after 5 s with generic links', async () => {
    primaryReply.status = 500;
    try {
      const { page, context, errors } = await openPage(browser);
      // The fallback request is held forever (never answered) by the browser itself.
      let fallbackAsked = 0;
      await context.route('**/fallback/json', () => {
        fallbackAsked++;
      });
      const gaveUp: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning' && msg.text().includes('service de secours')) gaveUp.push(msg.text());
      });
      // The page's clock stands still from the start: the lookup's 5 s run only when the test runs them.
      await page.clock.install();
      await pauseClock(page);
      await gotoApp(page, `${site.baseUrl}/`);
      await expect.poll(() => fallbackAsked).toBe(1);
      await page.clock.runFor(4900);
      expect(await page.evaluate(() => localStorage.getItem('cachedCity'))).toBeNull();
      expect(gaveUp).toEqual([]);
      await page.clock.runFor(200);
      await expect.poll(() => gaveUp.length).toBe(1);
      expect(await nearbyLinks(page)).toContain('https://www.google.com/maps/search/avocat');
      expect(await page.evaluate(() => localStorage.getItem('cachedCity'))).toBeNull();
      expect(errors).toEqual([HTTP_500_LOG]);
      await context.close();
    } finally {
      primaryReply.status = 200;
    }
  });
});
