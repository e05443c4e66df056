/**
 * Answer quality on everyday questions: asks the real JSON API (`POST /api/answers`, in-process, on a
 * throw-away PGlite database) every question of src/corpus/eval/answers-dev.json and scores the answers
 * with scripts/eval/score-answers.mjs (the definition of the figures): answered, expected fiche among the
 * first 3 sources, key-fact recall, the direct fact in « En bref », median words of « En bref » and of the
 * whole answer, wrong-case rules, repeated sentences.
 *
 *   npm run eval:answers [-- --half A|B|all] [--show N] [--out FILE] [--set FILE] [--capture DIR] [--replies DIR] [--rewrites FILE] [--no-model]
 *
 * With the model of meaning (the default install's, started here as the server starts it; its vectors are
 * read from beside the index), or without it (--no-model: the lexical fallback).
 *
 * Half B (odd positions) is the held-out half and is printed first; half A (even positions) is the one
 * the composer is tuned on. --show N prints the first N answers of the selected half (to read them).
 * --set FILE scores another set of the same shape instead (src/corpus/eval/answers-tuning-2.json, a
 * second tuning set): its figures are printed for the whole file, which has no held-out half.
 * Each line is followed by the share of key facts present in the sources a language model would be given
 * for the same questions (scripts/eval/prompt-coverage.ts), the bound of the language-model mode's recall.
 * --capture DIR writes the prompts the language model would receive; --replies DIR runs the service in
 * language-model mode against the model replies recorded for those prompts (scripts/eval/model-replies.ts).
 * --rewrites FILE adds the question rewrite (LLM_QUERY_REWRITE, on by default with a model) from a model's
 * recorded rewrites (src/corpus/eval/model-rewrites.json): the replay server answers the service's rewrite
 * requests, and the captured prompts are those of the sources the rewrite's terms bring. With --replies
 * alone the rewrite is off, as the replies of a directory were written for prompts without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { createEvalUser, PUBLIC_URL, writeFakeClientDist } from './eval-answers.js';
import { aggregate, scoreOne, type ScoredRow, type ScorerAggregate, type ScorerItem } from './eval/score-answers.mjs';
import { caseTags, formatCaseTags, formatCoverage, promptCoverage, promptSources, type CaseTags, type PromptCoverage } from './eval/prompt-coverage.js';
import { understand } from '../src/server/modules/answers/question/understand.js';
import { RETRIEVAL } from '../src/server/modules/answers/retrieval/retrieve.js';
import { retrieveWithModels } from '../src/server/modules/answers/retrieval/query-models.js';
import { buildMessages } from '../src/server/modules/answers/llm/prompt.js';
import { capturePrompts, isRewriteRequest, loadReplies, loadRewrites, recordedRewrite, startReplayServer, userMessage } from './eval/model-replies.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ANSWERS_SET_PATH = path.join(root, 'src', 'corpus', 'eval', 'answers-dev.json');

export function loadAnswerSet(file: string = ANSWERS_SET_PATH): ScorerItem[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ScorerItem[];
}

/** Fixed halves: A = even position in the file (tuning), B = odd position (held-out). */
export function answerHalf<T>(items: readonly T[], half: 'A' | 'B' | 'all'): T[] {
  if (half === 'all') return [...items];
  return items.filter((_, i) => (half === 'A' ? i % 2 === 0 : i % 2 === 1));
}

export function formatAggregate(name: string, a: ScorerAggregate): string {
  return (
    `${name}: answered ${a.answered}/${a.questions}, gold top3 ${a.goldTop3}/${a.questions} (${a.goldTop3Rate}), ` +
    `nugget recall ${a.nuggetRecall}, direct-in-summary ${a.directInSummary}/${a.questions} (${a.directInSummaryRate}), ` +
    `summary words median ${a.summaryWordsMedian}, answer words median ${a.answerWordsMedian}, ` +
    `wrong-case answers ${a.wrongAnswers}/${a.wrongTrapQuestions} traps (in summary ${a.wrongInSummary}), repeated sentences mean ${a.repeatedSentencesMean}`
  );
}

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const half = (arg(args, '--half') ?? 'all') as 'A' | 'B' | 'all';
  const show = Number(arg(args, '--show') ?? 0) || 0;
  const out = arg(args, '--out');
  const setFile = arg(args, '--set');
  const captureDir = arg(args, '--capture');
  const repliesDir = arg(args, '--replies');
  const noModel = args.includes('--no-model');
  const rewritesFile = arg(args, '--rewrites');
  const rewrites = rewritesFile ? loadRewrites(rewritesFile) : undefined;
  const replay = repliesDir ? await startReplayServer(loadReplies(repliesDir), rewrites) : undefined;
  const llm = replay
    ? { LLM_BASE_URL: replay.baseUrl, LLM_API_KEY: 'recorded', LLM_MODEL: 'recorded-replies', LLM_QUERY_REWRITE: rewrites ? 'true' : 'false' }
    : { LLM_BASE_URL: process.env.LLM_BASE_URL, LLM_API_KEY: process.env.LLM_API_KEY, LLM_MODEL: process.env.LLM_MODEL, LLM_QUERY_REWRITE: process.env.LLM_QUERY_REWRITE };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-eval-quality-'));
  const dist = path.join(tmp, 'dist');
  writeFakeClientDist(dist);
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: dist,
    INDEX_DIR: process.env.INDEX_DIR ?? defaultTestIndexDir(),
    PUBLIC_URL,
    RATE_LIMIT_PER_MINUTE: '1000000',
    CORPUS_UPDATE_URLS: 'off',
    // The default install answers with the model of meaning; --no-model measures the lexical fallback.
    EMBEDDINGS_LOCAL: noModel ? 'off' : 'auto',
    ...llm,
  });
  const database = await openDatabase({ dataDir });
  const searchEngine = await loadSearchEngine({ indexDir: config.indexDir });
  const app = await buildApp(config, { logger: false, database, searchEngine });
  try {
    await app.ready();
    if (app.semantic) {
      await app.semantic.start();
      if (!(await app.semantic.vectors.whenReady(searchEngine))) throw new Error('Modèle de sens indisponible : relancez avec --no-model, ou installez-le (scripts/semantic/install-model.sh).');
    }
    console.log(`model of meaning: ${app.semantic ? 'on' : 'off (lexical fallback)'}`);
    const apiKey = await createEvalUser(app);
    const set = loadAnswerSet(setFile);
    const rows: (ScoredRow & { half: 'A' | 'B'; body: unknown; prompt: PromptCoverage; tags: CaseTags })[] = [];
    const times: number[] = [];
    const prompts: { system: string; user: string }[] = [];
    for (const [i, item] of set.entries()) {
      const h = i % 2 === 0 ? 'A' : 'B';
      if (!setFile && half !== 'all' && h !== half) continue;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/answers',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        payload: { question: item.q },
      });
      let body: unknown = null;
      try {
        body = res.json();
      } catch {
        body = { raw: res.body.slice(0, 2000) };
      }
      times.push(performance.now() - started);
      // The sources a language model would read for this question (the same retrieval, its prompt).
      const understanding = understand(item.q);
      const models = rewrites ? recordedRewrite(rewrites, item.q) : undefined;
      const { sources } = retrieveWithModels(searchEngine, item.q, models, { understanding, maxSources: RETRIEVAL.modelSources });
      const messages = buildMessages(item.q, sources, { understanding });
      const user = messages[1]?.content ?? '';
      prompts.push({ system: messages[0]?.content ?? '', user });
      rows.push({ ...scoreOne(item, res.statusCode, body), half: h, body, prompt: promptCoverage(item, promptSources(user)), tags: caseTags(item, sources.flatMap((src) => src.passages)) });
    }
    const lines: string[] = [];
    const report = (name: string, selected: typeof rows): void => {
      lines.push(formatAggregate(name, aggregate(selected)), `  ${formatCoverage(selected.map((r) => r.prompt))}`, `  ${formatCaseTags(selected.map((r) => r.tags))}`);
    };
    if (setFile) {
      report(path.basename(setFile), rows);
    } else {
      if (half === 'all' || half === 'B') report('held-out half B', rows.filter((r) => r.half === 'B'));
      if (half === 'all' || half === 'A') report('tuning half A  ', rows.filter((r) => r.half === 'A'));
      if (half === 'all') report('whole set      ', rows);
    }
    const sorted = [...times].sort((a, b) => a - b);
    lines.push(`answer time through the JSON API (in-process): median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted[sorted.length - 1] ?? 0)} ms`);
    for (const r of rows.slice(0, show)) {
      const body = r.body as { answer?: { sections?: { title: string; text: string }[]; sources?: { n: number; id: string; title: string }[]; choices?: { question: string; options: { label: string }[] } } };
      console.log(`\n=== [${r.half}] ${r.q}`);
      console.log(`gold ${r.gold.join(',')} rank ${r.goldRank ?? '-'} | recall ${r.nuggetRecall.toFixed(2)} | direct ${r.directInSummary ? 'summary' : r.directAnywhere ? 'later' : 'no'} | wrong ${r.wrongFound.length} | words ${r.summaryWords}/${r.answerWords}`);
      for (const n of r.nuggets) console.log(`  ${n.found ? '✓' : '✗'}${n.direct ? ' (direct)' : ''} ${n.fact}`);
      if (body.answer?.choices) console.log(`  choices: ${body.answer.choices.question} ${body.answer.choices.options.map((o) => o.label).join(' · ')}`);
      for (const s of body.answer?.sections ?? []) console.log(`--- ${s.title}\n${s.text}`);
      console.log(`--- Sources: ${(body.answer?.sources ?? []).map((s) => `[${s.n}] ${s.id} ${s.title}`).join(' | ')}`);
    }
    if (out) fs.writeFileSync(out, JSON.stringify(rows, null, 1));
    if (captureDir) capturePrompts(captureDir, prompts);
    if (replay) {
      // Every answer must be the model's: an answer the service composed offline (a reply missing or refused) is reported.
      const byModel = rows.filter((r) => (r.body as { answer?: { mode?: string } } | null)?.answer?.mode === 'llm').length;
      lines.push(`answers written from the recorded model replies: ${byModel}/${rows.length}`);
      if (rewrites) {
        // Every question's rewrite request must have found its recorded terms (a miss searches without them).
        const asked = replay.requests.filter((r) => isRewriteRequest(r.body));
        const found = asked.filter((r) => rewrites.has(userMessage(r.body))).length;
        lines.push(`rewrite requests answered from the recorded rewrites: ${found}/${asked.length}`);
      }
    }
    console.log('');
    for (const l of lines) console.log(l);
  } finally {
    await app.close();
    await database.close();
    await replay?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
