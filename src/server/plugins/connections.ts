import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionLimits, TrustProxy } from '../config';
import { MESSAGES } from '../../common/messages';
import { BARE_ERROR_HEADERS } from './security';
import { clientKey, createTrustedPeerCheck } from './client-address';

/**
 * Slow and greedy clients. Node's HTTP server keeps a connection as long as the client trickles bytes;
 * these bound it: the whole request must arrive within `requestTimeoutMs`, a silent socket is closed after
 * `connectionTimeoutMs`, an idle keep-alive connection after `keepAliveTimeoutMs`, and one client address
 * holds at most `maxPerIp` open connections (the reverse proxy's own connections are not counted: behind
 * it, the proxy limits each client — README, « Délais et connexions »).
 */

/** The Fastify server options that carry these bounds. */
export interface ConnectionOptions {
  serverFactory: (handler: http.RequestListener) => http.Server;
  clientErrorHandler: (err: NodeJS.ErrnoException, socket: Socket) => void;
}

/**
 * Fastify options for these bounds: a server factory (Fastify calls it for every address it binds, e.g.
 * both 127.0.0.1 and ::1 for « localhost ») that sets the timeouts and the per-address cap on each server.
 */
export function connectionOptions(limits: ConnectionLimits, trustProxy: TrustProxy, log: () => FastifyBaseLogger): ConnectionOptions {
  const counter = createConnectionCounter({ maxPerIp: limits.maxPerIp, trustProxy, log });
  return {
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.requestTimeoutMs,
          // Node checks the two timeouts above on this period (30 s by default): a quarter of the bound, so a
          // request is cut at most 25 % late.
          connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(limits.requestTimeoutMs / 4))),
        },
        handler,
      );
      server.keepAliveTimeout = limits.keepAliveTimeoutMs;
      server.setTimeout(limits.connectionTimeoutMs);
      // Fastify binds its handler on the main server only; the handler answers each socket once.
      server.on('clientError', clientErrorHandler);
      // Before Node's own listener: a refused socket never reaches the HTTP parser.
      server.prependListener('connection', counter);
      return server;
    },
    clientErrorHandler,
  };
}

/** The French JSON error Fastify writes itself on a socket when Node's parser gives up. */
function rawError(status: number, code: string, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  const headers = { ...BARE_ERROR_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before any request exists (headers over
 * 16 KB, a request that did not arrive in time, a malformed request). Fastify's default answers in English.
 */
const answered = new WeakSet<Socket>();

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  let reply: string;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') reply = rawError(408, 'request_timeout', MESSAGES.requestTimeout);
  else if (err.code === 'HPE_HEADER_OVERFLOW') reply = rawError(431, 'headers_too_large', MESSAGES.headersTooLarge);
  else reply = rawError(400, 'bad_request', MESSAGES.badRequest);
  if (socket.writable) socket.end(reply);
  socket.destroySoon();
}

/**
 * Counts the open connections of each client address (an IPv6 /64 as one) and closes at once any beyond
 * `maxPerIp` (0: no cap). Peers that are trusted proxies (TRUST_PROXY) are not limited.
 */
export function createConnectionCounter(opts: {
  maxPerIp: number;
  trustProxy: TrustProxy;
  log: () => FastifyBaseLogger;
}): (socket: Socket) => void {
  if (opts.maxPerIp <= 0) return () => undefined;
  const trusted = createTrustedPeerCheck(opts.trustProxy);
  const open = new Map<string, number>();
  let refusedSinceLog = 0;
  return (socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const key = clientKey(address);
    const count = open.get(key) ?? 0;
    if (count >= opts.maxPerIp) {
      // One log line per burst, not one per refused socket (the log must not become the attack).
      if (refusedSinceLog === 0) opts.log().warn({ limit: opts.maxPerIp }, 'connection refused: too many open connections from one address');
      refusedSinceLog += 1;
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (open.size === 0) refusedSinceLog = 0;
    });
  };
}
