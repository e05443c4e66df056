import { PUBLIC_CONFIG_ELEMENT_ID, defaultPublicConfig, type PublicConfig } from '../../common/public-config';

let cached: PublicConfig | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isUrlOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * Checks the injected block by hand rather than with the zod schema of `src/common/public-config.ts`:
 * this runs on the home page, and zod would add ~20 KB gzipped to its bundle.
 */
export function parsePublicConfig(value: unknown): PublicConfig | null {
  if (!isRecord(value) || !isRecord(value.geo) || !isRecord(value.auth)) return null;
  const { siteTitle, contactEmail, geo, showBackendStatus, auth, corpusDate } = value;
  if (!isString(siteTitle) || !isString(contactEmail) || !isBoolean(showBackendStatus)) return null;
  if (!isBoolean(geo.auto) || !isUrlOrNull(geo.primaryUrl) || !isUrlOrNull(geo.fallbackUrl) || !isUrlOrNull(geo.reverseUrl)) return null;
  if (!isBoolean(auth.google) || !isBoolean(auth.microsoft)) return null;
  if (corpusDate !== null && !isString(corpusDate)) return null;
  return {
    siteTitle,
    contactEmail,
    geo: { auto: geo.auto, primaryUrl: geo.primaryUrl, fallbackUrl: geo.fallbackUrl, reverseUrl: geo.reverseUrl },
    showBackendStatus,
    auth: { google: auth.google, microsoft: auth.microsoft },
    corpusDate,
  };
}

/** Reads the configuration the server injected into index.html; defaults when absent (tests, vite dev). */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  let value = defaultPublicConfig;
  if (el?.textContent) {
    try {
      value = parsePublicConfig(JSON.parse(el.textContent)) ?? defaultPublicConfig;
    } catch {
      // malformed block: keep defaults
    }
  }
  cached = value;
  return value;
}

/** For tests only. */
export function resetPublicConfigCache(): void {
  cached = undefined;
}
