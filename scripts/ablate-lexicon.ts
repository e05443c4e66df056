/**
 * Lexicon ablation: what each lay → legal entry brings, set by set. For every entry, the phrasings it fires
 * on are searched again without it; the script prints, per set, how many phrasings it fires on and the
 * change in hit@5 (phrasings) and in MRR@10 (sum) when the entry is removed, as « +gained/−lost ».
 *
 *   npx tsx scripts/ablate-lexicon.ts [--only-changes] [--json FILE]
 *
 * Sets: retrieval-dev halves A (tuning) and B (held-out), the two everyday sets, and the answers-dev halves
 * (gold among the first 3 fiches of the answers' search). An entry « helps » a set when removing it loses
 * hits there. Used to keep only the entries that help phrasings they were not written from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchEngine } from '../src/corpus/engine.js';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { compileLexicon, LEXICON, lexiconPhrasings, matchLexicon, normalizeTokens, type LexiconEntry } from '../src/corpus/lexicon.js';
import { searchText } from '../src/server/modules/answers/question/topic-words.js';
import { DEV_SET_PATH, EVERYDAY2_SET_PATH, EVERYDAY_SET_PATH, loadEvalSet, splitItems } from './eval-retrieval.js';
import { ANSWERS_SET_PATH, answerHalf, loadAnswerSet } from './eval-answer-quality.js';

interface Probe {
  set: string;
  query: string;
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
  ] as const) {
    for (const it of items) for (const q of it.variants) out.push({ set: name, query: q, gold: new Set(it.gold), depth: 5, fichesOnly: false });
  }
  const answers = loadAnswerSet(ANSWERS_SET_PATH);
  for (const [name, half] of [
    ['ansA', 'A'],
    ['ansB', 'B'],
  ] as const) {
    for (const it of answerHalf(answers, half)) out.push({ set: name, query: searchText(it.q), gold: new Set(it.gold), depth: 3, fichesOnly: true });
  }
  return out;
}

/** Rank (0-based) of the first gold result, -1 when absent from the first 10. */
function rank(engine: SearchEngine, p: Probe, lexicon?: ReturnType<typeof compileLexicon>): number {
  let results = engine.search(p.query, p.fichesOnly ? 8 : 10, { snippets: false, ...(lexicon ? { lexicon } : {}) });
  if (p.fichesOnly) {
    const fiches = results.filter((r) => r.type === 'fiche');
    results = fiches.length > 0 ? fiches : results;
  }
  return results.findIndex((r) => p.gold.has(r.id));
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

export function ablate(engine: SearchEngine, entries: readonly LexiconEntry[]): AblationRow[] {
  const full = compileLexicon(entries);
  const all = probes();
  const folded = all.map((p) => normalizeTokens(p.query));
  const baseRank = new Map<number, number>();
  const rows: AblationRow[] = [];
  for (const entry of entries) {
    const fires: Record<string, number> = {};
    const hitDelta: Record<string, number> = {};
    const mrrDelta: Record<string, number> = {};
    const hit = new Set(lexiconPhrasings(entry).map((l) => normalizeTokens(l).join(' ')));
    let without: ReturnType<typeof compileLexicon> | undefined;
    all.forEach((p, i) => {
      const m = matchLexicon(folded[i] as string[], full);
      if (!m.some((x) => x.entry === entry && hit.has(x.phrase))) return;
      fires[p.set] = (fires[p.set] ?? 0) + 1;
      without ??= full.filter((c) => c.entry !== entry);
      let r0 = baseRank.get(i);
      if (r0 === undefined) baseRank.set(i, (r0 = rank(engine, p)));
      const r1 = rank(engine, p, without);
      const h0 = r0 >= 0 && r0 < p.depth ? 1 : 0;
      const h1 = r1 >= 0 && r1 < p.depth ? 1 : 0;
      hitDelta[p.set] = (hitDelta[p.set] ?? 0) + h0 - h1;
      mrrDelta[p.set] = (mrrDelta[p.set] ?? 0) + (r0 >= 0 ? 1 / (r0 + 1) : 0) - (r1 >= 0 ? 1 / (r1 + 1) : 0);
    });
    rows.push({ lay: entry.lay, fiche: entry.fiche, ...(entry.theme ? { theme: entry.theme } : {}), fires, hitDelta, mrrDelta });
  }
  return rows;
}

const SETS = ['devA', 'devB', 'every1', 'every2', 'ansA', 'ansB'];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyChanges = args.includes('--only-changes');
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const engine = await loadSearchEngine({ indexDir: process.env.INDEX_DIR ?? defaultTestIndexDir() });
  const rows = ablate(engine, LEXICON);
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
