/**
 * Retrieval evaluation: hit@1, hit@5, hit@10 and MRR@10 over every phrasing of
 * src/corpus/eval/retrieval-dev.json (real search phrasings) and of our own everyday-question sets.
 *
 *   npm run eval:retrieval [-- --set dev|everyday|everyday2|all] [--split A|B|all] [--failures N] [--verbose] [--tune key=value,…]
 *
 * --split: the dev intents are split in two fixed halves by their position in the file (A = even index,
 * B = odd index). Failures are studied on A only; B is the held-out half, reported separately.
 * --failures N: prints up to N failing phrasings (gold not in the top 5) with the best gold rank (top 50).
 * --tune: overrides numeric query-time knobs of TUNING (engine.ts) for this run, e.g. `--tune anchor=0.3,head=0.6`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTerminalProgress, defaultTestIndexDir, loadSearchEngine, TUNING, type SearchEngine } from '../src/corpus/engine.js';

export interface EvalItem {
  id: string;
  variants: string[];
  gold: string[];
}

export interface EvalMetrics {
  intents: number;
  phrasings: number;
  hit1: number;
  hit5: number;
  hit10: number;
  mrr10: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEV_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'retrieval-dev.json');
export const EVERYDAY_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-questions.json');
/** Second everyday set, written before the lexicon was tuned on the first one: never tuned on (held-out). */
export const EVERYDAY2_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-questions-2.json');

export function loadEvalSet(file: string): EvalItem[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as EvalItem[];
}

/** Fixed split of the dev intents: A = even position in the file, B = odd position. */
export function splitItems(items: EvalItem[], split: 'A' | 'B' | 'all'): EvalItem[] {
  if (split === 'all') return items;
  return items.filter((_, i) => (split === 'A' ? i % 2 === 0 : i % 2 === 1));
}

export function evaluate(engine: SearchEngine, items: EvalItem[], onMiss?: (item: EvalItem, query: string, got: string[]) => void): EvalMetrics {
  let n = 0;
  let h1 = 0;
  let h5 = 0;
  let h10 = 0;
  let mrr = 0;
  for (const item of items) {
    const gold = new Set(item.gold);
    for (const q of item.variants) {
      n++;
      const ids = engine.search(q, 10, { snippets: false }).map((r) => r.id);
      const rank = ids.findIndex((id) => gold.has(id));
      if (rank === 0) h1++;
      if (rank >= 0 && rank < 5) h5++;
      if (rank >= 0 && rank < 10) {
        h10++;
        mrr += 1 / (rank + 1);
      }
      if ((rank < 0 || rank >= 5) && onMiss) onMiss(item, q, ids);
    }
  }
  const r = (x: number): number => Math.round((x / Math.max(n, 1)) * 1000) / 1000;
  return { intents: items.length, phrasings: n, hit1: r(h1), hit5: r(h5), hit10: r(h10), mrr10: r(mrr) };
}

export function formatMetrics(name: string, m: EvalMetrics): string {
  return `${name}: ${m.intents} intents, ${m.phrasings} phrasings — hit@1 ${m.hit1.toFixed(3)}  hit@5 ${m.hit5.toFixed(3)}  hit@10 ${m.hit10.toFixed(3)}  MRR@10 ${m.mrr10.toFixed(3)}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const set = args.includes('--set') ? args[args.indexOf('--set') + 1] : 'all';
  const verbose = args.includes('--verbose');
  const splitArg = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined;
  const failuresArg = args.includes('--failures') ? Number(args[args.indexOf('--failures') + 1]) : 0;
  const maxFailures = Number.isFinite(failuresArg) ? failuresArg : 0;
  const tune = args.includes('--tune') ? (args[args.indexOf('--tune') + 1] ?? '') : '';
  for (const kv of tune.split(',').filter(Boolean)) {
    const [key, value] = kv.split('=');
    const knobs = TUNING as unknown as Record<string, unknown>;
    if (!key || typeof knobs[key] !== 'number' || !Number.isFinite(Number(value))) throw new Error(`--tune: unknown or non-numeric knob ${kv}`);
    knobs[key] = Number(value);
  }
  const progress = process.stderr.isTTY ? createTerminalProgress() : undefined;
  const engine = await loadSearchEngine({ indexDir: process.env.INDEX_DIR ?? defaultTestIndexDir(), onProgress: progress });
  const failures: string[] = [];
  const onMiss =
    verbose || maxFailures > 0
      ? (item: EvalItem, q: string, got: string[]) => {
          if (failures.length >= (maxFailures || Infinity)) return;
          const deep = engine.search(q, 50).map((r) => r.id);
          const rank = deep.findIndex((id) => item.gold.includes(id));
          failures.push(
            `  MISS [${item.id}] "${q}" gold=${item.gold.join(',')} rank=${rank < 0 ? '>50' : rank + 1} got=${got.slice(0, 5).join(',')}`,
          );
        }
      : undefined;
  if (set === 'dev' || set === 'all') {
    const dev = loadEvalSet(DEV_SET_PATH);
    const splits: ('A' | 'B' | 'all')[] = splitArg === 'A' || splitArg === 'B' || splitArg === 'all' ? [splitArg] : ['all', 'A', 'B'];
    for (const sp of splits) {
      const name = sp === 'all' ? 'retrieval-dev' : `retrieval-dev ${sp === 'A' ? 'A (tuning)' : 'B (held-out)'}`;
      console.log(formatMetrics(name, evaluate(engine, splitItems(dev, sp), sp === splits[0] ? onMiss : undefined)));
    }
  }
  if ((set === 'everyday' || set === 'all') && fs.existsSync(EVERYDAY_SET_PATH)) {
    console.log(formatMetrics('everyday-questions', evaluate(engine, loadEvalSet(EVERYDAY_SET_PATH), set === 'everyday' ? onMiss : undefined)));
  }
  if ((set === 'everyday2' || set === 'all') && fs.existsSync(EVERYDAY2_SET_PATH)) {
    console.log(formatMetrics('everyday-questions-2 (held-out)', evaluate(engine, loadEvalSet(EVERYDAY2_SET_PATH), set === 'everyday2' ? onMiss : undefined)));
  }
  for (const f of failures) console.log(f);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
