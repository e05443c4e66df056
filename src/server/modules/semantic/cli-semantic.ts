/**
 * The model of meaning for the commands (`npm run search`, the evaluation scripts): started the way the
 * server starts it (the local process of .venv, or the operator's EMBEDDINGS_BASE_URL + EMBEDDINGS_MODEL),
 * with the corpus's vectors read from the cache beside the index (INDEX_DIR.vectors/, shared with the
 * server) or computed once with a progress bar on the terminal. EMBEDDINGS_LOCAL=off, or a model that
 * cannot start, gives undefined: the command then searches lexically, and says so on stderr.
 */
import path from 'node:path';
import type { SearchEngine } from '../../../corpus/engine';
import { createTerminalProgress } from '../../../corpus/progress';
import { Semantic } from './semantic';
import { vectorCacheDir } from './vector-cache';

export interface CliSemanticOptions {
  engine: SearchEngine;
  indexDir: string;
  /** The command's environment (EMBEDDINGS_*): read here, at the command's entry, never on import. */
  env: Readonly<Record<string, string | undefined>>;
  /** Show a progress bar while the vectors are computed (stderr is a terminal). */
  progress: boolean;
  /** Where to say what happens (stderr). */
  say: (line: string) => void;
}

const quiet = { info: () => undefined, warn: () => undefined };

export async function openCliSemantic(opts: CliSemanticOptions): Promise<Semantic | undefined> {
  const { env } = opts;
  const remote = env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_MODEL ? { baseUrl: env.EMBEDDINGS_BASE_URL, model: env.EMBEDDINGS_MODEL, ...(env.EMBEDDINGS_API_KEY ? { apiKey: env.EMBEDDINGS_API_KEY } : {}) } : undefined;
  if (!remote && env.EMBEDDINGS_LOCAL === 'off') return undefined;
  const bar = opts.progress ? createTerminalProgress() : undefined;
  const semantic = new Semantic({
    ...(remote ? { remote } : { local: { python: path.resolve(env.EMBEDDINGS_LOCAL_VENV ?? '.venv', 'bin', 'python'), script: path.resolve('scripts', 'semantic', 'serve.py'), ...(Number(env.EMBEDDINGS_LOCAL_THREADS) > 0 ? { threads: Number(env.EMBEDDINGS_LOCAL_THREADS) } : {}) } }),
    // A command waits for each answer: a generous time limit (the server keeps its own).
    queryTimeoutMs: 30_000,
    batchSize: 32,
    cacheDir: vectorCacheDir(opts.indexDir),
    log: quiet,
    ...(bar ? { onProgress: (done: number, total: number) => bar(done, total, 'vecteurs') } : {}),
  });
  await semantic.start();
  const state = semantic.process?.state;
  if (state?.state === 'off') {
    opts.say(`Modèle de sens indisponible (${state.reason})\u202f: recherche lexicale seule.`);
    await semantic.close();
    return undefined;
  }
  const matrix = await semantic.vectors.whenReady(opts.engine);
  bar?.stop();
  if (!matrix) {
    const v = semantic.vectors.status(opts.engine);
    opts.say(`Vecteurs du corpus indisponibles (${v.status === 'failed' ? v.reason : v.status})\u202f: recherche lexicale seule.`);
    await semantic.close();
    return undefined;
  }
  return semantic;
}
