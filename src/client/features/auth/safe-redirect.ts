/** Where /restricted sends the user after a social sign-in (the login page's `redirect`, kept across the trip). */
export const REDIRECT_STORAGE_KEY = 'ql.redirectAfterLogin';
/** The question form on the home page. */
export const QUESTION_SECTION_PATH = '/#question-section';

/** Control characters, spaces, DEL and backslashes. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
const PROBE_ORIGIN = 'https://questionlegale.invalid';

/**
 * A same-site path to go to after signing in, or '/' when `target` is anything else: it must start with a
 * single '/', hold no backslash, whitespace or control character (browsers drop or reinterpret those:
 * '/\t/evil.example' would become '//evil.example'), and stay on this origin once parsed.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (hasUnsafeCharacter(target)) return '/';
  try {
    if (new URL(target, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return '/';
  } catch {
    return '/';
  }
  return target;
}

/** After login: the `redirect` target, or the question form when it is '/' or contains 'restricted'. */
export function loginTarget(redirect: string | null | undefined): string {
  const target = safeRedirect(redirect);
  return target === '/' || target.includes('restricted') ? QUESTION_SECTION_PATH : target;
}

/** Keeps the login target for /restricted (session storage; nothing happens when storage is unavailable). */
export function rememberRedirect(redirect: string | null | undefined): void {
  try {
    if (redirect) window.sessionStorage.setItem(REDIRECT_STORAGE_KEY, redirect);
    else window.sessionStorage.removeItem(REDIRECT_STORAGE_KEY);
  } catch {
    // storage disabled: the user lands on the question form
  }
}

/** Reads and forgets the target kept by rememberRedirect(). */
export function takeRememberedRedirect(): string | null {
  try {
    const value = window.sessionStorage.getItem(REDIRECT_STORAGE_KEY);
    window.sessionStorage.removeItem(REDIRECT_STORAGE_KEY);
    return value;
  } catch {
    return null;
  }
}

/** `path?redirect=…` when there is a redirect target to carry to the next auth page, else `path`. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
