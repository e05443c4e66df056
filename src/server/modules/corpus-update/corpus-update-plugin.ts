import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { CorpusHealth } from '../../../common/api/health';
import type { EngineHolder } from '../../../corpus/engine-holder';
import { corpusSources } from '../../../corpus/sources';
import type { CorpusUpdateSettings } from '../../config';
import { appMetrics } from '../../plugins/metrics';
import { CORPUS_UPDATE_OUTCOMES, createCorpusUpdater, type CorpusUpdater, type CorpusUpdaterOptions } from './corpus-updater';

/**
 * The search index in service and its scheduled update (corpus-updater.ts) in the app: started once the
 * app is ready, stopped when it closes, described by `app.corpusUpdate.health()` (GET /api/health) and
 * by gauges in /metrics (also without a schedule: the data date and the fiche count).
 */

export interface CorpusUpdateHandle {
  /** Undefined with CORPUS_UPDATE_URLS=off. */
  updater: CorpusUpdater | undefined;
  health(): CorpusHealth;
}

declare module 'fastify' {
  interface FastifyInstance {
    corpusUpdate: CorpusUpdateHandle;
  }
}

export interface CorpusUpdatePluginOptions {
  holder: EngineHolder;
  indexDir: string;
  settings: CorpusUpdateSettings | undefined;
  /** The model of meaning, for the new index's vectors before the swap (corpus-updater.ts). */
  vectors?: CorpusUpdaterOptions['vectors'];
  /** Test overrides of the updater. */
  updater?: Partial<Pick<CorpusUpdaterOptions, 'includeCodes' | 'includeOtherSources' | 'startDelayMs' | 'runJob' | 'now'>>;
}

const seconds = (iso: string | undefined): number => (iso ? Date.parse(iso) / 1000 : 0);

async function corpusUpdate(app: FastifyInstance, opts: CorpusUpdatePluginOptions): Promise<void> {
  const metrics = appMetrics(app);
  const outcomes = metrics
    ? new Counter({
        name: 'questionlegale_corpus_updates_total',
        help: 'Scheduled corpus update attempts by outcome.',
        labelNames: ['outcome'] as const,
        registers: [metrics.registry],
      })
    : undefined;
  for (const o of CORPUS_UPDATE_OUTCOMES) outcomes?.inc({ outcome: o }, 0);

  const updater = opts.settings
    ? createCorpusUpdater({
        holder: opts.holder,
        indexDir: opts.indexDir,
        settings: opts.settings,
        log: app.log,
        onAttempt: (a) => outcomes?.inc({ outcome: a.outcome }),
        ...(opts.vectors ? { vectors: opts.vectors } : {}),
        ...opts.updater,
      })
    : undefined;

  const handle: CorpusUpdateHandle = {
    updater,
    health() {
      const engine = opts.holder.current();
      return {
        date: engine.corpusDate,
        fiches: engine.ficheCount,
        builtAt: engine.manifest.builtAt,
        sources: corpusSources(engine.manifest),
        ...(updater ? { update: updater.status() } : {}),
      };
    },
  };
  app.decorate('corpusUpdate', handle);

  if (metrics) {
    const registers = [metrics.registry];
    new Gauge({
      name: 'questionlegale_corpus_date_timestamp_seconds',
      help: 'Date of the newest fiche of the index in service (Unix time).',
      registers,
      collect() {
        this.set(seconds(opts.holder.current().corpusDate));
      },
    });
    new Gauge({
      name: 'questionlegale_corpus_fiches',
      help: 'Fiches in the index in service.',
      registers,
      collect() {
        this.set(opts.holder.current().ficheCount);
      },
    });
    if (updater) {
      new Gauge({
        name: 'questionlegale_corpus_update_running',
        help: '1 while a scheduled corpus update runs.',
        registers,
        collect() {
          this.set(updater.status().running ? 1 : 0);
        },
      });
      new Gauge({
        name: 'questionlegale_corpus_update_last_attempt_timestamp_seconds',
        help: 'Start of the last scheduled corpus update attempt (Unix time; 0: none yet).',
        registers,
        collect() {
          this.set(seconds(updater.status().lastAttemptAt));
        },
      });
      new Gauge({
        name: 'questionlegale_corpus_update_last_success_timestamp_seconds',
        help: 'Last corpus update attempt that ended without failure, new index or unchanged archives (Unix time; 0: none yet).',
        registers,
        collect() {
          this.set(seconds(updater.status().lastSuccessAt));
        },
      });
    }
  }

  if (updater) {
    app.addHook('onReady', async () => updater.start());
    app.addHook('onClose', async () => updater.close());
  }
}

export const corpusUpdatePlugin = fp(corpusUpdate, { name: 'corpus-update' });
