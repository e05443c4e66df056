import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { createTestApp, makeFakeClientDist, type TestApp, testSearchEngine } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { AUTH_TEST_ENV, ORIGIN, STRONG_PASSWORD, TestBrowser, signIn, signUp } from '../../../../test/api/support/http';
import { MESSAGES } from '../../../common/messages';
import { firstLink, parseMail } from '../../../../test/api/support/mail';
import { manualClock, type ManualClock } from '../../../../test/support/clock';

const WINDOW_SECONDS = 4;
const LIMIT_ENV = {
  ...AUTH_TEST_ENV,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  AUTH_RATE_LIMIT_PER_EMAIL: '3',
  AUTH_RATE_LIMIT_PER_IP: '6',
};

/** Asks for a reset link for `email` from `ip` and reads it from DATA_DIR/outbox (no SMTP in these tests). */
async function resetLink(t: TestApp, email: string, ip: string): Promise<{ status: number; token: string | null }> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  const res = await new TestBrowser(t.app, ip).post('/api/auth/request-password-reset', { email });
  const file = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => !before.has(f)) : undefined;
  if (!file) return { status: res.statusCode, token: null };
  const mail = parseMail(fs.readFileSync(path.join(outbox, file), 'utf8'));
  return { status: res.statusCode, token: new URL(firstLink(mail.text)).searchParams.get('token') };
}

describe.each(DB_KINDS)('auth rate limits on %s', (kind) => {
  let t: TestApp;
  // The limits' clock stands still unless a test moves it: no window ends half-way through a test.
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, LIMIT_ENV, { authClock: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits sign-in by IP and delays guesses per e-mail + IP pair, with the French message; the window resets the IP budget', async () => {
    // Start at the beginning of a fresh window for this IP.
    const b = new TestBrowser(t.app, '10.1.0.1');
    for (let i = 0; i < 3; i++) {
      const res = await signIn(b, 'cible@exemple.fr', 'Mauvais123');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await signIn(b, 'cible@exemple.fr', 'Mauvais123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(Number(limited.headers['retry-after'])).toBe(1);

    // Same e-mail from another IP: that pair has its own count (the owner elsewhere is not locked out).
    const other = new TestBrowser(t.app, '10.1.0.2');
    expect((await signIn(other, 'cible@exemple.fr', 'Mauvais123')).statusCode).toBe(401);

    // Same IP, other e-mails: allowed until the IP budget (6, the refused try included) is spent.
    expect((await signIn(b, 'autre1@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(b, 'autre2@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    const ipLimited = await signIn(b, 'autre3@exemple.fr', 'Mauvais123');
    expect(ipLimited.statusCode).toBe(429);
    expect(ipLimited.json<{ error: { message: string } }>().error.message).toBe(MESSAGES.tooManyAttempts);

    // One millisecond before the window ends, still refused; once it has ended, heard again.
    clock.advance(WINDOW_SECONDS * 1000 - 1);
    expect((await signIn(b, 'autre4@exemple.fr', 'Mauvais123')).statusCode).toBe(429);
    clock.advance(1);
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
    // The budget of this e-mail from this address (3) spent on JSON guesses: the next one waits.
    const guesser = new TestBrowser(t.app, '10.3.1.1');
    for (let i = 0; i < 3; i++) expect((await signIn(guesser, 'formulaire@exemple.fr', 'Mauvais123')).statusCode).toBe(401);
    expect((await signIn(guesser, 'formulaire@exemple.fr', 'Mauvais123')).statusCode).toBe(429);
    // Form-encoded guesses used to go on unlimited (401 each, then 200 for the right password).
    const wrong = await form('10.3.1.1', 'Mauvais123');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.jsonRequired });
    expect((await form('10.3.1.1', STRONG_PASSWORD)).statusCode).toBe(415);
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

  it('a reset link works even when every reset request from that address is used up', async () => {
    const owner = new TestBrowser(t.app, '10.4.0.1');
    expect((await signUp(owner, 'lien-garde@exemple.fr')).statusCode).toBe(200);
    const { token } = await resetLink(t, 'lien-garde@exemple.fr', '10.4.0.1');
    expect(token).toBeTruthy();
    // Five more requests from the same address (other e-mails): the address's budget (6) is spent.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await resetLink(t, `autre-lien-${i}@exemple.fr`, '10.4.0.1')).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const used = await owner.post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026x' });
    expect(used.statusCode).toBe(200);
    expect((await signIn(owner, 'lien-garde@exemple.fr', 'Nouveau2026x')).statusCode).toBe(200);
  });
});

describe('auth rate limits hold across two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDb: Database;
  let dist: string;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp('postgres', LIMIT_ENV, { authClock: clock.now });
    dist = makeFakeClientDist();
    secondDb = await openDatabase({ databaseUrl: t.testDb.url, dataDir: t.testDb.dataDir });
    second = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.testDb.dataDir, CLIENT_DIST_DIR: dist, CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'off', ...LIMIT_ENV }),
      { logger: false, database: secondDb, searchEngine: await testSearchEngine(), authClock: clock.now },
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
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await signUp(i % 2 ? a : b, 'partage-inscription@exemple.fr')).statusCode);
    expect(codes).toEqual([200, 422, 422, 429]);
  });
});

describe.each(DB_KINDS)('sign-in lockout lets the owner in, on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock();
    t = await createTestApp(kind, {
      ...AUTH_TEST_ENV,
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '100',
      AUTH_SIGN_IN_FAILURES_PER_EMAIL: '8',
    }, { authClock: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });
  it('an attacker elsewhere does not lock the owner out, and waits longer after each further failure', async () => {
    const owner = new TestBrowser(t.app, '10.5.0.1');
    expect((await signUp(owner, 'proprietaire@exemple.fr')).statusCode).toBe(200);
    const attacker = new TestBrowser(t.app, '198.51.100.9');
    for (let i = 0; i < 3; i++) expect((await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123')).statusCode).toBe(401);
    const waits: string[] = [];
    const refused = await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.tooManyAttempts);
    waits.push(String(refused.headers['retry-after']));

    // The owner, from their own address, with the right password: in.
    expect((await signIn(owner, 'proprietaire@exemple.fr')).statusCode).toBe(200);

    // The attacker's pair: 1 s, 2 s, 4 s, 8 s between guesses.
    for (const seconds of [1, 2, 4]) {
      clock.advance(seconds * 1000);
      expect((await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123')).statusCode).toBe(401);
      const next = await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123');
      expect(next.statusCode).toBe(429);
      waits.push(String(next.headers['retry-after']));
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    // A refused try does not add to the wait: after 8 s the next guess is heard.
    clock.advance(7000);
    expect((await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123')).statusCode).toBe(429);
    clock.advance(1000);
    expect((await signIn(attacker, 'proprietaire@exemple.fr', 'Devine123')).statusCode).toBe(401);
    // And the owner is still in, again and again.
    for (let i = 0; i < 3; i++) expect((await signIn(new TestBrowser(t.app, '10.5.0.1'), 'proprietaire@exemple.fr')).statusCode).toBe(200);
  });

  it('a spread-out attack reaches the per-e-mail ceiling; the reset link lets the owner in again', async () => {
    const owner = new TestBrowser(t.app, '10.6.0.1');
    expect((await signUp(owner, 'assiege@exemple.fr')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) {
      expect((await signIn(new TestBrowser(t.app, `203.0.113.${i + 1}`), 'assiege@exemple.fr', 'Devine123')).statusCode).toBe(401);
    }
    const locked = await signIn(owner, 'assiege@exemple.fr');
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ code: string; message: string }>()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: MESSAGES.accountLocked });

    const { status, token } = await resetLink(t, 'assiege@exemple.fr', '10.6.0.1');
    expect(status).toBe(200);
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'Nouveau2026x' })).statusCode).toBe(200);
    expect((await signIn(owner, 'assiege@exemple.fr', 'Nouveau2026x')).statusCode).toBe(200);
  });
});
