import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startFakeGeo, type GeoReply } from '../support/geo';
import { startServer, type RunningServer } from '../support/server';
import type { DbKind } from '../support/databases';

export type FakeGeo = Awaited<ReturnType<typeof startFakeGeo>>;

export interface Site {
  server: RunningServer;
  geo: FakeGeo;
  baseUrl: string;
  close(): Promise<void>;
}

export const GEO_CITY_REPLY: GeoReply = { status: 200, body: { status: 'success', city: 'Lyon' } };
export const GEO_FALLBACK_REPLY: GeoReply = { status: 200, body: { city: 'Bordeaux' } };

export interface SiteOptions {
  kind?: DbKind;
  env?: Record<string, string>;
  primary?: GeoReply;
  fallback?: GeoReply;
}

/**
 * The real application plus local stand-ins for the two geolocation services (so the home page never
 * tries to reach the internet: the default URLs would be blocked and reported as errors).
 */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const geo = await startFakeGeo(options.primary ?? GEO_CITY_REPLY, options.fallback ?? GEO_FALLBACK_REPLY);
  const server = await startServer(options.kind ?? 'pglite', {
    GEO_PRIMARY_URL: geo.primaryUrl,
    GEO_FALLBACK_URL: geo.fallbackUrl,
    ...options.env,
  });
  return {
    server,
    geo,
    baseUrl: server.baseUrl,
    close: async () => {
      await server.close();
      await geo.close();
    },
  };
}

export interface SharedSite {
  readonly site: Site;
  readonly browser: Browser;
}

/** One site and one browser for a whole test file: started before its tests, closed after them. */
export function withSharedSite(options: SiteOptions = {}): SharedSite {
  let site: Site | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(options), sharedBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  return {
    get site() {
      if (!site) throw new Error('site not started (use it inside a test)');
      return site;
    },
    get browser() {
      if (!browser) throw new Error('browser not started (use it inside a test)');
      return browser;
    },
  };
}

/** One browser for a whole test file. */
export async function sharedBrowser(): Promise<Browser> {
  return launchBrowser();
}

/** Loads a SPA route and waits until React has rendered the page (its <main> is there). */
export async function gotoApp(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response || response.status() !== 200) throw new Error(`GET ${url} → ${response?.status() ?? 'pas de réponse'}`);
  await page.locator('main#contenu').waitFor();
}

/** Resolves once window.scrollY has stopped moving (smooth scrolling finished). */
export async function waitForScrollEnd(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let stable = 0;
        const tick = () => {
          const y = window.scrollY;
          stable = y === last ? stable + 1 : 0;
          last = y;
          if (stable >= 10) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** True when the element's top edge lies within the viewport. */
export async function topIsInViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const { top } = el.getBoundingClientRect();
    return top >= -2 && top < window.innerHeight;
  }, selector);
}

/** Scrolls down the whole page step by step so that every scroll animation (AOS) has played. */
export async function revealAllAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // AOS animations last 800 ms (plus up to 200 ms of delay): wait until none is still running.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5000,
  });
}

/**
 * Stops the page's clock. The context's fake clock (`page.clock.install()`, before the page loads) flows
 * with real time until then; afterwards the page's timers and Date move only when the test runs them
 * (`page.clock.runFor(ms)`), until `page.clock.resume()`. The clock is paused a moment ahead of the page's
 * time (timers due in that moment fire first): it still flows while this call travels.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}
