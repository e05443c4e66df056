import { isSitePath } from '../../../common/auth/redirect-path';

/** Where /restricted sends the user after a social sign-in (the login page's `redirect`, kept across the trip). */
export const REDIRECT_STORAGE_KEY = 'ql.redirectAfterLogin';
/** The question form on the home page. */
export const QUESTION_SECTION_PATH = '/#question-section';

/**
 * A same-site path to go to after signing in, or '/' when `target` is anything else: a normalised path of
 * this site (common/auth/redirect-path.ts, the rule the server applies to `callbackURL`): a single leading
 * '/', no backslash, whitespace or control character (browsers drop or reinterpret those: '/\t/evil.example'
 * would become '//evil.example'), no '.' or '..' segment, empty segment or encoded separator ('/.//evil.example'
 * resolves to '//evil.example').
 */
export function safeRedirect(target: string | null | undefined): string {
  return isSitePath(target) ? target : '/';
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
