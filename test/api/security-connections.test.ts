import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { MESSAGES } from '../../src/common/messages';

/**
 * Slow and greedy clients against the real listening server (raw sockets on the loopback): per-address
 * connection cap, request, idle and keep-alive timeouts, and Node's own parser errors answered in French.
 */

interface RawConnection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves with everything received once the server (or we) closed the connection. */
  closed: Promise<string>;
  /** Resolves once at least one whole HTTP response head has arrived. */
  firstResponse: Promise<string>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let data = '';
    let onHead: ((text: string) => void) | undefined;
    const firstResponse = new Promise<string>((r) => (onHead = r));
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
      if (data.includes('\r\n\r\n')) onHead?.(data);
    });
    socket.on('error', () => undefined);
    const closed = new Promise<string>((r) => socket.once('close', () => r(data)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed, firstResponse }));
    socket.once('error', reject);
  });
}

const GET_LIVE = 'GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

async function listening(env: Record<string, string>): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp('pglite', env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

describe('connections per client address', () => {
  let t: TestApp;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    ({ t, port } = await listening({ MAX_CONNECTIONS_PER_IP: '3' }));
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.destroy();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds three connections from one address and closes the fourth unanswered', async () => {
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    sockets.push(...held.map((c) => c.socket));
    const fourth = await connect(port);
    sockets.push(fourth.socket);
    fourth.socket.write(GET_LIVE);
    expect(await fourth.closed).toBe('');

    // The three held ones are served…
    for (const c of held) c.socket.write(GET_LIVE);
    for (const c of held) expect(await c.firstResponse).toMatch(/^HTTP\/1\.1 200/);
    // …and once one closes, a new connection is accepted (as soon as the server has seen the close: the
    // client may be told before the server is, so a refused try is tried again).
    held[0]?.socket.destroy();
    await held[0]?.closed;
    let answer = '';
    for (let attempt = 0; attempt < 50 && answer === ''; attempt++) {
      const next = await connect(port);
      sockets.push(next.socket);
      next.socket.write(GET_LIVE);
      answer = await Promise.race([next.firstResponse, next.closed]);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('connections from a trusted proxy', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: '127.0.0.1' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are not capped: the proxy carries every client', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => connect(port)));
    for (const c of all) c.socket.write(GET_LIVE);
    for (const c of all) expect(await c.firstResponse).toMatch(/^HTTP\/1\.1 200/);
    for (const c of all) c.socket.destroy();
  });
});

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ REQUEST_TIMEOUT_MS: '600', CONNECTION_TIMEOUT_MS: '20000', KEEP_ALIVE_TIMEOUT_MS: '300' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends one byte of `text` every 50 ms (the socket never goes silent) until the connection closes. */
  function trickle(c: RawConnection, text: string): void {
    let i = 0;
    const timer = setInterval(() => {
      if (c.socket.destroyed || i >= text.length) return;
      c.socket.write(text[i] ?? '');
      i += 1;
    }, 50);
    void c.closed.then(() => clearInterval(timer));
  }

  function expectFrenchTimeout(received: string): void {
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'request_timeout', message: MESSAGES.requestTimeout });
  }

  it('cuts a request whose headers trickle in, with a French 408', async () => {
    const c = await connect(port);
    trickle(c, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lent: ${'a'.repeat(10_000)}\r\n\r\n`);
    expectFrenchTimeout(await c.closed);
  });

  it('cuts a request whose body trickles in, with a French 408', async () => {
    const c = await connect(port);
    const head = 'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n';
    c.socket.write(`${head}Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n`);
    trickle(c, `{"email":"${'a'.repeat(4980)}"}`);
    expectFrenchTimeout(await c.closed);
  });

  it('closes an idle keep-alive connection after its last response', async () => {
    const c = await connect(port);
    c.socket.write(GET_LIVE);
    const all = await c.closed;
    expect(all).toMatch(/^HTTP\/1\.1 200/);
    expect(all.toLowerCase()).toContain('connection: keep-alive');
  });
});

describe('silent connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ REQUEST_TIMEOUT_MS: '20000', CONNECTION_TIMEOUT_MS: '300' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are closed once silent for CONNECTION_TIMEOUT_MS', async () => {
    const c = await connect(port);
    c.socket.write('GET / HTTP/1.1\r\n');
    await c.closed;
    expect(c.socket.destroyed).toBe(true);
  });

  it("answer Node's 431 (headers over 16 KB) in French", async () => {
    const c = await connect(port);
    c.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    const received = await c.closed;
    expect(received).toMatch(/^HTTP\/1\.1 431/);
    expect(received.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { error: { message: string } };
    expect(body.error.message).toBe(MESSAGES.headersTooLarge);
  });
});
