import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { creditLedger } from '../../src/server/db/schema';
import { openPage } from '../support/browser';
import {
  newCredentials,
  profileInPage,
  registerThroughApi,
  signInThroughForm,
  submitLogin,
  userIdOf,
  waitForSignedIn,
  withSharedAccountsSite,
  type Credentials,
} from './accounts-support';

/** « Mon compte » (/app/compte) in a real browser against the real server. */

const shared = withSharedAccountsSite();

async function openAccount(who: Credentials) {
  const watched = await openPage(shared.browser);
  const { page } = watched;
  page.on('dialog', (dialog) => void dialog.accept());
  await signInThroughForm(page, shared.site.baseUrl, who, '/app/compte');
  await page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
  return watched;
}

describe('the account page', () => {
  test('who, credits and their movements, the API key, the password, signing out everywhere', async () => {
    const who = newCredentials('compte');
    await registerThroughApi(shared.site.baseUrl, who);
    const userId = await userIdOf(shared.site, who.email);
    await shared.site.server.app.accounts.credits.debit(userId ?? '', 'question');
    await shared.site.server.app.accounts.credits.refund(userId ?? '', 'refund:answer_failed');
    const { page, context, errors } = await openAccount(who);
    const main = page.getByRole('main');

    // Reached from the navigation bar too.
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe(
      '/app/compte',
    );
    const facts = main.getByRole('region', { name: 'Vos informations' });
    await facts.getByText(who.email).waitFor();
    await facts.getByText(who.name).waitFor();
    await waitForSignedIn(page, 3);
    expect(await main.getByTestId('account-credits').textContent()).toBe('3');
    const rows = main.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    expect(cells).toEqual([
      ['+1', 'Crédit rendu (réponse non fournie)'],
      ['−1', 'Question posée'],
      ['+3', "Crédits offerts à l'ouverture du compte"],
    ]);

    // The API key: hidden, shown on demand, regenerated (the old one stops working).
    const keySection = main.getByRole('region', { name: "Clé d'API" });
    const oldKey = ((await profileInPage(page)).body as { apiKey: string }).apiKey;
    expect(await keySection.getByTestId('api-key').textContent()).not.toBe(oldKey);
    await keySection.getByRole('button', { name: 'Afficher la clé' }).click();
    expect(await keySection.getByTestId('api-key').textContent()).toBe(oldKey);
    await keySection.getByRole('button', { name: 'Régénérer la clé' }).click();
    await keySection.getByText("Nouvelle clé créée\u202f: l'ancienne ne fonctionne plus.").waitFor();
    await expect.poll(() => keySection.getByTestId('api-key').textContent()).not.toBe(oldKey);
    const newKey = await keySection.getByTestId('api-key').textContent();
    expect(((await profileInPage(page)).body as { apiKey: string }).apiKey).toBe(newKey);
    const byOldKey = await fetch(`${shared.site.baseUrl}/api/profile`, { headers: { authorization: `Bearer ${oldKey}` } });
    expect(byOldKey.status).toBe(401);

    // Change the password: a wrong current one is refused in French, then it works.
    const pw = main.getByRole('region', { name: 'Changer le mot de passe' });
    await pw.getByLabel('Mot de passe actuel').fill('Mauvais1mdp');
    await pw.getByLabel('Nouveau mot de passe').fill('Nouveau1mdp');
    await pw.getByLabel('Confirmer le mot de passe').fill('Nouveau1mdp');
    await pw.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await pw.getByRole('alert').getByText('Le mot de passe actuel est incorrect.').waitFor();
    await pw.getByLabel('Mot de passe actuel').fill(who.password);
    await pw.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await pw.getByText(/Mot de passe mis à jour avec succès/).waitFor();

    // Sign out everywhere: this browser and another one.
    const other = await openPage(shared.browser);
    await signInThroughForm(other.page, shared.site.baseUrl, { ...who, password: 'Nouveau1mdp' });
    expect((await profileInPage(other.page)).status).toBe(200);
    await main.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText("Vous avez été déconnecté de tous vos appareils, et votre clé d'API a été remplacée.").waitFor();
    expect((await profileInPage(page)).status).toBe(401);
    expect((await profileInPage(other.page)).status).toBe(401);

    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    expect(other.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await other.context.close();
    await context.close();
  });

  test('deleting the account, confirmed by the password: everything goes, sign-in fails afterwards', async () => {
    const who = newCredentials('suppression');
    await registerThroughApi(shared.site.baseUrl, who);
    const userId = (await userIdOf(shared.site, who.email)) ?? '';
    const { page, context, errors } = await openAccount(who);
    const danger = page.getByRole('main').getByRole('region', { name: 'Supprimer mon compte' });
    await danger.getByLabel('Mot de passe (pour confirmer)').fill('Mauvais1mdp');
    await danger.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await danger.getByRole('alert').getByText('Le mot de passe actuel est incorrect.').waitFor();
    expect(await userIdOf(shared.site, who.email)).toBe(userId);

    await danger.getByLabel('Mot de passe (pour confirmer)').fill(who.password);
    await danger.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(/Votre compte a été supprimé/).waitFor();
    expect(await userIdOf(shared.site, who.email)).toBeUndefined();
    expect(await shared.site.server.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual([]);

    await submitLogin(page, who.email, who.password);
    await page.getByRole('alert').getByText('Identifiants invalides. Veuillez réessayer.').waitFor();

    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
    await context.close();
  });
});
