import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, freeCreditAddresses, profiles, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { DB_KINDS } from '../support/databases';
import { AUTH_TEST_ENV, STRONG_PASSWORD, TestBrowser, signIn, signUp } from './support/http';
import { firstLink, startTestSmtp, type TestSmtp } from './support/mail';

/**
 * The 3 free credits go to an e-mail address once: deleting the account and signing up again with the same
 * address gives none (the ledger that said « already given » goes with the account; a keyed hash of the
 * address stays, and nothing else).
 */

const LIMITS = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

describe.each(DB_KINDS)('free credits once per address on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, ...LIMITS });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.testDb.database.db;

  /** Signs up and in with `email`: the browser, the account's id and its balance. */
  async function register(email: string): Promise<{ b: TestBrowser; userId: string; credits: number }> {
    const b = new TestBrowser(t.app, '10.9.0.1');
    expect((await signUp(b, email)).statusCode).toBe(200);
    expect((await signIn(b, email)).statusCode).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
    const credits = (await b.get('/api/profile')).json<{ credits: number }>().credits;
    return { b, userId: user?.id ?? '', credits };
  }
  async function deleteAccount(b: TestBrowser): Promise<void> {
    expect((await b.post('/api/auth/delete-user', { password: STRONG_PASSWORD })).statusCode).toBe(200);
  }
  const initialGrants = async (userId: string) =>
    (await db().select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter((r) => r.reason === 'initial').length;

  it('deleting the account and signing up again with the same address gives no new free credits', async () => {
    seq += 1;
    const email = `recidive-${seq}@exemple.fr`;
    const first = await register(email);
    expect(first.credits).toBe(3);
    await deleteAccount(first.b);
    expect(await db().select().from(profiles).where(eq(profiles.userId, first.userId))).toEqual([]);

    const again = await register(email);
    expect(again.userId).not.toBe(first.userId);
    expect(again.credits).toBe(0);
    expect(await initialGrants(again.userId)).toBe(0);
    // Written differently, still the same address.
    await deleteAccount(again.b);
    const upper = await register(`  Recidive-${seq}@EXEMPLE.fr`.trim());
    expect(upper.credits).toBe(0);
    // Another address still gets its credits.
    expect((await register(`nouvelle-${seq}@exemple.fr`)).credits).toBe(3);
  });

  it('an account granted before addresses were recorded is remembered when it is deleted', async () => {
    seq += 1;
    const email = `ancien-${seq}@exemple.fr`;
    const first = await register(email);
    expect(first.credits).toBe(3);
    // As if the credits had been granted before the table existed: no row for this address.
    const rowsBefore = await db().select().from(freeCreditAddresses);
    await db().delete(freeCreditAddresses);
    await deleteAccount(first.b);
    expect((await register(email)).credits).toBe(0);
    if (rowsBefore.length > 0) await db().insert(freeCreditAddresses).values(rowsBefore).onConflictDoNothing();
  });

  it('keeps a keyed hash of the address and nothing else', async () => {
    seq += 1;
    const email = `trace-${seq}@exemple.fr`;
    const { b } = await register(email);
    await deleteAccount(b);
    const rows = await db().select().from(freeCreditAddresses);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['addressHash', 'grantedAt']);
      expect(row.addressHash).toMatch(/^hmac-sha256:[0-9a-f]{64}$/u);
    }
    expect(JSON.stringify(rows)).not.toMatch(/trace|exemple/u);
  });
});

describe('free credits once per address with e-mail confirmation', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, ...LIMITS, REQUIRE_EMAIL_VERIFICATION: 'true', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Signs up, follows the confirmation link, signs in: the browser and its balance. */
  async function confirmedAccount(email: string): Promise<{ b: TestBrowser; credits: number }> {
    const b = new TestBrowser(t.app, '10.9.1.1');
    const sent = smtp.mails.length;
    expect((await signUp(b, email)).statusCode).toBe(200);
    const link = new URL(firstLink((await smtp.waitFor(email, sent)).text));
    expect((await b.get(`${link.pathname}${link.search}`)).statusCode).toBe(302);
    expect((await signIn(b, email)).statusCode).toBe(200);
    return { b, credits: (await b.get('/api/profile')).json<{ credits: number }>().credits };
  }

  it('a confirmed address gets its credits once, not again after deleting and registering anew', async () => {
    const first = await confirmedAccount('confirmee@exemple.fr');
    expect(first.credits).toBe(3);
    expect((await first.b.post('/api/auth/delete-user', { password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await confirmedAccount('confirmee@exemple.fr')).credits).toBe(0);
  });
});
