/**
 * Settings the server hands to the browser (injected into index.html as a JSON data block).
 * Kept free of zod: the home page bundle reads it. Its schema is `api/public-config-schema.ts`.
 */
export interface PublicConfig {
  siteTitle: string;
  contactEmail: string;
  geo: { primaryUrl: string; fallbackUrl: string };
  showBackendStatus: boolean;
  auth: { google: boolean; microsoft: boolean };
  corpusDate: string | null;
}

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
