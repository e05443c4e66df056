import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_MESSAGES, readyResponseSchema } from '../../../common/api/health';
import { createDatabaseProbe } from './database-probe';
import { healthRoutes, type HealthRoutesOptions } from './health-routes';

async function appWith(opts: HealthRoutesOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(healthRoutes, { prefix: '/api', ...opts });
  await app.ready();
  return app;
}

describe('database probe', () => {
  it('settles as "timeout" when the ping hangs, and keeps a single ping in flight', async () => {
    let calls = 0;
    const probe = createDatabaseProbe({ ping: () => ((calls += 1), new Promise<void>(() => undefined)) }, 50);
    const results = await Promise.all([probe(), probe(), probe()]);
    expect(results).toEqual(['timeout', 'timeout', 'timeout']);
    expect(await probe()).toBe('timeout');
    expect(calls).toBe(1);
  });

  it('reports "error" for a failing ping and "ok" once it answers again', async () => {
    let up = false;
    const probe = createDatabaseProbe({ ping: async () => (up ? undefined : Promise.reject(new Error('down'))) }, 1000);
    expect(await probe()).toBe('error');
    up = true;
    expect(await probe()).toBe('ok');
  });
});

describe('health routes', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('live answers 200 even when the database hangs; ready answers 503 within the timeout', async () => {
    app = await appWith({ database: { ping: () => new Promise<void>(() => undefined) }, searchEngine: { ficheCount: 10 }, pingTimeoutMs: 100 });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // The ping never settles: only the 100 ms ping timeout can answer this request.
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(readyResponseSchema.parse(ready.json())).toEqual({
      status: 'not_ready',
      db: 'timeout',
      index: 'ok',
      message: HEALTH_MESSAGES.dbUnavailable,
    });
  });

  it('ready is 503 without a loaded search index', async () => {
    app = await appWith({ database: { ping: async () => undefined }, searchEngine: undefined });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', db: 'ok', index: 'missing', message: HEALTH_MESSAGES.indexMissing });
  });
});

describe('health against a PostgreSQL that accepts connections but never answers', () => {
  let blackHole: net.Server;
  let port = 0;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    blackHole = net.createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const addr = blackHole.address();
    port = typeof addr === 'object' && addr ? addr.port : 0;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
  });

  it('ready gives up after the ping timeout instead of waiting for the pool', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://u:p@127.0.0.1:${port}/db`, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined);
    const app = await appWith({
      database: { ping: async () => void (await pool.query('select 1')) },
      searchEngine: { ficheCount: 1 },
      pingTimeoutMs: 300,
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      const legacy = await app.inject({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ db: 'timeout' });
      expect(legacy.statusCode).toBe(503);
      expect(legacy.json()).toEqual({ status: 'degraded', db: 'error', embeddings: { state: 'off', reason: 'modèle de sens désactivé' } });
    } finally {
      await app.close();
      for (const s of sockets) s.destroy();
      await pool.end().catch(() => undefined);
    }
  });
});
