import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutesApp, createTestApp, type TestApp } from '../../../../test/support/app';
import { startFakeLlm, type FakeLlm } from '../../../../test/support/fake-llm';
import { AUTH_TEST_ENV, signedInUser, type SignedInUser } from '../../../../test/api/support/http';
import { creditLedger } from '../../db/schema';
import { appMetrics } from '../../plugins/metrics';
import { answersRoutes } from './answers-routes';
import { createAnswersService } from './answers-service';
import { retrieveSources } from './retrieval/retrieve';

/**
 * The charging rule (delivery.ts), branch by branch, over real sockets (inject cannot hang up): an answer is
 * charged if and only if its first section (stream) or its JSON body reached the client's socket.
 */

const QUESTION =
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";

/** How long a test waits for something that must happen (a refund, a settled answer) before failing. */
const SETTLED = { timeout: 10_000, interval: 20 };

/** The server's side of each connection, by the client's port: the test waits until the server saw a close. */
function serverSockets(app: FastifyInstance): Map<number, Socket> {
  const sockets = new Map<number, Socket>();
  app.server.on('connection', (socket: Socket) => sockets.set(socket.remotePort ?? 0, socket));
  return sockets;
}

async function serverSawClose(sockets: Map<number, Socket>, clientPort: number): Promise<void> {
  const socket = sockets.get(clientPort);
  if (!socket) throw new Error(`no server socket for the client port ${clientPort}`);
  if (!socket.destroyed) await once(socket, 'close');
}

interface Client {
  req: http.ClientRequest;
  res: Promise<http.IncomingMessage>;
  port: Promise<number>;
}

/** POST /api/answers over a real socket (no keep-alive: one connection per request). */
function post(app: FastifyInstance, path: string, apiKey: string, stream: boolean): Client {
  const { port } = app.server.address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
  });
  req.on('error', () => undefined);
  const res = new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
  const socketPort = new Promise<number>((resolve) => req.once('socket', (s) => s.once('connect', () => resolve(s.localPort ?? 0))));
  req.end(JSON.stringify({ question: QUESTION }));
  return { req, res, port: socketPort };
}

/** Reads a stream until `text` has arrived. */
function readUntil(res: http.IncomingMessage, text: string): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    const onData = (chunk: Buffer): void => {
      body += chunk.toString('utf8');
      if (body.includes(text)) {
        res.off('data', onData);
        resolve(body);
      }
    };
    res.on('data', onData);
  });
}

describe('the charging rule in language-model mode (real app, local model server)', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let sockets: Map<number, Socket>;
  let twoSections = '';
  let seq = 0;

  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'stall', headers: false });
    t = await createTestApp('pglite', {
      ...AUTH_TEST_ENV,
      AUTH_RATE_LIMIT_PER_IP: '10000',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'modele-de-test',
      // The composition is under test: the question rewrite (on by default with a model) is tested apart.
      LLM_QUERY_REWRITE: 'false',
      LLM_TIMEOUT_MS: '15000',
      LLM_TOTAL_TIMEOUT_MS: '30000',
    });
    sockets = serverSockets(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sources = retrieveSources(t.app.searchEngine, QUESTION).sources;
    const n = sources[0]?.n ?? 1;
    twoSections = `## En bref\nLe bailleur doit restituer le dépôt de garantie dans un délai de deux mois au plus [${n}].\n\n## Ce que dit la loi\n- Le dépôt de garantie est restitué après la remise des clés [${n}].\n\n## Démarches et délais\n`;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  async function user(): Promise<SignedInUser> {
    seq += 1;
    return signedInUser(t.app, `facture${seq}@exemple.fr`);
  }

  async function moves(userId: string): Promise<[number, string][]> {
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows.filter((r) => r.reason !== 'signup' && r.delta !== 3).map((r) => [r.delta, r.reason]);
  }

  const outcomes = async (outcome: string): Promise<number> =>
    (await appMetrics(t.app)?.answers.get())?.values.filter((v) => v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0) ?? 0;

  it('stream: a client that leaves after the first section is charged (no free answers), and the model call stops', async () => {
    llm.setScript({ kind: 'stall', text: twoSections, deltas: 10_000, deltaSize: 20 });
    const { userId, apiKey } = await user();
    const before = llm.requests.length;
    const gone = await outcomes('client_gone');
    const c = post(t.app, '/api/answers', apiKey, true);
    const res = await c.res;
    expect(res.statusCode).toBe(200);
    expect(await readUntil(res, 'event: section')).toContain('En bref');
    c.req.destroy();
    await serverSawClose(sockets, await c.port);
    await expect.poll(() => outcomes('client_gone'), SETTLED).toBeGreaterThan(gone); // the answer is settled
    expect(await moves(userId)).toEqual([[-1, 'question']]);
    expect(await t.app.accounts.credits.balance(userId)).toBe(2);
    await expect.poll(() => llm.requests[before]?.clientClosedEarly, SETTLED).toBe(true); // the model call is abandoned
  });

  it('stream: a client that leaves before any section gets its credit back', async () => {
    llm.setScript({ kind: 'stall', headers: true });
    const { userId, apiKey } = await user();
    const c = post(t.app, '/api/answers', apiKey, true);
    const res = await c.res;
    expect(await readUntil(res, 'event: meta')).not.toContain('event: section');
    c.req.destroy();
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3); // the refund
    expect(await moves(userId)).toEqual([
      [-1, 'question'],
      [1, 'refund:client_gone'],
    ]);
  });

  it('JSON: a client that leaves before the body is written gets its credit back, and the model call stops', async () => {
    const asked = new Promise<void>((resolve) =>
      llm.setScript(() => {
        resolve();
        return { kind: 'stall', headers: false };
      }),
    );
    const { userId, apiKey } = await user();
    const before = llm.requests.length;
    const c = post(t.app, '/api/answers', apiKey, false);
    await asked;
    c.req.destroy();
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3); // the refund
    expect(await moves(userId)).toEqual([
      [-1, 'question'],
      [1, 'refund:client_gone'],
    ]);
    await expect.poll(() => llm.requests[before]?.clientClosedEarly, SETTLED).toBe(true); // the model call is abandoned
  });

  it('JSON: a body that reached the client is charged, even if the client hangs up at once', async () => {
    llm.setScript({ kind: 'status', status: 500 }); // the model fails: the extractive answer is sent
    const { userId, apiKey } = await user();
    const c = post(t.app, '/api/answers', apiKey, false);
    const res = await c.res;
    expect(res.statusCode).toBe(200);
    const body = await readUntil(res, '"credits":2}');
    c.req.destroy();
    expect(JSON.parse(body)).toMatchObject({ credits: 2 });
    // The charge was settled when the body was handed to the socket, before this close.
    await serverSawClose(sockets, await c.port);
    expect(await moves(userId)).toEqual([[-1, 'question']]);
  });
});

describe('the charging rule before the first byte (extractive mode, the debit held until the client has left)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let sockets: Map<number, Socket>;
  let gate: { reached: () => void; release: () => void; reachedP: Promise<void>; releaseP: Promise<void> };
  let seq = 0;

  function newGate(): typeof gate {
    let reached = (): void => undefined;
    let release = (): void => undefined;
    const reachedP = new Promise<void>((r) => (reached = r));
    const releaseP = new Promise<void>((r) => (release = r));
    return { reached, release, reachedP, releaseP };
  }

  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000' });
    const credits = t.app.accounts.credits;
    gate = newGate();
    const service = createAnswersService({
      engine: t.app.searchEngine,
      credits: {
        ...credits,
        debit: async (...args: Parameters<typeof credits.debit>) => {
          const result = await credits.debit(...args);
          gate.reached();
          await gate.releaseP;
          return result;
        },
      },
    });
    app = await createRoutesApp({ logger: false });
    await app.register(answersRoutes, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
    sockets = serverSockets(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  async function leaveDuringDebit(stream: boolean): Promise<string> {
    seq += 1;
    const { userId, apiKey } = await signedInUser(t.app, `parti${seq}@exemple.fr`);
    gate = newGate();
    const c = post(app, '/answers', apiKey, stream);
    await gate.reachedP; // the credit is taken
    c.req.destroy();
    await serverSawClose(sockets, await c.port);
    gate.release();
    await expect.poll(() => t.app.accounts.credits.balance(userId), SETTLED).toBe(3); // the refund
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows
      .filter((r) => r.reason !== 'initial')
      .map((r) => `${r.delta} ${r.reason}`)
      .join(', ');
  }

  it('stream: gone before any section was written → refunded', async () => {
    expect(await leaveDuringDebit(true)).toBe('-1 question, 1 refund:client_gone');
  });

  it('JSON: gone before the body was written → refunded', async () => {
    expect(await leaveDuringDebit(false)).toBe('-1 question, 1 refund:client_gone');
  });
});
