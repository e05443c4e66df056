import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { EmbeddingsHealth } from '../../../common/api/health';
import type { EngineHolder } from '../../../corpus/engine-holder';
import type { Config } from '../../config';
import { appMetrics } from '../../plugins/metrics';
import { createQueryModels, type QueryModelsProvider, type RetrievalModelName, type RetrievalModelOutcome } from '../answers/retrieval/query-models';
import { LOCAL_MODEL, Semantic, type SemanticState } from './semantic';
import { vectorCacheDir } from './vector-cache';

/**
 * The model of meaning in the app (semantic.ts): the local model process started once the app listens
 * (unless EMBEDDINGS_BASE_URL names another endpoint, or EMBEDDINGS_LOCAL=off), the corpus's vectors read
 * or computed in the background, saved in INDEX_DIR.vectors/. For an index swapped in by the scheduled
 * update, the update's child process has normally computed them before the swap (`app.semantic
 * .forCorpusUpdate()`, prepare-vectors.ts) and they are read at the swap; otherwise they are computed after
 * it, as at a first start. `app.semantic` for /api/search, `app.queryModels` for the answers (with the
 * language model's rewrite); `embeddings` in /api/health, and in /metrics:
 * `questionlegale_embeddings_state{state}`, `questionlegale_embeddings_progress`,
 * `questionlegale_retrieval_models_total{model,outcome}`.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when the model is off by configuration. */
    semantic: Semantic | undefined;
    /** Undefined when neither the model of meaning nor the LLM rewrite is configured. */
    queryModels: QueryModelsProvider | undefined;
    /** The model's state for /api/health. */
    embeddingsHealth(): EmbeddingsHealth;
  }
}

export interface SemanticPluginOptions {
  config: Pick<Config, 'embeddings' | 'localModel' | 'queryRewrite' | 'llm' | 'indexDir'>;
  holder: EngineHolder;
  /** Progress of the corpus's vectors (the server's terminal bar or log lines). */
  onProgress?: (done: number, total: number) => void;
  /** Test overrides. */
  overrides?: { retryMs?: number; batchTimeoutMs?: number; now?: () => number };
}

const OUTCOMES: RetrievalModelOutcome[] = ['used', 'empty', 'off_topic', 'not_ready', 'timeout', 'error'];
const STATES: SemanticState['state'][] = ['starting', 'building', 'ready', 'off'];

async function setupSemantic(app: FastifyInstance, opts: SemanticPluginOptions): Promise<void> {
  const { config } = opts;
  const remote = config.embeddings;
  const local = config.localModel;
  const semantic =
    remote || local
      ? new Semantic({
          ...(remote ? { remote: { baseUrl: remote.baseUrl, model: remote.model, ...(remote.apiKey ? { apiKey: remote.apiKey } : {}) } } : {}),
          ...(local ? { local: { python: local.python, script: local.script, ...(local.threads ? { threads: local.threads } : {}) } } : {}),
          queryTimeoutMs: remote?.timeoutMs ?? local?.timeoutMs ?? 1500,
          batchSize: remote?.batchSize ?? local?.batchSize ?? 16,
          cacheDir: vectorCacheDir(config.indexDir),
          log: app.log,
          ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
          ...(opts.overrides?.retryMs !== undefined ? { retryMs: opts.overrides.retryMs } : {}),
          ...(opts.overrides?.batchTimeoutMs !== undefined ? { batchTimeoutMs: opts.overrides.batchTimeoutMs } : {}),
          ...(opts.overrides?.now ? { now: opts.overrides.now } : {}),
        })
      : undefined;

  const health = (): EmbeddingsHealth => {
    if (!semantic) return { state: 'off', reason: 'modèle de sens désactivé (EMBEDDINGS_LOCAL=off)' };
    const s = semantic.state(opts.holder.engine);
    const model = remote?.model ?? LOCAL_MODEL;
    const restarts = semantic.process ? Math.max(0, semantic.process.spawns - 1) : undefined;
    return {
      state: s.state,
      model,
      ...(s.state === 'building' && s.total > 0 ? { progress: Math.min(1, s.done / s.total) } : {}),
      ...(s.state === 'off' ? { reason: s.reason } : {}),
      ...(restarts !== undefined ? { restarts } : {}),
    };
  };

  const metrics = appMetrics(app);
  const enabled: RetrievalModelName[] = [...(semantic ? (['dense'] as const) : []), ...(config.queryRewrite && config.llm ? (['rewrite'] as const) : [])];
  const counter =
    metrics && enabled.length > 0
      ? new Counter({
          name: 'questionlegale_retrieval_models_total',
          help: 'Uses of the retrieval models (model of meaning, question rewrite) by outcome; anything but "used" fell back to the lexical search.',
          labelNames: ['model', 'outcome'] as const,
          registers: [metrics.registry],
        })
      : undefined;
  for (const model of enabled) for (const outcome of OUTCOMES) counter?.inc({ model, outcome }, 0);
  if (metrics) {
    new Gauge({
      name: 'questionlegale_embeddings_state',
      help: 'State of the model of meaning: 1 for the current state (starting, building, ready, off).',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect() {
        const now = health().state;
        for (const state of STATES) this.set({ state }, state === now ? 1 : 0);
      },
    });
    new Gauge({
      name: 'questionlegale_embeddings_progress',
      help: 'Share of the corpus vectors computed (1 when ready).',
      registers: [metrics.registry],
      collect() {
        const h = health();
        this.set(h.state === 'ready' ? 1 : (h.progress ?? 0));
      },
    });
  }

  const queryModels = createQueryModels({
    ...(semantic ? { semantic, scopeVerdict: !remote } : {}),
    ...(config.queryRewrite && config.llm
      ? {
          rewrite: {
            baseUrl: config.llm.baseUrl,
            model: config.llm.model,
            ...(config.llm.apiKey ? { apiKey: config.llm.apiKey } : {}),
            timeoutMs: config.queryRewrite.timeoutMs,
          },
        }
      : {}),
    record: (model, outcome) => counter?.inc({ model, outcome }),
  });
  app.decorate('semantic', semantic);
  app.decorate('queryModels', queryModels);
  app.decorate('embeddingsHealth', health);
  if (semantic) {
    // After listen: the process starts and the vectors are read or computed while the site already answers.
    app.addHook('onReady', async () => {
      void semantic.start().then(() => semantic.vectors.get(opts.holder.engine));
    });
    // A new index: its vectors, prepared by the update and moved into the cache just before the swap, are
    // read here at once (ready from the first question); when they were not, they are computed now in the
    // background (the site answers lexically meanwhile, and /api/health says `building`).
    opts.holder.onSwap(() => void semantic.vectors.get(opts.holder.engine));
  }
  app.addHook('onClose', async () => {
    queryModels?.close();
    await semantic?.close();
  });
}

export const semanticPlugin = fp(setupSemantic, { name: 'semantic' });
