/**
 * The vectors of a new index, computed by the scheduled corpus update's child process before the index is
 * swapped in (src/corpus/update/update-job.ts), so that the server finds them ready at the swap and its
 * answers keep the dense ranking across it.
 *
 * The child does not run a model: it sends the units to the model the server uses (the local process's
 * loopback endpoint, or an operator's), whose address the server put in the job's options (`VectorsJob`,
 * read from `Semantic.forCorpusUpdate()` when the update starts). It computes only the units that changed:
 * the rows whose unit is unchanged are taken from the cache of the index in service (INDEX_DIR.vectors/).
 * The file is written beside the staging directory (STAGING.vectors/, see vector-cache.ts) under the key
 * the server's store will look for; the server moves it into INDEX_DIR.vectors/ just before the swap.
 *
 * Never fails the update: a model that does not answer, fails, or takes longer than `budgetMs` leaves the
 * index without prepared vectors (`prepared: false` and why), and the server computes them after the swap.
 */
import type { SearchEngine } from '../../../corpus/engine';
import type { EmbeddingsSettings } from './embeddings-client';
import { cacheKeys, vectorCacheDir } from './vector-cache';
import { VectorStore, type VectorsReady } from './vector-store';

/**
 * Longest time the child may spend on the vectors. Added to the update's time limit: a slow model ends
 * the computation, never the update. The whole corpus takes 4 to 13 minutes on two cores (README); a daily
 * update, which changes a few fiches, takes seconds.
 */
export const VECTORS_BUDGET_MS = 15 * 60_000;

/** What the child needs to compute the vectors (sent over IPC: plain data). */
export interface VectorsJob {
  /** Where the model answers now, with its name (part of the cache key) and its options. */
  settings: EmbeddingsSettings;
  /** Units per request (the server's: a question waits at most one batch). */
  batchSize: number;
  /** Time limit of one batch request. */
  batchTimeoutMs: number;
  budgetMs: number;
}

/** The model of meaning for a corpus update: how the child reaches it, or why it cannot now. */
export type VectorsForUpdate = { job: VectorsJob } | { unavailable: string };

/** What the child did (sent back to the server, which logs it). */
export type PreparedVectors =
  | { prepared: true; units: number; computed: number; ms: number }
  | { prepared: false; reason: string; ms: number };

export interface PrepareVectorsDirs {
  /** The index in service: the rows of its vectors are reused. */
  indexDir: string;
  /** The staged index: its vectors are written into vectorCacheDir(stagingDir). */
  stagingDir: string;
}

const quiet = { info: () => undefined, warn: () => undefined };

/** Computes and saves the vectors of `engine` (the staged index). Never throws. */
export async function prepareVectors(engine: SearchEngine, job: VectorsJob, dirs: PrepareVectorsDirs): Promise<PreparedVectors> {
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  const cacheDir = vectorCacheDir(dirs.stagingDir);
  let ready: VectorsReady | undefined;
  const store = new VectorStore({
    endpoint: () => job.settings,
    model: job.settings.model,
    batchSize: job.batchSize,
    batchTimeoutMs: job.batchTimeoutMs,
    cacheDir,
    reuseFrom: vectorCacheDir(dirs.indexDir),
    // One attempt: after a failure the server computes them.
    retryMs: Number.MAX_SAFE_INTEGER,
    // The child writes no log (the server logs what it sends back).
    log: quiet,
    onReady: (r) => {
      ready = r;
    },
  });
  let overBudget = false;
  const timer = setTimeout(() => {
    overBudget = true;
    store.close();
  }, job.budgetMs);
  try {
    const matrix = await store.whenReady(engine);
    if (matrix && ready && cacheKeys(cacheDir).length > 0) return { prepared: true, units: ready.units, computed: ready.computed, ms: ms() };
    if (overBudget) return { prepared: false, reason: `Calcul des vecteurs arrêté au bout de ${Math.round(job.budgetMs / 1000)} s.`, ms: ms() };
    const s = store.status(engine);
    if (s.status === 'failed') return { prepared: false, reason: s.reason, ms: ms() };
    return { prepared: false, reason: matrix ? 'Vecteurs non enregistrés.' : 'Vecteurs non calculés.', ms: ms() };
  } catch (e) {
    return { prepared: false, reason: e instanceof Error ? e.message.slice(0, 200) : 'Erreur inattendue.', ms: ms() };
  } finally {
    clearTimeout(timer);
    store.close();
  }
}
