import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { isDataStale } from '../../src/common/data-freshness';
import { openPage } from '../support/browser';
import { newCredentials, registerThroughApi, signInThroughForm, withSharedAccountsSite } from './accounts-support';

/**
 * The dates of the data in a real browser against the real server, on a phone: the answer states the date of
 * the fiches it quotes in one line under the sources; when the data is more than a year old (the shipped
 * corpus), one short warning before the answer names the live fiche by its address; the pré-dossier carries
 * the same dates and warning, and is named after its day and subject.
 */

const QUESTION = "Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie, que puis-je faire ?";

const shared = withSharedAccountsSite();
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-dates-e2e-'));

afterAll(() => {
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('the dates of the data', () => {
  test('« Fiche mise à jour le … » under the sources, one warning naming the live fiche, the same in the PDF (375 px)', async () => {
    const who = newCredentials('dates');
    await registerThroughApi(shared.site.baseUrl, who);
    const { page, context, errors } = await openPage(shared.browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await signInThroughForm(page, shared.site.baseUrl, who);
    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    await form.getByLabel('Votre question juridique').fill(QUESTION);
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/reponse-legale');
    const main = page.getByRole('main');
    await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });

    // One line under the sources: the fiches' dates, and the link to the main fiche's live page.
    const line = main.locator('.answer-data-date');
    expect(await line.count()).toBe(1);
    const lineText = (await line.textContent()) ?? '';
    expect(lineText).toMatch(/^Fiches? mises? à jour le \d{1,2} [a-zéû]+ \d{4}/u);
    expect(lineText).not.toContain('Données à jour');
    const sourcesBox = await main.locator('.answer-sources').boundingBox();
    const lineBox = await line.boundingBox();
    expect(lineBox && sourcesBox && lineBox.y >= sourcesBox.y + sourcesBox.height).toBe(true);
    const liveFiche = await main.locator('.answer-sources-list > li > a.answer-source-title').first().getAttribute('href');
    expect(liveFiche).toMatch(/^https:\/\/www\.service-public\.fr\//);
    expect(await line.getByRole('link').getAttribute('href')).toBe(liveFiche);

    // The shipped corpus is more than a year old: one short warning, before the answer, naming the live fiche.
    const dataDate = await page.evaluate(() => {
      const raw = Object.entries(sessionStorage).find(([key]) => key.startsWith('ql.currentAnswer.'))?.[1];
      return raw ? (JSON.parse(raw) as { answer?: { dataDate?: string } }).answer?.dataDate ?? null : null;
    });
    expect(dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const warnings = main.locator('.answer-stale');
    const stale = isDataStale(dataDate ?? '', Date.now());
    expect(await warnings.count()).toBe(stale ? 1 : 0);
    if (stale) {
      const warning = warnings.first();
      expect(await warning.textContent()).toContain(`Vérifiez la fiche à jour\u202f: ${liveFiche}`);
      expect(await warning.getByRole('link').getAttribute('href')).toBe(liveFiche);
      const warningBox = await warning.boundingBox();
      const summaryBox = await main.getByRole('heading', { name: 'En bref', level: 2 }).boundingBox();
      expect(warningBox && summaryBox && warningBox.y < summaryBox.y).toBe(true);
    }
    // The live fiche's address wraps: nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The pré-dossier: named after its day and subject, with the fiches' dates and the same warning on page 1.
    const downloadPromise = page.waitForEvent('download', { timeout: 20_000 });
    await main.getByRole('group', { name: 'Actions sur la réponse', exact: true }).getByRole('button', { name: 'Télécharger le pré-dossier (PDF)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^pre-dossier-\d{4}-\d{2}-\d{2}-[a-z0-9]+(-[a-z0-9]+)*\.pdf$/);
    const pdfPath = path.join(tmpDir, download.suggestedFilename());
    await download.saveAs(pdfPath);
    const all = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(all).toMatch(/Fiche mise à jour le \d{1,2} [a-zéû]+ \d{4}/u);
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    if (stale) {
      expect(first).toMatch(/Attention : ces informations datent du \d{1,2} [a-zéû]+ \d{4}, il y a plus d'un an\./u);
      expect(first).toContain(`Vérifiez la fiche à jour : ${liveFiche}`);
    } else {
      expect(first).not.toContain('Attention');
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
