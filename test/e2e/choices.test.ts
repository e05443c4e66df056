import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { openPage } from '../support/browser';
import { ANSWER_WITH_CHOICES, serveAnswer } from './answer-fixtures';
import { newCredentials, registerThroughApi, signInThroughForm, waitForSignedIn, withSharedAccountsSite } from './accounts-support';

/**
 * A case the question leaves open (`choices`): the answer screen shows one toggle button per option and
 * switches the sections at once, with no new request and no credit; the PDF is the chosen case's. The
 * answer stream is served by a route interception, so the test does not depend on the server's composition;
 * the PDF is the real server's.
 */

const shared = withSharedAccountsSite();
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-choices-e2e-'));

afterAll(() => {
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

const QUESTION = 'Mon propriétaire garde mon dépôt de garantie, combien peut-il demander ?';
/** Leaves open whether the flat is furnished: the server's answer carries the choice. */
const OPEN_CASE = 'Quel est le montant maximum du dépôt de garantie que peut demander le propriétaire ?';

async function askWithServedAnswer(page: Page): Promise<string[]> {
  const who = newCredentials('choix');
  await registerThroughApi(shared.site.baseUrl, who);
  const questions = await serveAnswer(page, ANSWER_WITH_CHOICES);
  await signInThroughForm(page, shared.site.baseUrl, who);
  await waitForSignedIn(page, 3);
  const form = page.getByRole('form', { name: 'Poser une question juridique' });
  await form.getByLabel('Votre question juridique').fill(QUESTION);
  await form.getByRole('button', { name: 'Analyse', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
  await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached' });
  return questions;
}

const summary = (page: Page) => page.locator('#section-summary .answer-section-text').textContent();

describe('choices on the answer screen', () => {
  test('switching the case changes the sections at once (mouse and keyboard), no request, no credit; the PDF is the chosen case’s', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const requests: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/api/answers')) requests.push(`${r.method()} ${p}`);
    });
    const questions = await askWithServedAnswer(page);
    expect(questions).toEqual([QUESTION]);
    const main = page.getByRole('main');
    const group = main.getByRole('group', { name: 'Votre logement est :' });
    await group.waitFor();
    expect(await summary(page)).toContain('dépend du type de logement');
    const vide = group.getByRole('button', { name: 'vide', exact: true });
    const meuble = group.getByRole('button', { name: 'meublé', exact: true });
    expect([await vide.getAttribute('aria-pressed'), await meuble.getAttribute('aria-pressed')]).toEqual(['false', 'false']);

    await meuble.click();
    expect(await summary(page)).toContain('deux mois de loyer au plus');
    expect(await meuble.getAttribute('aria-pressed')).toBe('true');

    // Keyboard: the arrow keys move between the options, Space presses one.
    await meuble.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await vide.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await summary(page)).toContain('un mois de loyer hors charges');
    expect(await vide.getAttribute('aria-pressed')).toBe('true');
    expect(await meuble.getAttribute('aria-pressed')).toBe('false');
    await meuble.click();

    // No new answer request, no credit: the badge still shows the server's count.
    expect(requests).toEqual(['POST /api/answers']);
    await waitForSignedIn(page, 3);

    // The PDF of the chosen case, from the real server.
    const downloadPromise = page.waitForEvent('download', { timeout: 20_000 });
    await main.getByRole('group', { name: 'Actions sur la réponse', exact: true }).getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).click();
    const download = await downloadPromise;
    const pdfPath = path.join(tmpDir, 'meuble.pdf');
    await download.saveAs(pdfPath);
    const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdfText).toContain('Votre logement est : meublé');
    expect(pdfText).toContain('deux mois de loyer au plus');
    expect(pdfText).not.toContain('un mois de loyer hors charges');
    expect(pdfText).not.toContain('dépend du type de logement');
    // The professionals search as a full address (the answer writes it as a path).
    expect(pdfText).toContain(`${shared.site.baseUrl}/#professionnels`);
    expect(requests).toEqual(['POST /api/answers', 'POST /api/answers/pdf']);

    // A reload keeps the chosen case.
    await page.reload({ waitUntil: 'load' });
    await group.waitFor();
    expect(await group.getByRole('button', { name: 'meublé', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await summary(page)).toContain('deux mois de loyer au plus');
    expect(requests.filter((r) => r === 'POST /api/answers')).toHaveLength(1);

    // The professionals path is a real link.
    const pro = page.locator('#section-professional');
    expect(await pro.getByRole('link', { name: /recherche de professionnels/ }).getAttribute('href')).toBe('/#professionnels');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('the real server: a question that leaves the flat open offers its cases; the chosen one switches the answer and is the PDF’s', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const requests: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/api/answers')) requests.push(`${r.method()} ${p}`);
    });
    const who = newCredentials('choixreel');
    await registerThroughApi(shared.site.baseUrl, who);
    await signInThroughForm(page, shared.site.baseUrl, who);
    await waitForSignedIn(page, 3);
    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    await form.getByLabel('Votre question juridique').fill(OPEN_CASE);
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
    await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached' });
    const main = page.getByRole('main');
    const group = main.getByRole('group', { name: /^(?:Logement|Location)\s:$/u });
    await group.waitFor();
    const before = await summary(page);
    expect(before).toMatch(/^La réponse dépend de votre situation/u);
    const furnished = group.getByRole('button', { name: /^meublée?$/u });
    await furnished.click();
    expect(await furnished.getAttribute('aria-pressed')).toBe('true');
    const after = (await summary(page)) ?? '';
    expect(after).not.toBe(before);
    expect(after).toMatch(/2 mois/u);
    await waitForSignedIn(page, 2);

    const downloadPromise = page.waitForEvent('download', { timeout: 20_000 });
    await main.getByRole('group', { name: 'Actions sur la réponse', exact: true }).getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).click();
    const pdfPath = path.join(tmpDir, 'reel.pdf');
    await (await downloadPromise).saveAs(pdfPath);
    const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdfText).toMatch(/(?:Logement|Location) : meublée?/u);
    expect(pdfText).not.toContain('La réponse dépend de votre situation');
    expect(requests).toEqual(['POST /api/answers', 'POST /api/answers/pdf']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
