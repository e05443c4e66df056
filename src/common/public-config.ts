import type { Testimonials } from './testimonials';

/**
 * Settings the server hands to the browser (injected into index.html as a JSON data block).
 * Kept free of zod: the home page bundle reads it. Its schema is `api/public-config-schema.ts`.
 */
export interface PublicConfig {
  siteTitle: string;
  contactEmail: string;
  /**
   * City lookup. `auto`: looked up on every visit (operator opt-in); the IP services when set are
   * also what « Me localiser » asks, else the browser's position and the reverse-geocoding service.
   */
  geo: { auto: boolean; primaryUrl: string | null; fallbackUrl: string | null; reverseUrl: string | null };
  showBackendStatus: boolean;
  auth: { google: boolean; microsoft: boolean };
  corpusDate: string | null;
  /** The operator's real testimonials (TESTIMONIALS_FILE); null: the home page shows example situations. */
  testimonials: Testimonials | null;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'ql-config';

export const defaultPublicConfig: PublicConfig = {
  siteTitle: 'QuestionLegale.info',
  contactEmail: 'contact@questionlegale.info',
  // No third-party call unless the visitor asks (« Me localiser ») or the operator opts in.
  geo: { auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: null },
  showBackendStatus: false,
  auth: { google: false, microsoft: false },
  corpusDate: null,
  testimonials: null,
};
