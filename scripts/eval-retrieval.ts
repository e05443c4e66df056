/**
 * Retrieval evaluation, held-out figures first: hit@1, hit@5, hit@10 and MRR@10 over every phrasing of
 * src/corpus/eval/retrieval-dev.json (real search phrasings) and of our own everyday-question sets; the
 * expected fiche among the answer's first 3 sources for answers-dev.json; and the scope decision (false
 * refusals on the dev sets, off-topic questions answered and charged).
 *
 *   npm run eval:retrieval [-- --set dev|everyday|everyday2|long|answers|scope|all] [--split A|B|all] [--failures N] [--verbose] [--tune key=value,…] [--rewrites FILE] [--no-model]
 *
 * Each retrieval figure twice, strict then pair-aware. Strict: the expected fiche itself (the sets' expected
 * fiches are service-public.fr fiches of 2020). Pair-aware: the expected fiche or the fiche paired with it,
 * the labour ministry's page on the same subject (src/corpus/source-pairs.ts), counts as found: what the
 * fresher-source rule (engine-tuning.ts TUNING.fresher) is judged on beside the strict figure.
 *
 * Every figure twice: with the model of meaning (started as the server starts it, vectors read from beside
 * the index) and without it (the lexical fallback); --no-model prints the second only.
 *
 * --split: the dev intents are split in two fixed halves by their position in the file (A = even index,
 * B = odd index). Failures are studied on A only; B is the held-out half, printed first. answers-dev.json
 * and the off-topic set are split the same way (B = odd positions, held out).
 * --failures N: prints up to N failing phrasings (gold not in the top 5) with the best gold rank (top 50).
 * --tune: overrides numeric query-time knobs of TUNING (engine-tuning.ts) for this run, e.g. `--tune head=0.6,theme=0.8`.
 * --rewrites FILE: the retrieval of the language-model mode with LLM_QUERY_REWRITE, its terms taken from a
 * model's recorded rewrites (src/corpus/eval/model-rewrites.json, scripts/eval/model-replies.ts). Only the
 * questions with a recorded rewrite get terms; the lines name how many did (`rewritten N/M`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TUNING, type SearchEngine } from '../src/corpus/engine.js';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { createTerminalProgress } from '../src/corpus/progress.js';
import { RETRIEVAL, retrieveSources } from '../src/server/modules/answers/retrieval/retrieve.js';
import { createQueryModels, retrieveWithModels, type QueryModels } from '../src/server/modules/answers/retrieval/query-models.js';
import { openCliSemantic } from '../src/server/modules/semantic/cli-semantic.js';
import { FUSION } from '../src/server/modules/semantic/fusion.js';
import { loadRewrites, recordedRewrite } from './eval/model-replies.js';
import { dangerKind } from '../src/common/urgency.js';

export interface EvalItem {
  id: string;
  variants: string[];
  gold: string[];
}

/** hit@1, hit@5, hit@10 and MRR@10 of one way of counting a phrasing's expected fiches as found. */
export interface RankMetrics {
  hit1: number;
  hit5: number;
  hit10: number;
  mrr10: number;
}

/**
 * Strict: the expected fiche (`gold`, a service-public.fr fiche of 2020) is found. Pair-aware (`paired`): the
 * expected fiche or the fiche paired with it (the other source's page on the same subject, source-pairs.ts)
 * is found, whichever comes first: a ministry page of 2025 in the expected fiche's place says the same thing.
 */
export interface EvalMetrics extends RankMetrics {
  intents: number;
  phrasings: number;
  paired: RankMetrics;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEV_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'retrieval-dev.json');
export const EVERYDAY_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-questions.json');
/** Second everyday set, written before the lexicon was tuned on the first one: never tuned on (held-out). */
export const EVERYDAY2_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-questions-2.json');
/** Everyday questions with gold fiches (answers-dev.json), split in halves like the dev set. */
/** Long everyday questions (a situation, then the ask), the first set tuned on, the second held out. */
export const LONG_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-long.json');
export const LONG2_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-long-2.json');
/** Two more sets of everyday questions written from the fiches alone, tuned on (lexicon entries came from their misses). */
export const LONG3_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-long-3.json');
export const LONG4_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'everyday-long-4.json');
export const ANSWERS_DEV_PATH = path.join(root, 'src', 'corpus', 'eval', 'answers-dev.json');
/** Answer sets written later from fiches no other set uses: the third tuning set and a held-out one. */
export const ANSWERS_TUNING3_PATH = path.join(root, 'src', 'corpus', 'eval', 'answers-tuning-3.json');
export const ANSWERS_TUNING4_PATH = path.join(root, 'src', 'corpus', 'eval', 'answers-tuning-4.json');
export const ANSWERS_HELDOUT3_PATH = path.join(root, 'src', 'corpus', 'eval', 'answers-heldout-3.json');
/** Questions outside the law, written before any engine output was looked at. */
export const OFF_TOPIC_PATH = path.join(root, 'src', 'corpus', 'eval', 'off-topic-questions.json');

export function loadEvalSet(file: string): EvalItem[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as EvalItem[];
}

/** Fixed split of the dev intents: A = even position in the file, B = odd position. */
export function splitItems(items: EvalItem[], split: 'A' | 'B' | 'all'): EvalItem[] {
  if (split === 'all') return items;
  return items.filter((_, i) => (split === 'A' ? i % 2 === 0 : i % 2 === 1));
}

/** What the language model's rewrite gives a question's retrieval (recorded rewrites, `--rewrites`), or undefined. */
export type ModelsFor = (question: string) => QueryModels | undefined;

/** The expected fiches and the fiches paired with them in the other source (source-pairs.ts): the pair-aware gold. */
export function pairAwareGold(engine: SearchEngine, gold: readonly string[]): Set<string> {
  const out = new Set(gold);
  for (const id of gold) {
    const pair = engine.pairedFiche?.(id);
    if (pair) out.add(pair);
  }
  return out;
}

/** Sums of hits and reciprocal ranks of the first found rank (-1 = not found), turned into rates by `rates`. */
class RankTally {
  private h1 = 0;
  private h5 = 0;
  private h10 = 0;
  private mrr = 0;

  add(rank: number): void {
    if (rank === 0) this.h1++;
    if (rank >= 0 && rank < 5) this.h5++;
    if (rank >= 0 && rank < 10) {
      this.h10++;
      this.mrr += 1 / (rank + 1);
    }
  }

  rates(n: number): RankMetrics {
    const r = (x: number): number => Math.round((x / Math.max(n, 1)) * 1000) / 1000;
    return { hit1: r(this.h1), hit5: r(this.h5), hit10: r(this.h10), mrr10: r(this.mrr) };
  }
}

export function evaluate(engine: SearchEngine, items: EvalItem[], onMiss?: (item: EvalItem, query: string, got: string[]) => void, modelsFor?: ModelsFor): EvalMetrics {
  let n = 0;
  const strict = new RankTally();
  const paired = new RankTally();
  for (const item of items) {
    const gold = new Set(item.gold);
    const goldOrPair = pairAwareGold(engine, item.gold);
    for (const q of item.variants) {
      n++;
      const models = modelsFor?.(q);
      const terms = models?.searchTerms;
      // With the model of meaning: the search's hybrid ranking (semantic/fusion.ts hybridSearch), as /api/search
      // and `npm run search` give it: more lexical candidates, fused, the first 10 kept.
      const lexical = engine.search(terms ? `${q} ${terms}` : q, models?.rerank ? FUSION.lexicalCandidates : 10, { snippets: false });
      const ids = (models?.rerank ? models.rerank(lexical).slice(0, 10) : lexical).map((r) => r.id);
      const rank = ids.findIndex((id) => gold.has(id));
      strict.add(rank);
      paired.add(ids.findIndex((id) => goldOrPair.has(id)));
      if ((rank < 0 || rank >= 5) && onMiss) onMiss(item, q, ids);
    }
  }
  return { intents: items.length, phrasings: n, ...strict.rates(n), paired: paired.rates(n) };
}

/** Fixed halves of a list: A = even positions (tuning), B = odd positions (held-out). */
export function half<T>(items: readonly T[], h: 'A' | 'B' | 'all'): T[] {
  return h === 'all' ? [...items] : items.filter((_, i) => (h === 'A' ? i % 2 === 0 : i % 2 === 1));
}

/** An answer set (answers-dev.json by default): its questions and expected fiches. */
export function loadAnswersDev(file = ANSWERS_DEV_PATH): { q: string; gold: string[] }[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { q: string; gold: string[] }[];
}

/** An answer set (`[{ q, gold, … }]`) as retrieval items: one phrasing each. */
export function loadAnswersAsItems(file: string): EvalItem[] {
  return loadAnswersDev(file).map((x, i) => ({ id: String(i), variants: [x.q], gold: x.gold }));
}

export function loadOffTopic(): string[] {
  return (JSON.parse(fs.readFileSync(OFF_TOPIC_PATH, 'utf8')) as { questions: { q: string }[] }).questions.map((x) => x.q);
}

/** The answer's retrieval as the service runs it (danger included; with the rewrite's terms when given). */
function answerSources(engine: SearchEngine, question: string, modelsFor?: ModelsFor, maxSources?: number): ReturnType<typeof retrieveSources> {
  return retrieveWithModels(engine, question, modelsFor?.(question), { danger: dangerKind(question), ...(maxSources ? { maxSources } : {}) });
}

/**
 * Expected fiche among the answer's first 3 sources (the `gold top3` of eval-answer-quality): `hits` strict,
 * `pairHits` pair-aware (the expected fiche or its paired page of the other source, source-pairs.ts).
 */
export function answersGoldTop3(engine: SearchEngine, items: readonly { q: string; gold: string[] }[], modelsFor?: ModelsFor): { hits: number; pairHits: number; questions: number } {
  let hits = 0;
  let pairHits = 0;
  for (const it of items) {
    const ids = answerSources(engine, it.q, modelsFor).sources.slice(0, 3).map((s) => s.id);
    const goldOrPair = pairAwareGold(engine, it.gold);
    if (ids.some((id) => it.gold.includes(id))) hits += 1;
    if (ids.some((id) => goldOrPair.has(id))) pairHits += 1;
  }
  return { hits, pairHits, questions: items.length };
}

/** Where an expected fiche stands among an answer's sources (counts of questions). */
export interface SourcesCounts {
  first: number;
  inSources: number;
  inModelSources: number;
}

/**
 * Where the expected fiche stands among an answer's sources: first, among the four the extractive composer
 * quotes from, among the five the language model reads (RETRIEVAL.modelSources); strict, and pair-aware
 * (`paired`: the expected fiche or its paired page of the other source).
 */
export function sourcesFigures(engine: SearchEngine, items: readonly EvalItem[], modelsFor?: ModelsFor): SourcesCounts & { paired: SourcesCounts; questions: number } {
  const strict: SourcesCounts = { first: 0, inSources: 0, inModelSources: 0 };
  const paired: SourcesCounts = { first: 0, inSources: 0, inModelSources: 0 };
  let questions = 0;
  const count = (c: SourcesCounts, wide: readonly string[], found: (id: string) => boolean): void => {
    const ids = wide.slice(0, RETRIEVAL.defaultSources);
    if (found(ids[0] ?? '')) c.first += 1;
    if (ids.some(found)) c.inSources += 1;
    if (wide.some(found)) c.inModelSources += 1;
  };
  for (const item of items) {
    const goldOrPair = pairAwareGold(engine, item.gold);
    for (const q of item.variants) {
      questions += 1;
      // The composer's sources are the first of the model's (retrieval keeps fiches in one order).
      const wide = answerSources(engine, q, modelsFor, RETRIEVAL.modelSources).sources.map((s) => s.id);
      count(strict, wide, (id) => item.gold.includes(id));
      count(paired, wide, (id) => goldOrPair.has(id));
    }
  }
  return { ...strict, paired, questions };
}

function formatSources(name: string, f: ReturnType<typeof sourcesFigures>, suffix = ''): string {
  const counts = (c: SourcesCounts): string => `first source ${c.first}/${f.questions}, among the sources ${c.inSources}/${f.questions}, among the model's ${c.inModelSources}/${f.questions}`;
  return [
    `${name}: ${f.questions} questions — strict (expected fiche): ${counts(f)}${suffix}`,
    `${' '.repeat(name.length)}  pair-aware (expected fiche or its paired page): ${counts(f.paired)}`,
  ].join('\n');
}

export interface ScopeFigures {
  /** Legal questions the answer service would refuse as out of scope, per set. */
  refused: Record<'dev' | 'everyday' | 'everyday2' | 'answers', { refused: number; questions: number; examples: string[] }>;
  /** Off-topic questions the service would answer and charge (in scope), per half. */
  offTopic: Record<'A' | 'B', { answered: number; questions: number; examples: string[] }>;
}

const wordCount = (q: string): number => q.trim().split(/\s+/).filter(Boolean).length;

/**
 * The scope decision measured: false refusals on the legal questions (every retrieval-dev phrasing of 4+
 * words, both everyday sets, answers-dev) and off-topic questions answered and charged. A danger question
 * is never refused by the service (it gets at least the safety answer) and counts as answered.
 */
export function evaluateScope(engine: SearchEngine, modelsFor?: ModelsFor): ScopeFigures {
  const legal: Record<keyof ScopeFigures['refused'], string[]> = {
    dev: loadEvalSet(DEV_SET_PATH)
      .flatMap((i) => i.variants)
      .filter((q) => wordCount(q) >= 4),
    everyday: loadEvalSet(EVERYDAY_SET_PATH).flatMap((i) => i.variants),
    everyday2: loadEvalSet(EVERYDAY2_SET_PATH).flatMap((i) => i.variants),
    answers: loadAnswersDev().map((i) => i.q),
  };
  const refused = {} as ScopeFigures['refused'];
  for (const [name, qs] of Object.entries(legal) as [keyof ScopeFigures['refused'], string[]][]) {
    const out = qs.filter((q) => answerSources(engine, q, modelsFor).outOfScope && dangerKind(q) === null);
    refused[name] = { refused: out.length, questions: qs.length, examples: out.slice(0, 10) };
  }
  const off = loadOffTopic();
  const offTopic = {} as ScopeFigures['offTopic'];
  for (const h of ['A', 'B'] as const) {
    const qs = half(off, h);
    const answered = qs.filter((q) => !answerSources(engine, q, modelsFor).outOfScope);
    offTopic[h] = { answered: answered.length, questions: qs.length, examples: answered.slice(0, 10) };
  }
  return { refused, offTopic };
}

const pct = (n: number, d: number): string => `${((100 * n) / Math.max(d, 1)).toFixed(1)} %`;

export function formatScope(f: ScopeFigures): string[] {
  const r = Object.values(f.refused);
  const refused = r.reduce((a, x) => a + x.refused, 0);
  const total = r.reduce((a, x) => a + x.questions, 0);
  const off = f.offTopic.A.answered + f.offTopic.B.answered;
  const offTotal = f.offTopic.A.questions + f.offTopic.B.questions;
  const per = Object.entries(f.refused)
    .map(([k, x]) => `${k} ${x.refused}/${x.questions}`)
    .join(', ');
  return [
    `scope: false refusals ${refused}/${total} (${pct(refused, total)}; ${per}) — target ≤ 1 %`,
    `scope: off-topic answered and charged ${off}/${offTotal} (${pct(off, offTotal)}; held-out half B ${f.offTopic.B.answered}/${f.offTopic.B.questions}, half A ${f.offTopic.A.answered}/${f.offTopic.A.questions}) — target ≤ 5 %`,
  ];
}

const formatRanks = (m: RankMetrics): string => `hit@1 ${m.hit1.toFixed(3)}  hit@5 ${m.hit5.toFixed(3)}  hit@10 ${m.hit10.toFixed(3)}  MRR@10 ${m.mrr10.toFixed(3)}`;

/** Two lines: the strict figures (the expected fiche), then the pair-aware ones (or its paired page). */
export function formatMetrics(name: string, m: EvalMetrics, suffix = ''): string {
  return [
    `${name}: ${m.intents} intents, ${m.phrasings} phrasings — strict (expected fiche): ${formatRanks(m)}${suffix}`,
    `${' '.repeat(name.length)}  pair-aware (expected fiche or its paired page of the other source): ${formatRanks(m.paired)}`,
  ].join('\n');
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
  const rewritesFile = args.includes('--rewrites') ? args[args.indexOf('--rewrites') + 1] : undefined;
  const rewrites = rewritesFile ? loadRewrites(rewritesFile) : undefined;
  const lexicalModelsFor: ModelsFor | undefined = rewrites ? (q) => recordedRewrite(rewrites, q) : undefined;
  /** « rewritten N/M »: how many of a line's questions had recorded terms (with --rewrites). */
  const rewritten = (qs: readonly string[]): string => (rewrites ? ` — rewritten ${qs.filter((q) => rewrites.has(q)).length}/${qs.length}` : '');
  const progress = process.stderr.isTTY ? createTerminalProgress() : undefined;
  const indexDir = process.env.INDEX_DIR ?? defaultTestIndexDir();
  const engine = await loadSearchEngine({ indexDir, onProgress: progress });
  // Every figure with the model of meaning (the default install) and without it (the lexical fallback);
  // --no-model: without it only.
  const semantic = args.includes('--no-model')
    ? undefined
    : await openCliSemantic({ engine, indexDir: path.resolve(indexDir), env: process.env, progress: process.stderr.isTTY, say: (l) => process.stderr.write(`${l}\n`) });
  if (semantic) {
    const provider = createQueryModels({ semantic, scopeVerdict: true });
    const dense = new Map<string, QueryModels>();
    for (const q of allEvalQuestions()) if (!dense.has(q)) dense.set(q, (await provider?.forQuestion(engine, q)) ?? {});
    await semantic.close();
    console.log('== with the model of meaning (default install)');
    report(engine, (q) => ({ ...lexicalModelsFor?.(q), ...dense.get(q) }));
    console.log('\n== without the model (lexical fallback)');
  }
  report(engine, lexicalModelsFor);

  function report(engine: SearchEngine, modelsFor: ModelsFor | undefined): void {
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
    const dev = loadEvalSet(DEV_SET_PATH);
    const answers = loadAnswersDev();
    const splits: ('A' | 'B' | 'all')[] = splitArg === 'A' || splitArg === 'B' || splitArg === 'all' ? [splitArg] : ['B', 'A', 'all'];
    const devLine = (sp: 'A' | 'B' | 'all', withMisses: boolean): void => {
      const name = sp === 'all' ? 'retrieval-dev (all, half A tuned)' : `retrieval-dev ${sp === 'A' ? 'A (tuning)' : 'B (held-out)'}`;
      const items = splitItems(dev, sp);
      console.log(formatMetrics(name, evaluate(engine, items, withMisses ? onMiss : undefined, modelsFor), rewritten(items.flatMap((i) => i.variants))));
    };
    const answersLine = (h: 'A' | 'B'): void => {
      const items = half(answers, h);
      const g = answersGoldTop3(engine, items, modelsFor);
      const rate = (x: number): string => (x / Math.max(1, g.questions)).toFixed(3);
      console.log(
        `answers-dev ${h === 'B' ? 'B (held-out)' : 'A (tuning)'}: ${g.questions} questions — expected fiche among the first 3 sources: strict ${g.hits}/${g.questions} (${rate(g.hits)}), pair-aware (or its paired page) ${g.pairHits}/${g.questions} (${rate(g.pairHits)})${rewritten(items.map((i) => i.q))}`,
      );
    };
    // Held-out figures first.
    if ((set === 'dev' || set === 'all') && splits.includes('B')) devLine('B', splits[0] === 'B');
    if ((set === 'everyday2' || set === 'all') && fs.existsSync(EVERYDAY2_SET_PATH)) {
      const items = loadEvalSet(EVERYDAY2_SET_PATH);
      console.log(formatMetrics('everyday-questions-2 (held-out)', evaluate(engine, items, set === 'everyday2' ? onMiss : undefined, modelsFor), rewritten(items.flatMap((i) => i.variants))));
    }
    if (set === 'answers' || set === 'all') answersLine('B');
    const longLines = (file: string, name: string, load: (file: string) => EvalItem[] = loadEvalSet): void => {
      if (!fs.existsSync(file)) return;
      const items = load(file);
      const qs = items.flatMap((i) => i.variants);
      console.log(formatMetrics(name, evaluate(engine, items, set === 'long' ? onMiss : undefined, modelsFor), rewritten(qs)));
      console.log(formatSources(name, sourcesFigures(engine, items, modelsFor), rewritten(qs)));
    };
    if (set === 'long' || set === 'all') {
      longLines(LONG2_SET_PATH, 'everyday-long-2 (held-out)');
      longLines(ANSWERS_HELDOUT3_PATH, 'answers-heldout-3 (held-out)', loadAnswersAsItems);
    }
    // Then the tuned ones.
    if ((set === 'dev' || set === 'all') && splits.includes('A')) devLine('A', splits[0] === 'A');
    if ((set === 'everyday' || set === 'all') && fs.existsSync(EVERYDAY_SET_PATH)) {
      const items = loadEvalSet(EVERYDAY_SET_PATH);
      console.log(formatMetrics('everyday-questions (tuned on)', evaluate(engine, items, set === 'everyday' ? onMiss : undefined, modelsFor), rewritten(items.flatMap((i) => i.variants))));
    }
    if (set === 'answers' || set === 'all') answersLine('A');
    if (set === 'long' || set === 'all') {
      longLines(LONG_SET_PATH, 'everyday-long (tuning)');
      longLines(ANSWERS_TUNING3_PATH, 'answers-tuning-3 (tuning)', loadAnswersAsItems);
      longLines(ANSWERS_TUNING4_PATH, 'answers-tuning-4 (tuning)', loadAnswersAsItems);
      longLines(LONG3_SET_PATH, 'everyday-long-3 (tuning)');
      longLines(LONG4_SET_PATH, 'everyday-long-4 (tuning)');
    }
    if ((set === 'dev' || set === 'all') && splits.includes('all')) devLine('all', splits[0] === 'all');
    if (set === 'scope' || set === 'all') {
      const f = evaluateScope(engine, modelsFor);
      for (const l of formatScope(f)) console.log(l);
      if (verbose) {
        for (const x of Object.values(f.refused)) for (const q of x.examples) console.log(`  REFUSED "${q}"`);
        for (const h of ['B', 'A'] as const) for (const q of f.offTopic[h].examples) console.log(`  OFF-TOPIC ANSWERED [${h}] "${q}"`);
      }
    }
    for (const f of failures) console.log(f);
  }
}

/** Every question the report asks (so that the model's rankings are computed once, before it). */
function allEvalQuestions(): string[] {
  const items = [DEV_SET_PATH, EVERYDAY_SET_PATH, EVERYDAY2_SET_PATH, LONG_SET_PATH, LONG2_SET_PATH, LONG3_SET_PATH, LONG4_SET_PATH]
    .filter((f) => fs.existsSync(f))
    .flatMap((f) => loadEvalSet(f).flatMap((i) => i.variants));
  const answers = [ANSWERS_DEV_PATH, ANSWERS_TUNING3_PATH, ANSWERS_TUNING4_PATH, ANSWERS_HELDOUT3_PATH].filter((f) => fs.existsSync(f)).flatMap((f) => loadAnswersDev(f).map((i) => i.q));
  return [...items, ...answers, ...loadOffTopic()];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
