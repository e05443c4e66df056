import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPage } from '../support/browser';
import { gotoApp, sharedBrowser, startSite, type Site } from './harness';
import type { Browser } from 'playwright-core';

/**
 * The home page's testimonials section never shows made-up people: the operator's real testimonials
 * (TESTIMONIALS_FILE) with their stars and dates, or, without them, three example situations labelled
 * « Exemple » with no name and no rating.
 */

const TESTIMONIALS = {
  note: 'Avis recueillis par courriel auprès de nos utilisateurs, publiés avec leur accord.',
  testimonials: [
    { quote: 'J’ai compris en deux minutes quel délai mon bailleur devait respecter.', author: 'Inès R.', city: 'Lille', rating: 5, date: '2026-02-11' },
    { quote: 'Le pré-dossier a fait gagner du temps à mon avocat.', author: 'Marc T.', rating: 4, date: '2026-03-02' },
    { quote: 'Des sources officielles, enfin.', author: 'Lucie P.', city: 'Rennes', rating: 5, date: '2026-04-19' },
  ],
};

let browser: Browser;
let plain: Site;
let configured: Site;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-testimonials-e2e-'));

beforeAll(async () => {
  const file = path.join(dir, 'temoignages.json');
  fs.writeFileSync(file, JSON.stringify(TESTIMONIALS));
  [browser, plain, configured] = await Promise.all([sharedBrowser(), startSite(), startSite({ env: { TESTIMONIALS_FILE: file } })]);
});

afterAll(async () => {
  await browser.close();
  await Promise.all([plain.close(), configured.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function section(page: Page, baseUrl: string) {
  await gotoApp(page, `${baseUrl}/`);
  const region = page.locator('#temoignages');
  await region.scrollIntoViewIfNeeded();
  return region;
}

describe('the testimonials section', () => {
  test('default: three example situations, labelled as examples, no name, no stars', async () => {
    const { page, context, errors } = await openPage(browser);
    const region = await section(page, plain.baseUrl);
    await region.getByRole('heading', { name: 'Exemples de situations' }).waitFor();
    const cards = region.getByRole('listitem');
    expect(await cards.count()).toBe(3);
    for (const card of await cards.all()) expect(await card.getByText('Exemple', { exact: true }).isVisible()).toBe(true);
    expect(await region.getByRole('img').count()).toBe(0);
    const text = (await region.textContent()) ?? '';
    expect(text).not.toMatch(/★|étoile|Sophie|Karim|Claire|confiance/);
    expect(text).toContain('Ce sont des exemples, pas des avis de clients.');
    expect(errors).toEqual([]);
    await context.close();
  });

  test("configured: the operator's three testimonials with their stars, names and dates", async () => {
    const { page, context, errors } = await openPage(browser);
    const region = await section(page, configured.baseUrl);
    await region.getByRole('heading', { name: 'Ils nous ont fait confiance' }).waitFor();
    const cards = region.getByRole('listitem');
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(0).getByRole('img', { name: '5 étoiles sur 5' }).isVisible()).toBe(true);
    expect(await cards.nth(1).getByRole('img', { name: '4 étoiles sur 5' }).isVisible()).toBe(true);
    expect(await cards.nth(0).textContent()).toContain('Inès R., Lille');
    expect(await cards.nth(0).textContent()).toContain('11 février 2026');
    expect(await cards.nth(1).textContent()).toContain('Le pré-dossier a fait gagner du temps à mon avocat.');
    expect(await region.getByText(TESTIMONIALS.note).isVisible()).toBe(true);
    expect(await region.getByText('Exemple', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
