import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { creditLedger, profiles, users } from '../../db/schema';
import { INITIAL_CREDITS, type LedgerEntry, type ProfileResponse } from '../../../common/auth/profile';

export interface ProfileService {
  /** Creates the profile (3 credits, a fresh API key, a ledger row) unless it exists. Idempotent. */
  ensure(userId: string): Promise<void>;
  /** The profile reply for a user, creating the profile if it is missing; null for an unknown user. */
  get(userId: string): Promise<ProfileResponse | null>;
  /** Replaces the API key; the old one stops working at once. */
  regenerateApiKey(userId: string): Promise<ProfileResponse | null>;
  /** The user owning this API key, if any. */
  findUserByApiKey(apiKey: string): Promise<{ userId: string; email: string; name: string } | null>;
  /** The user's latest credit movements, newest first: date, amount, reason code (no question text exists). */
  ledger(userId: string, limit: number): Promise<LedgerEntry[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createProfileService(db: AppDb): ProfileService {
  async function ensure(userId: string): Promise<void> {
    // One statement: the ledger row is written only if this call created the profile.
    await db.execute(sql`
      with created as (
        insert into ${profiles} (user_id, credits, api_key)
        values (${userId}, ${INITIAL_CREDITS}, ${randomUUID()})
        on conflict (user_id) do nothing
        returning user_id, credits
      )
      insert into ${creditLedger} (user_id, delta, reason)
      select user_id, credits, 'initial' from created`);
  }

  async function read(userId: string): Promise<ProfileResponse | null> {
    const rows = await db
      .select({ credits: profiles.credits, apiKey: profiles.apiKey, name: users.name, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId));
    return rows[0] ?? null;
  }

  return {
    ensure,
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
        .select({ userId: users.id, email: users.email, name: users.name })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.apiKey, apiKey.toLowerCase()));
      return rows[0] ?? null;
    },
  };
}
