// Temporary probe (deleted after measuring): MiniSearch as the scorer, one document per fiche.
import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { analyze } from '../src/corpus/analyzer.js';
import { defaultTestIndexDir } from '../src/corpus/engine.js';
import { DEV_SET_PATH, loadEvalSet } from './eval-retrieval.js';
import type { Fiche } from '../src/corpus/types.js';

const dir = defaultTestIndexDir();
const out = '/tmp/msx/ms.json';
if (process.argv[2] === 'build') {
  const lines = fs.readFileSync(path.join(dir, 'fiches.jsonl'), 'utf8').split('\n').filter(Boolean);
  const ms = new MiniSearch<{ id: string; title: string; description: string; body: string }>({
    fields: ['title', 'description', 'body'],
    storeFields: [],
    tokenize: (t) => analyze(t),
    processTerm: (t) => t,
  });
  const t0 = performance.now();
  for (const l of lines) {
    const f = JSON.parse(l) as Fiche;
    ms.add({ id: f.id, title: f.title, description: f.description, body: f.passages.map((p) => `${p.section.join(' ')} ${p.text}`).join('\n') });
  }
  fs.writeFileSync(out, JSON.stringify(ms));
  console.log('build s', (performance.now() - t0) / 1000, 'size MB', fs.statSync(out).size / 1e6);
} else {
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const ms = await MiniSearch.loadJSONAsync(fs.readFileSync(out, 'utf8'), {
    fields: ['title', 'description', 'body'],
    tokenize: (t: string) => analyze(t),
    processTerm: (t: string) => t,
  });
  console.log('load s', (performance.now() - t0) / 1000);
  global.gc?.();
  console.log('rss delta MB', (process.memoryUsage().rss - rss0) / 1e6, 'rss', process.memoryUsage().rss / 1e6);
  const items = loadEvalSet(DEV_SET_PATH);
  const times: number[] = [];
  let n = 0, h5 = 0, mrr = 0;
  for (const it of items) for (const q of it.variants) {
    const t = performance.now();
    const r = ms.search(q, { boost: { title: 3, description: 1.5 }, combineWith: 'OR' }).slice(0, 10);
    times.push(performance.now() - t);
    n++;
    const rank = r.findIndex((x) => it.gold.includes(String(x.id)));
    if (rank >= 0 && rank < 5) h5++;
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  times.sort((a, b) => a - b);
  console.log('hit5', h5 / n, 'mrr', mrr / n, 'median', times[Math.floor(times.length / 2)], 'p99', times[Math.floor(times.length * 0.99)]);
}
