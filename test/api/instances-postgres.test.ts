import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { makeFakeClientDist } from '../support/app';
import {
  PASSWORD,
  QUESTION,
  baseEnv,
  call,
  checkLedger,
  cookieOf,
  createPgDatabase,
  createUsers,
  rowsOf,
  startServerProcess,
  tempDir,
  type ServerProcess,
  type TestUser,
} from './faults-support';

/**
 * Two server processes on one PostgreSQL (README, « Plusieurs instances »): different ports, one
 * AUTH_SECRET, nothing else shared. Sessions, credits and rate limits must hold across both.
 */
const USERS = 40;
const TRIES_PER_USER = 5; // 40 × 5 = 200 concurrent answers, 3 credits each
const API_LIMIT = 40; // RATE_LIMIT_PER_MINUTE of both processes

describe('two server processes on one PostgreSQL', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let people: TestUser[] = [];
  const dataDirs = [tempDir('ql-inst-a-'), tempDir('ql-inst-b-')];
  const dist = makeFakeClientDist();

  beforeAll(async () => {
    pgDb = await createPgDatabase(inject('pgUrl'));
    database = await openDatabase({ databaseUrl: pgDb.url, dataDir: dataDirs[0] ?? '' });
    people = await createUsers(database.db, 'instances', USERS);
    const env = (dataDir: string): Record<string, string> => ({
      ...baseEnv(dataDir, dist),
      DATABASE_URL: pgDb.url,
      RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
      AUTH_RATE_LIMIT_PER_EMAIL: '5',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_SIGN_IN_FAILURES_PER_EMAIL: '12',
    });
    [a, b] = await Promise.all([startServerProcess(env(dataDirs[0] ?? '')), startServerProcess(env(dataDirs[1] ?? ''))]);
  });

  afterAll(async () => {
    for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await database?.close();
    await pgDb?.drop();
    for (const d of [...dataDirs, dist]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a session opened on one instance is valid on the other, and closing it there ends it on both', async () => {
    const email = 'session-partagee@exemple.fr';
    const ip = '10.1.0.1';
    expect((await call(a.baseUrl, 'POST', '/api/auth/sign-up/email', { ip, body: { name: 'Camille', email, password: PASSWORD } })).status).toBe(200);
    const signIn = await call(a.baseUrl, 'POST', '/api/auth/sign-in/email', { ip, body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    expect(cookie).toMatch(/session_token=/);

    const onB = await call(b.baseUrl, 'GET', '/api/profile', { ip, cookie });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ email, credits: 3 });
    const onA = await call(a.baseUrl, 'GET', '/api/profile', { ip, cookie });
    expect(onA.body).toEqual(onB.body);

    expect((await call(b.baseUrl, 'POST', '/api/auth/sign-out', { ip, cookie, body: {} })).status).toBe(200);
    expect((await call(a.baseUrl, 'GET', '/api/profile', { ip, cookie })).status).toBe(401);
  });

  it('200 concurrent answers over both instances charge exactly 3 credits per user, never below zero', async () => {
    const started = performance.now();
    const jobs = people.flatMap((person, u) =>
      Array.from({ length: TRIES_PER_USER }, (_, i) => {
        const server = (u + i) % 2 === 0 ? a : b;
        return call(server.baseUrl, 'POST', '/api/answers', {
          apiKey: person.apiKey,
          ip: `10.2.${u}.1`,
          body: { question: QUESTION },
          timeoutMs: 120_000,
        }).then((r) => ({ userId: person.userId, server: server.port, ...r }));
      }),
    );
    const results = await Promise.all(jobs);
    const elapsed = performance.now() - started;
    console.info(`[instances] ${results.length} answers over 2 processes in ${Math.round(elapsed)} ms`);

    expect(results).toHaveLength(USERS * TRIES_PER_USER);
    // Both instances served answers.
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.server)).size).toBe(2);
    for (const person of people) {
      const mine = results.filter((r) => r.userId === person.userId);
      // Three answers delivered, the other tries refused: 402 once the credits are gone, or the French
      // 503 « réessayez » when an overloaded machine could not reach the database in time (nothing charged).
      const statuses = mine.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s !== 200 && s !== 402 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 402).length).toBeGreaterThan(0);
      const credits = mine.filter((r) => r.status === 200).map((r) => (r.body as { credits: number }).credits).sort();
      expect(credits).toEqual([0, 1, 2]);
      for (const r of mine.filter((x) => x.status === 402)) expect(r.body).toMatchObject({ error: { code: 'no_credits' } });
      for (const r of mine.filter((x) => x.status === 503)) expect(r.body).toMatchObject({ error: { code: 'database_unavailable' } });
    }

    const balances = rowsOf<{ credits: number; charges: number }>(
      await database.db.execute(sql`
        select p.credits, (select count(*)::int from credit_ledger l where l.user_id = p.user_id and l.reason = 'question') as charges
        from profiles p join users u on u.id = p.user_id where u.email like 'instances-%'`),
    );
    expect(balances).toHaveLength(USERS);
    for (const row of balances) expect(row).toEqual({ credits: 0, charges: 3 });
    const ledger = await checkLedger(database.db);
    expect(ledger.mismatches).toEqual([]);
    expect(ledger.negative).toBe(0);
  });

  it('the /api per-IP rate limit is shared: one client gets RATE_LIMIT_PER_MINUTE requests in all, not per instance', async () => {
    const ip = '10.3.0.1';
    // 30 concurrent requests on A, then 30 on B: per-process counters would let all 60 through.
    const onA = await Promise.all(Array.from({ length: 30 }, () => call(a.baseUrl, 'GET', '/api/profile', { ip })));
    const onB = await Promise.all(Array.from({ length: 30 }, () => call(b.baseUrl, 'GET', '/api/profile', { ip })));
    const replies = [...onA, ...onB];
    const limited = replies.filter((r) => r.status === 429);
    expect(replies.length - limited.length).toBe(API_LIMIT);
    expect(limited).toHaveLength(60 - API_LIMIT);
    for (const r of limited) {
      expect(r.body).toMatchObject({ error: { code: 'rate_limited', message: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.' } });
    }
    // B refused what A had already counted, and A now refuses too.
    expect(onB.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(60 - API_LIMIT - onA.filter((r) => r.status === 429).length);
    expect((await call(a.baseUrl, 'GET', '/api/profile', { ip })).status).toBe(429);
    // Another client is not affected.
    expect((await call(b.baseUrl, 'GET', '/api/profile', { ip: '10.3.0.2' })).status).toBe(401);
  });

  it('the sign-in limits per e-mail hold across both instances, without locking the owner out', async () => {
    const email = 'cible-limite@exemple.fr';
    expect((await call(a.baseUrl, 'POST', '/api/auth/sign-up/email', { ip: '10.4.0.1', body: { name: 'Cible', email, password: PASSWORD } })).status).toBe(200);
    // Eight wrong passwords at once from one address, alternating instances: 5 free failures for the pair.
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 === 0 ? a.baseUrl : b.baseUrl, 'POST', '/api/auth/sign-in/email', {
          ip: '10.4.1.1',
          body: { email, password: 'Mauvais1motdepasse' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The owner, from another address, is in.
    const owner = await call(b.baseUrl, 'POST', '/api/auth/sign-in/email', { ip: '10.4.2.1', body: { email, password: PASSWORD } });
    expect(owner.status).toBe(200);
    // Seven more failures from seven addresses reach the ceiling (12) for the e-mail, counted by both instances.
    for (let i = 0; i < 7; i++) {
      const reply = await call(i % 2 === 0 ? b.baseUrl : a.baseUrl, 'POST', '/api/auth/sign-in/email', { ip: `10.4.3.${i + 1}`, body: { email, password: 'Mauvais1motdepasse' } });
      expect(reply.status, `failure ${i + 6}`).toBe(401);
    }
    for (const base of [a.baseUrl, b.baseUrl]) {
      const right = await call(base, 'POST', '/api/auth/sign-in/email', { ip: '10.4.2.1', body: { email, password: PASSWORD } });
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    }
  });
});
