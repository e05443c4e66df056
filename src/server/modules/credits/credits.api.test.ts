import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, TestBrowser, signUp } from '../../../../test/api/support/http';
import { creditLedger, profiles, users } from '../../db/schema';

describe.each(DB_KINDS)('credits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newUser(email: string): Promise<string> {
    expect((await signUp(new TestBrowser(t.app), email)).statusCode).toBe(200);
    const [user] = await t.testDb.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('user not created');
    return user.id;
  }

  async function ledgerSum(userId: string): Promise<number> {
    const [row] = await t.testDb.database.db
      .select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return Number(row?.total);
  }

  it('20 concurrent debits on 3 credits: exactly 3 succeed, balance 0, ledger agrees', async () => {
    const userId = await newUser('concurrence@exemple.fr');
    const credits = t.app.accounts.credits;
    const results = await Promise.all(Array.from({ length: 20 }, () => credits.debit(userId, 'question')));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => r.balance === 0)).toBe(true);
    expect(await credits.balance(userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(rows.map((r) => r.delta).sort()).toEqual([-1, -1, -1, 3]);
    expect(rows.filter((r) => r.delta < 0).every((r) => r.reason === 'question')).toBe(true);
  });

  it('refund and grant move the balance with a ledger row each; never below zero', async () => {
    const userId = await newUser('mouvements@exemple.fr');
    const credits = t.app.accounts.credits;
    expect(await credits.debit(userId, 'question')).toEqual({ ok: true, balance: 2 });
    expect(await credits.refund(userId, 'refund:answer_failed')).toEqual({ ok: true, balance: 3 });
    expect(await credits.grant(userId, 10, 'operator')).toEqual({ ok: true, balance: 13 });
    expect(await credits.grant(userId, -20, 'operator')).toEqual({ ok: false, balance: 13 });
    expect(await credits.grant(userId, -13, 'operator')).toEqual({ ok: true, balance: 0 });
    expect(await credits.debit(userId, 'question')).toEqual({ ok: false, balance: 0 });
    expect(await ledgerSum(userId)).toBe(0);
    expect(await credits.debit('no-such-user', 'question')).toEqual({ ok: false, balance: null });
    expect(await credits.balance('no-such-user')).toBeNull();
  });

  it('the database itself refuses a negative balance', async () => {
    const userId = await newUser('contrainte@exemple.fr');
    await expect(
      t.testDb.database.db.update(profiles).set({ credits: -1 }).where(eq(profiles.userId, userId)),
    ).rejects.toThrow();
  });

  it('the badge value comes from the server: GET /api/profile reflects debits', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'badge@exemple.fr');
    await b.post('/api/auth/sign-in/email', { email: 'badge@exemple.fr', password: 'Motdepasse1' });
    const [user] = await t.testDb.database.db.select().from(users).where(eq(users.email, 'badge@exemple.fr'));
    await t.app.accounts.credits.debit(user?.id ?? '', 'question');
    expect((await b.get('/api/profile')).json<{ credits: number }>().credits).toBe(2);
  });

  it('resolves Authorization: Bearer <apiKey> to its user', async () => {
    const userId = await newUser('bearer@exemple.fr');
    const [profile] = await t.testDb.database.db.select().from(profiles).where(eq(profiles.userId, userId));
    const key = profile?.apiKey ?? '';
    // resolveUser reads only the request's headers.
    const resolve = (authorization: string | undefined) =>
      t.app.accounts.resolveUser({ headers: authorization === undefined ? {} : { authorization } } as FastifyRequest);
    const found = await resolve(`Bearer ${key}`);
    expect(found).toEqual({ id: userId, email: 'bearer@exemple.fr', name: 'Camille Martin', via: 'api-key' });
    expect(await resolve(`bearer   ${key.toUpperCase()}`)).toMatchObject({ id: userId });
    for (const bad of [undefined, '', key, 'Bearer ', 'Bearer 00000000-0000-4000-8000-000000000000', "Bearer ' or 1=1 --"]) {
      expect(await resolve(bad)).toBeNull();
    }
  });
});
