import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { captureLogs } from '../support/logs';
import { ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signUp } from './support/http';

/**
 * Ordinary refused requests are normal traffic: logged at `info` or `warn`, never at `error`, and never with
 * the text the visitor sent (better-auth writes « Invalid origin: <the Origin header> » and an OAuth
 * `state` at error level; modules/auth/auth-log.ts rewrites its log calls).
 */

/** A word that appears in no message of the site: found in a log line, it came from the request. */
const MARK = 'MARQUEURATTAQUANT';

describe('logs of refused requests', () => {
  let t: TestApp;
  const logs = captureLogs();
  let cookie = '';

  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: ORIGIN, LOG_LEVEL: 'debug' }, { logger: undefined, logStream: logs.logStream });
    const b = new TestBrowser(t.app, '10.5.0.1');
    expect((await signUp(b, 'journal@exemple.fr')).statusCode).toBe(200);
    expect((await signIn(b, 'journal@exemple.fr')).statusCode).toBe(200);
    cookie = [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are logged below error level, without the text they carried', async () => {
    const requests = [
      // An origin better-auth does not trust, on a host of the attacker's choosing.
      { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: `http://${MARK}.example:1234`, host: `${MARK}.example:1234`, cookie }, payload: { email: 'journal@exemple.fr', password: 'x' } },
      // A cross-site form navigation.
      { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, payload: { email: 'journal@exemple.fr', password: STRONG_PASSWORD } },
      // Redirect targets that leave the site.
      { method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload: { email: 'piege@exemple.fr', password: STRONG_PASSWORD, name: 'Camille', callbackURL: `/%2F%2F${MARK}.example` } },
      { method: 'GET', url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`/.//${MARK}.example`)}` },
      // An unknown sign-in provider, a disabled action, a stale OAuth state.
      { method: 'POST', url: '/api/auth/sign-in/social', headers: { origin: ORIGIN }, payload: { provider: MARK, callbackURL: '/' } },
      { method: 'POST', url: '/api/auth/change-email', headers: { origin: ORIGIN, cookie }, payload: { newEmail: `${MARK}@exemple.fr` } },
      { method: 'GET', url: `/api/auth/callback/google?state=${MARK}&code=${MARK}` },
      // Wrong password, malformed bodies, an unknown endpoint.
      { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: `${MARK}@exemple.fr`, password: `${MARK}1aA` } },
      { method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload: { email: MARK, password: `${MARK}1aA`, name: MARK } },
      { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: `{"email":"${MARK}` },
      { method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, payload: { token: MARK, newPassword: 'Motdepasse9' } },
      { method: 'POST', url: '/api/answers', headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' }, payload: `{"question":"${MARK}` },
      { method: 'GET', url: `/api/search?q=${MARK}&limit=abc` },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject({ ...r, remoteAddress: '10.5.0.2' });
      expect(res.statusCode, `${r.method} ${r.url}`).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
    const entries = logs.entries();
    expect(entries.filter((e) => (e.level ?? 0) >= 50)).toEqual([]);
    expect(logs.lines.join('').includes(MARK)).toBe(false);
    // The refusals are still there, under fixed codes.
    const refused = entries.filter((e) => e.msg === 'auth request refused').map((e) => e.refused);
    expect(refused).toEqual(expect.arrayContaining(['invalid_origin', 'cross_site_navigation', 'unknown_provider', 'action_disabled', 'invalid_oauth_state']));
  });
});
