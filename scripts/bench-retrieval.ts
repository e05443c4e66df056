/**
 * Retrieval benchmark on the full corpus: query time (median, p99) over ≥ 1,000 varied queries,
 * index build time, index load time and resident memory with the index loaded.
 *   tsx scripts/bench-retrieval.ts [--skip-build]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openIndex } from '../src/corpus/engine.js';
import { buildFromPackages, defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { DEV_SET_PATH, EVERYDAY_SET_PATH, loadEvalSet } from './eval-retrieval.js';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Varied queries: every dev phrasing, our everyday questions, fiche titles and misspelled variants. */
function benchQueries(engine: ReturnType<typeof openIndex>): string[] {
  const queries = [...loadEvalSet(DEV_SET_PATH), ...loadEvalSet(EVERYDAY_SET_PATH)].flatMap((i) => i.variants);
  const themes = engine.themes().flatMap((t) => t.fiches.map((f) => f.title));
  for (let i = 0; i < themes.length && queries.length < 2000; i += 7) {
    const title = themes[i] ?? '';
    queries.push(title);
    // A typo in the longest word.
    const words = title.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length > 5) queries.push(title.replace(longest, longest.slice(0, 2) + longest.slice(3)));
  }
  return queries;
}

export async function benchRetrieval(opts: { build?: boolean } = {}): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const indexDir = defaultTestIndexDir();
  await loadSearchEngine({ indexDir });
  const rssBefore = process.memoryUsage().rss;
  const t1 = performance.now();
  const engine = openIndex(indexDir);
  out.indexLoadSeconds = Math.round((performance.now() - t1) / 10) / 100;
  const queries = benchQueries(engine);
  // Warm-up, then measure.
  for (const q of queries.slice(0, 200)) engine.search(q, 10);
  const times: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    engine.search(q, 10);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out.queries = times.length;
  out.queryMedianMs = Math.round(percentile(times, 0.5) * 1000) / 1000;
  out.queryP99Ms = Math.round(percentile(times, 0.99) * 1000) / 1000;
  // The answers' call (8 fiches with passages), with and without snippets, alternating in the same loop.
  const withSnip: number[] = [];
  const noSnip: number[] = [];
  for (const q of queries) {
    let t = performance.now();
    engine.search(q, 8, { withPassages: true });
    withSnip.push(performance.now() - t);
    t = performance.now();
    engine.search(q, 8, { withPassages: true, snippets: false });
    noSnip.push(performance.now() - t);
  }
  withSnip.sort((a, b) => a - b);
  noSnip.sort((a, b) => a - b);
  out.passagesMedianMs = Math.round(percentile(withSnip, 0.5) * 1000) / 1000;
  out.passagesNoSnippetsMedianMs = Math.round(percentile(noSnip, 0.5) * 1000) / 1000;
  out.passagesNoSnippetsP99Ms = Math.round(percentile(noSnip, 0.99) * 1000) / 1000;
  global.gc?.();
  out.rssMb = Math.round(process.memoryUsage().rss / 1e6);
  out.rssIndexDeltaMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
  // Last: a full build (it parses ~400 MB of JSON, which would distort the memory figures above).
  if (opts.build !== false) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-bench-index-'));
    try {
      const t0 = performance.now();
      await buildFromPackages(path.join(dir, 'index'));
      out.indexBuildSeconds = Math.round((performance.now() - t0) / 100) / 10;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchRetrieval({ build: !process.argv.includes('--skip-build') }).then(
    (r) => {
      for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(18)} ${v}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
