import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

export const MOBILE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
};

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Browser console errors, page errors and CSP violations seen so far. */
  errors: string[];
}

/**
 * A page in a fresh context that only reaches loopback names (localhost, 127.x.x.x, [::1]; anything else is aborted and recorded),
 * with console errors and uncaught exceptions collected so a test can assert there were none.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 }, ...options });
  const errors: string[] = [];
  await context.route(/^https?:\/\/(?!127\.\d{1,3}\.\d{1,3}\.\d{1,3}[:/]|localhost[:/]|\[::1\][:/])/, (route) => {
    errors.push(`blocked external request: ${route.request().url()}`);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, context, errors };
}
