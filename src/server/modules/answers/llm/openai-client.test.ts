import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseBody, startFakeLlm, type FakeLlm } from '../../../../../test/support/fake-llm';
import { createSseParser, LlmError, streamChatCompletion, type SseEvent, type StreamChatCompletionOptions } from './openai-client';

const TEXT = 'Réponse : « dépôt » de 1 500 € — délai ≤ 2 mois 🏠.\nFin.';

describe('createSseParser', () => {
  const body = `: commentaire\r\nevent: message\r\ndata: {"a":"é€🏠"}\r\n\r\ndata:sans-espace\ndata: deuxième ligne\n\nid: 3\nretry: 10\n\ndata: [DONE]\r\r`;
  const expected: SseEvent[] = [
    { event: 'message', data: '{"a":"é€🏠"}' },
    { event: 'message', data: 'sans-espace\ndeuxième ligne' },
    { event: 'message', data: '[DONE]' },
  ];

  it('parses comments, CRLF / CR / LF, fields with or without space, multi-line data', () => {
    const p = createSseParser();
    expect([...p.push(new TextEncoder().encode(body)), ...p.end()]).toEqual(expected);
  });

  it('gives the same events whatever byte the stream is split at (lines, CRLF and UTF-8 characters cut)', () => {
    const bytes = new TextEncoder().encode(body);
    for (let cut = 1; cut < bytes.length; cut++) {
      const p = createSseParser();
      const events = [...p.push(bytes.subarray(0, cut)), ...p.push(bytes.subarray(cut)), ...p.end()];
      expect(events, `cut at byte ${cut}`).toEqual(expected);
    }
    // One byte at a time.
    const p = createSseParser();
    const events: SseEvent[] = [];
    for (const b of bytes) events.push(...p.push(Uint8Array.of(b)));
    expect([...events, ...p.end()]).toEqual(expected);
  });

  it('ignores a byte-order mark and dispatches a last event not followed by a blank line', () => {
    const p = createSseParser();
    const events = [...p.push(new TextEncoder().encode('\uFEFFdata: x')), ...p.end()];
    expect(events).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('streamChatCompletion', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'answer', text: TEXT });
  });
  afterAll(async () => {
    await llm.close();
  });

  const options = (over: Partial<StreamChatCompletionOptions> = {}): StreamChatCompletionOptions => ({
    baseUrl: `${llm.baseUrl}/`,
    apiKey: 'cle-secrete',
    model: 'mistral-small-latest',
    messages: [
      { role: 'system', content: 'Consignes' },
      { role: 'user', content: 'Question confidentielle' },
    ],
    temperature: 0.2,
    maxTokens: 500,
    timeoutMs: 2000,
    idleTimeoutMs: 2000,
    totalTimeoutMs: 5000,
    ...over,
  });

  const collect = async (opts: StreamChatCompletionOptions): Promise<{ pieces: string[]; finishReason: string | null }> => {
    const pieces: string[] = [];
    const gen = streamChatCompletion(opts);
    for (;;) {
      const r = await gen.next();
      if (r.done) return { pieces, finishReason: r.value.finishReason };
      pieces.push(r.value);
    }
  };

  const failure = async (opts: StreamChatCompletionOptions): Promise<LlmError> => {
    try {
      await collect(opts);
    } catch (e) {
      if (e instanceof LlmError) return e;
      throw e;
    }
    throw new Error('expected an LlmError');
  };

  it('posts an OpenAI chat-completions request and yields the deltas, split mid-word and mid-character on the wire', async () => {
    llm.setScript({ kind: 'answer', text: TEXT, deltaSize: 3, byteChunkSize: 13 });
    const before = llm.requests.length;
    const { pieces, finishReason } = await collect(options());
    expect(pieces.join('')).toBe(TEXT);
    expect(pieces.length).toBeGreaterThan(10);
    expect(finishReason).toBe('stop');
    const req = llm.requests[before];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer cle-secrete');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({
      model: 'mistral-small-latest',
      messages: options().messages,
      stream: true,
      temperature: 0.2,
      max_tokens: 500,
    });
  });

  it('sends no Authorization header without a key, and accepts CRLF streams', async () => {
    llm.setScript({ kind: 'answer', text: TEXT, crlf: true });
    const before = llm.requests.length;
    const { pieces } = await collect(options({ apiKey: undefined }));
    expect(pieces.join('')).toBe(TEXT);
    expect(llm.requests[before]?.headers.authorization).toBeUndefined();
  });

  it('accepts a stream without [DONE] when the last chunk gave a finish reason, and reports "length"', async () => {
    llm.setScript({ kind: 'answer', text: TEXT, sendDone: false, finishReason: 'length' });
    const r = await collect(options());
    expect(r.pieces.join('')).toBe(TEXT);
    expect(r.finishReason).toBe('length');
  });

  it('accepts a server that ignores stream: true and answers one JSON completion', async () => {
    llm.setScript({ kind: 'json', text: TEXT });
    const r = await collect(options());
    expect(r).toEqual({ pieces: [TEXT], finishReason: 'stop' });
  });

  it('fails with kind "http" and the status on HTTP errors, without the prompt in the message', async () => {
    llm.setScript({ kind: 'status', status: 401, code: 'invalid_api_key' });
    const e401 = await failure(options());
    expect(e401.kind).toBe('http');
    expect(e401.status).toBe(401);
    expect(e401.message).toBe('Le modèle a répondu HTTP 401 (invalid_api_key).');
    llm.setScript({ kind: 'status', status: 500 });
    const e500 = await failure(options());
    expect([e500.kind, e500.status]).toEqual(['http', 500]);
    expect(e500.message).not.toMatch(/confidentielle|Consignes|secr/);
  });

  it('fails with kind "http" when the server cannot be reached', async () => {
    const e = await failure(options({ baseUrl: 'http://127.0.0.1:1/v1' }));
    expect(e.kind).toBe('http');
    expect(e.status).toBeUndefined();
  });

  it.each([
    ['invalid JSON', ['data: {"choices":[{"delta":{"content":"Bon"}}]}\n\n', 'data: {pas du json}\n\n', 'data: [DONE]\n\n']],
    ['an error object in the stream', ['data: {"error":{"message":"overloaded","type":"server_error"}}\n\n']],
    ['a stream cut off without [DONE] nor finish reason', ['data: {"choices":[{"delta":{"content":"Bon"}}]}\n\n', 'data: {"choices":[{"delta":{"content":"jour"']],
    ['an HTML page instead of a stream', ['<html><body>Bad gateway</body></html>']],
  ])('fails with kind "protocol" on %s', async (_name, chunks) => {
    llm.setScript({ kind: 'raw', chunks });
    const e = await failure(options());
    expect(e.kind).toBe('protocol');
    expect(e.message).not.toMatch(/overloaded|Bon|jour/);
  });

  it('ignores garbage lines that are not SSE fields', async () => {
    const body = sseBody('Bonjour à tous', { deltaSize: 4 }).replace(/\n\n/g, '\nnimportequoi\n\n');
    llm.setScript({ kind: 'raw', chunks: [body] });
    const r = await collect(options());
    expect(r.pieces.join('')).toBe('Bonjour à tous');
  });

  it('times out when the first byte never comes, and closes the connection', async () => {
    llm.setScript({ kind: 'stall', headers: false });
    const before = llm.requests.length;
    const e = await failure(options({ timeoutMs: 200, idleTimeoutMs: 5000, totalTimeoutMs: 5000 }));
    expect(e.kind).toBe('timeout');
    // The first-byte timer fired, not the total one.
    expect(e.message).toContain('premier octet');
    await expect.poll(() => llm.requests[before]?.clientClosedEarly).toBe(true);
  });

  it('times out when the stream stalls after the first chunk (idle timeout)', async () => {
    llm.setScript({ kind: 'stall', text: 'Début de réponse', deltas: 1 });
    const pieces: string[] = [];
    let error: unknown;
    try {
      for await (const p of streamChatCompletion(options({ timeoutMs: 2000, idleTimeoutMs: 200, totalTimeoutMs: 5000 }))) pieces.push(p);
    } catch (e) {
      error = e;
    }
    expect(pieces).toEqual(['Début d']);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).kind).toBe('timeout');
    // The idle timer fired, not the total one.
    expect((error as LlmError).message).toContain('silence');
  });

  it('times out on the total budget even while chunks keep coming', async () => {
    llm.setScript({ kind: 'answer', text: 'x'.repeat(400), deltaSize: 1, byteChunkSize: 20, delayMs: 10 });
    const e = await failure(options({ timeoutMs: 1000, idleTimeoutMs: 1000, totalTimeoutMs: 300 }));
    expect(e.kind).toBe('timeout');
  });

  it('fails with kind "aborted" when the caller aborts, and cancels when the caller stops reading', async () => {
    llm.setScript({ kind: 'stall', text: 'Début', deltas: 1 });
    const ac = new AbortController();
    // The caller gives up once the first piece has come (the model then stalls).
    const pieces: string[] = [];
    const e = await (async () => {
      try {
        for await (const piece of streamChatCompletion(options({ signal: ac.signal }))) {
          pieces.push(piece);
          ac.abort();
        }
      } catch (err) {
        if (err instanceof LlmError) return err;
        throw err;
      }
      throw new Error('expected an LlmError');
    })();
    expect(pieces).toEqual(['Début']);
    expect(e.kind).toBe('aborted');

    llm.setScript({ kind: 'answer', text: 'y'.repeat(2000), deltaSize: 5, byteChunkSize: 50, delayMs: 5 });
    const before = llm.requests.length;
    for await (const piece of streamChatCompletion(options())) {
      expect(piece).toBe('yyyyy');
      break;
    }
    await expect.poll(() => llm.requests[before]?.clientClosedEarly).toBe(true);
  });
});
