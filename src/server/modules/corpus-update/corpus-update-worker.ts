/**
 * Child process of a scheduled corpus update (started by corpus-update-child.ts with `fork`): receives the
 * job's options as its one IPC message, runs the job (download, parse, build, check: seconds of CPU that
 * must not hold the server's event loop; then the new index's vectors, asked of the server's model of
 * meaning over HTTP), sends the result back (with its peak memory) and exits. It runs under a memory cap
 * (see corpus-updater.ts).
 *
 * In production it is bundled beside the server (dist/server/corpus-update-worker.js, see
 * scripts/build-server.mjs); from the sources it runs with tsx.
 */
import { runUpdateJob, type UpdateJobOptions, type UpdateJobResult } from '../../../corpus/update/update-job';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The model of meaning of the job (prepare-vectors.ts), when the server sent one. */
function isVectorsJob(v: unknown): boolean {
  if (!isRecord(v) || !isRecord(v.settings)) return false;
  return typeof v.settings.baseUrl === 'string' && typeof v.settings.model === 'string' && typeof v.batchSize === 'number' && typeof v.batchTimeoutMs === 'number' && typeof v.budgetMs === 'number';
}

function isJob(v: unknown): v is UpdateJobOptions {
  if (!isRecord(v)) return false;
  return (
    Array.isArray(v.urls) &&
    v.urls.every((u) => typeof u === 'string') &&
    typeof v.indexDir === 'string' &&
    typeof v.stagingDir === 'string' &&
    typeof v.downloadTimeoutMs === 'number' &&
    typeof v.maxBytes === 'number' &&
    (v.vectors === undefined || isVectorsJob(v.vectors))
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
