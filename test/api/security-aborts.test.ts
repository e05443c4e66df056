import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutesApp, createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV, signedInUser } from './support/http';
import { creditLedger } from '../../src/server/db/schema';
import { answersRoutes } from '../../src/server/modules/answers/answers-routes';
import { createAnswersService, type AnswersService } from '../../src/server/modules/answers/answers-service';

/**
 * A client that leaves at the wrong moment is not charged for an answer it never received. Each moment is
 * reproduced exactly over real sockets: the client's socket is destroyed from inside the service, at the step
 * under test, so that the server only learns of it from the network, as it would of a real visitor leaving
 * while the answer is composed. The credit follows the delivery of the JSON body or of the first section.
 */

const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";

/**
 * When, inside the service, the client's connection is cut: before the composition starts (the stream's
 * headers and `meta` are out), or once the answer is ready — its JSON body composed, or its first section
 * handed to the route — but not yet written; `none`: the client stays.
 */
type Moment = 'none' | 'before-compose' | 'answer-ready';

/** How long a test waits for something that must happen (a refund, a settled answer) before failing. */
const SETTLED = { timeout: 10_000, interval: 20 };

describe('charged only for what was delivered, whenever the client leaves (real sockets)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let seq = 0;
  /** The client's socket of the request under test, and when to cut it. */
  let client: Socket | null = null;
  let moment: Moment = 'none';
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000' });
    const real = createAnswersService({ engine: t.app.searchEngine, credits: t.app.accounts.credits });
    const service: AnswersService = {
      ...real,
      async compose(prepared, hooks = {}) {
        if (moment === 'before-compose') client?.destroy();
        let cut = false;
        const onSection = hooks.onSection;
        const composed = await real.compose(prepared, {
          ...hooks,
          ...(onSection
            ? {
                onSection: (section) => {
                  if (moment === 'answer-ready' && !cut) client?.destroy();
                  cut = true;
                  onSection(section);
                },
              }
            : {}),
        });
        if (moment === 'answer-ready' && !cut) client?.destroy();
        return composed;
      },
    };
    app = await createRoutesApp({ logger: false });
    await app.register(answersRoutes, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  async function account(): Promise<{ userId: string; apiKey: string }> {
    seq += 1;
    const { userId, apiKey } = await signedInUser(t.app, `depart-${seq}@exemple.fr`);
    return { userId, apiKey };
  }

  async function movements(userId: string): Promise<string[]> {
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows.filter((r) => r.reason !== 'initial').map((r) => `${r.delta} ${r.reason}`);
  }

  /**
   * POST /answers; the client's socket is cut at `at`. Resolves with what the client received before the
   * cut (everything, when it stays) once the connection is over.
   */
  function ask(apiKey: string, stream: boolean, at: Moment): Promise<string> {
    moment = at;
    const { port } = app.server.address() as AddressInfo;
    return new Promise((resolve) => {
      let received = '';
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/answers',
        agent: false,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
      });
      req.on('socket', (socket: Socket) => {
        client = socket;
        socket.on('close', () => resolve(received));
      });
      req.on('response', (res) => {
        res.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
        res.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ question: QUESTION }));
    });
  }

  it('JSON: a client gone while the answer was composed is not charged (the body was never read)', async () => {
    const { userId, apiKey } = await account();
    const received = await ask(apiKey, false, 'answer-ready');
    expect(received).not.toContain('"answer"');
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3);
    expect(await movements(userId)).toEqual(['-1 question', '1 refund:client_gone']);
  });

  it('JSON: a client gone before the composition is not charged', async () => {
    const { userId, apiKey } = await account();
    await ask(apiKey, false, 'before-compose');
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3);
    expect(await movements(userId)).toEqual(['-1 question', '1 refund:client_gone']);
  });

  it('stream: a client gone just after the headers and `meta` is not charged (no section was read)', async () => {
    const { userId, apiKey } = await account();
    const received = await ask(apiKey, true, 'before-compose');
    expect(received).not.toContain('event: section');
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3);
    expect(await movements(userId)).toEqual(['-1 question', '1 refund:client_gone']);
  });

  it('stream: a client gone when the first section is ready but not yet written is not charged', async () => {
    const { userId, apiKey } = await account();
    const received = await ask(apiKey, true, 'answer-ready');
    expect(received).not.toContain('event: section');
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3);
    expect(await movements(userId)).toEqual(['-1 question', '1 refund:client_gone']);
  });

  it('a client that stays is charged once, in both modes', async () => {
    const { userId, apiKey } = await account();
    const json = await ask(apiKey, false, 'none');
    expect(JSON.parse(json)).toMatchObject({ credits: 2 });
    const stream = await ask(apiKey, true, 'none');
    expect(stream).toContain('event: section');
    expect(stream).toContain('event: done');
    expect(await movements(userId)).toEqual(['-1 question', '-1 question']);
    expect(await t.app.accounts.credits.balance(userId)).toBe(1);
  });
});
