import { z } from 'zod';

/**
 * The operator's credit commands against a running server (POST /api/operator/credits/show and /grant):
 * what `npm run credits` sends when the embedded database is held by the server. Only the loopback
 * interface, with the token the server wrote in DATA_DIR, reaches them (modules/operator).
 */

/** Largest change one command may make, either way (the same bound as the command line's). */
export const OPERATOR_MAX_GRANT = 1_000_000;

export const OPERATOR_MESSAGES = {
  invalid: 'Requête invalide\u202f: une adresse e-mail et, pour un ajout, un nombre entier de crédits non nul sont attendus.',
  unknownAccount: (email: string): string => `Aucun compte n'existe pour l'adresse ${email}.`,
  negativeBalance: (email: string, balance: number): string =>
    `Refusé\u202f: le solde de ${email} est de ${balance} crédit(s), il ne peut pas devenir négatif.`,
} as const;

const email = z.string().trim().toLowerCase().min(3).max(320).regex(/^[^\s@]+@[^\s@]+$/);

export const operatorShowRequestSchema = z.object({ email });
export type OperatorShowRequest = z.infer<typeof operatorShowRequestSchema>;

export const operatorGrantRequestSchema = z.object({
  email,
  amount: z
    .number()
    .int()
    .min(-OPERATOR_MAX_GRANT)
    .max(OPERATOR_MAX_GRANT)
    .refine((n) => n !== 0),
});
export type OperatorGrantRequest = z.infer<typeof operatorGrantRequestSchema>;

/** One movement of the ledger: date (ISO), amount, reason code. */
export const operatorMoveSchema = z.object({ at: z.string(), delta: z.number().int(), reason: z.string() });

/** An account's balance and its latest movements, newest first. */
export const operatorAccountSchema = z.object({
  email: z.string(),
  name: z.string(),
  balance: z.number().int(),
  moves: z.array(operatorMoveSchema),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const operatorGrantResponseSchema = z.object({ email: z.string(), balance: z.number().int() });
export type OperatorGrantResponse = z.infer<typeof operatorGrantResponseSchema>;

/** Error codes of these routes: no such account (404), a removal below zero (409, with the balance). */
export const OPERATOR_CODES = { unknownAccount: 'unknown_account', negativeBalance: 'negative_balance' } as const;
