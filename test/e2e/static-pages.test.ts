import { expect, test } from 'vitest';
import { openPage } from '../support/browser';
import { withSharedSite } from './harness';

const shared = withSharedSite();

/** Frequent French words: a page written in French uses several of them many times. */
const FRENCH_WORDS = ['le', 'la', 'les', 'de', 'des', 'du', 'et', 'à', 'au', 'en', 'vous', 'votre', 'pour', 'une', 'est', 'sur'];

test.each([
  ['/mentions.html', /Mentions légales/],
  ['/services.html', /professionnel/i],
  ['/Articles/', /./],
  ['/Articles/index.htm', /./],
])('%s is a static French page with an h1, the CSP header and no error', async (path, h1Text) => {
  const { page, context, errors } = await openPage(shared.browser);
  const cspViolations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => cspViolations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  const response = await page.goto(`${shared.site.baseUrl}${path}`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-type']).toMatch(/^text\/html/);
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  // Served by the server itself, not the application shell (which would send unknown pages home).
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('id="root"');
  expect(html).toMatch(/<h1[\s>]/);
  expect(new URL(page.url()).pathname).toBe(path);

  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  const h1 = page.getByRole('heading', { level: 1 });
  expect(await h1.count()).toBe(1);
  expect(await h1.textContent()).toMatch(h1Text);
  expect((await page.title()).length).toBeGreaterThan(5);
  const text = (await page.locator('body').innerText()).toLowerCase();
  const words = text.split(/[^a-zàâçéèêëîïôûùüÿœæ]+/);
  const frenchHits = words.filter((w) => FRENCH_WORDS.includes(w)).length;
  expect(frenchHits, 'mots français courants').toBeGreaterThanOrEqual(15);
  // Every stylesheet and image of the page is served from the site itself.
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
  );
  expect(broken).toEqual([]);
  expect(cspViolations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('/Articles/: readable data date on the banner, theme names without broken characters', async () => {
  const { page, context, errors } = await openPage(shared.browser);
  await page.goto(`${shared.site.baseUrl}/Articles/`, { waitUntil: 'load' });
  const ratio = await page.locator('.page-intro .updated').evaluate((el) => {
    const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0] ?? 0) + 0.7152 * f(c[1] ?? 0) + 0.0722 * f(c[2] ?? 0);
    };
    const text = lum(rgb(getComputedStyle(el).color));
    // The banner's gradient runs between these two blues: its lighter end is the worst case.
    const banner = lum(rgb('rgb(30, 58, 138)'));
    return (Math.max(text, banner) + 0.05) / (Math.min(text, banner) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
  const summaries = await page.locator('details > summary').allTextContents();
  expect(summaries.length).toBeGreaterThan(10);
  expect(summaries.filter((s) => s.includes('\ufffd') || /^Accueil/.test(s))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
