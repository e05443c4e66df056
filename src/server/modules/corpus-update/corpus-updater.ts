/**
 * Scheduled corpus update: every CORPUS_UPDATE_HOURS, the DILA archives of CORPUS_UPDATE_URLS are
 * downloaded, indexed and checked in a child process (corpus-update-worker.ts: the server keeps
 * answering meanwhile), then the new index is moved into INDEX_DIR and swapped in (engine-holder.ts)
 * without a restart. Any failure — download, timeout, size, corrupt archive, build, checks, loading —
 * keeps the index in service and is logged (outcome code and French reason: never a question, never an
 * archive URL) and shown in /api/health and /metrics.
 *
 * Swapping in, on the event loop and in one synchronous step: INDEX_DIR → INDEX_DIR.previous, the staged
 * index → INDEX_DIR, load it (the only pause requests see: the time to open an index, about 0.4 s for
 * the full corpus), hand it to the holder (which closes the previous engine); on a loading error the
 * directories are put back. The previous directory is then removed in the background. A restart loads
 * INDEX_DIR as usual: the updated index is kept until the corpus packages change version.
 *
 * The last attempt is remembered in INDEX_DIR.update-state.json, so a restart does not download again
 * before the interval has passed. Failures in a row space the attempts out (twice the interval after the
 * second, four times after the third…, at most a week apart) and only the first of a streak is logged as a
 * warning: a machine that cannot reach the archives keeps the shipped data and says so once, in the log
 * and in /api/health (`update.lastOutcome`, `consecutiveFailures`, `nextAt`), not every day.
 *
 * The new index's vectors (model of meaning) are computed before the swap, in the child process, after the
 * checks: the server puts its model's address in the job (`vectors`, from `Semantic.forCorpusUpdate()`),
 * the child sends only the units of the fiches that changed (the others' rows come from INDEX_DIR.vectors/)
 * and saves the file beside the staging directory (STAGING.vectors/); the swap moves it into
 * INDEX_DIR.vectors/ just before handing the index to the holder, so the server reads it at the swap and
 * answers with the dense ranking from the first question. When the model is not up, fails or is too slow,
 * the update swaps all the same and says so in one log line; the server then computes them after the swap.
 * The update's time limit grows by the vectors' budget (VECTORS_BUDGET_MS): a slow model never fails it.
 *
 * The child process is capped in memory (CORPUS_UPDATE_MAX_MEMORY_MB): a V8 heap limit, and a limit of its
 * data segment set with `prlimit` where the system has it (util-linux), which also bounds the memory held
 * outside the heap (buffers); a child stopped for lack of memory ends the attempt with `out_of_memory`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CorpusUpdateSettings } from '../../config';
import { openIndex, type SearchEngine } from '../../../corpus/engine';
import type { EngineHolder } from '../../../corpus/engine-holder';
import { updateStatePath } from '../../../corpus/index-lifecycle';
import type { CorpusUpdateFailure } from '../../../corpus/update/download-archives';
import type { UpdateJobOptions, UpdateJobReply } from '../../../corpus/update/update-job';
import type { PreparedVectors, VectorsForUpdate } from '../semantic/prepare-vectors';
import { moveVectorCache, vectorCacheDir } from '../semantic/vector-cache';
import { removeStaging, runJobInChildProcess, type UpdateJobRunner } from './corpus-update-child';

export type { UpdateJobRunner } from './corpus-update-child';

export type CorpusUpdateOutcome = 'updated' | 'unchanged' | CorpusUpdateFailure;

export const CORPUS_UPDATE_OUTCOMES: readonly CorpusUpdateOutcome[] = [
  'updated',
  'unchanged',
  'download_failed',
  'timeout',
  'too_large',
  'invalid_archive',
  'build_failed',
  'check_failed',
  'swap_failed',
  'out_of_memory',
];

/** What the server remembers of the last attempts (persisted beside the index). */
export interface CorpusUpdateState {
  lastAttemptAt?: string;
  lastOutcome?: CorpusUpdateOutcome;
  /** French reason of the last failure. */
  lastMessage?: string;
  /** Last attempt that ended without failure (new index, or archives unchanged). */
  lastSuccessAt?: string;
  /** Last time a new index went into service. */
  lastUpdatedAt?: string;
  /** Attempts that failed in a row, the last one included (absent after a success). */
  consecutiveFailures?: number;
}

export interface CorpusUpdateStatus extends CorpusUpdateState {
  running: boolean;
  nextAt?: string;
}

export interface UpdateAttempt {
  outcome: CorpusUpdateOutcome;
  message?: string;
  ms: number;
}

export interface CorpusUpdaterLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CorpusUpdaterOptions {
  holder: EngineHolder;
  /** INDEX_DIR: where the engine in service was loaded from, and where the new one goes. */
  indexDir: string;
  settings: CorpusUpdateSettings;
  log: CorpusUpdaterLog;
  /** Include the code articles of the legi-data package (default true; tests leave them out). */
  includeCodes?: boolean;
  /** Include the other sources' fiches, the labour ministry's (default true; tests may leave them out). */
  includeOtherSources?: boolean;
  /** Delay of the first update after a start when none ran within the interval (default 60 s). */
  startDelayMs?: number;
  /**
   * The model of meaning when the update starts (undefined: none in this server): where the child sends
   * the new index's units, or why it cannot. Read at each attempt (the local model changes port when it
   * restarts).
   */
  vectors?: () => VectorsForUpdate | undefined;
  /** How the job runs (default: in a child process). */
  runJob?: UpdateJobRunner;
  /** Clock (tests). */
  now?: () => number;
  onAttempt?: (attempt: UpdateAttempt) => void;
}

export interface CorpusUpdater {
  /** Arms the schedule. */
  start(): void;
  /** Runs an update now (or joins the one running). */
  runNow(): Promise<UpdateAttempt>;
  status(): CorpusUpdateStatus;
  /** Stops the schedule and any running job (its staging directory is removed). */
  close(): Promise<void>;
}

/** Time the build and the checks may take on top of the downloads before the child process is killed. */
export const BUILD_GUARD_MS = 20 * 60_000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Longest wait between two attempts after failures in a row (when the interval itself is shorter). */
const MAX_BACKOFF_MS = 7 * 24 * 3_600_000;

/** Delay before the next attempt: the interval, doubled for each failure in a row after the first, at most a week. */
export function nextDelayMs(intervalMs: number, consecutiveFailures: number): number {
  if (consecutiveFailures <= 1) return intervalMs;
  return Math.min(intervalMs * 2 ** (consecutiveFailures - 1), Math.max(intervalMs, MAX_BACKOFF_MS));
}

const statePath = updateStatePath;

function readState(indexDir: string): CorpusUpdateState {
  try {
    const raw = JSON.parse(fs.readFileSync(statePath(indexDir), 'utf8')) as unknown;
    if (typeof raw !== 'object' || raw === null) return {};
    const o = raw as Record<string, unknown>;
    const state: CorpusUpdateState = {};
    for (const k of ['lastAttemptAt', 'lastMessage', 'lastSuccessAt', 'lastUpdatedAt'] as const) {
      const v = o[k];
      if (typeof v === 'string') state[k] = v.slice(0, 500);
    }
    if (CORPUS_UPDATE_OUTCOMES.includes(o.lastOutcome as CorpusUpdateOutcome)) state.lastOutcome = o.lastOutcome as CorpusUpdateOutcome;
    if (typeof o.consecutiveFailures === 'number' && Number.isInteger(o.consecutiveFailures) && o.consecutiveFailures > 0) {
      state.consecutiveFailures = Math.min(o.consecutiveFailures, 1000);
    }
    return state;
  } catch {
    return {};
  }
}

/** Removes what an interrupted update may have left beside the index (a staging directory's vectors too). */
function removeLeftovers(indexDir: string): void {
  const dir = path.dirname(indexDir);
  const base = path.basename(indexDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    if (n.startsWith(`${base}.staging-`) || n === `${base}.previous`) fs.rmSync(path.join(dir, n), { recursive: true, force: true });
  }
}

/**
 * Moves the staged index into `indexDir` and loads it (synchronous: see the module comment). Returns the
 * new engine; on failure the directories are as before and the error is thrown.
 */
export function installIndex(indexDir: string, stagingDir: string, open: (dir: string) => SearchEngine = openIndex): SearchEngine {
  const previous = `${indexDir}.previous`;
  fs.rmSync(previous, { recursive: true, force: true });
  const hadIndex = fs.existsSync(indexDir);
  if (hadIndex) fs.renameSync(indexDir, previous);
  try {
    fs.renameSync(stagingDir, indexDir);
    return open(indexDir);
  } catch (e) {
    if (fs.existsSync(indexDir)) fs.renameSync(indexDir, stagingDir);
    if (hadIndex) fs.renameSync(previous, indexDir);
    throw e;
  }
}

export function createCorpusUpdater(opts: CorpusUpdaterOptions): CorpusUpdater {
  const now = opts.now ?? Date.now;
  const runJob = opts.runJob ?? runJobInChildProcess;
  const intervalMs = opts.settings.intervalHours * 3_600_000;
  const state: CorpusUpdateState = readState(opts.indexDir);
  let running: Promise<UpdateAttempt> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextAt: number | undefined;
  let closed = false;
  const abort = new AbortController();

  const iso = (t: number): string => new Date(t).toISOString();

  function saveState(): void {
    try {
      fs.writeFileSync(statePath(opts.indexDir), `${JSON.stringify(state, null, 2)}\n`);
    } catch {
      // Read-only data directory: the schedule still works, from the start time.
    }
  }

  function schedule(at: number): void {
    if (closed) return;
    if (timer) clearTimeout(timer);
    nextAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      // A delay beyond setTimeout's range is reached in several steps.
      if (now() < at - 1000) schedule(at);
      else void runNow();
    }, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
    timer.unref();
  }

  async function attempt(): Promise<UpdateAttempt> {
    const started = now();
    const staging = `${opts.indexDir}.staging-${process.pid}-${started}`;
    const model = opts.vectors?.();
    const job: UpdateJobOptions = {
      urls: opts.settings.urls,
      indexDir: opts.indexDir,
      stagingDir: staging,
      downloadTimeoutMs: opts.settings.downloadTimeoutMs,
      maxBytes: opts.settings.maxBytes,
      ...(opts.includeCodes === false ? { includeCodes: false } : {}),
      ...(opts.includeOtherSources === false ? { includeOtherSources: false } : {}),
      ...(model && 'job' in model ? { vectors: model.job } : {}),
    };
    const before = opts.holder.current();
    const previous = { corpusDate: before.corpusDate, fiches: before.ficheCount };
    let result: UpdateJobReply;
    try {
      const guardMs = opts.settings.downloadTimeoutMs + BUILD_GUARD_MS + (job.vectors?.budgetMs ?? 0);
      result = await runJob(job, { guardMs, signal: abort.signal, maxMemoryMb: opts.settings.maxMemoryMb });
    } catch {
      result = { outcome: 'failed', failure: 'build_failed', message: 'Le processus de mise à jour du corpus a échoué.' };
    }
    let outcome: CorpusUpdateOutcome;
    let message: string | undefined;
    let swapMs: number | undefined;
    /** The new index's vectors, when the server has a model of meaning and the index went into service. */
    let vectors: PreparedVectors | undefined;
    if (result.outcome === 'built' && closed) {
      removeStaging(result.stagingDir);
      outcome = 'swap_failed';
      message = "Serveur en cours d'arrêt\u202f: nouvel index abandonné.";
    } else if (result.outcome === 'built') {
      const t = performance.now();
      try {
        const next = installIndex(opts.indexDir, result.stagingDir);
        // Into the server's cache before the swap: the holder's listeners (semantic-plugin.ts) read them.
        const prepared = result.vectors;
        const moved = prepared?.prepared === true && moveVectorCache(vectorCacheDir(result.stagingDir), vectorCacheDir(opts.indexDir));
        opts.holder.swap(next);
        outcome = 'updated';
        if (model) {
          vectors =
            prepared?.prepared === true && !moved
              ? { prepared: false, reason: 'Vecteurs non déplacés dans le dossier du cache.', ms: prepared.ms }
              : (prepared ?? { prepared: false, reason: 'unavailable' in model ? model.unavailable : 'Vecteurs non calculés.', ms: 0 });
        }
        fs.promises.rm(`${opts.indexDir}.previous`, { recursive: true, force: true }).catch(() => undefined);
      } catch {
        removeStaging(result.stagingDir);
        outcome = 'swap_failed';
        message = "Le nouvel index n'a pas pu être chargé ; l'index précédent reste en service.";
      }
      fs.rmSync(vectorCacheDir(result.stagingDir), { recursive: true, force: true });
      swapMs = Math.round(performance.now() - t);
    } else if (result.outcome === 'unchanged') {
      outcome = 'unchanged';
    } else {
      outcome = result.failure;
      message = result.message;
    }

    const ended = now();
    const ms = ended - started;
    const previousOutcome = state.lastOutcome;
    state.lastAttemptAt = iso(started);
    state.lastOutcome = outcome;
    if (message) state.lastMessage = message;
    else delete state.lastMessage;
    const failed = outcome !== 'updated' && outcome !== 'unchanged';
    // The first failure of a streak, or one of another kind than the last, is news; the next ones are not.
    const news = !failed || (state.consecutiveFailures ?? 0) === 0 || previousOutcome !== outcome;
    if (failed) state.consecutiveFailures = (state.consecutiveFailures ?? 0) + 1;
    else delete state.consecutiveFailures;
    if (!failed) state.lastSuccessAt = iso(ended);
    if (outcome === 'updated') state.lastUpdatedAt = iso(ended);
    saveState();

    const current = opts.holder.current();
    const fields = {
      corpusUpdate: {
        outcome,
        ms,
        corpusDate: current.corpusDate,
        fiches: current.ficheCount,
        ...(outcome === 'updated' ? { previousCorpusDate: previous.corpusDate, previousFiches: previous.fiches, swapMs } : {}),
        ...(vectors ? { vectors } : {}),
        ...(result.outcome !== 'failed' ? { downloadedBytes: result.bytes } : {}),
        ...(message ? { reason: message } : {}),
        ...(result.outcome === 'failed' && result.detail ? { detail: result.detail } : {}),
        ...(result.peakRssMb !== undefined ? { peakRssMb: result.peakRssMb } : {}),
        ...(failed ? { consecutiveFailures: state.consecutiveFailures, nextAttemptInHours: Math.round(nextDelayMs(intervalMs, state.consecutiveFailures ?? 1) / 360_000) / 10 } : {}),
      },
    };
    if (outcome === 'updated') opts.log.info(fields, 'corpus update: new index in service');
    else if (outcome === 'unchanged') opts.log.info(fields, 'corpus update: archives unchanged');
    else if (news) opts.log.warn(fields, 'corpus update failed: the previous index stays in service');
    else opts.log.info(fields, 'corpus update failed again: the previous index stays in service');
    // Once per update: the new index is searched lexically until the server has computed its vectors. A
    // model that is not up is known (/api/health); one that failed during the update is news.
    if (vectors && !vectors.prepared) {
      const note = { corpusUpdate: { event: 'vectors_after_swap', reason: vectors.reason } };
      const msg = 'corpus update: vectors of the new index not prepared before the swap, computed by the server after it';
      if (model && 'unavailable' in model) opts.log.info(note, msg);
      else opts.log.warn(note, msg);
    }

    const done: UpdateAttempt = { outcome, ms, ...(message ? { message } : {}) };
    opts.onAttempt?.(done);
    return done;
  }

  function runNow(): Promise<UpdateAttempt> {
    if (running) return running;
    if (closed) return Promise.resolve({ outcome: 'swap_failed', message: "Serveur en cours d'arrêt.", ms: 0 });
    if (timer) clearTimeout(timer);
    timer = undefined;
    nextAt = undefined;
    running = attempt().finally(() => {
      running = undefined;
      schedule(now() + nextDelayMs(intervalMs, state.consecutiveFailures ?? 0));
    });
    return running;
  }

  return {
    start() {
      removeLeftovers(opts.indexDir);
      const last = state.lastAttemptAt ? Date.parse(state.lastAttemptAt) : NaN;
      const soonest = now() + (opts.startDelayMs ?? 60_000);
      schedule(Number.isNaN(last) ? soonest : Math.max(soonest, last + nextDelayMs(intervalMs, state.consecutiveFailures ?? 0)));
    },
    runNow,
    status() {
      return { ...state, running: running !== undefined, ...(nextAt !== undefined ? { nextAt: iso(nextAt) } : {}) };
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      nextAt = undefined;
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
