import { z } from 'zod';
import type { PublicConfig } from '../public-config';

export const publicConfigSchema = z.object({
  siteTitle: z.string(),
  contactEmail: z.string(),
  geo: z.object({ auto: z.boolean(), primaryUrl: z.string().nullable(), fallbackUrl: z.string().nullable(), reverseUrl: z.string().nullable() }),
  showBackendStatus: z.boolean(),
  auth: z.object({ google: z.boolean(), microsoft: z.boolean() }),
  corpusDate: z.string().nullable(),
  testimonials: z
    .object({
      note: z.string(),
      items: z.array(z.object({ quote: z.string(), author: z.string(), city: z.string().nullable(), rating: z.number(), date: z.string() })),
    })
    .nullable(),
}) satisfies z.ZodType<PublicConfig>;

// Both directions: the schema and the interface cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const schemaMatchesInterface: Same<z.infer<typeof publicConfigSchema>, PublicConfig> = true;
