import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { creditLedger, profiles } from '../../db/schema';

export interface CreditMovement {
  /** True when the balance changed. */
  ok: boolean;
  /** Balance after the call (null when the user has no profile). */
  balance: number | null;
}

export interface CreditsService {
  /** Takes one credit if the balance allows it; never goes below zero. */
  debit(userId: string, reason: string): Promise<CreditMovement>;
  /** Gives one credit back (e.g. the answer could not be produced). */
  refund(userId: string, reason: string): Promise<CreditMovement>;
  /** Adds `n` credits (n may be negative; refused if the balance would go below zero). */
  grant(userId: string, n: number, reason: string): Promise<CreditMovement>;
  /** Current balance, or null when the user has no profile. */
  balance(userId: string): Promise<number | null>;
}

/**
 * Credits change only here, in one transaction each: a conditional UPDATE (`credits + delta >= 0`,
 * also enforced by a CHECK constraint) and the matching ledger row. The reason is a short code
 * ("question", "refund:answer_failed", "operator"…), never the text of a question.
 */
export function createCreditsService(db: AppDb): CreditsService {
  async function move(userId: string, delta: number, reason: string): Promise<CreditMovement> {
    if (!Number.isSafeInteger(delta)) throw new RangeError('delta must be an integer');
    return db.transaction(async (tx) => {
      const updated = await tx
        .update(profiles)
        .set({ credits: sql`${profiles.credits} + ${delta}`, updatedAt: new Date() })
        .where(and(eq(profiles.userId, userId), gte(profiles.credits, -delta)))
        .returning({ credits: profiles.credits });
      const row = updated[0];
      if (!row) {
        const current = await tx.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.userId, userId));
        return { ok: false, balance: current[0]?.credits ?? null };
      }
      if (delta !== 0) await tx.insert(creditLedger).values({ userId, delta, reason });
      return { ok: true, balance: row.credits };
    });
  }
  return {
    debit: (userId, reason) => move(userId, -1, reason),
    refund: (userId, reason) => move(userId, 1, reason),
    grant: (userId, n, reason) => move(userId, n, reason),
    async balance(userId) {
      const rows = await db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.userId, userId));
      return rows[0]?.credits ?? null;
    },
  };
}
