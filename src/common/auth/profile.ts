import { z } from 'zod';

/** GET /api/profile and POST /api/profile/api-key reply. */
export const profileResponseSchema = z.object({
  credits: z.number().int().nonnegative(),
  apiKey: z.uuid(),
  name: z.string(),
  email: z.string(),
});

export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Every new profile starts with this many credits. */
export const INITIAL_CREDITS = 3;

/** One credit movement of GET /api/profile/ledger: when, how many (+/−), why (a code, never question text). */
export const ledgerEntrySchema = z.object({
  at: z.string(),
  delta: z.number().int(),
  reason: z.string(),
});

/** GET /api/profile/ledger reply: the latest movements, newest first. */
export const ledgerResponseSchema = z.object({ movements: z.array(ledgerEntrySchema) });

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** Movements listed on the account page. */
export const LEDGER_LIMIT = 100;

/** The French wording of a ledger reason code. */
export function creditReasonLabel(reason: string): string {
  if (reason === 'initial') return "Crédits offerts à l'ouverture du compte";
  if (reason === 'question') return 'Question posée';
  if (reason.startsWith('refund')) return 'Crédit rendu (réponse non fournie)';
  if (reason === 'operator') return "Crédits ajoutés par l'équipe du site";
  return 'Ajustement';
}
