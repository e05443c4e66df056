import { describe, expect, it } from 'vitest';
import { isSitePath } from './redirect-path';

describe('isSitePath', () => {
  it.each(['/', '/login', '/app/compte', '/app/', '/login?redirect=%2Fapp', '/a?next=//x#y', '/a.b/c..d/.e', '/javascript:alert(1)'])(
    'accepts the normalised path %s',
    (path) => {
      expect(isSitePath(path)).toBe(true);
    },
  );

  it.each([
    ['not a string', 42],
    ['empty', ''],
    ['relative', 'login'],
    ['absolute', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['a dot segment then //', '/.//evil.example'],
    ['a dot-dot segment then //', '/..//evil.example'],
    ['an encoded dot then //', '/%2e//evil.example'],
    ['an encoded dot-dot', '/a/%2E%2e/b'],
    ['a mixed dot-dot', '/a/.%2e/b'],
    ['a dot then ///', '/.///evil.example'],
    ['a trailing dot segment', '/a/.'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5cevil.example'],
    ['a backslash', '/\\evil.example'],
    ['a tab', '/\t/evil.example'],
    ['a space', '/ /evil.example'],
    ['an empty segment', '/a//b'],
  ])('refuses %s', (_label, target) => {
    expect(isSitePath(target)).toBe(false);
  });
});
