import {
  PUBLIC_CONFIG_ELEMENT_ID,
  defaultPublicConfig,
  publicConfigSchema,
  type PublicConfig,
} from '../../common/public-config';

let cached: PublicConfig | undefined;

/** Reads the configuration the server injected into index.html; defaults when absent (tests, vite dev). */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  let value = defaultPublicConfig;
  if (el?.textContent) {
    try {
      const parsed = publicConfigSchema.safeParse(JSON.parse(el.textContent));
      if (parsed.success) value = parsed.data;
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
