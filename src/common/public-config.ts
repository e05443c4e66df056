import { z } from 'zod';

/** Settings the server hands to the browser (injected into index.html as a JSON data block). */
export const publicConfigSchema = z.object({
  siteTitle: z.string(),
  contactEmail: z.string(),
  geo: z.object({ primaryUrl: z.string(), fallbackUrl: z.string() }),
  showBackendStatus: z.boolean(),
  auth: z.object({ google: z.boolean(), microsoft: z.boolean() }),
  corpusDate: z.string().nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_ELEMENT_ID = 'ql-config';

export const defaultPublicConfig: PublicConfig = {
  siteTitle: 'QuestionLegale.info',
  contactEmail: 'contact@questionlegale.info',
  geo: {
    primaryUrl: 'http://ip-api.com/json/?fields=status,city&lang=fr',
    fallbackUrl: 'https://ipapi.co/json/',
  },
  showBackendStatus: false,
  auth: { google: false, microsoft: false },
  corpusDate: null,
};
