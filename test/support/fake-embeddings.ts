import { createServer, type IncomingHttpHeaders } from 'node:http';
import { closeServer, listenOnLoopback } from './ports';

/**
 * A local stand-in for an OpenAI-compatible embeddings server (Albert, Mistral, Ollama, vLLM): a real
 * HTTP server on 127.0.0.1 answering `POST …/embeddings` `{ model, input: [...] }` with
 * `{ data: [{ embedding, index }] }`. The vectors are deterministic bags of words (each folded word adds
 * 1 to the coordinate its hash picks), so texts that share words are close: a test can tell which fiche a
 * question should meet. Records every request. For tests only.
 */

export type FakeEmbeddingsBehaviour =
  | { kind: 'vectors'; dims?: number; delayMs?: number }
  | { kind: 'status'; status: number }
  /** Headers never sent: the client's time limit must end the wait. */
  | { kind: 'stall' }
  | { kind: 'raw'; body: string };

export interface FakeEmbeddingsRequest {
  path: string;
  headers: IncomingHttpHeaders;
  model: unknown;
  inputs: string[];
  /** `input_type` of the body (`query` or `passage` for an E5 server), when sent. */
  inputType: unknown;
  /** Size of the request body in bytes. */
  bytes: number;
}

export type FakeEmbeddingsScript = FakeEmbeddingsBehaviour | ((request: FakeEmbeddingsRequest, index: number) => FakeEmbeddingsBehaviour);

export interface FakeEmbeddings {
  /** e.g. "http://127.0.0.1:41234/v1" (the client appends "/embeddings"). */
  baseUrl: string;
  requests: FakeEmbeddingsRequest[];
  setScript(script: FakeEmbeddingsScript): void;
  close(): Promise<void>;
}

export const FAKE_DIMS = 256;

function fold(word: string): string {
  return word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The fake model's vector of a text (words of 4 letters or more; the others are mostly function words). */
export function fakeVector(text: string, dims = FAKE_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of text.split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 4) continue;
    const i = hash(fold(w)) % dims;
    v[i] = (v[i] as number) + 1;
  }
  // A constant last coordinate keeps a text without words from being a zero vector.
  v[dims - 1] = (v[dims - 1] as number) + 0.01;
  return v;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startFakeEmbeddings(initial: FakeEmbeddingsScript = { kind: 'vectors' }): Promise<FakeEmbeddings> {
  let script = initial;
  const requests: FakeEmbeddingsRequest[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      let body: unknown;
      const raw = Buffer.concat(parts);
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      const b = (typeof body === 'object' && body !== null ? body : {}) as { model?: unknown; input?: unknown; input_type?: unknown };
      const inputs = Array.isArray(b.input) ? b.input.map(String) : [];
      const record: FakeEmbeddingsRequest = { path: req.url ?? '', headers: req.headers, model: b.model, inputs, inputType: b.input_type, bytes: raw.length };
      requests.push(record);
      if (req.method !== 'POST' || !(req.url ?? '').endsWith('/embeddings')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"type":"not_found"}}');
        return;
      }
      const behaviour = typeof script === 'function' ? script(record, requests.length - 1) : script;
      void (async () => {
        switch (behaviour.kind) {
          case 'vectors': {
            if (behaviour.delayMs) await sleep(behaviour.delayMs);
            // Listed in reverse order: the client must put them back by `index`.
            const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text, behaviour.dims) })).reverse();
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: b.model, data }));
            return;
          }
          case 'status':
            res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end('{"error":{"message":"Erreur simulée","type":"fake_error"}}');
            return;
          case 'stall':
            return;
          case 'raw':
            res.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.body);
            return;
        }
      })().catch(() => res.destroy());
    });
  });
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
