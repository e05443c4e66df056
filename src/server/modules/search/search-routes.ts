import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  questionCheckRequestSchema,
  questionCheckResponseSchema,
  SEARCH_MESSAGES,
  searchQuerySchema,
  searchResponseSchema,
  type QuestionCheckResponse,
  type SearchQuery,
  type SearchResponse,
} from '../../../common/api/search';
import { MESSAGES } from '../../../common/messages';
import { validateQuestion } from '../../../common/question';
import type { InvalidRequestReplies } from '../../plugins/errors';
import type { SearchEngine } from '../../../corpus/engine';
import { hybridSearch } from '../semantic/fusion';
import type { Semantic } from '../semantic/semantic';

export interface SearchRoutesOptions {
  engine: SearchEngine;
  /** The model of meaning: its dense ranking is fused with the lexical one (lexical alone without it). */
  semantic?: Semantic | undefined;
  /** Requests per IP and minute (SEARCH_RATE_LIMIT_PER_MINUTE, default 60). */
  perMinute?: number;
}

/**
 * A question to check is at most 200 characters (1.2 kB even with every character escaped in JSON): a
 * larger body is refused (French 413) before it is parsed.
 */
export const QUESTION_CHECK_BODY_LIMIT = 4 * 1024;

/** A search body: a question of 6,000 characters, every one escaped in JSON, fits. */
export const SEARCH_BODY_LIMIT = 64 * 1024;

/** The search's own French messages (src/common/api/search.ts) name what is wrong with `q` or `limit`. */
const INVALID_SEARCH: InvalidRequestReplies = {
  invalid: { code: 'invalid_query', message: MESSAGES.badRequest },
  fields: { q: { code: 'invalid_query' }, limit: { code: 'invalid_limit' } },
};

const INVALID_QUESTION_CHECK: InvalidRequestReplies = {
  invalid: { code: 'invalid_query', message: SEARCH_MESSAGES.notText },
  fields: { question: { code: 'invalid_query' } },
};

/**
 * GET or POST /search (mounted under /api): official fiches related to a question; POST /search/question-check:
 * the French check of a question with the corpus's vocabulary (short questions). Public, rate-limited per IP.
 */
export async function searchRoutes(api: FastifyInstance, opts: SearchRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { engine } = opts;
  const rateLimit = () => ({ max: opts.perMinute ?? 60, timeWindow: '1 minute' });

  const search = async (query: SearchQuery, log: FastifyBaseLogger): Promise<SearchResponse> => {
    const started = performance.now();
    const results = await hybridSearch(engine, opts.semantic, query.q, query.limit);
    const tookMs = Math.round((performance.now() - started) * 100) / 100;
    // The question text is never logged: only counts.
    log.debug({ results: results.length, tookMs }, 'search');
    return {
      results: results.map((r) => ({ id: r.id, title: r.title, url: r.url, score: r.score, snippet: r.snippet, type: r.type })),
      tookMs,
    };
  };

  // For scripts: the query in the URL.
  app.get(
    '/search',
    {
      // Repeated parameters (?q=a&q=b) arrive as arrays: not a text query (the schema says so in French).
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
      config: { rateLimit: rateLimit(), invalidRequest: INVALID_SEARCH },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await search(request.query, request.log)),
  );

  // For the site: the text being typed goes in the body, never in a URL (URLs end up in access logs and
  // proxies). Same schema, same answer.
  app.post(
    '/search',
    {
      bodyLimit: SEARCH_BODY_LIMIT,
      schema: { body: searchQuerySchema, response: { 200: searchResponseSchema } },
      config: { rateLimit: rateLimit(), invalidRequest: INVALID_SEARCH },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await search(request.body, request.log)),
  );

  app.post(
    '/search/question-check',
    {
      bodyLimit: QUESTION_CHECK_BODY_LIMIT,
      schema: { body: questionCheckRequestSchema, response: { 200: questionCheckResponseSchema } },
      config: { rateLimit: rateLimit(), invalidRequest: INVALID_QUESTION_CHECK },
    },
    async (request, reply) => {
      const verdict = validateQuestion(request.body.question, { knowsWord: (word) => engine.knowsWord(word) });
      const body: QuestionCheckResponse = verdict.ok ? { ok: true } : { ok: false, code: verdict.code, message: verdict.message };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
