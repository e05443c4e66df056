/**
 * The child process of a corpus update (corpus-updater.ts schedules it): started with `fork` under a memory
 * cap (a V8 heap limit, and `prlimit --data` where the system has it), it runs the job of
 * corpus-update-worker.ts and answers once; a child that dies without answering is told apart as out of
 * memory or stopped, from its standard error.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusUpdateFailure } from '../../../corpus/update/download-archives';
import type { UpdateJobOptions, UpdateJobReply } from '../../../corpus/update/update-job';
import { vectorCacheDir } from '../semantic/vector-cache';

export interface UpdateJobRunOptions {
  guardMs: number;
  signal: AbortSignal;
  /** Memory cap of the process that runs the job (MB). */
  maxMemoryMb: number;
}

export type UpdateJobRunner = (job: UpdateJobOptions, opts: UpdateJobRunOptions) => Promise<UpdateJobReply>;

/** Removes a staged index and the vectors computed for it. */
export function removeStaging(stagingDir: string): void {
  fs.rmSync(stagingDir, { recursive: true, force: true });
  fs.rmSync(vectorCacheDir(stagingDir), { recursive: true, force: true });
}

/** `prlimit` (util-linux), which starts a program under resource limits, when the system has it. */
export function findPrlimit(): string | undefined {
  for (const p of ['/usr/bin/prlimit', '/bin/prlimit']) {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // Not there: try the next place.
    }
  }
  return undefined;
}

/**
 * How the worker is started (fork's `execPath` and `execArgv`): Node with its heap capped at three quarters
 * of `maxMemoryMb`, under `prlimit --data=maxMemoryMb` when `prlimit` is given.
 */
export function childLaunch(file: string, maxMemoryMb: number, prlimit: string | undefined): { execPath: string; execArgv: string[] } {
  const nodeArgs = [
    `--max-old-space-size=${Math.max(64, Math.floor(maxMemoryMb * 0.75))}`,
    // From the sources, tsx compiles the worker; the bundle is plain JavaScript.
    ...(file.endsWith('.ts') ? ['--import', 'tsx'] : []),
  ];
  if (!prlimit) return { execPath: process.execPath, execArgv: nodeArgs };
  return { execPath: prlimit, execArgv: [`--data=${maxMemoryMb * 1024 * 1024}`, '--', process.execPath, ...nodeArgs] };
}

/** What V8, Node or the C++ runtime print when an allocation fails (heap limit, or prlimit's data limit). */
const OUT_OF_MEMORY = /out of memory|heap limit|allocation failed|Cannot allocate memory|std::bad_alloc/i;

/**
 * Why a child that sent no answer ended. V8 prints its fatal error first (« Fatal process out of memory:
 * Zone » when a compilation thread cannot allocate under the data limit), then a native backtrace that can
 * fill the end of the output: both the start and the end of its standard error are read.
 */
export function childFailure(exit: { stderrHead: string; stderrTail: string; code: number | null; signal: NodeJS.Signals | null; maxMemoryMb: number }): UpdateJobReply {
  const { stderrHead, stderrTail, code, signal, maxMemoryMb } = exit;
  if (OUT_OF_MEMORY.test(stderrHead) || OUT_OF_MEMORY.test(stderrTail)) {
    return {
      outcome: 'failed',
      failure: 'out_of_memory',
      message: `La mise à jour du corpus a dépassé la mémoire permise (${maxMemoryMb} Mo)\u202f: l'index précédent reste en service.`,
      detail: (OUT_OF_MEMORY.test(stderrHead) ? stderrHead : stderrTail).trim().slice(0, 300),
    };
  }
  return {
    outcome: 'failed',
    failure: 'build_failed',
    message: `Le processus de mise à jour du corpus s'est arrêté (${signal ?? `code ${code}`}).`,
    detail: stderrTail.trim().slice(-300),
  };
}

/** The worker beside this module: its TypeScript source, or the bundled file beside dist/server/server.js. */
export function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'corpus-update-worker.ts' : 'corpus-update-worker.js');
}

/** Runs the job in a child process (see corpus-update-worker.ts); kills it after `guardMs` or on abort. */
export const runJobInChildProcess: UpdateJobRunner = (job, { guardMs, signal, maxMemoryMb }) =>
  new Promise<UpdateJobReply>((resolve) => {
    const file = workerPath();
    let child: ChildProcess;
    try {
      child = fork(file, [], {
        ...childLaunch(file, maxMemoryMb, findPrlimit()),
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'json',
      });
    } catch {
      resolve({ outcome: 'failed', failure: 'build_failed', message: 'Le processus de mise à jour du corpus ne démarre pas.' });
      return;
    }
    // V8's fatal error comes first (« Fatal process out of memory », « Check failed »), then a native
    // backtrace of any length: the start of the output is kept with its end.
    let stderrHead = '';
    let stderr = '';
    child.stderr?.on('data', (b: Buffer) => {
      const text = b.toString('utf8');
      if (stderrHead.length < 2000) stderrHead = (stderrHead + text).slice(0, 2000);
      stderr = (stderr + text).slice(-2000);
    });
    let result: UpdateJobReply | undefined;
    const stop = (failure: CorpusUpdateFailure, message: string): void => {
      result ??= { outcome: 'failed', failure, message };
      child.kill('SIGKILL');
    };
    const guard = setTimeout(() => stop('timeout', 'La mise à jour du corpus a dépassé le temps permis.'), guardMs);
    const onAbort = (): void => stop('build_failed', 'Mise à jour du corpus interrompue (arrêt du serveur).');
    signal.addEventListener('abort', onAbort, { once: true });
    child.on('message', (m: unknown) => {
      result ??= m as UpdateJobReply;
    });
    // Settles once the process is gone (it exits by itself after its answer), so nothing writes in the
    // staging directory any more when it is removed.
    let settled = false;
    const settle = (code: number | null, sig: NodeJS.Signals | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      signal.removeEventListener('abort', onAbort);
      const r: UpdateJobReply = result ?? childFailure({ stderrHead, stderrTail: stderr, code, signal: sig, maxMemoryMb });
      if (r.outcome !== 'built') removeStaging(job.stagingDir);
      resolve(r);
    };
    child.on('close', settle);
    child.on('error', () => {
      stop('build_failed', 'Le processus de mise à jour du corpus a échoué.');
      // A process that never started emits no 'close'.
      if (child.pid === undefined) settle(null, null);
    });
    child.send(job, (err) => {
      if (err) stop('build_failed', 'Le processus de mise à jour du corpus ne répond pas.');
    });
  });
