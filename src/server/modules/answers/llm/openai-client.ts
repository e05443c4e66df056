import type { ChatMessage } from './types';
import { SseParser, type SseEvent } from '../../../../common/sse-parser';

/**
 * A minimal OpenAI-compatible streaming chat-completions client (global `fetch`, Node ≥ 20).
 * Works with any server speaking `POST {baseUrl}/chat/completions` with `stream: true`: Mistral,
 * Albert, OpenAI, Ollama (`http://host:11434/v1`), vLLM, llama.cpp server.
 *
 * Privacy: neither the prompt nor the model's output ever appears in an error message or a log.
 */

export type LlmErrorKind = 'timeout' | 'http' | 'protocol' | 'aborted';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  /** HTTP status when `kind === 'http'`. */
  readonly status: number | undefined;

  constructor(kind: LlmErrorKind, message: string, status?: number) {
    super(message);
    this.name = 'LlmError';
    this.kind = kind;
    this.status = status;
  }
}

export interface StreamChatCompletionOptions {
  /** e.g. "https://api.mistral.ai/v1", "http://127.0.0.1:11434/v1" (no trailing "/chat/completions"). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Longest wait for the first byte of the response body (headers included). */
  timeoutMs: number;
  /** Longest silence between two chunks once the body has started. */
  idleTimeoutMs: number;
  /** Longest time for the whole exchange. */
  totalTimeoutMs: number;
  signal?: AbortSignal;
}

/** What the generator returns once the stream ended normally. */
export interface StreamEnd {
  /** `choices[0].finish_reason` of the last chunk that had one ("stop", "length"…), null if none. */
  finishReason: string | null;
}

export type { SseEvent };

/**
 * Server-Sent Events from a byte stream: UTF-8 decoding across chunk boundaries (a multi-byte character
 * may be split), a leading BOM dropped, then the shared parser of `src/common/sse-parser.ts`. An event
 * cut off by the end of the stream is still delivered.
 */
export function createSseParser(): { push(chunk: Uint8Array): SseEvent[]; end(): SseEvent[] } {
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  let first = true;
  return {
    push(chunk) {
      let text = decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      return parser.push(text);
    },
    end() {
      return [...parser.push(decoder.decode()), ...parser.end({ dispatchPending: true })];
    },
  };
}

interface ChunkPayload {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }[];
  error?: unknown;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short, content-free identifier from an error body ("invalid_api_key"), or undefined. */
function errorCode(body: unknown): string | undefined {
  const err = isRecord(body) ? body.error : undefined;
  const candidates = isRecord(err) ? [err.code, err.type] : [];
  if (isRecord(body)) candidates.push(body.type, body.code);
  for (const c of candidates) if (typeof c === 'string' && /^[\w.-]{1,64}$/.test(c)) return c;
  return undefined;
}

function parsePayload(data: string): ChunkPayload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new LlmError('protocol', 'Flux du modèle illisible (JSON invalide).');
  }
  if (!isRecord(parsed)) throw new LlmError('protocol', 'Flux du modèle illisible (objet attendu).');
  if (parsed.error !== undefined && parsed.error !== null) {
    const code = errorCode(parsed);
    throw new LlmError('protocol', `Le modèle a signalé une erreur dans le flux${code ? ` (${code})` : ''}.`);
  }
  if (parsed.choices !== undefined && !Array.isArray(parsed.choices)) {
    throw new LlmError('protocol', 'Flux du modèle illisible (choices).');
  }
  return parsed as ChunkPayload;
}

/**
 * Streams the model's answer: yields each `choices[0].delta.content` piece as it arrives and returns
 * the finish reason. Throws `LlmError` (timeout | http | protocol | aborted). Breaking out of the
 * loop cancels the request.
 */
export async function* streamChatCompletion(opts: StreamChatCompletionOptions): AsyncGenerator<string, StreamEnd, void> {
  const controller = new AbortController();
  let timedOut: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fireTimeout = (what: string) => () => {
    timedOut = what;
    controller.abort();
  };
  const armPhaseTimer = (ms: number, what: string): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fireTimeout(what), ms);
  };
  const totalTimer = setTimeout(fireTimeout('durée totale dépassée'), opts.totalTimeoutMs);
  const onExternalAbort = (): void => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onExternalAbort, { once: true });

  const fail = (e: unknown): LlmError => {
    if (e instanceof LlmError) return e;
    if (timedOut) return new LlmError('timeout', `Le modèle n'a pas répondu à temps (${timedOut}).`);
    if (opts.signal?.aborted) return new LlmError('aborted', 'Requête au modèle interrompue.');
    // Network errors: report the class only (the cause may echo the request).
    const name = e instanceof Error ? e.name : 'Error';
    const cause = e instanceof Error && isRecord(e.cause) && typeof e.cause.code === 'string' ? ` ${e.cause.code}` : '';
    return new LlmError('http', `Le modèle est injoignable (${name}${cause}).`);
  };

  const body: Record<string, unknown> = { model: opts.model, messages: opts.messages, stream: true };
  if (opts.temperature !== undefined) body.temperature = opts.temperature;
  if (opts.maxTokens !== undefined) body.max_tokens = opts.maxTokens;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let finished = false;
  try {
    armPhaseTimer(opts.timeoutMs, 'premier octet');
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (e) {
      throw fail(e);
    }

    if (!res.ok) {
      let code: string | undefined;
      try {
        code = errorCode(JSON.parse(await res.text()));
      } catch {
        code = undefined;
      }
      throw new LlmError('http', `Le modèle a répondu HTTP ${res.status}${code ? ` (${code})` : ''}.`, res.status);
    }
    if (!res.body) throw new LlmError('protocol', 'Réponse du modèle sans corps.');
    reader = res.body.getReader();
    const contentType = res.headers.get('content-type') ?? '';

    if (contentType.includes('application/json')) {
      // A server that ignored `stream: true`: one JSON completion.
      const chunks: Uint8Array[] = [];
      for (;;) {
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch (e) {
          throw fail(e);
        }
        if (r.done) break;
        chunks.push(r.value);
        armPhaseTimer(opts.idleTimeoutMs, 'silence');
      }
      const payload = parsePayload(Buffer.concat(chunks).toString('utf8'));
      const choice = payload.choices?.[0];
      const content = choice?.message?.content;
      if (typeof content !== 'string') throw new LlmError('protocol', 'Réponse du modèle sans contenu.');
      finished = true;
      if (content) yield content;
      return { finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null };
    }

    const parser = createSseParser();
    let finishReason: string | null = null;
    const handle = (ev: SseEvent): { done: boolean; content: string } => {
      const data = ev.data.trim();
      if (data === '[DONE]') return { done: true, content: '' };
      if (ev.event === 'error') throw new LlmError('protocol', 'Le modèle a signalé une erreur dans le flux.');
      if (data === '') return { done: false, content: '' };
      const payload = parsePayload(data);
      const choice = payload.choices?.[0];
      if (choice && typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      const content = choice?.delta?.content;
      return { done: false, content: typeof content === 'string' ? content : '' };
    };

    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await reader.read();
      } catch (e) {
        throw fail(e);
      }
      const events = r.done ? parser.end() : parser.push(r.value);
      if (!r.done) armPhaseTimer(opts.idleTimeoutMs, 'silence');
      for (const ev of events) {
        const { done, content } = handle(ev);
        if (done) {
          finished = true;
          return { finishReason };
        }
        if (content) yield content;
      }
      if (r.done) {
        // Cut off without [DONE]: accepted only when the last chunk said why it stopped.
        if (finishReason !== null) {
          finished = true;
          return { finishReason };
        }
        throw new LlmError('protocol', 'Flux du modèle interrompu avant la fin.');
      }
    }
  } finally {
    if (timer) clearTimeout(timer);
    clearTimeout(totalTimer);
    opts.signal?.removeEventListener('abort', onExternalAbort);
    if (reader) {
      if (!finished) controller.abort();
      reader.cancel().catch(() => undefined);
    }
  }
}
