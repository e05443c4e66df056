import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, ORIGIN, TestBrowser, setCookies } from '../../../../test/api/support/http';
import { accounts, profiles, users } from '../../db/schema';
import { profileResponseSchema } from '../../../common/auth/profile';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../../common/public-config';

/**
 * The whole authorization-code flow against a local OpenID provider (oauth2-mock-server): discovery,
 * PKCE, nonce, signed ID token checked against the provider's JWKS, exactly as with Google.
 */
describe.each(DB_KINDS)('social sign-in on %s', (kind) => {
  let t: TestApp;
  let oidc: OAuth2Server;
  let issuer: string;
  const identities = new Map<string, { sub: string; email: string; name: string }>([
    ['google-client-id', { sub: 'google-sub-1', email: 'social@exemple.fr', name: 'Claude Social' }],
    ['microsoft-client-id', { sub: 'ms-sub-1', email: 'ms@exemple.fr', name: 'Morgan Microsoft' }],
  ]);

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    issuer = oidc.issuer.url ?? '';
    // Like a real provider: the ID token names the user for the client that asked.
    oidc.service.on('beforeTokenSigning', (token) => {
      const who = identities.get(String(token.payload.aud));
      if (who) Object.assign(token.payload, { sub: who.sub, email: who.email, email_verified: true, name: who.name });
    });
    t = await createTestApp(kind, {
      ...AUTH_TEST_ENV,
      GOOGLE_CLIENT_ID: 'google-client-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      MICROSOFT_CLIENT_ID: 'microsoft-client-id',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      MICROSOFT_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.stop();
  });

  async function runFlow(b: TestBrowser, provider: string) {
    const start = await b.post('/api/auth/sign-in/social', { provider });
    expect(start.statusCode).toBe(200);
    const { url, redirect } = start.json<{ url: string; redirect: boolean }>();
    expect(redirect).toBe(true);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/${provider}`);
    // The browser goes to the provider, which sends it back with a code.
    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location') ?? '');
    expect(back.origin).toBe(ORIGIN);
    expect(back.searchParams.get('code')).toBeTruthy();
    const callback = await b.get(`${back.pathname}${back.search}`, { accept: 'text/html' });
    return { authorize, callback };
  }

  it('Google: authorization code flow creates the user and profile, sets the session, lands on /restricted', async () => {
    const b = new TestBrowser(t.app);
    const { authorize, callback } = await runFlow(b, 'google');
    expect(authorize.searchParams.get('client_id')).toBe('google-client-id');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/restricted');
    const cookie = setCookies(callback).find((c) => c.name === 'ql.session_token');
    expect(cookie?.attributes.httponly).toBe(true);
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');

    const db = t.testDb.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'social@exemple.fr'));
    expect(user?.name).toBe('Claude Social');
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, user?.id ?? ''));
    expect(account).toMatchObject({ providerId: 'google', accountId: 'google-sub-1' });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user?.id ?? ''));
    expect(profile?.credits).toBe(3);

    const me = profileResponseSchema.parse((await b.get('/api/profile')).json());
    expect(me).toMatchObject({ credits: 3, email: 'social@exemple.fr', name: 'Claude Social' });

    // Second sign-in: same user, still one profile, credits untouched.
    const again = new TestBrowser(t.app);
    const second = await runFlow(again, 'google');
    expect(second.callback.headers.location).toBe('/restricted');
    expect(await db.select().from(users).where(eq(users.email, 'social@exemple.fr'))).toHaveLength(1);
    expect(profileResponseSchema.parse((await again.get('/api/profile')).json()).apiKey).toBe(me.apiKey);
  });

  it('Microsoft: same flow with prompt=consent', async () => {
    const b = new TestBrowser(t.app);
    const { authorize, callback } = await runFlow(b, 'microsoft');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('client_id')).toBe('microsoft-client-id');
    expect(callback.headers.location).toBe('/restricted');
    const me = profileResponseSchema.parse((await b.get('/api/profile')).json());
    expect(me).toMatchObject({ credits: 3, email: 'ms@exemple.fr' });
  });

  it('a callback with a forged state does not sign anyone in', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.get('/api/auth/callback/google?code=abc&state=forged', { accept: 'text/html' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
    expect(b.jar.has('ql.session_token')).toBe(false);
  });

  it('tells the client which social buttons to show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const match = new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(res.body);
    const injected = JSON.parse(match?.[1] ?? '{}') as { auth: { google: boolean; microsoft: boolean } };
    expect(injected.auth).toEqual({ google: true, microsoft: true });
  });
});

describe('social sign-in not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides the buttons and refuses the provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const match = new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(res.body);
    expect((JSON.parse(match?.[1] ?? '{}') as { auth: unknown }).auth).toEqual({ google: false, microsoft: false });
    const b = new TestBrowser(t.app);
    const start = await b.post('/api/auth/sign-in/social', { provider: 'google' });
    expect(start.statusCode).toBe(404);
  });
});
