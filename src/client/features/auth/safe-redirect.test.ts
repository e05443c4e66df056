import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  QUESTION_SECTION_PATH,
  REDIRECT_STORAGE_KEY,
  loginTarget,
  rememberRedirect,
  safeRedirect,
  takeRememberedRedirect,
} from './safe-redirect';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('safeRedirect', () => {
  it.each([
    '/',
    '/app/question',
    '/app/reponse-legale?x=1#haut',
    '/login?redirect=%2Fapp',
    '/login?redirect=//exemple.fr',
    '/app/',
    '/javascript:alert(1)',
  ])('keeps the same-site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash further on', '/app\\..\\x'],
    ['an absolute URL', 'https://evil.example/app'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<p>x</p>'],
    ['a relative path', 'app/question'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['a NUL', '/app\u0000'],
    ['a dot segment before a double slash', '/.//evil.example'],
    ['a dot-dot segment before a double slash', '/..//evil.example'],
    ['an encoded dot segment', '/%2e//evil.example'],
    ['a dot segment before three slashes', '/.///evil.example'],
    ['a dot-dot segment further on', '/a/..//evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded backslashes', '/%5C%5Cevil.example'],
    ['a double slash further on', '/app//x'],
  ])('sends %s to /', (_label, target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});

describe('loginTarget', () => {
  it('goes to the redirect target, or to the question form for / and restricted targets', () => {
    expect(loginTarget('/app/question')).toBe('/app/question');
    expect(loginTarget('/app/reponse-legale')).toBe('/app/reponse-legale');
    expect(loginTarget(null)).toBe(QUESTION_SECTION_PATH);
    expect(loginTarget('/')).toBe('/#question-section');
    expect(loginTarget('/app/restricted')).toBe('/#question-section');
    expect(loginTarget('/restricted')).toBe('/#question-section');
    expect(loginTarget('https://evil.example')).toBe('/#question-section');
  });
});

describe('remembered redirect', () => {
  it('keeps the target in session storage once, and forgets it when there is none', () => {
    rememberRedirect('/app/question');
    expect(window.sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/app/question');
    expect(takeRememberedRedirect()).toBe('/app/question');
    expect(takeRememberedRedirect()).toBeNull();
    rememberRedirect('/app/question');
    rememberRedirect(null);
    expect(takeRememberedRedirect()).toBeNull();
  });

  it('does nothing when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('quota', 'SecurityError');
    });
    expect(() => rememberRedirect('/app')).not.toThrow();
    expect(takeRememberedRedirect()).toBeNull();
  });
});
