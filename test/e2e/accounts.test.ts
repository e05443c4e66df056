import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openPage } from '../support/browser';
import { firstLink, startTestSmtp, type TestSmtp } from '../api/support/mail';
import { gotoApp, pauseClock, sharedBrowser, type Site } from './harness';
import {
  creditsBadge,
  newCredentials,
  pathOf,
  registerThroughApi,
  sessionCookie,
  startAccountsSite,
  submitLogin,
  waitForSignedIn,
  waitForSignedOut,
  type Credentials,
} from './accounts-support';

const INVALID_CREDENTIALS = 'Identifiants invalides. Veuillez réessayer.';
const RESET_LINK_INVALID = 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.';

let site: Site;
let browser: Browser;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [site, browser] = await Promise.all([startAccountsSite({ env: { SMTP_URL: smtp.url } }), sharedBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

/**
 * Chromium logs every fetch answered with an HTTP error as a console error. The error paths below expect
 * exactly these lines (and nothing else): `status` is the one the server must answer.
 */
function httpErrorLog(status: number): RegExp {
  return new RegExp(`^console\\.error: Failed to load resource: the server responded with a status of ${status}\\b`);
}

/** The four password rules of the registration screen, to compare with what the checklist shows. */
function expectedRules(password: string): Record<string, boolean> {
  return {
    length: password.length >= 8,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
  };
}

/** What the checklist shows for each rule, read from the DOM: data-met, class, icon and the hidden text. */
async function checklistState(page: Page, listId: string) {
  return page.locator(`#${listId} li`).evaluateAll((items) =>
    items.map((li) => ({
      rule: li.getAttribute('data-rule') ?? '',
      dataMet: li.getAttribute('data-met'),
      classMet: li.classList.contains('auth-rule-met'),
      icon: li.querySelector('.auth-rule-icon')?.textContent ?? '',
      spoken: li.querySelector('.ql-visually-hidden')?.textContent?.trim() ?? '',
      text: li.querySelector('.auth-rule-text')?.textContent ?? '',
    })),
  );
}

describe('register (signed in at once) → credits → logout → login', () => {
  test('the whole journey in the browser', async () => {
    const who = newCredentials('parcours');
    const { page, context, errors } = await openPage(browser);
    await page.clock.install();
    await gotoApp(page, `${site.baseUrl}/register`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Inscription', level: 1 }).waitFor();
    await main.getByLabel('Nom complet').fill(who.name);
    await main.getByLabel('Adresse e-mail').fill(who.email);
    const submit = main.getByRole('button', { name: 'Créer mon compte' });

    // The live checklist: every rule starts unmet (neutral: a dot, not a red cross), then follows each keystroke.
    const initial = await checklistState(page, 'register-rules');
    expect(initial.map((r) => r.rule)).toEqual(['length', 'uppercase', 'lowercase', 'digit']);
    expect(initial.map((r) => r.text)).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères',
      'Le mot de passe doit contenir au moins une lettre majuscule',
      'Le mot de passe doit contenir au moins une lettre minuscule',
      'Le mot de passe doit contenir au moins un chiffre',
    ]);
    expect(initial.every((r) => r.dataMet === 'false' && !r.classMet && r.icon === '•' && r.spoken === '(non respectée)')).toBe(true);
    expect(await submit.isDisabled()).toBe(true);

    const passwordField = main.getByLabel('Mot de passe', { exact: true });
    const flips: string[] = [];
    let previous = expectedRules('');
    for (let i = 1; i <= who.password.length; i += 1) {
      const typed = who.password.slice(0, i);
      await passwordField.pressSequentially(who.password.charAt(i - 1));
      const want = expectedRules(typed);
      await expect
        .poll(async () => Object.fromEntries((await checklistState(page, 'register-rules')).map((r) => [r.rule, r.dataMet === 'true'])))
        .toEqual(want);
      const shown = await checklistState(page, 'register-rules');
      for (const r of shown) {
        const met = want[r.rule] === true;
        expect(r.classMet).toBe(met);
        expect(r.icon).toBe(met ? '✓' : '✗');
        expect(r.spoken).toBe(met ? '(respectée)' : '(non respectée)');
        if (met && previous[r.rule] !== true) flips.push(`${r.rule}@${i}`);
      }
      previous = want;
      // Disabled while any rule fails.
      expect(await submit.isDisabled()).toBe(Object.values(want).includes(false));
      expect(await passwordField.getAttribute('aria-invalid')).toBe(String(Object.values(want).includes(false)));
    }
    // 'M' → uppercase, 'Mo' → lowercase, 8 characters → length, the final '1' → digit.
    expect(flips).toEqual(['uppercase@1', 'lowercase@2', 'length@8', 'digit@11']);

    // Confirmation that does not match: message under the field, and submitting does not register.
    const confirmField = main.getByLabel('Confirmer le mot de passe');
    await confirmField.fill('Motdepasse2');
    const mismatch = main.getByText('Les mots de passe ne correspondent pas', { exact: true });
    await mismatch.waitFor();
    expect(await confirmField.getAttribute('aria-invalid')).toBe('true');
    expect(await confirmField.getAttribute('aria-describedby')).toContain('register-mismatch');
    const signUps: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/sign-up/email')) signUps.push(r.method());
    });
    await submit.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-confirm');
    expect(signUps).toEqual([]);
    expect(await main.locator('#register-success').count()).toBe(0);

    // Matching: the message goes, the button is enabled, and registering signs the person in at once (no
    // e-mail confirmation on this site): straight to the question form, three credits, no password typed again.
    await confirmField.fill(who.password);
    await mismatch.waitFor({ state: 'detached' });
    expect(await confirmField.getAttribute('aria-invalid')).toBe('false');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#question-section');
    expect(signUps).toEqual(['POST']);
    expect(pathOf(page)).toBe('/#question-section');
    await waitForSignedIn(page, 3);
    expect(await creditsBadge(page).textContent()).toBe('Crédits: 3');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.getByRole('link', { name: 'Se connecter' }).count()).toBe(0);

    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    // httpOnly: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('ql.session_token');

    // Déconnexion → /logout (spinner and message) → home, signed out.
    await nav.getByRole('link', { name: 'Déconnexion', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/logout');
    await main.getByRole('heading', { name: 'Déconnexion', level: 1 }).waitFor();
    expect(await main.getByText('Déconnexion en cours…').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await page.locator('#home').waitFor();
    await waitForSignedOut(page);
    expect(await creditsBadge(page).count()).toBe(0);
    expect(await nav.getByText(/Crédits/).count()).toBe(0);
    expect(await sessionCookie(context)).toBeUndefined();

    // Still signed out after a reload (the server ended the session, not only the page).
    await gotoApp(page, `${site.baseUrl}/`);
    await waitForSignedOut(page);
    expect(await creditsBadge(page).count()).toBe(0);

    // Signing in again through the login form → the question form, the same three credits.
    await gotoApp(page, `${site.baseUrl}/login`);
    await submitLogin(page, who.email, who.password);
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#question-section');
    await waitForSignedIn(page, 3);

    expect(errors).toEqual([]);
    await context.close();
  });

  test('a wrong password shows the red box; the same e-mail cannot register twice', async () => {
    const who = newCredentials('erreurs');
    await registerThroughApi(site.baseUrl, who);
    const { page, context, errors } = await openPage(browser);
    await page.clock.install();
    await gotoApp(page, `${site.baseUrl}/login`);
    const main = page.getByRole('main');
    await submitLogin(page, who.email, 'Mauvais1motdepasse');
    const alert = main.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(INVALID_CREDENTIALS);
    expect(await alert.getAttribute('class')).toContain('ql-error-box');
    // The box is red: its text colour is clearly red.
    const color = await alert.evaluate((el) => getComputedStyle(el).color);
    const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    expect(await main.getByLabel('Mot de passe', { exact: true }).getAttribute('aria-describedby')).toBe('login-error');
    expect(pathOf(page)).toBe('/login');
    expect(await sessionCookie(context)).toBeUndefined();

    // An unknown address gets the same message (no account enumeration through the login form).
    await submitLogin(page, `inconnu-${who.email}`, who.password);
    await expect.poll(() => alert.textContent()).toBe(INVALID_CREDENTIALS);

    // Registering the same address again.
    await gotoApp(page, `${site.baseUrl}/register`);
    await main.getByLabel('Nom complet').fill('Autre Personne');
    await main.getByLabel('Adresse e-mail').fill(who.email);
    await main.getByLabel('Mot de passe', { exact: true }).fill('Autremotdepasse9');
    await main.getByLabel('Confirmer le mot de passe').fill('Autremotdepasse9');
    await pauseClock(page);
    await main.getByRole('button', { name: 'Créer mon compte' }).click();
    const duplicate = main.getByRole('alert');
    await duplicate.waitFor();
    expect(await duplicate.textContent()).toBe('Utilisateur déjà enregistré.');
    expect(await main.locator('#register-success').count()).toBe(0);
    // No redirect to /login follows a failure: the page's timers run well past the success's 1.5 s.
    await page.clock.runFor(5000);
    expect(pathOf(page)).toBe('/register');
    await page.clock.resume();

    // The original password still works (the duplicate did not overwrite the account).
    await gotoApp(page, `${site.baseUrl}/login`);
    await submitLogin(page, who.email, who.password);
    await page.waitForURL((url) => url.hash === '#question-section');
    await waitForSignedIn(page, 3);

    // Two 401s (wrong password, unknown address) and one 422/400 for the duplicate: nothing else.
    const unexpected = errors.filter((e) => !httpErrorLog(401).test(e) && !httpErrorLog(422).test(e) && !httpErrorLog(400).test(e));
    expect(unexpected).toEqual([]);
    expect(errors.filter((e) => httpErrorLog(401).test(e))).toHaveLength(2);
    expect(errors).toHaveLength(3);
    await context.close();
  });
});

describe('redirect after login', () => {
  let who: Credentials;
  beforeAll(async () => {
    who = newCredentials('redirection');
    await registerThroughApi(site.baseUrl, who);
  });

  test('a protected page asked for while signed out is shown after login (path, query and hash)', async () => {
    const { page, context, errors } = await openPage(browser);
    await gotoApp(page, `${site.baseUrl}/app/question?x=1#y`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/question?x=1#y');
    await page.getByRole('main').getByRole('heading', { name: 'Connexion', level: 1 }).waitFor();
    await submitLogin(page, who.email, who.password);
    await page.waitForURL((url) => url.pathname === '/app/question');
    const url = new URL(page.url());
    expect(url.search).toBe('?x=1');
    expect(url.hash).toBe('#y');
    await page.getByRole('main').getByRole('heading', { name: 'Poser une question', level: 1 }).waitFor();
    await waitForSignedIn(page, 3);
    expect(errors).toEqual([]);
    await context.close();
  });

  test.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    'javascript:alert(1)',
  ])('an open-redirect attempt (redirect=%j) stays on the site', async (target) => {
    const { page, context, errors } = await openPage(browser);
    await page.clock.install();
    await gotoApp(page, `${site.baseUrl}/login?redirect=${encodeURIComponent(target)}`);
    await page.getByRole('main').getByRole('heading', { name: 'Connexion', level: 1 }).waitFor();
    await submitLogin(page, who.email, who.password);
    await waitForSignedIn(page, 3);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).origin).toBe(site.baseUrl);
    expect(pathOf(page)).toBe('/#question-section');
    // No late navigation away from the site (it would also be recorded as a blocked request): every timer
    // the page holds runs.
    await pauseClock(page);
    await page.clock.runFor(5000);
    expect(new URL(page.url()).origin).toBe(site.baseUrl);
    expect(pathOf(page)).toBe('/#question-section');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('password reset through the e-mail', () => {
  test('request, e-mail link, new password, login; the link works only once', async () => {
    const who = newCredentials('oubli');
    await registerThroughApi(site.baseUrl, who);
    const newPassword = 'Nouveau2secret';
    const { page, context, errors } = await openPage(browser);
    await page.clock.install();
    const main = page.getByRole('main');

    // From the login page's link.
    await gotoApp(page, `${site.baseUrl}/login`);
    await main.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await main.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).waitFor();
    const emailField = main.getByLabel('Adresse e-mail');
    await emailField.fill(who.email);
    const since = smtp.mails.length;
    await main.getByRole('button', { name: 'Envoyer les instructions' }).click();
    await main.getByRole('status').filter({ hasText: 'Les instructions de réinitialisation ont été envoyées à votre e-mail' }).waitFor();
    expect(await emailField.inputValue()).toBe('');

    // The e-mail: French, plain-text part with the link to this site's /update-password.
    const mail = await smtp.waitFor(who.email, since);
    expect(mail.envelopeTo).toEqual([who.email]);
    expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
    expect(mail.text).toContain(`Bonjour ${who.name},`);
    expect(mail.text).toContain('Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous\u202f:');
    const link = firstLink(mail.text);
    const parsed = new URL(link);
    expect(parsed.origin).toBe(site.baseUrl);
    expect(parsed.pathname).toBe('/update-password');
    expect(parsed.searchParams.get('token')).toMatch(/^\S{16,}$/);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    // Follow the link in the browser.
    await gotoApp(page, link);
    await main.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBe(parsed.searchParams.get('token'));
    expect(await main.getByRole('alert').count()).toBe(0);
    await main.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
    await main.getByLabel('Confirmer le mot de passe').fill(newPassword);
    const update = main.getByRole('button', { name: 'Mettre à jour le mot de passe' });
    expect(await update.isEnabled()).toBe(true);
    // The success message stays 2 s, then the login page follows (the page's clock moves when the test says).
    await pauseClock(page);
    await update.click();
    await main.getByRole('status').filter({ hasText: 'Mot de passe mis à jour avec succès' }).waitFor();
    await page.clock.runFor(1500);
    expect(new URL(page.url()).pathname).toBe('/update-password');
    await page.clock.runFor(2500);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.clock.resume();
    await main.getByRole('heading', { name: 'Connexion', level: 1 }).waitFor();

    // The old password no longer works, the new one does.
    await submitLogin(page, who.email, who.password);
    await main.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS }).waitFor();
    await submitLogin(page, who.email, newPassword);
    await page.waitForURL((url) => url.hash === '#question-section');
    await waitForSignedIn(page, 3);

    // The same link again (in a fresh context): a clear French error, and the password is unchanged.
    const second = await openPage(browser);
    await second.page.clock.install();
    await gotoApp(second.page, link);
    const m2 = second.page.getByRole('main');
    await m2.getByLabel('Mot de passe', { exact: true }).fill('Troisieme3essai');
    await m2.getByLabel('Confirmer le mot de passe').fill('Troisieme3essai');
    await pauseClock(second.page);
    await m2.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    const reused = m2.getByRole('alert');
    await reused.waitFor();
    expect(await reused.textContent()).toBe(RESET_LINK_INVALID);
    expect(await m2.locator('#update-success').count()).toBe(0);
    // No redirect to /login after a failure: the page's timers run well past the success's 2 s.
    await second.page.clock.runFor(5000);
    expect(new URL(second.page.url()).pathname).toBe('/update-password');
    await second.page.clock.resume();
    await gotoApp(second.page, `${site.baseUrl}/login`);
    await submitLogin(second.page, who.email, newPassword);
    await waitForSignedIn(second.page, 3);

    // One 401 for the old password here; one 400 for the used link there.
    expect(errors.filter((e) => !httpErrorLog(401).test(e))).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(second.errors.filter((e) => !httpErrorLog(400).test(e))).toEqual([]);
    expect(second.errors).toHaveLength(1);
    await second.context.close();
    await context.close();
  });
});
