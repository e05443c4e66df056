import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DirectoryLockedError } from './db/lock';
import { createTerminalProgress } from '../corpus/progress';
import { restrictNewFileModes } from './db/file-modes';

const startedAt = performance.now();

async function main(): Promise<void> {
  // Whatever umask the process was started with, its files (database, secret, outbox) are private.
  restrictNewFileModes();
  const config = loadConfig(process.env);
  // First start: the search index is built from the corpus packages (about a minute), with a progress bar.
  const progress = process.stderr.isTTY ? createTerminalProgress() : undefined;
  // The corpus's vectors (model of meaning), computed once in the background: a bar, or a line per tenth.
  let tenth = -1;
  const onVectorsProgress = process.stderr.isTTY
    ? (done: number, total: number) => vectorsBar(done, total, 'vecteurs')
    : (done: number, total: number) => {
        const t = Math.floor((10 * done) / total);
        if (t !== tenth) process.stderr.write(`Vecteurs du corpus (modèle de sens)\u202f: ${done}/${total}\n`);
        tenth = t;
      };
  const vectorsBar = createTerminalProgress();
  const app = await buildApp(config, {
    onVectorsProgress,
    onIndexProgress:
      progress ??
      ((done, total, phase) => {
        if (done === 0 || done === total) process.stderr.write(`Index de recherche\u202f: ${phase} ${done}/${total}\n`);
      }),
  });
  progress?.stop();

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A connection kept alive after its last response would hold app.close() until the client drops it
    // (browsers keep them for minutes): close each one as soon as it is idle, so that in-flight requests
    // (answer streams included) finish and the process exits right after.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    { startMs: Math.round(performance.now() - startedAt), db: app.database.kind },
    `QuestionLegale.info prêt sur http://${shown}:${config.port}`,
  );
  // What the first answer would build lazily, built now (warm-up.ts; one log line when done).
  void app.warmUp.run();
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DirectoryLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Échec du démarrage / startup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
