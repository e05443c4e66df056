import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './ports';

/**
 * A local stand-in for an OpenAI-compatible chat-completions server (Mistral, Albert, OpenAI, Ollama,
 * vLLM, llama.cpp): a real HTTP server on 127.0.0.1 that answers `POST …/chat/completions` with a
 * scripted Server-Sent Events stream and records every request. For tests only.
 */

export type FakeLlmBehaviour =
  /** A well-formed stream of `text`, cut into deltas of `deltaSize` characters, written `byteChunkSize` bytes at a time. */
  | {
      kind: 'answer';
      text: string;
      /** Characters per delta (default 7: splits words). */
      deltaSize?: number;
      /** Bytes per socket write (default 61: splits lines, JSON and, now and then, multi-byte characters). */
      byteChunkSize?: number;
      /** Pause between writes (default 0 ms: next macrotask). */
      delayMs?: number;
      /** finish_reason of the last chunk (default "stop"; null: none). */
      finishReason?: string | null;
      /** Whether to send `data: [DONE]` (default true). */
      sendDone?: boolean;
      /** CRLF line ends instead of LF. */
      crlf?: boolean;
    }
  /** Raw body pieces written as they are (for malformed streams). */
  | { kind: 'raw'; chunks: string[]; status?: number; contentType?: string; delayMs?: number }
  /** An HTTP error with an OpenAI-style JSON error body. */
  | { kind: 'status'; status: number; code?: string }
  /** Never answers (`headers: false`), or sends headers and the first `deltas` deltas of `text`, then nothing. */
  | { kind: 'stall'; headers?: boolean; text?: string; deltas?: number; deltaSize?: number }
  /** A server that ignores `stream: true` and answers one JSON completion. */
  | { kind: 'json'; text: string; finishReason?: string };

export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined if not JSON). */
  body: unknown;
  /** Whether the client went away before the response was complete. */
  clientClosedEarly: boolean;
}

export type FakeLlmScript = FakeLlmBehaviour | ((request: FakeLlmRequest, index: number) => FakeLlmBehaviour);

export interface FakeLlm {
  /** e.g. "http://127.0.0.1:41234/v1" (the client appends "/chat/completions"). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  setScript(script: FakeLlmScript): void;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function chunkEvent(content: string | undefined, finishReason: string | null, first: boolean): string {
  const delta: Record<string, string> = {};
  if (first) delta.role = 'assistant';
  if (content !== undefined) delta.content = content;
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
}

/** Splits a text into pieces of `size` characters (code points: never splits a character in JSON). */
export function splitDeltas(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** The SSE body a real server would send for `text`. */
export function sseBody(
  text: string,
  opts: { deltaSize?: number; finishReason?: string | null; sendDone?: boolean; crlf?: boolean } = {},
): string {
  const nl = opts.crlf ? '\r\n' : '\n';
  const events: string[] = [': keep-alive'];
  splitDeltas(text, opts.deltaSize ?? 7).forEach((d, i) => events.push(`data: ${chunkEvent(d, null, i === 0)}`));
  const finish = opts.finishReason === undefined ? 'stop' : opts.finishReason;
  if (finish !== null) events.push(`data: ${chunkEvent(undefined, finish, false)}`);
  if (opts.sendDone ?? true) events.push('data: [DONE]');
  return events.map((e) => `${e}${nl}${nl}`).join('');
}

async function writeSlowly(res: ServerResponse, body: Buffer, size: number, delayMs: number): Promise<void> {
  for (let i = 0; i < body.length && !res.destroyed; i += size) {
    res.write(body.subarray(i, i + size));
    // setImmediate lets each piece leave as its own TCP segment without setTimeout's 1 ms floor.
    if (delayMs > 0) await sleep(delayMs);
    else await new Promise<void>((r) => setImmediate(r));
  }
}

export async function startFakeLlm(initial: FakeLlmScript): Promise<FakeLlm> {
  let script = initial;
  const requests: FakeLlmRequest[] = [];

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const record: FakeLlmRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        clientClosedEarly: false,
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.clientClosedEarly = true;
      });
      if (req.method !== 'POST' || !(req.url ?? '').endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"type":"not_found"}}');
        return;
      }
      const behaviour = typeof script === 'function' ? script(record, requests.length - 1) : script;
      void respond(res, behaviour).catch(() => res.destroy());
    });
  });

  const respond = async (res: ServerResponse, b: FakeLlmBehaviour): Promise<void> => {
    const sseHeaders = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };
    switch (b.kind) {
      case 'answer': {
        res.writeHead(200, sseHeaders);
        res.flushHeaders();
        const body = Buffer.from(sseBody(b.text, b), 'utf8');
        await writeSlowly(res, body, b.byteChunkSize ?? 61, b.delayMs ?? 0);
        res.end();
        return;
      }
      case 'raw': {
        res.writeHead(b.status ?? 200, { 'content-type': b.contentType ?? 'text/event-stream' });
        res.flushHeaders();
        for (const c of b.chunks) {
          if (res.destroyed) return;
          res.write(c);
          await sleep(b.delayMs ?? 0);
        }
        res.end();
        return;
      }
      case 'status': {
        const body = { error: { message: 'Erreur simulée', type: 'fake_error', code: b.code ?? null } };
        res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      case 'stall': {
        if (b.headers === false) return; // never answers
        res.writeHead(200, sseHeaders);
        res.flushHeaders();
        const deltas = splitDeltas(b.text ?? '', b.deltaSize ?? 7).slice(0, b.deltas ?? 0);
        deltas.forEach((d, i) => res.write(`data: ${chunkEvent(d, null, i === 0)}\n\n`));
        return; // and nothing more until the client gives up or the server closes
      }
      case 'json': {
        const body = {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          model: 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content: b.text }, finish_reason: b.finishReason ?? 'stop' }],
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
    }
  };

  const port = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(next) {
      script = next;
    },
    close: () => closeServer(server),
  };
}
