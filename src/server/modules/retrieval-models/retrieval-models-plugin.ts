import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import type { EngineHolder } from '../../../corpus/engine-holder';
import type { Config } from '../../config';
import { appMetrics } from '../../plugins/metrics';
import { createRetrievalModels, type RetrievalModelName, type RetrievalModelOutcome, type RetrievalModels, type RetrievalModelsOptions } from './retrieval-models';

/**
 * The retrieval models in the app (retrieval-models.ts), when configured: `app.retrievalModels` for the
 * answers, the fiche vectors computed in the background once the app is ready (and again for an index
 * swapped in by the scheduled corpus update), saved in INDEX_DIR.vectors/, and
 * `questionlegale_retrieval_models_total{model,outcome}` in /metrics.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when neither EMBEDDINGS_* nor LLM_QUERY_REWRITE is set. */
    retrievalModels: RetrievalModels | undefined;
  }
}

export interface RetrievalModelsPluginOptions {
  config: Pick<Config, 'embeddings' | 'queryRewrite' | 'llm' | 'indexDir'>;
  holder: EngineHolder;
  /** Test overrides. */
  overrides?: Partial<Pick<RetrievalModelsOptions, 'now'>> & { retryMs?: number; batchTimeoutMs?: number };
}

const OUTCOMES: RetrievalModelOutcome[] = ['used', 'empty', 'off_topic', 'not_ready', 'timeout', 'error'];

async function setupRetrievalModels(app: FastifyInstance, opts: RetrievalModelsPluginOptions): Promise<void> {
  const { config } = opts;
  const metrics = appMetrics(app);
  const enabled: RetrievalModelName[] = [...(config.embeddings ? (['dense'] as const) : []), ...(config.queryRewrite && config.llm ? (['rewrite'] as const) : [])];
  const counter =
    metrics && enabled.length > 0
      ? new Counter({
          name: 'questionlegale_retrieval_models_total',
          help: 'Uses of the optional retrieval models (dense channel, question rewrite) by outcome; anything but "used" fell back to the lexical search.',
          labelNames: ['model', 'outcome'] as const,
          registers: [metrics.registry],
        })
      : undefined;
  for (const model of enabled) for (const outcome of OUTCOMES) counter?.inc({ model, outcome }, 0);

  const emb = config.embeddings;
  const models = createRetrievalModels({
    ...(emb
      ? {
          embeddings: {
            settings: { baseUrl: emb.baseUrl, model: emb.model, ...(emb.apiKey ? { apiKey: emb.apiKey } : {}) },
            timeoutMs: emb.timeoutMs,
            batchSize: emb.batchSize,
            cacheDir: `${config.indexDir}.vectors`,
            ...(opts.overrides?.retryMs !== undefined ? { retryMs: opts.overrides.retryMs } : {}),
            ...(opts.overrides?.batchTimeoutMs !== undefined ? { batchTimeoutMs: opts.overrides.batchTimeoutMs } : {}),
          },
        }
      : {}),
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
    log: app.log,
    record: (model, outcome) => counter?.inc({ model, outcome }),
    ...(opts.overrides?.now ? { now: opts.overrides.now } : {}),
  });
  app.decorate('retrievalModels', models);
  const vectors = models?.vectors;
  if (vectors) {
    app.addHook('onReady', async () => void vectors.get(opts.holder.engine));
    opts.holder.onSwap(() => void vectors.get(opts.holder.engine));
  }
  if (models) app.addHook('onClose', async () => models.close());
}

export const retrievalModelsPlugin = fp(setupRetrievalModels, { name: 'retrieval-models' });
