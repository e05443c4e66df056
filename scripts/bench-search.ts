/**
 * Search latency over the evaluation phrasings: `engine.search` (limit 10, snippets) and the answers' call
 * (limit 8, passages, no snippets) for every phrasing of the dev and everyday sets, after a warm-up pass.
 * Prints median, p90, p99 and max in milliseconds. Cheaper than `npm run bench`, which builds everything.
 *
 *   npx tsx scripts/bench-search.ts [--rounds N]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { DEV_SET_PATH, EVERYDAY2_SET_PATH, EVERYDAY_SET_PATH, loadAnswersDev, loadEvalSet } from './eval-retrieval.js';

function quantiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number): string => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0).toFixed(2);
  return `median ${q(0.5)} ms, p90 ${q(0.9)} ms, p99 ${q(0.99)} ms, max ${(s[s.length - 1] ?? 0).toFixed(2)} ms (${s.length} queries)`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) || 1 : 1;
  const engine = await loadSearchEngine({ indexDir: process.env.INDEX_DIR ?? defaultTestIndexDir() });
  const queries = [
    ...loadEvalSet(DEV_SET_PATH).flatMap((i) => i.variants),
    ...loadEvalSet(EVERYDAY_SET_PATH).flatMap((i) => i.variants),
    ...loadEvalSet(EVERYDAY2_SET_PATH).flatMap((i) => i.variants),
    ...loadAnswersDev().map((i) => i.q),
  ];
  for (const q of queries) engine.search(q, 10);
  const plain: number[] = [];
  const answers: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      let t = performance.now();
      engine.search(q, 10);
      plain.push(performance.now() - t);
      t = performance.now();
      engine.search(q, 8, { withPassages: true, snippets: false, asked: q });
      answers.push(performance.now() - t);
    }
  }
  console.log(`search (limit 10, snippets): ${quantiles(plain)}`);
  console.log(`answers' search (limit 8, passages, no snippets): ${quantiles(answers)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
