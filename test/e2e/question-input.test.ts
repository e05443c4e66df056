import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../../src/common/messages';
import { creditLedger } from '../../src/server/db/schema';
import { openPage } from '../support/browser';
import { newCredentials, profileInPage, registerThroughApi, signInThroughForm, userIdOf, withSharedAccountsSite } from './accounts-support';

/**
 * The question's input in a real browser (issue 29): a paste over 500 words says, before anything is sent,
 * that its end was cut and where, and charges nothing until the person has seen it; a question with a link
 * and an e-mail address is accepted and answered.
 */

const shared = withSharedAccountsSite();

/** 10 words a sentence, numbered: 50 of them are 500 words. */
function story(sentences: number): string {
  return Array.from({ length: sentences }, (_, i) => `Mon employeur m'a convoqué le jour ${i + 1} sans me prévenir.`).join(' ');
}
const ASKING = 'Puis-je contester mon licenciement pour faute grave devant le conseil de prudhommes ?';
/** 636 words pasted, the asking sentence at the end (as in the issue). */
const PASTE = `${story(62)} ${ASKING} ${'encore '.repeat(3).trim()}`;

async function signedInAtQuestion(page: Page): Promise<string> {
  const who = newCredentials('saisie');
  await registerThroughApi(shared.site.baseUrl, who);
  await signInThroughForm(page, shared.site.baseUrl, who);
  await page.getByRole('heading', { name: 'Poser une question', level: 1 }).waitFor();
  return (await userIdOf(shared.site, who.email)) ?? '';
}

async function debitsOf(userId: string) {
  const rows = await shared.site.server.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return rows.filter((r) => r.delta < 0);
}

describe('the question input', () => {
  test('a 636-word paste: cut at 500 with the notice, where it was cut shown, nothing sent until seen', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const userId = await signedInAtQuestion(page);
    const answerRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/answers') answerRequests.push(req.postData() ?? '');
    });
    expect(PASTE.split(' ')).toHaveLength(636);

    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    const textarea = form.getByLabel('Votre question juridique');
    await textarea.focus();
    // Inserted at once, as a paste does (one input event, no key press).
    await page.keyboard.insertText(PASTE);
    await form.getByText('Mots: 500/500', { exact: true }).waitFor();
    expect(await textarea.inputValue()).toBe(story(50));
    expect(await form.getByRole('status').textContent()).toBe(MESSAGES.wordLimit);
    const notice = form.locator('.home-form-cut');
    expect(await notice.isVisible()).toBe(true);
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('La fin de votre texte a été coupée à 500 mots (136 mots retirés).');
    expect(text).toContain("s'arrête à «\u00a0…m'a convoqué le jour 50 sans me prévenir.\u00a0»");
    expect(text).toContain("commençait par «\u00a0Mon employeur m'a convoqué le jour 51 sans…\u00a0»");
    // The notice is read with the field.
    const describedBy = (await textarea.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await notice.getAttribute('id'));

    // First « Analyse »: nothing sent, nothing charged, and it says why.
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    expect(await form.getByRole('alert').textContent()).toContain("Rien n'a été envoyé");
    expect(new URL(page.url()).pathname).toBe('/app/question');
    expect(answerRequests).toEqual([]);

    // The person shortens the text and puts the asking sentence back: it is sent as they wrote it.
    const shortened = `${story(20)} ${ASKING}`;
    await textarea.fill(shortened);
    expect(await form.locator('.home-form-cut').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    await page.getByRole('main').getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
    expect(answerRequests.map((body) => (JSON.parse(body) as { question: string }).question)).toEqual([shortened]);
    expect((await debitsOf(userId)).map((r) => r.reason)).toEqual(['question']);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a question with a link and an e-mail address is accepted, answered and charged as any other', async () => {
    const { page, context, errors } = await openPage(shared.browser);
    const userId = await signedInAtQuestion(page);
    const question =
      "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois. Il m'écrit depuis proprietaire.dupont@exemple-mail.fr et renvoie à https://www.service-public.fr/particuliers/vosdroits/F31269?mode=complet. Que puis-je faire ?";
    const form = page.getByRole('form', { name: 'Poser une question juridique' });
    await form.getByLabel('Votre question juridique').fill(question);
    await form.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/reponse-legale');
    const main = page.getByRole('main');
    await main.getByText('Réponse prête', { exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
    // Shown as typed; answered from the deposit fiche.
    expect(await main.locator('.answer-question-text').textContent()).toBe(question);
    const sources = await main.locator('.answer-sources-list > li > a.answer-source-title').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(sources.some((href) => href.includes('F31269'))).toBe(true);
    expect(await page.getByText(MESSAGES.wordTooLong).count()).toBe(0);
    expect(await profileInPage(page)).toMatchObject({ status: 200, body: { credits: 2 } });
    expect((await debitsOf(userId)).map((r) => r.reason)).toEqual(['question']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
