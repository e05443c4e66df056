import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { ANSWER_NOTICE, SECTION_TITLES } from '../../src/common/api/answers';
import { MESSAGES } from '../../src/common/messages';
import { creditLedger } from '../../src/server/db/schema';
import { openPage } from '../support/browser';
import { gotoApp } from './harness';
import {
  creditsBadge,
  newCredentials,
  profileInPage,
  registerThroughApi,
  signInThroughForm,
  userIdOf,
  waitForSignedIn,
  withSharedAccountsSite,
  type Credentials,
} from './accounts-support';

/**
 * The answer flow in a real browser against the real server (extractive mode, real corpus index):
 * ask → streamed answer → PDF → feedback → reload; out of credits; an urgent question.
 */

const DEPOSIT_QUESTION =
  "Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie, que puis-je faire ?";
const URGENT_QUESTION = 'Mon mari me frappe et menace de me tuer, que faire ?';
const HEADINGS = Object.values(SECTION_TITLES);

const shared = withSharedAccountsSite();
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-answer-e2e-'));

afterAll(() => {
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** Chromium's console line for a fetch answered with this HTTP error status (deliberate in some tests). */
function httpErrorLog(status: number): RegExp {
  return new RegExp(`^console\\.error: Failed to load resource: the server responded with a status of ${status}\\b`);
}

async function ledgerOf(userId: string) {
  return shared.site.server.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}

/** Registers through the API, signs in through the login form and lands on /app/question. */
async function signInToQuestion(page: Page, who: Credentials): Promise<void> {
  await signInThroughForm(page, shared.site.baseUrl, who);
  await page.getByRole('heading', { name: 'Poser une question', level: 1 }).waitFor();
}

async function ask(page: Page, question: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Poser une question juridique' });
  await form.getByLabel('Votre question juridique').fill(question);
  await form.getByRole('button', { name: 'Analyse', exact: true }).click();
}

/** The question form's alert text, if any (for failure messages). */
async function formAlertText(page: Page): Promise<string | null> {
  const alert = page.getByRole('form', { name: 'Poser une question juridique' }).getByRole('alert');
  return (await alert.count()) > 0 ? alert.first().textContent() : null;
}

/** The credits shown on the question page, if any (for failure messages). */
async function badgeText(page: Page): Promise<string | null> {
  const badge = page.locator('.app-credits');
  return (await badge.count()) > 0 ? badge.first().textContent() : null;
}

async function sectionHeadings(page: Page): Promise<string[]> {
  return page.locator('.answer-sections h2.answer-section-title').allTextContents();
}

describe('the answer flow', () => {
  test('ask → streamed answer → PDF → feedback → reload', async () => {
    const who = newCredentials('reponse');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser);
    const feedbackBodies: string[] = [];
    const answerRequests: { accept: string; body: string }[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/feedback') feedbackBodies.push(req.postData() ?? '');
      if (url.pathname === '/api/answers') answerRequests.push({ accept: req.headers().accept ?? '', body: req.postData() ?? '' });
    });

    await signInToQuestion(page, who);
    await waitForSignedIn(page, 3);
    await ask(page, DEPOSIT_QUESTION);

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Réponse Légale', level: 1 }).waitFor();
    await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });

    // One streamed request (SSE) carrying the question.
    expect(answerRequests).toHaveLength(1);
    expect(answerRequests[0]?.accept).toContain('text/event-stream');
    expect(JSON.parse(answerRequests[0]?.body ?? '{}')).toMatchObject({ question: DEPOSIT_QUESTION });

    // The question, the five sections in order, each with text; sources; the notice; no emergency block.
    expect(await main.locator('.answer-question-text').textContent()).toBe(DEPOSIT_QUESTION);
    expect(await sectionHeadings(page)).toEqual(HEADINGS);
    for (const text of await main.locator('.answer-section .answer-section-text').allTextContents()) {
      expect(text.trim().length).toBeGreaterThan(20);
    }
    expect(await main.locator('.answer-emergency').count()).toBe(0);
    const sourceLinks = await main.locator('.answer-sources-list > li > a.answer-source-title').evaluateAll((links) =>
      links.map((a) => (a as HTMLAnchorElement).href),
    );
    expect(sourceLinks.length).toBeGreaterThan(0);
    for (const href of sourceLinks) expect(new URL(href).hostname).toMatch(/(^|\.)service-public\.fr$/);
    // The deposit fiche (F31269) is among the sources.
    expect(sourceLinks.some((href) => href.includes('F31269'))).toBe(true);
    expect(await main.locator('.answer-notice').textContent()).toBe(ANSWER_NOTICE);
    await main.getByText(/^Fiches? mises? à jour le /).waitFor();

    // One credit taken: the badge and the server agree.
    await waitForSignedIn(page, 2);
    expect(await creditsBadge(page).textContent()).toBe('Crédits: 2');
    expect(await profileInPage(page)).toMatchObject({ status: 200, body: { credits: 2 } });

    // The pré-dossier PDF.
    const downloadPromise = page.waitForEvent('download', { timeout: 20_000 });
    // The actions sit above the answer (and again below it).
    await main.getByRole('group', { name: 'Actions sur la réponse', exact: true }).getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = path.join(tmpDir, 'pre-dossier.pdf');
    await download.saveAs(pdfPath);
    const pdf = fs.readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdfText).toContain('Pré-dossier juridique');
    expect(pdfText).toContain('Notes pour le rendez-vous');
    expect(pdfText).toContain('dépôt de garantie');

    // Feedback « Non » + a reason: the request holds the verdict, the reason and the mode, nothing else.
    await main.getByRole('button', { name: 'Non', exact: true }).click();
    await main.getByLabel('Pourquoi\u202f?').selectOption('unclear');
    await main.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await main.getByText('Merci pour votre retour.').waitFor();
    expect(feedbackBodies).toHaveLength(1);
    const feedback = JSON.parse(feedbackBodies[0] ?? '{}') as Record<string, unknown>;
    expect(feedback).toEqual({ helpful: false, reason: 'unclear', mode: 'extractive' });
    expect(feedbackBodies[0]).not.toMatch(/propriétaire|dépôt|garantie|question/i);

    // A reload shows the same answer again from session storage, without asking (or charging) again.
    const before = await sectionHeadings(page);
    await page.reload({ waitUntil: 'load' });
    await main.getByRole('heading', { name: 'Réponse Légale', level: 1 }).waitFor();
    await main.getByRole('heading', { name: 'En bref', level: 2 }).waitFor();
    expect(await sectionHeadings(page)).toEqual(before);
    expect(await main.locator('.answer-question-text').textContent()).toBe(DEPOSIT_QUESTION);
    await waitForSignedIn(page, 2);
    expect(answerRequests).toHaveLength(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  test('out of credits: the free-help screen, nothing charged', async () => {
    const who = newCredentials('sans-credit');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser);
    // The last credits are spent elsewhere (another tab, the API) while this page still shows 3. The page
    // may re-read its profile at any time (30 s session tick, tab visibility): until the question is sent,
    // it keeps seeing the stale balance, so the server's 402 is what this test exercises. The route is in
    // place before signing in, so that no profile read already under way when the credits are spent can
    // bring the real balance (the page then stayed on the form, once in a loaded CI run).
    let staleProfile = true;
    await page.route('**/api/profile', async (route) => {
      if (!staleProfile) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      return route.fulfill({ response, json: { ...body, credits: 3 } });
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/answers') staleProfile = false;
    });
    await signInToQuestion(page, who);
    await waitForSignedIn(page, 3);
    const userId = (await userIdOf(shared.site, who.email)) ?? '';
    expect(await shared.site.server.app.accounts.credits.grant(userId, -3, 'test')).toMatchObject({ ok: true, balance: 0 });
    const ledgerBefore = await ledgerOf(userId);

    await ask(page, DEPOSIT_QUESTION);
    // A client-side navigation (pushState): poll the URL rather than wait for a page load event. If it
    // fails, the message says what the form showed and what the badge said.
    try {
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    } catch (err) {
      const state = `form alert: ${JSON.stringify(await formAlertText(page))}, badge: ${JSON.stringify(await badgeText(page))}`;
      throw new Error(`${err instanceof Error ? err.message : String(err)} (${state})`);
    }
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    await alert.getByRole('heading', { name: "Vous n'avez plus de crédit" }).waitFor({ timeout: 15_000 });
    await alert.getByText('Aucune question ne vous a été facturée.', { exact: false }).waitFor();
    expect(await alert.getByRole('link', { name: 'Point-justice' }).count()).toBe(1);
    expect(await alert.getByRole('link', { name: 'Aide juridictionnelle' }).count()).toBe(1);
    expect(await alert.textContent()).toContain('point-justice');
    expect(await main.locator('.answer-sections h2').count()).toBe(0);

    // Nothing charged: the badge, the profile and the ledger all say so.
    await waitForSignedIn(page, 0);
    expect(await profileInPage(page)).toMatchObject({ status: 200, body: { credits: 0 } });
    expect(await shared.site.server.app.accounts.credits.balance(userId)).toBe(0);
    expect(await ledgerOf(userId)).toEqual(ledgerBefore);

    // Asking again from the form: refused in the page already, with the same pointers.
    await gotoApp(page, `${shared.site.baseUrl}/app/question`);
    await waitForSignedIn(page, 0);
    await ask(page, DEPOSIT_QUESTION);
    const formAlert = page.getByRole('form', { name: 'Poser une question juridique' }).getByRole('alert');
    await formAlert.waitFor();
    expect(await formAlert.textContent()).toMatch(/point-justice, aide\s+juridictionnelle/);
    expect(new URL(page.url()).pathname).toBe('/app/question');
    expect(await ledgerOf(userId)).toEqual(ledgerBefore);

    // The single 402 of the refused question, nothing else.
    expect(errors.filter((e) => !httpErrorLog(402).test(e))).toEqual([]);
    expect(errors).toHaveLength(1);
    await context.close();
  });

  test('a short question is checked by POST (the text in the body, never in a URL): unknown words refused, known ones answered', async () => {
    const who = newCredentials('courte');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser);
    const urls: string[] = [];
    const checks: { method: string; origin: string | undefined; body: unknown }[] = [];
    page.on('request', (req) => {
      urls.push(req.url());
      if (new URL(req.url()).pathname === '/api/search/question-check') {
        checks.push({ method: req.method(), origin: req.headers().origin, body: JSON.parse(req.postData() ?? 'null') as unknown });
      }
    });
    await signInToQuestion(page, who);
    await waitForSignedIn(page, 3);

    // Two words the corpus does not know: the server's verdict (the browser's POST passed the Origin check).
    await ask(page, 'blorp zorg');
    const formAlert = page.getByRole('form', { name: 'Poser une question juridique' }).getByRole('alert');
    await formAlert.waitFor();
    expect(await formAlert.textContent()).toBe(MESSAGES.notFrench);
    expect(new URL(page.url()).pathname).toBe('/app/question');

    // Two words it knows: answered, one credit.
    await ask(page, 'licenciement abusif');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });

    expect(checks).toEqual([
      { method: 'POST', origin: shared.site.baseUrl, body: { question: 'blorp zorg' } },
      { method: 'POST', origin: shared.site.baseUrl, body: { question: 'licenciement abusif' } },
    ]);
    for (const url of urls) expect(decodeURIComponent(url)).not.toMatch(/blorp|licenciement abusif/u);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('urgent question: the emergency numbers come before the sections', async () => {
    const who = newCredentials('urgence');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser);
    await signInToQuestion(page, who);
    await waitForSignedIn(page, 3);
    await ask(page, URGENT_QUESTION);

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    const main = page.getByRole('main');
    const emergency = main.locator('.answer-emergency');
    await emergency.waitFor({ timeout: 15_000 });
    await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
    expect(await emergency.getByRole('heading').textContent()).toBe('En cas de danger, appelez immédiatement');
    const numbers = await emergency.locator('a.answer-emergency-number').evaluateAll((links) =>
      links.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
    );
    for (const n of ['17', '112', '3919']) expect(numbers).toContainEqual({ text: n, href: `tel:${n}` });

    // Shown before the five sections, in the document order and on screen.
    expect(await sectionHeadings(page)).toEqual(HEADINGS);
    const firstSection = main.getByRole('heading', { name: 'En bref', level: 2 });
    const precedes = await emergency.evaluate((block) => {
      const heading = document.getElementById('section-summary-title');
      return heading !== null && (block.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(precedes).toBe(true);
    const blockBox = await emergency.boundingBox();
    const sectionBox = await firstSection.boundingBox();
    expect(blockBox && sectionBox && blockBox.y < sectionBox.y).toBe(true);

    // Aligned: the box spans the answer's column; in each column of the list, the numbers end at one edge
    // and their labels start at another.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const layout = await emergency.evaluate((block) => {
        const sections = document.querySelector('.answer-sections')?.getBoundingClientRect();
        const box = block.getBoundingClientRect();
        const columns = new Map<number, { numberRights: Set<number>; labelLefts: Set<number> }>();
        for (const li of block.querySelectorAll('li')) {
          const number = li.querySelector('a.answer-emergency-number');
          const label = li.querySelector('span');
          if (!number || !label) continue;
          const column = columns.get(Math.round(li.getBoundingClientRect().left)) ?? { numberRights: new Set(), labelLefts: new Set() };
          column.numberRights.add(Math.round(number.getBoundingClientRect().right));
          column.labelLefts.add(Math.round(label.getClientRects()[0]?.left ?? -1));
          columns.set(Math.round(li.getBoundingClientRect().left), column);
        }
        return {
          edges: [Math.round(box.left - (sections?.left ?? 0)), Math.round(box.right - (sections?.right ?? 0))],
          columns: [...columns.values()].map((c) => [c.numberRights.size, c.labelLefts.size]),
        };
      });
      expect(layout.edges, `${width} px`).toEqual([0, 0]);
      expect(layout.columns.length, `${width} px`).toBeGreaterThanOrEqual(1);
      for (const column of layout.columns) expect(column, `${width} px`).toEqual([1, 1]);
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
