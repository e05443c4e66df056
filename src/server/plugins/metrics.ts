import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '../../common/messages';
import { sendError } from './errors';
import { isDirectLoopbackRequest } from './direct-peer';

/**
 * Prometheus metrics, served at GET /metrics on the main port.
 *
 * Access: a request is served when it carries `Authorization: Bearer $METRICS_TOKEN`, or — only when no
 * reverse proxy is configured (TRUST_PROXY unset) — when it comes straight from the loopback interface
 * (socket address 127.0.0.0/8 or ::1) without any forwarding header of any kind (direct-peer.ts: `Forwarded`,
 * `Via`, `X-Forwarded-*`, `X-Real-IP`, `CF-Connecting-IP`, `True-Client-IP`, `X-Client-IP`…: a proxy in front
 * of an unconfigured server adds at least one of them). Behind a proxy every public request arrives from the
 * proxy, often on the loopback, and a proxy may not add forwarding headers: the token is then the only way in. Everything else gets the ordinary JSON 404, so the endpoint is not advertised.
 *
 * Labels never carry user input: the route is the registered pattern (`/api/articles/:id`, never the
 * raw URL or query string), methods and status codes are bounded sets, answer outcomes are fixed codes.
 */

export interface AppMetrics {
  registry: Registry;
  /** Answers by composition mode (`extractive`, `llm`; `none` before composition) and outcome code. */
  answers: Counter<'mode' | 'outcome'>;
  /** Credits taken from an account for an answer. */
  creditsDebited: Counter;
  /** Credits given back (failed answer, client gone). */
  creditsRefunded: Counter;
  /** Exceptions a route caught and turned into a French message, by where they happened (fixed codes). */
  failures: Counter<'where'>;
}

/** Where a caught exception happened (the `where` label of `questionlegale_failures_total`). */
export type FailureSite = 'answer_prepare' | 'answer_compose' | 'answer_llm' | 'feedback';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN: bearer token that opens /metrics from anywhere. */
  token: string | undefined;
  /** TRUST_PROXY is set: loopback access is not enough, the token is required. */
  behindProxy?: boolean;
  /** Node/process metrics (default true). */
  defaultMetrics?: boolean;
}

/** Route label of requests that matched no route (404s, SPA fallback). */
export const UNMATCHED_ROUTE = '(unmatched)';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the request may read /metrics (see the module comment). */
export function metricsAccessAllowed(request: FastifyRequest, token: string | undefined, behindProxy = false): boolean {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    if (timingSafeEqual(digest(auth.slice('Bearer '.length).trim()), digest(token))) return true;
  }
  if (behindProxy) return false;
  return isDirectLoopbackRequest(request);
}

/** The metrics of an app, or undefined when the plugin is not registered (routes mounted alone in tests). */
export function appMetrics(app: FastifyInstance): AppMetrics | undefined {
  return app.hasDecorator('metrics') ? app.metrics : undefined;
}

async function metrics(app: FastifyInstance, opts: MetricsPluginOptions): Promise<void> {
  // One registry per app: tests build several apps in one process.
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'HTTP responses with a 5xx status, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const answers = new Counter({
    name: 'questionlegale_answers_total',
    help: 'Answer requests by composition mode (extractive, llm; none when not composed) and outcome.',
    labelNames: ['mode', 'outcome'] as const,
    registers: [registry],
  });
  const creditsDebited = new Counter({
    name: 'questionlegale_credits_debited_total',
    help: 'Credits debited for answers.',
    registers: [registry],
  });
  const creditsRefunded = new Counter({
    name: 'questionlegale_credits_refunded_total',
    help: 'Credits refunded after a failed or abandoned answer.',
    registers: [registry],
  });

  const failures = new Counter({
    name: 'questionlegale_failures_total',
    help: 'Exceptions caught and answered with a French message, by where they happened (answer_prepare, answer_compose, answer_llm, feedback).',
    labelNames: ['where'] as const,
    registers: [registry],
  });

  app.decorate('metrics', { registry, answers, creditsDebited, creditsRefunded, failures });

  const counted = new WeakSet<FastifyRequest>();
  function record(request: FastifyRequest, reply: FastifyReply): void {
    if (counted.has(request)) return;
    counted.add(request);
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc(labels);
  }
  app.addHook('onRequest', async (request, reply) => {
    // A client gone before the end (a streamed answer left midway) gets no onResponse: count it on close.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) record(request, reply);
    });
  });
  app.addHook('onResponse', async (request, reply) => record(request, reply));

  app.get('/metrics', async (request, reply) => {
    if (!metricsAccessAllowed(request, opts.token, opts.behindProxy)) return sendError(reply, 404, 'not_found', MESSAGES.notFound);
    const text = await registry.metrics();
    return reply.code(200).header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

export const metricsPlugin = fp(metrics, { name: 'metrics' });
