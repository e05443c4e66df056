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
