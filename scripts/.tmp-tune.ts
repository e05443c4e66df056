// Temporary tuning harness (deleted at the end): evaluates A/B with TUNING overrides given as JSON lines.
import { defaultTestIndexDir, loadSearchEngine, TUNING, KIND_PRIOR } from '../src/corpus/engine.js';
import { analyze } from '../src/corpus/analyzer.js';
import { DEV_SET_PATH, EVERYDAY_SET_PATH, evaluate, loadEvalSet, splitItems } from './eval-retrieval.js';

console.log(analyze('fonctionnaire fonction publique agent territorial hospitalier militaire titulaire contractuel état magistrat enseignant'));
const engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
const dev = loadEvalSet(DEV_SET_PATH);
const A = splitItems(dev, 'A');
const B = splitItems(dev, 'B');
const E = loadEvalSet(EVERYDAY_SET_PATH);
const base = { ...TUNING, passages: [...TUNING.passages] };
const configs = process.argv.slice(2).map((a) => JSON.parse(a) as Record<string, unknown>);
for (const c of configs.length ? configs : [{}]) {
  Object.assign(TUNING, base, c);
  if (c.kind) Object.assign(KIND_PRIOR, c.kind);
  const a = evaluate(engine, A);
  const b = evaluate(engine, B);
  const e = evaluate(engine, E);
  console.log(JSON.stringify(c).padEnd(70), `A h5 ${a.hit5.toFixed(3)} mrr ${a.mrr10.toFixed(3)} | B h5 ${b.hit5.toFixed(3)} mrr ${b.mrr10.toFixed(3)} | E h5 ${e.hit5.toFixed(3)} mrr ${e.mrr10.toFixed(3)}`);
}
