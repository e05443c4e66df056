import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { creditLedger, freeCreditAddresses, profiles, users } from '../../db/schema';
import type { AddressHasher } from '../credits/free-credit-addresses';
import { INITIAL_CREDITS, type LedgerEntry, type ProfileResponse } from '../../../common/auth/profile';

export interface ProfileService {
  /**
   * Creates the profile (a fresh API key) unless it exists, then grants the free credits if they are due.
   * Idempotent.
   */
  ensure(userId: string): Promise<void>;
  /**
   * Grants the INITIAL_CREDITS free credits once per account (ledger row `initial`) and once per e-mail
   * address (`free_credit_addresses`, when the service has an address hasher), and only when they are due: at
   * once when e-mail confirmation is off, once the address is confirmed when it is on (so that throwaway
   * addresses do not farm credits). Safe under concurrency. True when this call granted them.
   */
  grantInitialCredits(userId: string): Promise<boolean>;
  /**
   * Before an account is deleted: if it received the free credits, its address is kept as served (a keyed
   * hash), so that a new account with the same address does not receive them again. For accounts granted
   * before addresses were recorded at the grant; a no-op without an address hasher.
   */
  rememberFreeCredits(userId: string): Promise<void>;
  /** The profile reply for a user, creating the profile if it is missing; null for an unknown user. */
  get(userId: string): Promise<ProfileResponse | null>;
  /** Replaces the API key; the old one stops working at once. */
  regenerateApiKey(userId: string): Promise<ProfileResponse | null>;
  /** The user owning this API key, if any. */
  findUserByApiKey(apiKey: string): Promise<{ id: string; email: string; name: string } | null>;
  /** The user's latest credit movements, newest first: date, amount, reason code (no question text exists). */
  ledger(userId: string, limit: number): Promise<LedgerEntry[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProfileServiceOptions {
  /** REQUIRE_EMAIL_VERIFICATION: the free credits wait for a confirmed address. */
  requireEmailVerification?: boolean;
  /**
   * Keyed hash of an e-mail address (modules/credits/free-credit-addresses.ts): with it, the free credits go
   * to an address once, whatever the accounts it is used for. The server always passes one.
   */
  hashAddress?: AddressHasher;
}

export function createProfileService(db: AppDb, opts: ProfileServiceOptions = {}): ProfileService {
  async function grantInitialCredits(userId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      // The profile row lock serialises two grants for one user (two confirmation clicks at once).
      const locked = await tx
        .select({ emailVerified: users.emailVerified, email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.userId, userId))
        .for('update', { of: profiles });
      const row = locked[0];
      if (!row || (opts.requireEmailVerification && !row.emailVerified)) return false;
      const given = await tx
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'initial')))
        .limit(1);
      if (given.length > 0) return false;
      if (opts.hashAddress) {
        // The address's first grant: recorded in the same transaction; an address already served gets none.
        const served = await tx
          .insert(freeCreditAddresses)
          .values({ addressHash: opts.hashAddress(row.email) })
          .onConflictDoNothing({ target: freeCreditAddresses.addressHash })
          .returning({ addressHash: freeCreditAddresses.addressHash });
        if (served.length === 0) return false;
      }
      await tx
        .update(profiles)
        .set({ credits: sql`${profiles.credits} + ${INITIAL_CREDITS}`, updatedAt: new Date() })
        .where(eq(profiles.userId, userId));
      await tx.insert(creditLedger).values({ userId, delta: INITIAL_CREDITS, reason: 'initial' });
      return true;
    });
  }

  async function ensure(userId: string): Promise<void> {
    await db
      .insert(profiles)
      .values({ userId, credits: 0, apiKey: randomUUID() })
      .onConflictDoNothing({ target: profiles.userId });
    await grantInitialCredits(userId);
  }

  async function read(userId: string): Promise<ProfileResponse | null> {
    const rows = await db
      .select({ credits: profiles.credits, apiKey: profiles.apiKey, name: users.name, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId));
    return rows[0] ?? null;
  }

  async function rememberFreeCredits(userId: string): Promise<void> {
    if (!opts.hashAddress) return;
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(creditLedger, and(eq(creditLedger.userId, users.id), eq(creditLedger.reason, 'initial')))
      .where(eq(users.id, userId))
      .limit(1);
    const row = rows[0];
    if (!row) return;
    await db
      .insert(freeCreditAddresses)
      .values({ addressHash: opts.hashAddress(row.email) })
      .onConflictDoNothing({ target: freeCreditAddresses.addressHash });
  }

  return {
    ensure,
    grantInitialCredits,
    rememberFreeCredits,
    async get(userId) {
      const existing = await read(userId);
      if (existing) return existing;
      const user = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user[0]) return null;
      await ensure(userId);
      return read(userId);
    },
    async regenerateApiKey(userId) {
      if (!(await this.get(userId))) return null;
      await db.update(profiles).set({ apiKey: randomUUID(), updatedAt: new Date() }).where(eq(profiles.userId, userId));
      return read(userId);
    },
    async ledger(userId, limit) {
      const rows = await db
        .select({ at: creditLedger.createdAt, delta: creditLedger.delta, reason: creditLedger.reason })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
        .limit(limit);
      return rows.map((r) => ({ at: r.at.toISOString(), delta: r.delta, reason: r.reason }));
    },
    async findUserByApiKey(apiKey) {
      if (!UUID.test(apiKey)) return null;
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.apiKey, apiKey.toLowerCase()));
      return rows[0] ?? null;
    },
  };
}
