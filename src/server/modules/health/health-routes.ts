import type { FastifyInstance } from 'fastify';
import { HEALTH_MESSAGES, type CorpusHealth, type EmbeddingsHealth, type HealthResponse, type LiveResponse, type ReadyResponse } from '../../../common/api/health';
import type { Database } from '../../db/database';
import type { SearchEngine } from '../../../corpus/engine';
import { createDatabaseProbe, DEFAULT_PING_TIMEOUT_MS } from './database-probe';

export interface HealthRoutesOptions {
  database: Pick<Database, 'ping'>;
  /** The loaded search engine; readiness requires one with documents. */
  searchEngine: Pick<SearchEngine, 'ficheCount'> | undefined;
  /** Longest wait for the database ping (default 2 s). */
  pingTimeoutMs?: number;
  /** The index in service and its scheduled update, shown by GET /api/health. */
  corpus?: () => CorpusHealth;
  /** The model of meaning's state (GET /api/health `embeddings`); absent: reported `off`. */
  embeddings?: () => EmbeddingsHealth;
}

/**
 * Mounted under /api. Probes are exempt from the API rate limit (a load balancer polls them) and never
 * cached. See src/common/api/health.ts for the difference between the three routes.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthRoutesOptions): Promise<void> {
  const probe = createDatabaseProbe(opts.database, opts.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS);
  const routeOptions = { config: { rateLimit: false } } as const;

  app.get('/health/live', routeOptions, async (_request, reply) => {
    const body: LiveResponse = { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    return reply.code(200).header('cache-control', 'no-store').send(body);
  });

  app.get('/health/ready', routeOptions, async (request, reply) => {
    const db = await probe();
    const index = opts.searchEngine && opts.searchEngine.ficheCount > 0 ? 'ok' : 'missing';
    const ready = db === 'ok' && index === 'ok';
    const body: ReadyResponse = { status: ready ? 'ready' : 'not_ready', db, index };
    if (!ready) {
      body.message = db === 'ok' ? HEALTH_MESSAGES.indexMissing : HEALTH_MESSAGES.dbUnavailable;
      request.log.warn({ db, index }, 'not ready');
    }
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send(body);
  });

  app.get('/health', routeOptions, async (request, reply) => {
    const db = await probe();
    const embeddings = opts.embeddings?.() ?? { state: 'off' as const, reason: 'modèle de sens désactivé' };
    const body: HealthResponse = db === 'ok' ? { status: 'ok', db: 'ok', embeddings } : { status: 'degraded', db: 'error', embeddings };
    if (opts.corpus) body.corpus = opts.corpus();
    if (db !== 'ok') request.log.warn({ db }, 'database ping failed');
    return reply.code(db === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(body);
  });
}
