import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerRequest, AnswerResponse, AnswerSection, SseDone, SseError, SseMeta, SseChoices, SseSources } from '../../../common/api/answers';
import { answerRequestSchema, answerResponseSchema } from '../../../common/api/answers';
import { MESSAGES } from '../../../common/messages';
import { databaseErrorCode, isDatabaseUnavailable } from '../../db/unavailable';
import { describeFailure, sendError, type InvalidRequestReplies } from '../../plugins/errors';
import { appMetrics } from '../../plugins/metrics';
import { addRequestLogFields } from '../../plugins/request-log';
import { requireUser, signInRequired, type ResolveUser } from '../auth/signed-in';
import { ANSWER_MESSAGES, type AnswersService, type ComposedAnswer, type PreparedAnswer } from './answers-service';
import { clientGone, connectionClosed, createStreamWriter, networkTurn, responseDelivered } from './delivery';

/**
 * POST /answers (mounted under /api). Order: authenticate (401) → validate (400) →
 * retrieve (422 out of scope, free) → debit one credit (402) → compose → citation check → deliver.
 * Errors before the stream starts are plain JSON; after it starts, an `error` event (credit refunded
 * first). The credit stays taken if and only if the answer was delivered (delivery.ts): its first section
 * (stream) or its JSON body reached the client's socket.
 *
 * `Accept: text/event-stream` streams `meta`, `section` × 5, `sources`, `done` (or `error`; `reset` when
 * the model fails midway); otherwise JSON `{ answer, credits }`.
 *
 * Privacy: the route logs at `warn` (no request lines); the summary line carries codes, counters, mode
 * and timings only — never the question, the city or the answer.
 */
export interface AnswersRoutesOptions {
  service: AnswersService;
  resolveUser: ResolveUser;
}

/**
 * A question is at most 6,000 characters (36 kB even with every character escaped in JSON), plus a city:
 * a larger body is refused (French 413) before it is parsed.
 */
export const ANSWERS_BODY_LIMIT = 64 * 1024;


function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The database could not be reached before anything was charged: a French 503 the client can retry. */
function sendUnavailable(reply: FastifyReply, err: unknown): FastifyReply {
  if (!isDatabaseUnavailable(err)) return sendError(reply, 503, 'answer_failed', ANSWER_MESSAGES.unavailable);
  reply.header('retry-after', '5');
  return sendError(reply, 503, 'database_unavailable', MESSAGES.databaseUnavailable);
}

/** The city (named in « Quel professionnel consulter ») has its own message; anything else is the question. */
const INVALID_ANSWER_REQUEST: InvalidRequestReplies = {
  invalid: { code: 'invalid_question', message: ANSWER_MESSAGES.invalidRequest },
  fields: { city: { code: 'invalid_city', message: ANSWER_MESSAGES.invalidCity } },
};

export async function answersRoutes(api: FastifyInstance, opts: AnswersRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const metrics = appMetrics(api);

  function logSummary(request: FastifyRequest, fields: Record<string, unknown>): void {
    // Counters only: mode, timings, result code, carried by the request's one log line.
    addRequestLogFields(request, { answer: fields });
    metrics?.answers.inc({ mode: typeof fields.mode === 'string' ? fields.mode : 'none', outcome: String(fields.result) });
  }

  async function prepare(request: FastifyRequest, reply: FastifyReply, { question, city }: AnswerRequest): Promise<PreparedAnswer | null> {
    const user = requireUser(request);
    let prepared;
    try {
      prepared = await service.prepare(user.id, question, city === '' ? undefined : city);
    } catch (err) {
      // Nothing was charged: the database is down, or retrieval failed (a bug). Logged by class, frame
      // and driver code only — the error's message could quote the question.
      request.log.error({ failure: describeFailure(err), code: databaseErrorCode(err) }, 'answer preparation failed');
      metrics?.failures.inc({ where: 'answer_prepare' });
      logSummary(request, { result: 'unavailable' });
      sendUnavailable(reply, err);
      return null;
    }
    if (!prepared.ok) {
      logSummary(request, { result: prepared.code });
      sendError(reply, prepared.status, prepared.code, prepared.message);
      return null;
    }
    if (!prepared.free) metrics?.creditsDebited.inc();
    return prepared;
  }

  /** The language-model path threw (the answer fell back to extractive): its class and frame, counted. */
  function reportLlmError(request: FastifyRequest, composed: ComposedAnswer): void {
    if (!('llmError' in composed)) return;
    request.log.error({ failure: describeFailure(composed.llmError) }, 'language model path failed');
    metrics?.failures.inc({ where: 'answer_llm' });
  }

  /** Refunds, never throwing (a failing refund is logged by code). Returns the balance if known. */
  async function refund(request: FastifyRequest, prepared: PreparedAnswer, reason: string): Promise<number | null> {
    try {
      const balance = await service.refund(prepared, reason);
      if (!prepared.free) metrics?.creditsRefunded.inc();
      return balance;
    } catch {
      api.log.error({ reqId: request.id, reason }, 'answer refund failed');
      return null;
    }
  }

  /** The charging rule (delivery.ts): not delivered → the credit is given back. */
  async function settle(request: FastifyRequest, prepared: PreparedAnswer, delivered: boolean): Promise<void> {
    if (!delivered) await refund(request, prepared, 'client_gone');
  }

  /** Aborts `controller` when the client leaves (already gone: at once). Returns the listener's remover. */
  function abortOnClose(res: FastifyReply['raw'], controller: AbortController): () => void {
    const onClose = (): void => {
      if (!res.writableFinished) controller.abort();
    };
    if (connectionClosed(res)) controller.abort();
    else res.on('close', onClose);
    return () => res.off('close', onClose);
  }

  async function answerJson(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): Promise<FastifyReply> {
    const res = reply.raw;
    const controller = new AbortController();
    const stopWatching = abortOnClose(res, controller);
    let composed: ComposedAnswer;
    try {
      // A client that leaves while the model writes stops the model too.
      composed = await service.compose(prepared, { signal: controller.signal });
    } catch (err) {
      stopWatching();
      if (controller.signal.aborted) {
        await settle(request, prepared, false);
        logSummary(request, { result: 'client_gone', stream: false, charged: false });
        return reply;
      }
      request.log.error({ failure: describeFailure(err) }, 'answer composition failed');
      metrics?.failures.inc({ where: 'answer_compose' });
      await refund(request, prepared, 'answer_failed');
      logSummary(request, { result: 'answer_failed', stream: false });
      return sendError(reply, 500, 'answer_failed', ANSWER_MESSAGES.failed);
    }
    stopWatching();
    const stats = { stream: false, mode: composed.answer.mode, urgent: prepared.urgent, free: prepared.free, sources: composed.answer.sources.length, ...composed.stats };
    // The composition held the event loop: read the network once before deciding (delivery.ts).
    await networkTurn();
    if (controller.signal.aborted || clientGone(res)) {
      // Gone while the answer was composed: nothing to send, nothing charged.
      await settle(request, prepared, false);
      logSummary(request, { result: 'client_gone', charged: false, ...stats });
      return reply;
    }
    // On the request's log line, written when the response ends. A body that never reaches the socket is
    // refunded below; that line then says `aborted: true` and the refund is counted in the metrics.
    logSummary(request, { result: 'ok', ...stats });
    reportLlmError(request, composed);
    const body: AnswerResponse = { answer: composed.answer, credits: prepared.credits };
    const sent = responseDelivered(res);
    void reply.code(200).header('cache-control', 'no-store').send(body);
    await settle(request, prepared, await sent);
    return reply;
  }

  async function answerStream(request: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): Promise<void> {
    reply.hijack();
    const res = reply.raw;
    const controller = new AbortController();
    const stopWatching = abortOnClose(res, controller);
    /** Whether the first section reached the socket (the charging rule); null while none was written. */
    let firstSection: Promise<boolean> | null = null;
    /** Sections are on the client's screen (written since the start or the last `reset`). */
    let sectionsShown = false;
    // Every event in order; the first section after a network turn, if the client is still there (delivery.ts).
    const out = createStreamWriter(res);
    const write = (event: string, data: unknown): void => out.write(sseEvent(event, data));

    if (!connectionClosed(res)) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
    }
    const meta: SseMeta = { urgent: prepared.urgent, dataDate: prepared.dataDate };
    write('meta', meta);

    let summary: Record<string, unknown>;
    try {
      if (controller.signal.aborted) throw new Error('client gone');
      const composed = await service.compose(prepared, {
        onSection: (s: AnswerSection) => {
          sectionsShown = true;
          if (firstSection) write('section', s);
          else firstSection = out.writeDecisive(sseEvent('section', s));
        },
        onReset: () => {
          sectionsShown = false;
          write('reset', {});
        },
        signal: controller.signal,
      });
      if (controller.signal.aborted) throw new Error('client gone');
      reportLlmError(request, composed);
      const { answer } = composed;
      if (answer.choices) {
        const choices: SseChoices = { choices: answer.choices };
        write('choices', choices);
      }
      const sources: SseSources = { sources: answer.sources, mode: answer.mode, dataDate: answer.dataDate, urgent: answer.urgent };
      write('sources', sources);
      const done: SseDone = { credits: prepared.credits };
      write('done', done);
      summary = { result: 'ok', stream: true, mode: answer.mode, urgent: prepared.urgent, free: prepared.free, sources: answer.sources.length, ...composed.stats };
    } catch (err) {
      if (!controller.signal.aborted) {
        // The server's own failure: refunded whatever had left, as the error event says. A failed answer is
        // never left half on screen: sections already sent (a model that failed midway, a check that failed
        // after them) are withdrawn by a `reset` before the `error` — the visitor is not charged for a partial,
        // unchecked answer, and does not keep one.
        request.log.error({ failure: describeFailure(err) }, 'answer composition failed');
        metrics?.failures.inc({ where: 'answer_compose' });
        stopWatching();
        await refund(request, prepared, 'answer_failed');
        logSummary(request, { result: 'answer_failed', stream: true });
        if (sectionsShown) write('reset', {});
        const error: SseError = { code: 'answer_failed', message: ANSWER_MESSAGES.failed };
        write('error', error);
        await out.drained();
        if (!res.writableEnded) res.end();
        return;
      }
      summary = { result: 'client_gone', stream: true };
    }
    stopWatching();
    // Decided before the stream ends, so that the summary is on the request's log line.
    const delivered = firstSection ? await firstSection : false;
    await settle(request, prepared, delivered);
    if (summary.result === 'ok' && !delivered) summary.result = 'client_gone';
    logSummary(request, { ...summary, charged: delivered && !prepared.free });
    await out.drained();
    if (!res.writableEnded) res.end();
  }

  app.post(
    '/answers',
    {
      logLevel: 'warn',
      bodyLimit: ANSWERS_BODY_LIMIT,
      // Order: authenticate (401; a 503 when the user cannot be looked up) → the body's schema (400).
      preValidation: signInRequired(opts.resolveUser, { code: 'unauthorized', message: ANSWER_MESSAGES.unauthorized }, { onLookupFailure: sendUnavailable }),
      schema: { body: answerRequestSchema, response: { 200: answerResponseSchema } },
      config: { invalidRequest: INVALID_ANSWER_REQUEST },
    },
    async (request, reply) => {
      const prepared = await prepare(request, reply, request.body);
      if (!prepared) return reply;
      if (wantsStream(request)) {
        await answerStream(request, reply, prepared);
        return reply;
      }
      return answerJson(request, reply, prepared);
    },
  );
}
