import { PUBLIC_CONFIG_ELEMENT_ID, defaultPublicConfig, type PublicConfig } from '../../common/public-config';
import type { Testimonial, Testimonials } from '../../common/testimonials';

let cached: PublicConfig | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isUrlOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function parseTestimonial(value: unknown): Testimonial | null {
  if (!isRecord(value)) return null;
  const { quote, author, city, rating, date } = value;
  if (!isString(quote) || !isString(author) || !isString(date) || typeof rating !== 'number') return null;
  if (city !== null && !isString(city)) return null;
  return { quote, author, city, rating, date };
}

/** The operator's testimonials, null when absent; undefined when malformed (the whole block is then refused). */
function parseTestimonials(value: unknown): Testimonials | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isString(value.note) || !Array.isArray(value.items)) return undefined;
  const items = value.items.map(parseTestimonial);
  if (items.some((item) => item === null)) return undefined;
  return { note: value.note, items: items.filter((item): item is Testimonial => item !== null) };
}

/**
 * Checks the injected block by hand rather than with the zod schema of `src/common/public-config.ts`:
 * this runs on the home page, and zod would add ~20 KB gzipped to its bundle.
 */
export function parsePublicConfig(value: unknown): PublicConfig | null {
  if (!isRecord(value) || !isRecord(value.geo) || !isRecord(value.auth)) return null;
  const { siteTitle, contactEmail, geo, showBackendStatus, auth, corpusDate } = value;
  const testimonials = parseTestimonials(value.testimonials);
  if (testimonials === undefined) return null;
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
    testimonials,
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
