import type { z } from 'zod';
import {
  answerResponseSchema,
  answerSectionSchema,
  sseDoneSchema,
  sseErrorSchema,
  sseMetaSchema,
  sseChoicesSchema,
  sseSourcesSchema,
  type AnswerChoices,
  type AnswerSection,
  type SseMeta,
  type SseSources,
} from '../../../common/api/answers';
import { apiErrorSchema } from '../../../common/api/errors';
import { SseParser, type SseEvent } from '../../../common/sse-parser';

export const ANSWERS_ENDPOINT = '/api/answers';

export const NETWORK_MESSAGE = 'Impossible de se connecter au serveur';
export const INTERRUPTED_MESSAGE =
  'La connexion au serveur a été interrompue avant la fin de la réponse. Votre crédit vous est rendu\u202f: vous pouvez réessayer.';
export const BAD_RESPONSE_MESSAGE = 'Le serveur a envoyé une réponse illisible. Veuillez réessayer dans un instant.';
export const ABORTED_MESSAGE = 'La demande a été annulée.';

/**
 * A failure of POST /api/answers: the server's code and French message (`invalid_question`, `unauthorized`,
 * `no_credits`, `out_of_scope`, `answer_failed`…), or one of the client's own: `network` (no connection or
 * a stream cut before `done`), `bad_response` (an event that does not match the contract), `aborted`.
 * `status` is the HTTP status (0 when no response was received).
 */
export class AnswerError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status = 0) {
    super(message);
    this.name = 'AnswerError';
    this.code = code;
    this.status = status;
  }
}

export interface StreamAnswerOptions {
  signal?: AbortSignal;
  onMeta?(meta: SseMeta): void;
  onSection?(section: AnswerSection): void;
  /** The case the question leaves open, with the answer for each option (after the sections). */
  onChoices?(choices: AnswerChoices): void;
  onSources?(sources: SseSources): void;
  /** The sections received so far are void: the server starts them again (language model fallback). */
  onReset?(): void;
  /** The visitor's city when known: the « Quel professionnel consulter » section links to a search there. */
  city?: string | null;
  /** Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface StreamAnswerResult {
  /** The credits left after this answer, as the server counts them. */
  credits: number;
}

function parseData<T>(schema: z.ZodType<T>, event: SseEvent, status: number): T {
  let raw: unknown;
  try {
    raw = JSON.parse(event.data);
  } catch {
    throw new AnswerError('bad_response', BAD_RESPONSE_MESSAGE, status);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AnswerError('bad_response', BAD_RESPONSE_MESSAGE, status);
  return parsed.data;
}

async function errorFromResponse(response: Response): Promise<AnswerError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new AnswerError(parsed.data.error.code, parsed.data.error.message, response.status);
  if (response.status === 401) {
    return new AnswerError('unauthorized', 'Votre session a expiré\u202f: veuillez vous reconnecter.', 401);
  }
  return new AnswerError(
    'answer_failed',
    "Le serveur n'a pas pu répondre à votre question pour le moment. Votre crédit ne vous a pas été débité.",
    response.status,
  );
}

/**
 * Asks POST /api/answers for the answer to `question` and follows its Server-Sent Events (`meta`,
 * `section` × 5, `choices` when the question leaves a case open, `sources`, then `done` or `error`;
 * `reset` at any time), validating each one.
 * Resolves on `done`; rejects with an {@link AnswerError} otherwise.
 */
export async function streamAnswer(question: string, options: StreamAnswerOptions = {}): Promise<StreamAnswerResult> {
  const { signal } = options;
  const doFetch = options.fetchImpl ?? fetch;
  const aborted = () => new AnswerError('aborted', ABORTED_MESSAGE, 0);

  let response: Response;
  try {
    response = await doFetch(ANSWERS_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(options.city ? { question, city: options.city } : { question }),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (signal?.aborted) throw aborted();
    throw new AnswerError('network', NETWORK_MESSAGE, 0);
  }

  if (!response.ok) throw await errorFromResponse(response);
  const { status } = response;
  const contentType = response.headers.get('content-type') ?? '';

  if (contentType.includes('application/json')) {
    // A server that does not stream answers the whole thing at once (answerResponseSchema).
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (signal?.aborted) throw aborted();
      throw new AnswerError('bad_response', BAD_RESPONSE_MESSAGE, status);
    }
    const parsed = answerResponseSchema.safeParse(body);
    if (!parsed.success) throw new AnswerError('bad_response', BAD_RESPONSE_MESSAGE, status);
    const { answer, credits } = parsed.data;
    options.onMeta?.({ urgent: answer.urgent, dataDate: answer.dataDate });
    for (const section of answer.sections) options.onSection?.(section);
    if (answer.choices) options.onChoices?.(answer.choices);
    options.onSources?.({ sources: answer.sources, mode: answer.mode, dataDate: answer.dataDate, urgent: answer.urgent });
    return { credits };
  }

  if (!response.body) throw new AnswerError('bad_response', BAD_RESPONSE_MESSAGE, status);
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();

  /** Handles one event (validated even when nobody listens); returns the result when the answer is complete. */
  const handle = (event: SseEvent): StreamAnswerResult | null => {
    switch (event.event) {
      case 'meta': {
        const data = parseData(sseMetaSchema, event, status);
        options.onMeta?.(data);
        return null;
      }
      case 'section': {
        const data = parseData(answerSectionSchema, event, status);
        options.onSection?.(data);
        return null;
      }
      case 'choices': {
        const data = parseData(sseChoicesSchema, event, status);
        options.onChoices?.(data.choices);
        return null;
      }
      case 'sources': {
        const data = parseData(sseSourcesSchema, event, status);
        options.onSources?.(data);
        return null;
      }
      case 'reset':
        options.onReset?.();
        return null;
      case 'done':
        return parseData(sseDoneSchema, event, status);
      case 'error': {
        const error = parseData(sseErrorSchema, event, status);
        throw new AnswerError(error.code, error.message, status);
      }
      default:
        return null; // keep-alive messages and events this client does not know
    }
  };

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        if (signal?.aborted) throw aborted();
        throw new AnswerError('network', INTERRUPTED_MESSAGE, status);
      }
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      const events = chunk.done ? [...parser.push(text), ...parser.end()] : parser.push(text);
      for (const event of events) {
        const result = handle(event);
        if (result) return result;
      }
      if (chunk.done) {
        if (signal?.aborted) throw aborted();
        throw new AnswerError('network', INTERRUPTED_MESSAGE, status);
      }
    }
  } finally {
    // Stop reading: after `done` or `error` nothing else matters, and a failure must close the connection.
    reader.cancel().catch(() => undefined);
  }
}
