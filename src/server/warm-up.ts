import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { describeFailure } from './plugins/errors';

/**
 * Work done once after the server starts listening, so that the first visitor does not pay for what the
 * code builds lazily (compiled lexicon, regular expressions compiled on first use, fiche analyses, the
 * engine's open index files, code not yet optimised by V8). Each module adds its steps (`app.warmUp.add`);
 * server.ts runs them after `listen`. Steps run one after another, each in a turn of its own (requests that
 * arrive meanwhile are served between two steps); a failing step is logged and skipped — a warm-up never
 * stops the server. One log line lists each step's name and duration.
 */

export interface WarmUpStep {
  /** A short fixed name for the log (`answers`, `search`…). */
  name: string;
  run(): Promise<void> | void;
}

export interface WarmUpResult {
  name: string;
  ms: number;
  ok: boolean;
}

export interface WarmUp {
  add(step: WarmUpStep): void;
  /** The steps' names, in order. */
  readonly steps: readonly string[];
  /** Runs every step once (a second call does nothing) and resolves with what each took. Never rejects. */
  run(): Promise<WarmUpResult[]>;
}

export function createWarmUp(log: FastifyBaseLogger): WarmUp {
  const steps: WarmUpStep[] = [];
  let done: Promise<WarmUpResult[]> | undefined;
  async function runAll(): Promise<WarmUpResult[]> {
    const results: WarmUpResult[] = [];
    for (const step of steps) {
      await nextTurn();
      const started = performance.now();
      let ok = true;
      try {
        await step.run();
      } catch (err) {
        ok = false;
        log.warn({ step: step.name, failure: describeFailure(err) }, 'warm-up step failed');
      }
      results.push({ name: step.name, ms: Math.round(performance.now() - started), ok });
    }
    log.info({ warmUp: results }, 'warm-up done');
    return results;
  }
  return {
    add(step) {
      steps.push(step);
    },
    get steps() {
      return steps.map((s) => s.name);
    },
    run() {
      done ??= runAll();
      return done;
    },
  };
}
