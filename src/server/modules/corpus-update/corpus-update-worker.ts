/**
 * Child process of a scheduled corpus update (started by corpus-updater.ts with `fork`): receives the
 * job's options as its one IPC message, runs the job (download, parse, build, check: seconds of CPU that
 * must not hold the server's event loop), sends the result back (with its peak memory) and exits. It runs
 * under a memory cap (see corpus-updater.ts).
 *
 * In production it is bundled beside the server (dist/server/corpus-update-worker.js, see
 * scripts/build-server.mjs); from the sources it runs with tsx.
 */
import { runUpdateJob, type UpdateJobOptions, type UpdateJobResult } from '../../../corpus/update/update-job';

function isJob(v: unknown): v is UpdateJobOptions {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    Array.isArray(o.urls) &&
    o.urls.every((u) => typeof u === 'string') &&
    typeof o.indexDir === 'string' &&
    typeof o.stagingDir === 'string' &&
    typeof o.downloadTimeoutMs === 'number' &&
    typeof o.maxBytes === 'number'
  );
}

/** Sends the result with the process's peak resident memory (MB), then exits. */
function reply(result: UpdateJobResult): void {
  if (!process.send) process.exit(2);
  process.send({ ...result, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }, () => process.exit(0));
}

process.once('message', (message: unknown) => {
  if (!isJob(message)) {
    reply({ outcome: 'failed', failure: 'build_failed', message: 'Tâche de mise à jour invalide.' });
    return;
  }
  runUpdateJob(message).then(reply, (e: unknown) =>
    reply({
      outcome: 'failed',
      failure: 'build_failed',
      message: 'Erreur inattendue pendant la mise à jour du corpus.',
      detail: (e instanceof Error ? e.message : String(e)).slice(0, 300),
    }),
  );
});
