import { Worker } from 'node:worker_threads';
import type { PrefilePdfRequest } from '../../../common/api/answers';
import type { PrefilePdfOptions } from './prefile-pdf';

/**
 * Pré-dossier PDFs are laid out in a worker thread (prefile-worker.ts), off the event loop that serves every
 * other request: one PDF costs 30 to 200 ms of CPU. One worker, one job at a time, a bounded queue and a
 * time limit per job; the worker starts on the first download and stops after a while without one (its
 * memory, with the parsed fonts, is given back).
 */

export interface PrefileJob {
  id: number;
  input: PrefilePdfRequest;
  opts: PrefilePdfOptions;
}

export type PrefileJobResult =
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; errName: string; stack: string };

/** Too many PDFs waiting, or one took too long: the visitor may simply try again. */
export class PrefileBusyError extends Error {
  override name = 'PrefileBusyError';
}

/** The layout failed (reported by the kind of error and where, never by its message). */
export class PrefileRenderError extends Error {
  override name = 'PrefileRenderError';
  constructor(
    readonly errName: string,
    readonly where: string,
  ) {
    super('prefile rendering failed');
  }
}

export interface PrefileRendererOptions {
  /** PDFs waiting behind the one being laid out; beyond, PrefileBusyError. */
  maxQueue?: number;
  /** Longest layout, after which the worker is stopped (and started again for the next PDF). */
  timeoutMs?: number;
  /** The worker stops after this long without a PDF to lay out. */
  idleMs?: number;
}

export interface PrefileRenderer {
  render(input: PrefilePdfRequest, opts: PrefilePdfOptions): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A PDF lays out in well under 200 ms whatever the request (prefile-text.ts bounds what it prints); the time
 * limit leaves room for a loaded machine and the first PDF's font parsing. Per-account and per-address limits
 * (prefile-limits.ts) keep one caller from filling the queue.
 */
export const PREFILE_RENDERER_DEFAULTS = { maxQueue: 16, timeoutMs: 10_000, idleMs: 120_000 } as const;

/** Heap of the worker: a bounded request lays out in far less; a runaway one ends the worker, not the server. */
const WORKER_HEAP_MB = 256;

/**
 * Starts the worker. Compiled (dist/server/server.js), its entry is dist/server/prefile-worker.js beside the
 * bundle. From the sources (tsx, tests), Node 20 workers do not inherit tsx's loader: a one-line script
 * loads the TypeScript entry through tsx's API.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!here.endsWith('.ts')) return new Worker(new URL('./prefile-worker.js', here), { resourceLimits });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./prefile-worker.ts', here).href;
  const script = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(script, { eval: true, resourceLimits });
}

interface Pending {
  job: PrefileJob;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

export function createPrefileRenderer(options: PrefileRendererOptions = {}): PrefileRenderer {
  const { maxQueue, timeoutMs, idleMs } = { ...PREFILE_RENDERER_DEFAULTS, ...options };
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let current: Pending | null = null;
  let jobTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  function stopWorker(): void {
    const w = worker;
    worker = null;
    if (w) {
      w.removeAllListeners();
      w.on('error', () => undefined);
      void w.terminate();
    }
  }

  function finish(outcome: { pdf: Buffer } | { error: Error }): void {
    const job = current;
    current = null;
    clearTimeout(jobTimer);
    if (job) {
      if ('pdf' in outcome) job.resolve(outcome.pdf);
      else job.reject(outcome.error);
    }
    pump();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const w = startWorker();
    w.on('message', (result: PrefileJobResult) => {
      if (!current || result.id !== current.job.id) return;
      if (result.ok) finish({ pdf: Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength) });
      else finish({ error: new PrefileRenderError(result.errName, result.stack) });
    });
    const lost = (err: Error): void => {
      if (worker !== w) return;
      stopWorker();
      finish({ error: new PrefileRenderError(err.name, (err.stack ?? '').split('\n').slice(1, 6).join('\n')) });
    };
    w.on('error', lost);
    w.on('exit', (code) => lost(new Error(`prefile worker exited with code ${code}`)));
    worker = w;
    return w;
  }

  function pump(): void {
    if (current || closed) return;
    const next = queue.shift();
    if (!next) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stopWorker, idleMs);
      idleTimer.unref();
      return;
    }
    clearTimeout(idleTimer);
    current = next;
    jobTimer = setTimeout(() => {
      // Stopped mid-layout: the next PDF gets a fresh worker.
      stopWorker();
      finish({ error: new PrefileBusyError('prefile rendering took too long') });
    }, timeoutMs);
    jobTimer.unref();
    ensureWorker().postMessage(next.job);
  }

  return {
    render(input, opts) {
      if (closed) return Promise.reject(new PrefileBusyError('prefile renderer closed'));
      if (queue.length >= maxQueue) return Promise.reject(new PrefileBusyError('too many prefile renderings waiting'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job: { id: nextId++, input, opts }, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      clearTimeout(jobTimer);
      const waiting = [...(current ? [current] : []), ...queue.splice(0)];
      current = null;
      for (const p of waiting) p.reject(new PrefileBusyError('prefile renderer closed'));
      const w = worker;
      worker = null;
      if (w) {
        w.removeAllListeners();
        w.on('error', () => undefined);
        await w.terminate();
      }
    },
  };
}
