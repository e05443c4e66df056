import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { creditLedger, profiles, users } from '../../src/server/db/schema';
import { makeFakeClientDist } from '../support/app';
import type { DbKind } from '../support/databases';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { parseSse } from '../support/sse';
import {
  ORIGIN,
  PASSWORD,
  QUESTION,
  baseEnv,
  call,
  checkLedger,
  createPgDatabase,
  createUsers,
  startServerProcess,
  tempDir,
  type ServerProcess,
} from './faults-support';

/**
 * Faults: the server is killed with SIGKILL in the middle of a load of sign-ups and answers;
 * after a restart every account whose sign-up was confirmed exists, every balance equals the sum of its
 * ledger (none negative), and the database opens cleanly (PGlite: the dead process's lock is taken over).
 * The restarted server is then stopped with SIGTERM while a slow streamed answer is in flight: the
 * answer completes, then the process exits with code 0 (the forced exit, at 10 s, has code 1).
 */

const ANSWER_USERS = 16;

/** A language model that streams slowly (≈ 3 s) a text that is not a valid answer: the extractive answer follows. */
function slowModel(): Promise<FakeLlm> {
  const chunk = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'mot ' }, finish_reason: null }] })}\n\n`;
  return startFakeLlm({ kind: 'raw', chunks: [...Array.from({ length: 12 }, () => chunk), 'data: [DONE]\n\n'], delayMs: 250 });
}

/**
 * POST /api/answers as an event stream over a kept-alive HTTP/1.1 connection, as a browser sends it: the
 * connection stays open after the reply, so the server must close it itself to exit in time.
 */
async function openStream(
  port: number,
  apiKey: string,
  agent: http.Agent,
): Promise<{ status: number; seen(marker: string): Promise<void>; text(): string; ended: Promise<string> }> {
  const body = JSON.stringify({ question: QUESTION });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/answers',
        agent,
        headers: {
          accept: 'text/event-stream',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: ORIGIN,
          authorization: `Bearer ${apiKey}`,
        },
      },
      (res) => {
        let text = '';
        const waiters: { marker: string; done: () => void }[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          for (const w of waiters.filter((x) => text.includes(x.marker))) w.done();
        });
        const ended = new Promise<string>((done, fail) => {
          res.on('end', () => done(text));
          res.on('error', fail);
        });
        resolve({
          status: res.statusCode ?? 0,
          seen: (marker) => (text.includes(marker) ? Promise.resolve() : new Promise<void>((done) => waiters.push({ marker, done }))),
          text: () => text,
          ended,
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Registers the scenario for one kind of database (one test file per kind, so that they run in parallel). */
export function killScenario(kind: DbKind): void {
  describe(`SIGKILL under load, restart, then SIGTERM (${kind})`, () => {
    const dataDir = tempDir(`ql-kill-${kind}-`);
    const dist = makeFakeClientDist();
    const servers: ServerProcess[] = [];
    const agents: http.Agent[] = [];
    let llm: FakeLlm | undefined;
    let pgDb: { url: string; drop(): Promise<void> } | undefined;

    afterAll(async () => {
      for (const a of agents) a.destroy();
      for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await llm?.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('loses no confirmed account, keeps ledger and balances in agreement, reopens cleanly, and stops gracefully', async () => {
      if (kind === 'postgres') pgDb = await createPgDatabase(inject('pgUrl'));
      const openOpts = { dataDir, ...(pgDb ? { databaseUrl: pgDb.url } : {}) };

      // Users with API keys, made before the server starts (PGlite: the test releases the directory).
      const setup = await openDatabase(openOpts);
      const people = await createUsers(setup.db, `kill-${kind}`, ANSWER_USERS);
      const [patient] = await createUsers(setup.db, `kill-${kind}-sigterm`, 1);
      await setup.close();
      if (!patient) throw new Error('no user');

      const env = {
        ...baseEnv(dataDir, dist),
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_IP: '100000',
      };
      const first = await startServerProcess(env);
      servers.push(first);

      // The load: sign-ups and answers, a few of each always in flight, until the process dies.
      const confirmed: string[] = [];
      const answered = new Map<string, number>();
      let signUps = 0;
      let dead = false;
      // The kill comes once 8 sign-ups are confirmed and 10 answers delivered (told by the loops themselves).
      const answeredCount = (): number => [...answered.values()].reduce((x, y) => x + y, 0);
      let loadReached = (): void => undefined;
      const reached = new Promise<void>((resolve) => (loadReached = resolve));
      const progress = (): void => {
        if (confirmed.length >= 8 && answeredCount() >= 10) loadReached();
      };
      const signUpLoop = async (lane: number): Promise<void> => {
        for (let i = 0; !dead; i++) {
          const email = `inscrit-${kind}-${lane}-${i}@exemple.fr`;
          signUps += 1;
          try {
            const r = await call(first.baseUrl, 'POST', '/api/auth/sign-up/email', {
              ip: `10.5.${lane}.${i % 250}`,
              body: { name: 'Inscrit', email, password: PASSWORD },
            });
            if (r.status === 200) {
              confirmed.push(email);
              progress();
            } else if (!dead) throw new Error(`sign-up answered ${r.status}`);
          } catch (err) {
            if (!dead) throw err;
          }
        }
      };
      const answerLoop = async (lane: number): Promise<void> => {
        for (let i = 0; !dead; i++) {
          const person = people[(lane + i * 4) % people.length];
          if (!person) return;
          try {
            const r = await call(first.baseUrl, 'POST', '/api/answers', { apiKey: person.apiKey, ip: `10.6.${lane}.1`, body: { question: QUESTION } });
            if (r.status === 200) {
              answered.set(person.userId, (answered.get(person.userId) ?? 0) + 1);
              progress();
            } else if (r.status !== 402 && !dead) throw new Error(`answer answered ${r.status}`);
          } catch (err) {
            if (!dead) throw err;
          }
        }
      };
      const load = Promise.all([...[0, 1, 2, 3].map(signUpLoop), ...[0, 1, 2, 3].map(answerLoop)]);
      // The loops run until the kill: if one fails first, that failure is the test's.
      await Promise.race([reached, load]);
      expect(confirmed.length).toBeGreaterThanOrEqual(8);
      expect(answeredCount()).toBeGreaterThanOrEqual(10);
      dead = true;
      first.child.kill('SIGKILL');
      const killed = await first.exited;
      await load;
      expect(killed.signal).toBe('SIGKILL');
      const confirmedAtKill = [...confirmed];
      console.info(`[kill ${kind}] killed after ${signUps} sign-ups started, ${confirmedAtKill.length} confirmed, ${answeredCount()} answers delivered`);
      // Some requests were still in flight when the process died (the kill was in the middle of the load).
      expect(signUps).toBeGreaterThan(confirmedAtKill.length);

      if (kind === 'pglite') {
        // The dead process's lock is still there; the restart must take it over.
        const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'questionlegale.lock'), 'utf8')) as { pid: number };
        expect(lock.pid).toBe(first.child.pid);
      }

      // Restart on the same data, with a slow language model for the SIGTERM part.
      llm = await slowModel();
      const second = await startServerProcess({ ...env, LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'modele-lent', LLM_QUERY_REWRITE: 'false', LLM_TIMEOUT_MS: '2000', LLM_TOTAL_TIMEOUT_MS: '20000' });
      servers.push(second);
      expect((await call(second.baseUrl, 'GET', '/api/health')).status).toBe(200);

      // Every confirmed account exists and signs in.
      const signIns = await Promise.all(
        confirmedAtKill.map((email, i) => call(second.baseUrl, 'POST', '/api/auth/sign-in/email', { ip: `10.7.0.${(i % 250) + 1}`, body: { email, password: PASSWORD } })),
      );
      expect(signIns.map((r) => r.status)).toEqual(confirmedAtKill.map(() => 200));

      // SIGTERM while a slow streamed answer is in flight.
      const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
      agents.push(agent);
      const stream = await openStream(second.port, patient.apiKey, agent);
      expect(stream.status).toBe(200);
      await stream.seen('event: meta');
      // What had arrived when SIGTERM came (the last event may be cut: only the event lines are read).
      const atTerm = [...stream.text().matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
      second.child.kill('SIGTERM');
      const text = await stream.ended;
      const exit = await second.exited;
      const events = parseSse(text).map((e) => e.event);
      // The stream really was in flight when SIGTERM came (the slow model): it went on, and the exit waited for it.
      expect(atTerm).not.toContain('done');
      expect(atTerm.filter((e) => e === 'section').length).toBeLessThan(events.filter((e) => e === 'section').length);
      expect(events[0]).toBe('meta');
      expect(events.at(-1)).toBe('done');
      expect(events.filter((e) => e === 'section').length).toBeGreaterThanOrEqual(5);
      if (kind === 'pglite') expect(fs.existsSync(path.join(dataDir, 'questionlegale.lock'))).toBe(false);

      // The data, read directly once the server is gone.
      const after = await openDatabase(openOpts);
      try {
        const found = await after.db.select({ email: users.email }).from(users).where(inArray(users.email, confirmedAtKill));
        expect(found.map((u) => u.email).sort()).toEqual([...confirmedAtKill].sort());
        const ledger = await checkLedger(after.db);
        expect(ledger.mismatches).toEqual([]);
        expect(ledger.negative).toBe(0);
        // Each delivered answer was charged (at most 3 per user); the SIGTERM answer exactly once.
        const charges = await after.db
          .select({ userId: creditLedger.userId, n: sql<number>`count(*)::int` })
          .from(creditLedger)
          .where(sql`${creditLedger.reason} = 'question'`)
          .groupBy(creditLedger.userId);
        for (const person of people) {
          const n = charges.find((c) => c.userId === person.userId)?.n ?? 0;
          expect(n).toBeGreaterThanOrEqual(answered.get(person.userId) ?? 0);
          expect(n).toBeLessThanOrEqual(3);
        }
        expect(charges.find((c) => c.userId === patient.userId)?.n).toBe(1);
        const [patientProfile] = await after.db.select({ credits: profiles.credits }).from(profiles).where(sql`${profiles.userId} = ${patient.userId}`);
        expect(patientProfile?.credits).toBe(2);
      } finally {
        await after.close();
      }

      // A kept-alive idle connection must not hold the shutdown until the forced exit (code 1 at 10 s).
      expect(exit, 'SIGTERM must end with code 0 before the 10 s forced exit').toEqual({ code: 0, signal: null });
    }, 240_000);
  });
}
