import { afterEach, describe, expect, it } from 'vitest';
import { json, resetTestEnvironment, stubFetch } from './auth-test-utils';
import { postAuth, readError, requestPasswordReset, resetPassword, signUpWithEmail, startSocialSignIn } from './auth-api';

afterEach(resetTestEnvironment);

describe('readError', () => {
  it('reads both error shapes the server uses', () => {
    expect(readError({ code: 'A', message: 'Message A' })).toEqual({ code: 'A', message: 'Message A' });
    expect(readError({ error: { code: 'B', message: 'Message B' } })).toEqual({ code: 'B', message: 'Message B' });
    expect(readError({ code: 'C', message: 'Message C', error: { code: 'C', message: 'autre' } })).toEqual({
      code: 'C',
      message: 'Message C',
    });
    expect(readError({ message: '  ' })).toEqual({ code: null, message: null });
    expect(readError('texte')).toEqual({ code: null, message: null });
  });
});

describe('postAuth', () => {
  it('posts JSON in French with the session cookie', async () => {
    const calls = stubFetch(() => json(200, { ok: 1 }));
    await expect(postAuth('/api/auth/x', { a: 1 })).resolves.toEqual({ ok: true, data: { ok: 1 } });
    expect(calls[0]).toMatchObject({ url: '/api/auth/x', method: 'POST', body: { a: 1 }, credentials: 'same-origin' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('fr');
  });

  it('falls back to a French message when the reply has none, and says when the server is unreachable', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    await expect(postAuth('/api/auth/x', {})).resolves.toEqual({
      ok: false,
      status: 502,
      code: null,
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    });
    resetTestEnvironment();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(postAuth('/api/auth/x', {})).resolves.toMatchObject({ ok: false, status: 0, message: 'Impossible de se connecter au serveur' });
  });

  it('sends the fields better-auth expects', async () => {
    const calls = stubFetch(() => json(200, {}));
    await signUpWithEmail('Marie', 'm@exemple.fr', 'Secret123');
    await requestPasswordReset('m@exemple.fr', 'http://localhost:3000/update-password');
    await resetPassword('Nouveau2026', 'jeton');
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/auth/sign-up/email', { name: 'Marie', email: 'm@exemple.fr', password: 'Secret123', callbackURL: '/login' }],
      ['/api/auth/request-password-reset', { email: 'm@exemple.fr', redirectTo: 'http://localhost:3000/update-password' }],
      ['/api/auth/reset-password', { newPassword: 'Nouveau2026', token: 'jeton' }],
    ]);
  });
});

describe('startSocialSignIn', () => {
  it.each([
    [{ url: 'https://accounts.google.com/o/oauth2/v2/auth?x=1', redirect: true }, true],
    [{ url: '/api/auth/callback/google?code=1' }, true],
    [{ url: '//evil.example/' }, false],
    [{ url: 'javascript:alert(1)' }, false],
    [{ redirect: true }, false],
  ])('accepts only a real provider address: %j', async (reply, accepted) => {
    stubFetch(() => json(200, reply));
    const result = await startSocialSignIn('google', '/restricted');
    expect(result.ok).toBe(accepted);
    if (!result.ok) expect(result.message).toBe('La connexion avec ce fournisseur a échoué. Veuillez réessayer.');
  });
});
