/**
 * Where the site may send a visitor after an auth step (the login page's `redirect`, better-auth's
 * `callbackURL`, `redirectTo`…): a path of this site in its normalised form, and nothing else. The server
 * (modules/auth/auth-routes.ts) and the browser (features/auth/safe-redirect.ts) apply the same rule.
 *
 * A path that only looks local can leave the site once a parser resolves it: `/.//evil.example` and
 * `/a/..//evil.example` become the protocol-relative `//evil.example`, `/\evil.example` does too in a
 * browser, a tab or a newline is dropped (`/\t/evil.example`), and a proxy may decode `%2F` into `/`.
 */

/** Parses relative targets only: the origin itself is never used. */
const PROBE_ORIGIN = 'https://questionlegale.invalid';

/** Control characters, spaces, DEL and backslashes. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Whether `target` is a normalised same-site path: it starts with a single `/`, holds no control character,
 * space or backslash, and its path part (before `?` or `#`) has no empty segment (`//`; a trailing `/` is
 * fine), no `.` or `..` segment (nor their `%2e` spellings) and no encoded `/` or `\` (`%2f`, `%5c`).
 */
export function isSitePath(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return false;
  if (hasUnsafeCharacter(target)) return false;
  const end = target.search(/[?#]/u);
  const path = end === -1 ? target : target.slice(0, end);
  if (/%2f|%5c/iu.test(path)) return false;
  const segments = path.split('/').slice(1);
  for (const [i, segment] of segments.entries()) {
    if (segment === '' && i < segments.length - 1) return false;
    const decoded = segment.replace(/%2e/giu, '.');
    if (decoded === '.' || decoded === '..') return false;
  }
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
