import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { DB_KINDS } from '../support/databases';
import { AUTH_TEST_ENV, ORIGIN, TestBrowser, signIn, signUp } from './support/http';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { captureLogs } from '../support/logs';
import { apiErrorSchema } from '../../src/common/api/errors';
import { HEALTH_MESSAGES, healthResponseSchema, liveResponseSchema, readyResponseSchema } from '../../src/common/api/health';

const METRICS_TOKEN = 'jeton-de-metriques-0123456789';

/** A word that appears nowhere else: if it shows up in /metrics or in the logs, a question leaked. */
function uniqueMarker(): string {
  return `zorglubienne${randomBytes(4).toString('hex')}`;
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  route?: string;
  statusCode?: number;
  durationMs?: number;
  [key: string]: unknown;
}

describe.each(DB_KINDS)('operations on %s', (kind) => {
  let t: TestApp;
  const logs = captureLogs();
  const lines = (): LogLine[] => logs.entries() as LogLine[];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ...AUTH_TEST_ENV, LOG_LEVEL: 'info', METRICS_TOKEN, AUTH_RATE_LIMIT_PER_IP: '10000' },
      { logger: undefined, logStream: logs.logStream },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live is 200 without the database; ready and /api/health check the database and the index', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(liveResponseSchema.parse(live.json()).status).toBe('ok');
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readyResponseSchema.parse(ready.json())).toEqual({ status: 'ready', db: 'ok', index: 'ok' });
    const legacy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthResponseSchema.parse(legacy.json())).toMatchObject({ status: 'ok', db: 'ok', corpus: { fiches: t.app.searchEngine.ficheCount } });
  });

  it('/metrics is served to loopback and to the token bearer only', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toContain('# TYPE http_requests_total counter');
    expect(local.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(local.body).toContain('process_resident_memory_bytes');
    expect(local.body).toContain('nodejs_eventloop_lag_seconds');

    const refused = [
      { remoteAddress: '203.0.113.7', headers: {} },
      { remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer mauvais-jeton-0123456789' } },
      // A reverse proxy on the same machine relays public traffic from loopback: refused without the token.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.7' } },
    ];
    for (const r of refused) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', ...r });
      expect(res.statusCode, JSON.stringify(r)).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.message).toBe("Cette adresse n'existe pas.");
    }
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('http_requests_total');
  });

  it('counts requests by route pattern and answers by mode, never containing question text', async () => {
    const marker = uniqueMarker();
    const question = `Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois, que puis-je faire ? ${marker}`;
    const email = `metriques-${kind}@exemple.fr`;
    const b = new TestBrowser(t.app);
    expect((await signUp(b, email)).statusCode).toBe(200);
    expect((await signIn(b, email)).statusCode).toBe(200);

    const answer = await b.post('/api/answers', { question }, { accept: 'application/json' });
    expect(answer.statusCode).toBe(200);
    const mode = answer.json<{ answer: { mode: string } }>().answer.mode;
    expect(mode).toBe('extractive');
    const streamed = await b.post('/api/answers', { question }, { accept: 'text/event-stream' });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain('event: done');
    expect((await b.get(`/api/search?q=${encodeURIComponent(`caution ${marker}`)}`)).statusCode).toBe(200);
    expect((await b.get(`/api/${marker}?q=${marker}`)).statusCode).toBe(404);
    expect((await b.get(`/api/articles/${marker}`)).statusCode).toBeGreaterThanOrEqual(400);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).not.toContain(marker);
    expect(text).not.toContain('garantie');
    expect(text).not.toContain('?q=');
    expect(text).toMatch(/^questionlegale_answers_total\{mode="extractive",outcome="ok"\} 2$/m);
    expect(text).toMatch(/^questionlegale_credits_debited_total 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/answers",status="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/search",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/answers",status="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} [1-9]\d*$/m);

    // A user without credits: the refusal is counted by outcome, nothing debited.
    expect((await b.post('/api/answers', { question }, { accept: 'application/json' })).statusCode).toBe(200);
    const broke = await b.post('/api/answers', { question }, { accept: 'application/json' });
    expect(broke.statusCode).toBe(402);
    const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(after).toMatch(/^questionlegale_answers_total\{mode="none",outcome="no_credits"\} 1$/m);
    expect(after).toMatch(/^questionlegale_credits_debited_total 3$/m);
    expect(after).not.toContain(marker);
  });

  it('logs one JSON line per request: path without query, status, duration, id; no body, cookie, key or question', async () => {
    const marker = uniqueMarker();
    const email = `journal-${kind}@exemple.fr`;
    const b = new TestBrowser(t.app);
    expect((await signUp(b, email)).statusCode).toBe(200);
    expect((await signIn(b, email)).statusCode).toBe(200);
    const cookieValues = [...b.jar.values()];
    expect(cookieValues.length).toBeGreaterThan(0);
    const apiKey = (await b.get('/api/profile')).json<{ apiKey: string }>().apiKey;
    expect(apiKey.length).toBeGreaterThan(10);

    logs.lines.length = 0;
    const question = `Mon employeur ne me paie pas mes heures supplémentaires, que puis-je faire ? ${marker}`;
    const sent = [
      await b.get(`/api/search?q=${encodeURIComponent(`licenciement ${marker}`)}&limit=3`),
      await b.post('/api/answers', { question }, { accept: 'application/json' }),
      await t.app.inject({
        method: 'POST',
        url: `/api/answers?note=${marker}`,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' },
        payload: { question },
      }),
      await b.get(`/une/page/${marker.slice(0, 5)}?secret=${marker}`, { accept: 'text/html' }),
      await t.app.inject({ method: 'GET', url: '/api/health/live' }),
    ];
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const all = lines();
    expect(all.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    const requestLines = all.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(sent.length);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(sent.length);
    expect(requestLines.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['GET', '/api/search', 200],
      ['POST', '/api/answers', 200],
      ['POST', '/api/answers', 200],
      ['GET', `/une/page/${marker.slice(0, 5)}`, 200],
      ['GET', '/api/health/live', 200],
    ]);
    expect(requestLines[0]?.route).toBe('/api/search');
    // An answer is one line too: its summary (result, mode, timings) rides on the request line.
    expect(all.filter((l) => l.msg === 'answer')).toEqual([]);
    expect(requestLines[1]?.answer).toMatchObject({ result: 'ok', stream: false });
    expect(requestLines[2]?.answer).toMatchObject({ result: 'ok', stream: true });
    for (const l of requestLines) {
      expect(typeof l.durationMs).toBe('number');
      expect(l.durationMs).toBeGreaterThanOrEqual(0);
      expect(Object.keys(l).sort()).toEqual(
        expect.arrayContaining(['durationMs', 'method', 'reqId', 'statusCode', 'url']),
      );
      expect(l).not.toHaveProperty('req');
      expect(l).not.toHaveProperty('body');
    }
    const text = logs.lines.join('');
    expect(text).not.toContain(marker);
    expect(text).not.toContain('heures supplémentaires');
    expect(text).not.toContain(apiKey);
    for (const v of cookieValues) expect(text).not.toContain(v);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text.toLowerCase()).not.toContain('cookie');
  });
});

describe('readiness when PostgreSQL goes away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  // That the ping gives up after its timeout (a database that hangs) is checked in health-routes.test.ts.
  it('ready and /api/health answer 503 in French; live stays 200', async () => {
    const url = t.testDb.url;
    if (!url) throw new Error('no database url');
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    // Forcibly drop the database under the running app: every pooled connection is terminated.
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    const body = readyResponseSchema.parse(ready.json());
    expect(body.status).toBe('not_ready');
    expect(['error', 'timeout']).toContain(body.db);
    expect(body.message).toBe(HEALTH_MESSAGES.dbUnavailable);
    const legacy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(legacy.statusCode).toBe(503);
    expect(healthResponseSchema.parse(legacy.json())).toMatchObject({ status: 'degraded', db: 'error' });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe('a client that leaves a streamed answer midway', () => {
  let t: TestApp;
  let llm: FakeLlm;
  const logs = captureLogs();
  beforeAll(async () => {
    // The model never answers: the stream stays open until the client leaves.
    llm = await startFakeLlm({ kind: 'stall', headers: false });
    t = await createTestApp(
      'pglite',
      { ...AUTH_TEST_ENV, LOG_LEVEL: 'info', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'modele-factice', LLM_QUERY_REWRITE: 'false' },
      { logger: undefined, logStream: logs.logStream },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('still gets its one log line (aborted) and is counted in the metrics', async () => {
    const b = new TestBrowser(t.app);
    expect((await signUp(b, 'parti@exemple.fr')).statusCode).toBe(200);
    expect((await signIn(b, 'parti@exemple.fr')).statusCode).toBe(200);
    const cookie = [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const { port } = t.app.server.address() as AddressInfo;
    logs.lines.length = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/answers', headers: { origin: ORIGIN, cookie, accept: 'text/event-stream', 'content-type': 'application/json' } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (err.message.includes('aborted') || err.message.includes('socket hang up') ? undefined : reject(err)));
      req.end(JSON.stringify({ question: "Mon employeur ne me paie pas mes heures supplémentaires depuis six mois, que puis-je faire ?" }));
    });
    // The request's line is written once the server has seen the client leave.
    const line = await logs.waitFor((l) => l.msg === 'request' && l.url === '/api/answers');
    expect(line).toMatchObject({ method: 'POST', url: '/api/answers', statusCode: 200, aborted: true });
    expect(logs.lines.join('')).not.toContain('supplémentaires');
    // The refund follows the client's departure on its own (a database write): wait for it.
    const metrics = async (): Promise<string> => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    await expect.poll(metrics).toMatch(/^questionlegale_credits_refunded_total 1$/m);
    expect(await metrics()).toMatch(/^http_requests_total\{method="POST",route="\/api\/answers",status="200"\} 1$/m);
  });
});
