import { z } from 'zod';

/** Every API error reply: a machine code and a French message for the user. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
