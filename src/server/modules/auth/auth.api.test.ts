import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, setCookies, signIn, signUp } from '../../../../test/api/support/http';
import { firstLink, startTestSmtp, type TestSmtp } from '../../../../test/api/support/mail';
import { creditLedger, freeCreditAddresses, profiles, sessions, users, verifications } from '../../db/schema';
import { profileResponseSchema } from '../../../common/auth/profile';
import { MESSAGES } from '../../../common/messages';
import { captureLogs } from '../../../../test/support/logs';

interface ErrorReply {
  code: string;
  message: string;
  error: { code: string; message: string };
}

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const logs = captureLogs();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(
      kind,
      { ...AUTH_TEST_ENV, SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
      { logger: { level: 'debug', stream: logs.stream } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.testDb.database.db;

  it('registers a user and signs them in (no e-mail confirmation), and creates the profile with 3 credits server-side', async () => {
    const b = new TestBrowser(t.app);
    const res = await signUp(b, 'Camille@Exemple.fr');
    expect(res.statusCode).toBe(200);
    // Signed in by the sign-up itself: the session cookie, and the profile answers at once.
    expect(setCookies(res).filter((c) => c.name.includes('session_token'))).toHaveLength(1);
    // The session token stays in its HttpOnly cookie: never in the JSON a script could read.
    expect(res.json()).not.toHaveProperty('token');
    expect((await b.get('/api/profile')).json()).toMatchObject({ credits: 3, email: 'camille@exemple.fr' });
    const [user] = await db().select().from(users).where(eq(users.email, 'camille@exemple.fr'));
    expect(user?.name).toBe('Camille Martin');
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, user?.id ?? ''));
    expect(profile?.credits).toBe(3);
    expect(profile?.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, user?.id ?? ''));
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([[3, 'initial']]);
  });

  it('refuses weak passwords server-side with the message of the failing rule', async () => {
    const b = new TestBrowser(t.app);
    const cases: [string, string][] = [
      ['Court1', MESSAGES.passwordMinLength],
      ['motdepasse1', MESSAGES.passwordUppercase],
      ['MOTDEPASSE1', MESSAGES.passwordLowercase],
      ['Motdepasse', MESSAGES.passwordDigit],
    ];
    for (const [password, message] of cases) {
      const res = await signUp(b, `faible-${password}@exemple.fr`, 'Faible', password);
      expect(res.statusCode, password).toBe(400);
      const body = res.json<ErrorReply>();
      expect(body.message).toBe(message);
      expect(body.code).toBe('WEAK_PASSWORD');
      expect(body.error).toEqual({ code: 'WEAK_PASSWORD', message });
    }
    const none = await db().select().from(users).where(sql`${users.email} like 'faible-%'`);
    expect(none).toEqual([]);
  });

  it('answers a second registration with « Utilisateur déjà enregistré. »', async () => {
    const b = new TestBrowser(t.app);
    expect((await signUp(b, 'double@exemple.fr')).statusCode).toBe(200);
    const again = await signUp(b, 'DOUBLE@exemple.fr', 'Autre');
    expect(again.statusCode).toBe(422);
    expect(again.json<ErrorReply>().message).toBe('Utilisateur déjà enregistré.');
  });

  it('refuses bad credentials in French, and answers unknown providers in French too', async () => {
    const b = new TestBrowser(t.app);
    // Registered from another browser: this one holds no session (the sign-up signs its own browser in).
    await signUp(new TestBrowser(t.app), 'identifiants@exemple.fr');
    for (const [email, password] of [
      ['identifiants@exemple.fr', 'Mauvais123'],
      ['inconnu@exemple.fr', STRONG_PASSWORD],
    ] as const) {
      const res = await signIn(b, email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorReply>().message).toBe('Identifiants invalides. Veuillez réessayer.');
      expect(b.jar.size).toBe(0);
    }
    const social = await b.post('/api/auth/sign-in/social', { provider: 'github' });
    expect(social.statusCode).toBeGreaterThanOrEqual(400);
    expect(social.json<ErrorReply>().message).toBe("Ce fournisseur de connexion n'est pas disponible.");
  });

  it('signs in with an httpOnly SameSite=Lax session cookie, serves the profile, and signs out', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'session@exemple.fr', 'Alix Durand');
    const res = await signIn(b, 'session@exemple.fr');
    expect(res.statusCode).toBe(200);
    const cookie = setCookies(res).find((c) => c.name === 'ql.session_token');
    expect(cookie).toBeDefined();
    expect(cookie?.attributes.httponly).toBe(true);
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie?.attributes.secure).toBeUndefined();
    expect(cookie?.attributes.path).toBe('/');

    const session = await b.get('/api/auth/get-session');
    expect(session.json<{ user: { email: string } }>().user.email).toBe('session@exemple.fr');

    const profile = await b.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const body = profileResponseSchema.parse(profile.json());
    expect(body).toMatchObject({ credits: 3, name: 'Alix Durand', email: 'session@exemple.fr' });

    const out = await b.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    expect(b.jar.has('ql.session_token')).toBe(false);
    const after = await b.get('/api/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json<ErrorReply>().error.message).toBe(MESSAGES.notSignedIn);
  });

  it('regenerates the API key; the old key stops working as a Bearer token', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'cle@exemple.fr');
    await signIn(b, 'cle@exemple.fr');
    const before = profileResponseSchema.parse((await b.get('/api/profile')).json());
    const regen = await b.post('/api/profile/api-key');
    expect(regen.statusCode).toBe(200);
    const after = profileResponseSchema.parse(regen.json());
    expect(after.apiKey).not.toBe(before.apiKey);
    expect(after.credits).toBe(3);

    const anonymous = new TestBrowser(t.app);
    const withOld = await anonymous.get('/api/profile', { authorization: `Bearer ${before.apiKey}` });
    expect(withOld.statusCode).toBe(401);
    const withNew = await anonymous.get('/api/profile', { authorization: `Bearer ${after.apiKey}` });
    expect(withNew.statusCode).toBe(200);
    expect(profileResponseSchema.parse(withNew.json()).email).toBe('cle@exemple.fr');
  });

  it('creates a missing profile on GET /api/profile', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'sansprofil@exemple.fr');
    const [user] = await db().select().from(users).where(eq(users.email, 'sansprofil@exemple.fr'));
    // A user row without a profile nor any credit movement (as if created before profiles existed): its
    // address never received the free credits either.
    await db().delete(profiles).where(eq(profiles.userId, user?.id ?? ''));
    await db().delete(creditLedger).where(eq(creditLedger.userId, user?.id ?? ''));
    await db().delete(freeCreditAddresses);
    await signIn(b, 'sansprofil@exemple.fr');
    const res = await b.get('/api/profile');
    expect(profileResponseSchema.parse(res.json()).credits).toBe(3);
  });

  it('expires sessions server-side and renews them when used (sliding expiry)', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'glisse@exemple.fr'); // signed in by the sign-up: one session
    const [user] = await db().select().from(users).where(eq(users.email, 'glisse@exemple.fr'));
    const userId = user?.id ?? '';
    const ttl = t.config.auth.sessionTtlSeconds * 1000;
    const day = 24 * 3600 * 1000;

    // Last renewed two days ago: still valid, and older than updateAge → renewed now.
    await db().update(sessions).set({ expiresAt: new Date(Date.now() + ttl - 2 * day) }).where(eq(sessions.userId, userId));
    const renewed = await b.get('/api/auth/get-session');
    expect(renewed.statusCode).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + ttl - 60_000);
    expect(setCookies(renewed).some((c) => c.name === 'ql.session_token')).toBe(true);

    // Expired on the server: the cookie no longer opens anything.
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, userId));
    const expired = await b.get('/api/auth/get-session');
    expect(expired.json()).toBeNull();
    expect((await b.get('/api/profile')).statusCode).toBe(401);
  });

  it('resets a password through the e-mailed link; reused or expired links get a French error', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'oubli@exemple.fr', 'Dominique');
    const missing = await b.post('/api/auth/request-password-reset', { email: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorReply>().message).toBe("Une adresse email est requise pour la récupération du mot de passe");

    const sent = smtp.mails.length;
    const unknown = await b.post('/api/auth/request-password-reset', { email: 'personne@exemple.fr' });
    expect(unknown.statusCode).toBe(200);

    const req = await b.post('/api/auth/request-password-reset', { email: 'oubli@exemple.fr' });
    expect(req.statusCode).toBe(200);
    const mail = await smtp.waitFor('oubli@exemple.fr', sent);
    expect(smtp.mails.slice(sent).filter((m) => m.envelopeTo.includes('personne@exemple.fr'))).toEqual([]);
    expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
    expect(mail.headers.from).toContain('no-reply@questionlegale.info');
    expect(mail.text).toContain('Bonjour Dominique');
    expect(mail.html).toContain('<html lang="fr">');
    const link = new URL(firstLink(mail.text));
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/update-password`);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);

    const weak = await b.post('/api/auth/reset-password', { token, newPassword: 'faible' });
    expect(weak.json<ErrorReply>().message).toBe(MESSAGES.passwordMinLength);

    const ok = await b.post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026' });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(b, 'oubli@exemple.fr', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(b, 'oubli@exemple.fr', 'Nouveau2026')).statusCode).toBe(200);

    const reused = await b.post('/api/auth/reset-password', { token, newPassword: 'Encore2026x' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<ErrorReply>().message).toBe(MESSAGES.resetLinkInvalid);

    const before = smtp.mails.length;
    await b.post('/api/auth/request-password-reset', { email: 'oubli@exemple.fr' });
    const second = await smtp.waitFor('oubli@exemple.fr', before);
    const token2 = new URL(firstLink(second.text)).searchParams.get('token') ?? '';
    const stored = await db().select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token2))).toBe(false);
    await db().update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await b.post('/api/auth/reset-password', { token: token2, newPassword: 'Encore2026x' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ErrorReply>().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('never writes passwords, tokens or reset links to the log', async () => {
    const b = new TestBrowser(t.app);
    const password = 'SecretLog42x';
    await signUp(b, 'journal@exemple.fr', 'Journal', password);
    await signIn(b, 'journal@exemple.fr', password);
    const before = smtp.mails.length;
    await b.post('/api/auth/request-password-reset', { email: 'journal@exemple.fr' });
    const mail = await smtp.waitFor('journal@exemple.fr', before);
    const token = new URL(firstLink(mail.text)).searchParams.get('token') ?? '';
    const cookie = b.jar.get('ql.session_token') ?? '';
    const log = logs.lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/auth/sign-in/email');
    for (const secret of [password, token, cookie.split('.')[0] ?? '', 'update-password?token']) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log).not.toContain(secret);
    }
  });

  it('keeps a generated secret in DATA_DIR/auth-secret (mode 0600) when AUTH_SECRET is unset', () => {
    const file = path.join(t.config.dataDir, 'auth-secret');
    const stat = fs.statSync(file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });
});

describe.each(DB_KINDS)('e-mail confirmation on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses an unconfirmed login, and the confirmation e-mail link confirms the address', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.post('/api/auth/sign-up/email', {
      name: 'Sacha',
      email: 'confirme@exemple.fr',
      password: STRONG_PASSWORD,
      callbackURL: '/login',
    });
    expect(res.statusCode).toBe(200);
    // No session before the address is confirmed.
    expect(setCookies(res).filter((c) => c.name.includes('session_token'))).toEqual([]);
    expect(res.json()).not.toHaveProperty('token');
    const mail = await smtp.waitFor('confirme@exemple.fr');
    expect(mail.subject).toContain('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Sacha');

    const refused = await signIn(b, 'confirme@exemple.fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorReply>().message).toBe('Email non confirmé. Veuillez vérifier votre boîte de réception.');

    const link = new URL(firstLink(mail.text));
    expect(link.origin).toBe(ORIGIN);
    const follow = await b.get(`${link.pathname}${link.search}`);
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe('/login');

    const ok = await signIn(b, 'confirme@exemple.fr');
    expect(ok.statusCode).toBe(200);
    expect(b.jar.has('ql.session_token')).toBe(true);

    const bad = await b.get('/api/auth/verify-email?token=nimporte.quoi.faux');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.json<ErrorReply>().message).toBe(MESSAGES.verifyLinkInvalid);
  });

  it('grants the 3 free credits when the address is confirmed, once', async () => {
    const b = new TestBrowser(t.app);
    const sent = smtp.mails.length;
    expect((await signUp(b, 'credits-confirmes@exemple.fr')).statusCode).toBe(200);
    const [user] = await t.testDb.database.db.select().from(users).where(eq(users.email, 'credits-confirmes@exemple.fr'));
    const userId = user?.id ?? '';
    const credits = async () => (await t.testDb.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.credits;
    const ledger = async () => (await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).map((l) => [l.delta, l.reason]);
    expect(await credits()).toBe(0);
    expect(await ledger()).toEqual([]);

    const mail = await smtp.waitFor('credits-confirmes@exemple.fr', sent);
    const link = new URL(firstLink(mail.text));
    expect((await b.get(`${link.pathname}${link.search}`)).statusCode).toBe(302);
    expect(await credits()).toBe(3);
    // The same link again, a sign-in, the profile: nothing more.
    await b.get(`${link.pathname}${link.search}`);
    expect((await signIn(b, 'credits-confirmes@exemple.fr')).statusCode).toBe(200);
    expect((await b.get('/api/profile')).json<{ credits: number }>().credits).toBe(3);
    expect(await ledger()).toEqual([[3, 'initial']]);
  });

  it('grants them exactly once when confirmations race', async () => {
    const b = new TestBrowser(t.app);
    expect((await signUp(b, 'course@exemple.fr')).statusCode).toBe(200);
    const db = t.testDb.database.db;
    const [user] = await db.update(users).set({ emailVerified: true }).where(eq(users.email, 'course@exemple.fr')).returning();
    const userId = user?.id ?? '';
    const results = await Promise.all(Array.from({ length: 10 }, () => t.app.accounts.profiles.grantInitialCredits(userId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.credits).toBe(3);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toHaveLength(1);
  });

  it('still answers a duplicate registration with « Utilisateur déjà enregistré. »', async () => {
    const b = new TestBrowser(t.app);
    await signUp(b, 'deux@exemple.fr');
    const again = await signUp(b, 'deux@exemple.fr');
    expect(again.json<ErrorReply>().message).toBe('Utilisateur déjà enregistré.');
  });
});

describe('secure cookies behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://questionlegale.example', AUTH_SECRET: 'x'.repeat(40) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets Secure (and the __Secure- prefix) when PUBLIC_URL is https', async () => {
    const headers = { origin: 'https://questionlegale.example', 'content-type': 'application/json' };
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload: { name: 'S', email: 's@exemple.fr', password: STRONG_PASSWORD } });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email: 's@exemple.fr', password: STRONG_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const cookie = setCookies(res).find((c) => c.name.endsWith('ql.session_token'));
    expect(cookie?.name).toBe('__Secure-ql.session_token');
    expect(cookie?.attributes.secure).toBe(true);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'auth-secret'))).toBe(false);
  });
});
