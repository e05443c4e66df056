import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { users } from '../../src/server/db/schema';
import { gotoApp, startSite, withSharedSite, type SharedSite, type Site, type SiteOptions } from './harness';

/** The session cookie better-auth sets (see docs/decisions/0002-accounts.md). */
export const SESSION_COOKIE = 'ql.session_token';

/**
 * The auth rate limits (20 attempts per IP per 10 min) would count every browser test against the same
 * 127.0.0.1: raise them here; they have their own API tests (rate-limit.api.test.ts).
 */
export const E2E_AUTH_ENV: Record<string, string> = {
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100',
};

export function startAccountsSite(options: SiteOptions = {}): Promise<Site> {
  return startSite({ ...options, env: { ...E2E_AUTH_ENV, ...options.env } });
}

/** One accounts site (raised auth limits) and one browser for a whole test file (see withSharedSite). */
export function withSharedAccountsSite(options: SiteOptions = {}): SharedSite {
  return withSharedSite({ ...options, env: { ...E2E_AUTH_ENV, ...options.env } });
}

/** The id of the account registered with `email`, read from the site's database (undefined once deleted). */
export async function userIdOf(site: Site, email: string): Promise<string | undefined> {
  const [u] = await site.server.testDb.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u?.id;
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
/** A fresh user (unique e-mail) with a password that passes the four rules. */
export function newCredentials(tag: string): Credentials {
  counter += 1;
  return { name: `Camille ${tag}`, email: `${tag}-${Date.now()}-${counter}@exemple.fr`, password: 'Motdepasse1' };
}

/** Creates an account straight through the API (for the tests that are not about registering). */
export async function registerThroughApi(baseUrl: string, who: Credentials): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, accept: 'application/json' },
    body: JSON.stringify({ name: who.name, email: who.email, password: who.password }),
  });
  if (!res.ok) throw new Error(`sign-up ${who.email} → ${res.status} ${await res.text()}`);
}

/** Signs in through the login form, asked with `redirect=to`, and waits until the page is at `to`. */
export async function signInThroughForm(page: Page, baseUrl: string, who: Credentials, to = '/app/question'): Promise<void> {
  await gotoApp(page, `${baseUrl}/login?redirect=${encodeURIComponent(to)}`);
  await submitLogin(page, who.email, who.password);
  await page.waitForURL((url) => url.pathname === to);
}

/** Fills and submits the login form of the page currently shown. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Adresse e-mail', { exact: true }).fill(email);
  await main.getByLabel('Mot de passe', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Connexion', exact: true }).click();
}

/** Fills and submits the registration form of the page currently shown. */
export async function submitRegistration(page: Page, who: Credentials): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Nom complet').fill(who.name);
  await main.getByLabel('Adresse e-mail').fill(who.email);
  await main.getByLabel('Mot de passe', { exact: true }).fill(who.password);
  await main.getByLabel('Confirmer le mot de passe').fill(who.password);
  await main.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** The credits badge of the desktop navigation bar. */
export function creditsBadge(page: Page) {
  return page.getByRole('navigation', { name: 'Navigation principale' }).locator('.ql-credits-badge');
}

/** Waits until the navigation bar shows the signed-in state with `credits` credits. */
export async function waitForSignedIn(page: Page, credits: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByText(`Crédits: ${credits}`, { exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Déconnexion', exact: true }).waitFor();
}

/** Waits until the navigation bar shows the signed-out state. */
export async function waitForSignedOut(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Se connecter', exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Inscription', exact: true }).waitFor();
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

/** GET /api/profile from inside the page (with its cookies), as the client does. */
export async function profileInPage(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/profile', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  });
}

/** Current path + query + hash of the page. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}
