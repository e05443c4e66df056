import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { createTestApp, makeFakeClientDist, type TestApp, testSearchEngine } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signUp } from '../../../../test/api/support/http';
import { MESSAGES } from '../../../common/messages';

const WINDOW_SECONDS = 4;
const LIMIT_ENV = {
  ...AUTH_TEST_ENV,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  AUTH_RATE_LIMIT_PER_EMAIL: '3',
  AUTH_RATE_LIMIT_PER_IP: '6',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)('auth rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, LIMIT_ENV);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits sign-in by e-mail and by IP, with the French message, and resets after the window', async () => {
    // Start at the beginning of a fresh window for this IP.
    const b = new TestBrowser(t.app, '10.1.0.1');
    for (let i = 0; i < 3; i++) {
      const res = await signIn(b, 'cible@exemple.fr', 'Mauvais123');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await signIn(b, 'cible@exemple.fr', 'Mauvais123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);

    // Same e-mail from another IP: still limited (the e-mail counter is shared).
    const other = new TestBrowser(t.app, '10.1.0.2');
    expect((await signIn(other, 'cible@exemple.fr', 'Mauvais123')).statusCode).toBe(429);

    // Same IP, other e-mails: allowed until the IP budget (6) is spent.
    expect((await signIn(b, 'autre1@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(b, 'autre2@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    const ipLimited = await signIn(b, 'autre3@exemple.fr', 'Mauvais123');
    expect(ipLimited.statusCode).toBe(429);
    expect(ipLimited.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.tooManyAttempts);

    await sleep(WINDOW_SECONDS * 1000 + 200);
    expect((await signIn(b, 'cible@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
  });

  it('refuses form-encoded sign-in with a French 415: the per-e-mail limit cannot be side-stepped', async () => {
    const owner = new TestBrowser(t.app, '10.3.0.1');
    expect((await signUp(owner, 'formulaire@exemple.fr')).statusCode).toBe(200);
    const form = (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'formulaire@exemple.fr', password }).toString(),
      });
    // The e-mail's budget (3) spent on JSON guesses, each from a fresh address.
    for (let i = 0; i < 3; i++) expect((await signIn(new TestBrowser(t.app, `10.3.1.${i}`), 'formulaire@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(new TestBrowser(t.app, '10.3.1.9'), 'formulaire@exemple.fr', 'Mauvais123')).statusCode).toBe(429);
    // Form-encoded guesses used to go on unlimited (401 each, then 200 for the right password).
    const wrong = await form('10.3.2.1', 'Mauvais123');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.jsonRequired });
    expect((await form('10.3.2.2', STRONG_PASSWORD)).statusCode).toBe(415);
    for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.3.2.3',
        headers: { origin: ORIGIN, 'content-type': type },
        payload: 'email=formulaire2@exemple.fr',
      });
      expect(other.statusCode, type).toBe(415);
    }
  });

  it('limits sign-up and password-reset requests per e-mail too', async () => {
    const b = new TestBrowser(t.app, '10.2.0.1');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await b.post('/api/auth/request-password-reset', { email: 'reset@exemple.fr' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);

    const c = new TestBrowser(t.app, '10.2.0.2');
    const signUps: number[] = [];
    for (let i = 0; i < 4; i++) signUps.push((await signUp(c, 'inscrit@exemple.fr', 'Nom', STRONG_PASSWORD)).statusCode);
    expect(signUps).toEqual([200, 422, 422, 429]);
  });
});

describe('auth rate limits hold across two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDb: Database;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', LIMIT_ENV);
    dist = makeFakeClientDist();
    secondDb = await openDatabase({ databaseUrl: t.testDb.url, dataDir: t.testDb.dataDir });
    second = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.testDb.dataDir, CLIENT_DIST_DIR: dist, ...LIMIT_ENV }),
      { logger: false, database: secondDb, searchEngine: await testSearchEngine() },
    );
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await t?.close();
  });

  it('counts attempts made on either instance', async () => {
    const a = new TestBrowser(t.app, '10.3.0.1');
    const b = new TestBrowser(second, '10.3.0.1');
    expect((await signIn(a, 'partage@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(b, 'partage@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(a, 'partage@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(b, 'partage@exemple.fr', 'Mauvais123')).statusCode).toBe(429);
  });
});
