import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../support/browser';
import { gotoApp, startSite, topIsInViewport, waitForScrollEnd, withSharedSite } from './harness';

const shared = withSharedSite();

function metaContent(page: Page, name: string): Promise<string | null> {
  return page.evaluate((n) => document.querySelector(`meta[name="${n}"]`)?.getAttribute('content') ?? null, name);
}

describe('redirects', () => {
  test.each([
    ['/app/question?x=1#y', '/app/question?x=1#y'],
    ['/app/reponse-legale', '/app/reponse-legale'],
    ['/app/restricted?a=b&c=%C3%A9t%C3%A9', '/app/restricted?a=b&c=%C3%A9t%C3%A9'],
  ])('signed out, %s redirects to /login with the full original path', async (path, expected) => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}${path}`);
    await page.waitForURL((url) => url.pathname === '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe(expected);
    // The raw query is encoded: the original query and hash cannot leak into the login URL's own.
    expect(url.hash).toBe('');
    expect([...url.searchParams.keys()]).toEqual(['redirect']);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Connexion — QuestionLegale.info');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an unknown path goes to the home page', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const response = await page.goto(`${shared.site.baseUrl}/nimporte/quoi`);
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#home').getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('QuestionLegale.info — Posez votre question juridique');
    expect(errors).toEqual([]);
    await context.close();
  });

  // The delays (800 ms after signing out, 500 ms if it failed, 1.5 s on a phone) are checked with fake
  // timers in logout-page.test.tsx.
  test('/logout shows its spinner and message, signs out, then lands on the home page', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out') && r.request().method() === 'POST');
    await gotoApp(page, `${shared.site.baseUrl}/logout`);
    await page.getByRole('heading', { name: 'Déconnexion', level: 1 }).waitFor();
    expect(await page.getByText('Déconnexion en cours…').isVisible()).toBe(true);
    expect(await page.title()).toBe('Déconnexion — QuestionLegale.info');
    expect((await signOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.locator('#home').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('page metadata', () => {
  test('the title, description and keywords come from the route', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const seen: Record<string, { title: string; description: string | null; keywords: string | null }> = {};
    for (const path of ['/', '/login', '/register', '/reset-password', '/update-password']) {
      await gotoApp(page, `${shared.site.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      seen[path] = { title: await page.title(), description: await metaContent(page, 'description'), keywords: await metaContent(page, 'keywords') };
    }
    expect(seen['/']?.title).toBe('QuestionLegale.info — Posez votre question juridique');
    expect(seen['/login']?.title).toBe('Connexion — QuestionLegale.info');
    expect(seen['/register']?.title).toBe('Inscription — QuestionLegale.info');
    expect(seen['/reset-password']?.title).toBe('Mot de passe oublié — QuestionLegale.info');
    expect(seen['/update-password']?.title).toBe('Nouveau mot de passe — QuestionLegale.info');
    expect(new Set(Object.values(seen).map((s) => s.title)).size).toBe(5);
    expect(seen['/']?.keywords).toContain('question juridique');
    expect(seen['/login']?.keywords).toBeNull();
    expect(seen['/register']?.description).toBe(
      'Créez votre compte QuestionLegale.info\u202f: vos trois premières questions juridiques sont gratuites.',
    );
    expect(seen['/login']?.description).toContain('Connectez-vous à votre compte QuestionLegale.info');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('scrolling', () => {
  test('a URL with a hash scrolls smoothly to its section once the page is there', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}/#utiles`);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(0);
    await waitForScrollEnd(page);
    expect(await topIsInViewport(page, '#utiles')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('navigating to another page without a hash starts at the top', async () => {
    const { page, context, errors } = await openPage(shared.browser, { viewport: { width: 1280, height: 500 } });
    await gotoApp(page, `${shared.site.baseUrl}/register`);
    const link = page.getByRole('main').getByRole('link', { name: /connecte/i }).first();
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const scrolled = await waitForScrollEnd(page);
    expect(scrolled).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('layouts', () => {
  test.each(['/login', '/register', '/reset-password', '/update-password'])(
    '%s uses the auth layout with its background image',
    async (path) => {
      const { page, context, errors } = await openPage(shared.browser);
      const image = page.waitForResponse((r) => r.url().endsWith('/images/auth-background.svg'));
      await gotoApp(page, `${shared.site.baseUrl}${path}`);
      const layout = page.locator('.ql-auth-layout');
      expect(await layout.count()).toBe(1);
      const background = await layout.evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(background).toContain('/images/auth-background.svg');
      expect((await image).status()).toBe(200);
      // No navigation bar in the auth layout; a way back home instead.
      expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
      await page.getByRole('link', { name: "← Retour à l'accueil" }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  test('the home page uses the default layout with the signed-out navigation bar', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    await gotoApp(page, `${shared.site.baseUrl}/`);
    expect(await page.locator('.ql-auth-layout').count()).toBe(0);
    const navbar = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const name of ['Question\u202f?', 'Articles', 'Références']) {
      expect(await navbar.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await navbar.getByRole('link', { name: 'Articles', exact: true }).getAttribute('href')).toBe('/Articles/');
    await navbar.getByText('Se connecter', { exact: true }).waitFor();
    expect(await navbar.getByText('Inscription', { exact: true }).isVisible()).toBe(true);
    expect(await navbar.getByText(/Crédits/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('the site works the same on PostgreSQL', async () => {
  const pgSite = await startSite({ kind: 'postgres' });
  try {
    const { page, context, errors } = await openPage(shared.browser);
    const health = await page.request.get(`${pgSite.baseUrl}/api/health`);
    expect(health.status()).toBe(200);
    await gotoApp(page, `${pgSite.baseUrl}/app/question?x=1#y`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/question?x=1#y');
    await gotoApp(page, `${pgSite.baseUrl}/`);
    expect(await page.locator('#professionnels').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await pgSite.close();
  }
});
