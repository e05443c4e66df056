/**
 * Worker thread that lays out pré-dossier PDFs (prefile-renderer.ts starts it): pdfkit's layout of a long
 * answer takes hundreds of milliseconds of CPU, which must not hold the server's event loop. One job at a
 * time; the PDF bytes go back to the main thread (transferred, not copied). Nothing is logged here: a failure
 * is reported by the kind of error and where it happened, never by its message (it could quote the text).
 */
import { parentPort } from 'node:worker_threads';
import type { PrefileJob, PrefileJobResult } from './prefile-renderer';
import { preloadPrefileFonts } from './prefile-fonts';
import { renderPrefilePdf } from './prefile-pdf';

const port = parentPort;
if (!port) throw new Error('prefile-worker must run in a worker thread');

// Fonts are parsed once per worker, before the first job arrives.
const ready = preloadPrefileFonts();

port.on('message', (job: PrefileJob) => {
  void (async () => {
    let result: PrefileJobResult;
    let transfer: ArrayBuffer[] = [];
    try {
      await ready;
      const pdf = await renderPrefilePdf(job.input, job.opts);
      // A buffer of its own (not a slice of Node's shared pool), so that it can be transferred.
      const bytes = new Uint8Array(pdf.byteLength);
      bytes.set(pdf);
      result = { id: job.id, ok: true, pdf: bytes };
      transfer = [bytes.buffer];
    } catch (err) {
      const errName = err instanceof Error ? err.name : typeof err;
      const stack = err instanceof Error ? (err.stack ?? '').split('\n').slice(1, 6).join('\n') : '';
      result = { id: job.id, ok: false, errName, stack };
    }
    port.postMessage(result, transfer);
  })();
});
