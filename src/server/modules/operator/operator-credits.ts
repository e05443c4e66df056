import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { creditLedger, users } from '../../db/schema';
import type { CreditsService } from '../credits/credits-service';
import type { ProfileService } from '../profile/profile-service';
import type { OperatorAccount } from '../../../common/api/operator';

/** How many ledger movements `show` lists. */
export const OPERATOR_MOVES_SHOWN = 10;

export type OperatorGrantOutcome =
  | { ok: true; balance: number }
  | { ok: false; reason: 'unknown_account' }
  | { ok: false; reason: 'negative_balance'; balance: number };

/**
 * The operator's two credit commands, the same whether `npm run credits` opens the database itself or asks
 * the running server (operator-routes.ts): read an account's balance and latest movements, or add (remove)
 * credits with a ledger row `operator`. The e-mail is expected in lower case.
 */
export interface OperatorCredits {
  /** The account's balance and latest movements; null when no account has this e-mail. */
  show(email: string): Promise<OperatorAccount | null>;
  grant(email: string, amount: number): Promise<OperatorGrantOutcome>;
}

export interface OperatorCreditsDeps {
  db: AppDb;
  /** Creates a missing profile (with the free credits when they are due) before anything is counted. */
  profiles: ProfileService;
  credits: CreditsService;
}

export function createOperatorCredits({ db, profiles, credits }: OperatorCreditsDeps): OperatorCredits {
  async function findUser(email: string): Promise<{ id: string; name: string } | null> {
    const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
    if (!user) return null;
    await profiles.ensure(user.id);
    return user;
  }

  return {
    async show(email) {
      const user = await findUser(email);
      if (!user) return null;
      const balance = (await credits.balance(user.id)) ?? 0;
      const rows = await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, user.id))
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
        .limit(OPERATOR_MOVES_SHOWN);
      const moves = rows.map((m) => ({ at: m.createdAt.toISOString(), delta: m.delta, reason: m.reason }));
      return { email, name: user.name, balance, moves };
    },

    async grant(email, amount) {
      const user = await findUser(email);
      if (!user) return { ok: false, reason: 'unknown_account' };
      const result = await credits.grant(user.id, amount, 'operator');
      if (!result.ok) return { ok: false, reason: 'negative_balance', balance: result.balance ?? 0 };
      return { ok: true, balance: result.balance ?? 0 };
    },
  };
}
