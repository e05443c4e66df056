/**
 * Lexicon ablation: what each lay → legal entry brings, set by set. For every entry, the phrasings it fires
 * on are searched again without it; the script prints, per set, how many phrasings it fires on and the
 * change in hit@5 (phrasings) and in MRR@10 (sum) when the entry is removed, as « +gained/−lost ».
 *
 *   npx tsx scripts/ablate-lexicon.ts [--model] [--only-changes] [--json FILE]
 *
 * Sets: retrieval-dev halves A (tuning) and B (held-out), the two everyday sets, the long everyday sets
 * (long1, long3, long4 tuning; long2 held-out), and the answer sets (gold among the first 3 fiches of the
 * answers' search: answers-dev halves ansA and ansB, atun3 and atun4 tuning, aheld3 held-out). An entry
 * « helps » a set when removing it loses hits there. Entries are judged on the tuning sets; the held-out
 * columns show what a decision costs where it was not made.
 *
 * Without --model, the lexical search alone (BM25F, src/corpus/engine.ts). With --model, the hybrid ranking
 * of the default install: the lexical candidates fused with the dense ranking of the model of meaning
 * (semantic/fusion.ts), started as `npm run eval:retrieval` starts it (the corpus's vectors read from the
 * cache beside the index). Without an entry, both sides lose it: the lexical search runs with the lexicon
 * without it, and the model reads the question with the legal phrasings of that lexicon (semantic.ts
 * queryText). An entry fires on a phrasing when the search text names it or, with the model, the question
 * the model reads does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchEngine } from '../src/corpus/engine.js';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { compileLexicon, LEXICON, lexiconPhrasings, matchLexicon, normalizeTokens, type CompiledEntry, type LexiconEntry } from '../src/corpus/lexicon.js';
import { searchText } from '../src/server/modules/answers/question/topic-words.js';
import { openCliSemantic } from '../src/server/modules/semantic/cli-semantic.js';
import { embed } from '../src/server/modules/semantic/embeddings-client.js';
import { denseWeight, FUSION, fuseWithDense } from '../src/server/modules/semantic/fusion.js';
import { DENSE_CANDIDATES, queryText, type Semantic } from '../src/server/modules/semantic/semantic.js';
import { ANSWERS_HELDOUT3_PATH, ANSWERS_TUNING3_PATH, ANSWERS_TUNING4_PATH, DEV_SET_PATH, EVERYDAY2_SET_PATH, EVERYDAY_SET_PATH, LONG2_SET_PATH, LONG3_SET_PATH, LONG4_SET_PATH, LONG_SET_PATH, loadAnswersDev, loadEvalSet, splitItems } from './eval-retrieval.js';
import { ANSWERS_SET_PATH, answerHalf, loadAnswerSet } from './eval-answer-quality.js';

interface Probe {
  set: string;
  /** What the lexical search is given. */
  query: string;
  /** What the model of meaning reads (the answers' whole question; a search phrasing as it is). */
  question: string;
  gold: Set<string>;
  /** Hit when the gold is within this many results. */
  depth: number;
  /** Only information fiches count (the answers' sources). */
  fichesOnly: boolean;
}

function probes(): Probe[] {
  const out: Probe[] = [];
  const dev = loadEvalSet(DEV_SET_PATH);
  for (const [name, items] of [
    ['devA', splitItems(dev, 'A')],
    ['devB', splitItems(dev, 'B')],
    ['every1', loadEvalSet(EVERYDAY_SET_PATH)],
    ['every2', loadEvalSet(EVERYDAY2_SET_PATH)],
    ['long1', loadEvalSet(LONG_SET_PATH)],
    ['long3', loadEvalSet(LONG3_SET_PATH)],
    ['long4', loadEvalSet(LONG4_SET_PATH)],
    ['long2', loadEvalSet(LONG2_SET_PATH)],
  ] as const) {
    for (const it of items) for (const q of it.variants) out.push({ set: name, query: q, question: q, gold: new Set(it.gold), depth: 5, fichesOnly: false });
  }
  const answers = loadAnswerSet(ANSWERS_SET_PATH);
  for (const [name, half] of [
    ['ansA', 'A'],
    ['ansB', 'B'],
  ] as const) {
    for (const it of answerHalf(answers, half)) out.push({ set: name, query: searchText(it.q), question: it.q, gold: new Set(it.gold), depth: 3, fichesOnly: true });
  }
  for (const [name, file] of [
    ['atun3', ANSWERS_TUNING3_PATH],
    ['atun4', ANSWERS_TUNING4_PATH],
    ['aheld3', ANSWERS_HELDOUT3_PATH],
  ] as const) {
    for (const it of loadAnswersDev(file)) out.push({ set: name, query: searchText(it.q), question: it.q, gold: new Set(it.gold), depth: 3, fichesOnly: true });
  }
  return out;
}

/** The dense ranking (fiche ids, best first) of each text the model read, by the text (semantic.ts queryText). */
export type DenseRankings = ReadonlyMap<string, readonly string[]>;

/**
 * Rank (0-based) of the first gold result, -1 when absent from the first 10. `lexicon`: the lexicon the
 * search (and, with `dense`, the model's query text) uses; default the whole one. With `dense`, the hybrid
 * ranking: the lexical candidates fused with the dense ranking of the question's query text.
 */
function rank(engine: SearchEngine, p: Probe, lexicon?: readonly CompiledEntry[], dense?: DenseRankings): number {
  const size = p.fichesOnly ? 8 : 10;
  const opts = { snippets: false, ...(lexicon ? { lexicon } : {}) };
  let results = dense
    ? fuseWithDense(engine, engine.search(p.query, FUSION.lexicalCandidates, opts), dense.get(queryText(p.question, lexicon)) ?? [], denseWeight(p.question), size)
    : engine.search(p.query, size, opts);
  if (p.fichesOnly) {
    const fiches = results.filter((r) => r.type === 'fiche');
    results = fiches.length > 0 ? fiches : results;
  }
  return results.findIndex((r) => p.gold.has(r.id));
}

/** An entry and the probes (indexes) it fires on. */
interface Firing {
  entry: LexiconEntry;
  probes: number[];
  /** The lexicon without the entry (only when it fires somewhere). */
  without?: CompiledEntry[];
}

/**
 * Where each entry fires: a phrasing of the entry is matched in the search text or, with `withModel`, in
 * the question the model reads.
 */
function firings(entries: readonly LexiconEntry[], full: readonly CompiledEntry[], all: readonly Probe[], withModel: boolean): Firing[] {
  const matched = all.map((p) => {
    const m = matchLexicon(normalizeTokens(p.query), full);
    return withModel && p.question !== p.query ? [...m, ...matchLexicon(normalizeTokens(p.question), full)] : m;
  });
  return entries.map((entry) => {
    const hit = new Set(lexiconPhrasings(entry).map((l) => normalizeTokens(l).join(' ')));
    const probes = all.flatMap((_, i) => ((matched[i] ?? []).some((x) => x.entry === entry && hit.has(x.phrase)) ? [i] : []));
    return { entry, probes, ...(probes.length > 0 ? { without: full.filter((c) => c.entry !== entry) } : {}) };
  });
}

/** Texts embedded per request to the model. */
const EMBED_BATCH = 16;

/**
 * The dense ranking of every query text the ablation needs with the model: each firing phrasing's
 * question read with the whole lexicon and without each entry that fires on it. Each distinct text is
 * embedded once (about 40 ms a text on 2 cores).
 */
async function denseRankings(engine: SearchEngine, semantic: Semantic, all: readonly Probe[], fired: readonly Firing[], say: (line: string) => void): Promise<Map<string, string[]>> {
  const texts = new Set<string>();
  for (const f of fired) {
    for (const i of f.probes) {
      const p = all[i] as Probe;
      texts.add(queryText(p.question));
      texts.add(queryText(p.question, f.without));
    }
  }
  const settings = semantic.endpoint();
  const matrix = semantic.vectors.get(engine);
  if (!settings || !matrix) throw new Error('ablate-lexicon: the model of meaning is not ready');
  const out = new Map<string, string[]>();
  const list = [...texts];
  for (let at = 0; at < list.length; at += EMBED_BATCH) {
    const batch = list.slice(at, at + EMBED_BATCH);
    const vectors = await embed(settings, batch, { timeoutMs: 120_000, inputType: 'query' });
    batch.forEach((t, j) => {
      const v = vectors[j];
      if (v) out.set(t, matrix.topK(v, DENSE_CANDIDATES).map((s) => s.id));
    });
    if (at % (EMBED_BATCH * 25) === 0) say(`vectors ${Math.min(at + EMBED_BATCH, list.length)}/${list.length}`);
  }
  return out;
}

export interface AblationRow {
  lay: string;
  fiche: string;
  theme?: string;
  fires: Record<string, number>;
  /** Hits lost (positive: the entry helps) when the entry is removed, per set. */
  hitDelta: Record<string, number>;
  mrrDelta: Record<string, number>;
}

/**
 * Each entry's contribution, set by set: its firing phrasings ranked with the whole lexicon and without it.
 * `dense` (the dense rankings of denseRankings): the hybrid ranking with the model; without it, the lexical one.
 */
export function ablate(engine: SearchEngine, entries: readonly LexiconEntry[], dense?: DenseRankings): AblationRow[] {
  const full = compileLexicon(entries);
  const all = probes();
  return ablateFirings(engine, all, firings(entries, full, all, dense !== undefined), dense);
}

function ablateFirings(engine: SearchEngine, all: readonly Probe[], fired: readonly Firing[], dense?: DenseRankings): AblationRow[] {
  const baseRank = new Map<number, number>();
  return fired.map(({ entry, probes: firing, without }) => {
    const fires: Record<string, number> = {};
    const hitDelta: Record<string, number> = {};
    const mrrDelta: Record<string, number> = {};
    for (const i of firing) {
      const p = all[i] as Probe;
      fires[p.set] = (fires[p.set] ?? 0) + 1;
      let r0 = baseRank.get(i);
      if (r0 === undefined) baseRank.set(i, (r0 = rank(engine, p, undefined, dense)));
      const r1 = rank(engine, p, without, dense);
      const h0 = r0 >= 0 && r0 < p.depth ? 1 : 0;
      const h1 = r1 >= 0 && r1 < p.depth ? 1 : 0;
      hitDelta[p.set] = (hitDelta[p.set] ?? 0) + h0 - h1;
      mrrDelta[p.set] = (mrrDelta[p.set] ?? 0) + (r0 >= 0 ? 1 / (r0 + 1) : 0) - (r1 >= 0 ? 1 / (r1 + 1) : 0);
    }
    return { lay: entry.lay, fiche: entry.fiche, ...(entry.theme ? { theme: entry.theme } : {}), fires, hitDelta, mrrDelta };
  });
}

const SETS = ['devA', 'devB', 'every1', 'every2', 'ansA', 'ansB', 'long1', 'long3', 'long4', 'long2', 'atun3', 'atun4', 'aheld3'];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyChanges = args.includes('--only-changes');
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const withModel = args.includes('--model');
  const indexDir = process.env.INDEX_DIR ?? defaultTestIndexDir();
  const engine = await loadSearchEngine({ indexDir });
  const say = (l: string): void => void process.stderr.write(`${l}\n`);
  let rows: AblationRow[];
  if (withModel) {
    const semantic = await openCliSemantic({ engine, indexDir: path.resolve(indexDir), env: process.env, progress: process.stderr.isTTY, say });
    if (!semantic) throw new Error('ablate-lexicon --model: the model of meaning is unavailable');
    const all = probes();
    const fired = firings(LEXICON, compileLexicon(LEXICON), all, true);
    const dense = await denseRankings(engine, semantic, all, fired, say).finally(() => semantic.close());
    rows = ablateFirings(engine, all, fired, dense);
    console.log('== with the model of meaning (lexical candidates fused with the dense ranking)');
  } else {
    rows = ablate(engine, LEXICON);
    console.log('== lexical search alone');
  }
  console.log(`entry${' '.repeat(30)}${SETS.map((s) => s.padStart(14)).join('')}   (fires: hit@5 change if removed, MRR change)`);
  for (const r of rows) {
    const changed = SETS.some((s) => (r.hitDelta[s] ?? 0) !== 0 || Math.abs(r.mrrDelta[s] ?? 0) > 1e-9);
    if (onlyChanges && !changed) continue;
    const cells = SETS.map((s) => {
      const f = r.fires[s] ?? 0;
      if (f === 0) return '·'.padStart(14);
      const h = r.hitDelta[s] ?? 0;
      const m = r.mrrDelta[s] ?? 0;
      return `${f}:${h >= 0 ? '+' : ''}${h}/${m >= 0 ? '+' : ''}${m.toFixed(2)}`.padStart(14);
    }).join('');
    console.log(`${`${r.lay} → ${r.fiche}`.slice(0, 34).padEnd(35)}${cells}`);
  }
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
