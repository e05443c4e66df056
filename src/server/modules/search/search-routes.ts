import type { FastifyInstance } from 'fastify';
import { questionCheckQuerySchema, searchQuerySchema, type QuestionCheckResponse, type SearchResponse } from '../../../common/api/search';
import { validateQuestion } from '../../../common/question';
import type { ApiError } from '../../../common/api/errors';
import type { SearchEngine } from '../../../corpus/engine';

export interface SearchRoutesOptions {
  engine: SearchEngine;
  /** Requests per IP and minute (SEARCH_RATE_LIMIT_PER_MINUTE, default 60). */
  perMinute?: number;
}

/**
 * GET /search (mounted under /api): official fiches related to a question; GET /search/question-check:
 * the French check of a question with the corpus's vocabulary (short questions). Public, rate-limited per IP.
 */
export async function searchRoutes(app: FastifyInstance, opts: SearchRoutesOptions): Promise<void> {
  const { engine } = opts;
  app.get(
    '/search',
    { config: { rateLimit: { max: opts.perMinute ?? 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      // Repeated parameters (?q=a&q=b) arrive as arrays: not a text query.
      const parsed = searchQuerySchema.safeParse({ q: raw.q, limit: raw.limit });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0] === 'limit' ? 'invalid_limit' : 'invalid_query';
        const body: ApiError = { error: { code: field, message: issue?.message ?? 'Requête invalide.' } };
        return reply.code(400).send(body);
      }
      const started = performance.now();
      const results = engine.search(parsed.data.q, parsed.data.limit);
      const tookMs = Math.round((performance.now() - started) * 100) / 100;
      const body: SearchResponse = {
        results: results.map((r) => ({ id: r.id, title: r.title, url: r.url, score: r.score, snippet: r.snippet, type: r.type })),
        tookMs,
      };
      // The question text is never logged: only counts.
      request.log.debug({ results: body.results.length, tookMs }, 'search');
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/search/question-check',
    { config: { rateLimit: { max: opts.perMinute ?? 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const parsed = questionCheckQuerySchema.safeParse({ q: raw.q });
      if (!parsed.success) {
        const body: ApiError = { error: { code: 'invalid_query', message: parsed.error.issues[0]?.message ?? 'Requête invalide.' } };
        return reply.code(400).send(body);
      }
      const verdict = validateQuestion(parsed.data.q, { knowsWord: (word) => engine.knowsWord(word) });
      const body: QuestionCheckResponse = verdict.ok ? { ok: true } : { ok: false, code: verdict.code, message: verdict.message };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
