import { eq, sql } from 'drizzle-orm';
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
 * Credits change only here, each in ONE statement (atomic, one database round trip): a conditional
 * UPDATE (`credits + delta >= 0`, also enforced by a CHECK constraint) and, in a data-modifying CTE of
 * the same statement, the matching ledger row, written only when the UPDATE took. The reason is a short
 * code ("question", "refund:answer_failed", "operator"…), never the text of a question.
 */
/** The first row of a raw query result (node-postgres and PGlite both return `{ rows }`). */
function firstRow(result: unknown): { credits: unknown } | undefined {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) return undefined;
  const row: unknown = result.rows[0];
  return typeof row === 'object' && row !== null && 'credits' in row ? row : undefined;
}

export function createCreditsService(db: AppDb): CreditsService {
  async function move(userId: string, delta: number, reason: string): Promise<CreditMovement> {
    if (!Number.isSafeInteger(delta)) throw new RangeError('delta must be an integer');
    const result: unknown = await db.execute(sql`
      with moved as (
        update ${profiles}
        set credits = credits + ${delta}, updated_at = now()
        where user_id = ${userId} and credits >= ${-delta}
        returning credits
      ), ledger as (
        insert into ${creditLedger} (user_id, delta, reason)
        select ${userId}, ${delta}, ${reason} from moved where ${delta} <> 0
      )
      select credits from moved`);
    const moved = firstRow(result);
    if (moved) return { ok: true, balance: Number(moved.credits) };
    // Refused (balance too low) or no profile: report the current balance.
    const current = await db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.userId, userId));
    return { ok: false, balance: current[0]?.credits ?? null };
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
