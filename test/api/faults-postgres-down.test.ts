import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/common/messages';
import { openDatabase } from '../../src/server/db/database';
import { makeFakeClientDist } from '../support/app';
import {
  PASSWORD,
  QUESTION,
  baseEnv,
  call,
  checkLedger,
  createUsers,
  rowsOf,
  startOwnCluster,
  startServerProcess,
  tempDir,
  type OwnCluster,
  type Reply,
  type ServerProcess,
  type TestUser,
} from './faults-support';

/**
 * PostgreSQL stopped while the server runs (a cluster of this test's own, stopped with pg_ctl and started
 * again on the same port): health reports it, requests that need the database get a French 503 without
 * hanging, nothing is charged, the process does not crash, and it recovers by itself.
 */
const UNAVAILABLE = { error: { code: 'database_unavailable', message: MESSAGES.databaseUnavailable } };

describe('PostgreSQL stopped, then started again, under a running server', () => {
  let cluster: OwnCluster;
  let server: ServerProcess;
  let person: TestUser;
  const dataDir = tempDir('ql-pgdown-');
  const dist = makeFakeClientDist();

  beforeAll(async () => {
    cluster = await startOwnCluster();
    const setup = await openDatabase({ databaseUrl: cluster.url, dataDir });
    const [created] = await createUsers(setup.db, 'pgdown', 1);
    await setup.close();
    if (!created) throw new Error('no user');
    person = created;
    server = await startServerProcess({ ...baseEnv(dataDir, dist), DATABASE_URL: cluster.url, LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('reports the outage, answers French 503s without charging, and recovers when PostgreSQL returns', async () => {
    const ask = (): Promise<Reply> => call(server.baseUrl, 'POST', '/api/answers', { apiKey: person.apiKey, ip: '10.8.0.1', body: { question: QUESTION } });

    // Before: one answer, one credit.
    const before = await ask();
    expect(before.status).toBe(200);
    expect((before.body as { credits: number }).credits).toBe(2);

    cluster.stop();

    const health = await call(server.baseUrl, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', db: 'error' });
    const ready = await call(server.baseUrl, 'GET', '/api/health/ready');
    if (ready.status !== 404) expect(ready.status).toBe(503); // /api/health/ready, where it exists

    // Requests that need the database: a French 503, several times over.
    for (let i = 0; i < 3; i++) {
      const answer = await ask();
      expect(answer.status).toBe(503);
      const error = (answer.body as { error: { code: string; message: string } }).error;
      // The answers route answers with its own code; the message is the same French sentence.
      expect(['database_unavailable', 'answer_failed']).toContain(error.code);
      expect(error.message).toBe(MESSAGES.databaseUnavailable);
    }
    const profile = await call(server.baseUrl, 'GET', '/api/profile', { apiKey: person.apiKey, ip: '10.8.0.2' });
    expect(profile.status).toBe(503);
    expect(profile.body).toEqual(UNAVAILABLE);
    expect(profile.headers.get('retry-after')).toBe('5');
    const signIn = await call(server.baseUrl, 'POST', '/api/auth/sign-in/email', { ip: '10.8.0.3', body: { email: person.email, password: PASSWORD } });
    expect(signIn.status).toBe(503);
    expect(signIn.body).toEqual(UNAVAILABLE);

    // What does not need the database keeps working (the shared rate limit counts in memory meanwhile).
    const search = await call(server.baseUrl, 'GET', '/api/search?q=d%C3%A9p%C3%B4t%20de%20garantie', { ip: '10.8.0.4' });
    expect(search.status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    cluster.start();

    // The pool reconnects by itself: no restart of the server.
    await expect.poll(async () => (await call(server.baseUrl, 'GET', '/api/health')).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const after = await ask();
    expect(after.status).toBe(200);
    // 3 → 2 before the outage, → 1 now: the refused attempts cost nothing.
    expect((after.body as { credits: number }).credits).toBe(1);
    expect((await call(server.baseUrl, 'GET', '/api/profile', { apiKey: person.apiKey, ip: '10.8.0.5' })).body).toMatchObject({ credits: 1 });
    expect(server.child.exitCode).toBeNull();

    const check = await openDatabase({ databaseUrl: cluster.url, dataDir });
    try {
      const rows = rowsOf<{ reason: string; delta: number }>(
        await check.db.execute(sql`select reason, delta from credit_ledger where user_id = ${person.userId} order by id`),
      );
      expect(rows).toEqual([
        { reason: 'initial', delta: 3 },
        { reason: 'question', delta: -1 },
        { reason: 'question', delta: -1 },
      ]);
      const ledger = await checkLedger(check.db);
      expect(ledger.mismatches).toEqual([]);
    } finally {
      await check.close();
    }
  }, 120_000);
});
