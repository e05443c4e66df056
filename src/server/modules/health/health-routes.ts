import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '../../../common/api/health';
import type { Database } from '../../db/database';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }): Promise<void> {
  app.get('/health', async (request, reply) => {
    let body: HealthResponse = { status: 'ok', db: 'ok' };
    try {
      await opts.database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database ping failed');
      body = { status: 'degraded', db: 'error' };
    }
    return reply.code(body.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(body);
  });
}
