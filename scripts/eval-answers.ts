/**
 * Answer evaluation: asks the real JSON API (`POST /api/answers`, in-process, on a throw-away
 * PGlite database) every phrasing of the dev set (first 2 per intent; `--all` for all of them) and of the
 * everyday-question set, then prints:
 * - the share of answers whose first 3 sources include an expected fiche (target ≥ 0.90);
 * - the share with all five sections non-empty (≥ 0.95);
 * - the share passing the citation and article check again on the delivered answer (must be 100 %);
 * - the share refused as out of scope (422) and the share refused as « not French » (400: bare keyword
 *   queries such as « conges payes » have no French function word), short queries (≤ 2 words, such as
 *   « AT ») counted apart;
 * - the median answer length (characters of the five sections) and the median answer time.
 *
 *   npm run eval:answers:sources [-- --all] [--set dev|everyday|everyday2|all] [--failures N]
 *
 * The answers are composed in the mode the environment selects (LLM_BASE_URL + LLM_MODEL → « llm »,
 * otherwise « extractive »); EMBEDDINGS_* and LLM_QUERY_REWRITE add the optional retrieval models (the
 * fiche vectors are computed, or read from INDEX_DIR.vectors, before the first question). Nothing is written outside a temporary directory, removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../src/common/messages.js';
import { SECTION_IDS, answerResponseSchema, type Answer } from '../src/common/api/answers.js';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { users } from '../src/server/db/schema/index.js';
import { checkAnswer } from '../src/server/modules/answers/citations/check-citations.js';
import { DEV_SET_PATH, EVERYDAY2_SET_PATH, EVERYDAY_SET_PATH, loadEvalSet, type EvalItem } from './eval-retrieval.js';

export const PUBLIC_URL = 'http://127.0.0.1:3999';
const DEV_PHRASINGS_PER_INTENT = 2;
const SHORT_MAX_WORDS = 2;
const CREDITS = 100_000;

export interface AskResult {
  set: string;
  intent: string;
  query: string;
  gold: string[];
  short: boolean;
  status: number;
  ms: number;
  /** For a 400: whether the API refused it as not French (keyword queries such as « conges payes »). */
  notFrench?: boolean;
  /** Whether the search engine alone puts an expected fiche in its first 3 results (to tell retrieval from composition). */
  searchTop3: boolean;
  answer?: Answer;
}

export interface SetSummary {
  name: string;
  asked: number;
  answered: number;
  top3: number;
  fiveSections: number;
  citationsOk: number;
  outOfScope: number;
  outOfScopeShort: number;
  notFrench: number;
  notFrenchShort: number;
  short: number;
  searchTop3Answered: number;
  otherErrors: Record<string, number>;
  medianChars: number;
  medianMs: number;
  modes: Record<string, number>;
}

const wordCount = (q: string): number => q.trim().split(/\s+/u).filter(Boolean).length;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function answerChars(answer: Answer): number {
  return answer.sections.reduce((n, s) => n + s.text.length, 0);
}

export function hasTop3(answer: Answer, gold: readonly string[]): boolean {
  return answer.sources.slice(0, 3).some((s) => gold.includes(s.id));
}

export function allFiveSections(answer: Answer): boolean {
  return (
    answer.sections.length === SECTION_IDS.length &&
    SECTION_IDS.every((id, i) => answer.sections[i]?.id === id && (answer.sections[i]?.text.trim() ?? '') !== '')
  );
}

export function citationsOk(answer: Answer): boolean {
  return checkAnswer(answer.sections, answer.sources).ok;
}

export function summarise(name: string, results: AskResult[]): SetSummary {
  const answered = results.filter((r): r is AskResult & { answer: Answer } => r.status === 200 && r.answer !== undefined);
  const otherErrors: Record<string, number> = {};
  const modes: Record<string, number> = {};
  for (const r of results) {
    if (r.status !== 200 && r.status !== 422 && !r.notFrench) otherErrors[r.status] = (otherErrors[r.status] ?? 0) + 1;
  }
  for (const r of answered) modes[r.answer.mode] = (modes[r.answer.mode] ?? 0) + 1;
  return {
    name,
    asked: results.length,
    answered: answered.length,
    top3: answered.filter((r) => hasTop3(r.answer, r.gold)).length,
    fiveSections: answered.filter((r) => allFiveSections(r.answer)).length,
    citationsOk: answered.filter((r) => citationsOk(r.answer)).length,
    outOfScope: results.filter((r) => r.status === 422).length,
    outOfScopeShort: results.filter((r) => r.status === 422 && r.short).length,
    notFrench: results.filter((r) => r.notFrench).length,
    notFrenchShort: results.filter((r) => r.notFrench && r.short).length,
    short: results.filter((r) => r.short).length,
    searchTop3Answered: answered.filter((r) => r.searchTop3).length,
    otherErrors,
    medianChars: median(answered.map((r) => answerChars(r.answer))),
    medianMs: median(answered.map((r) => r.ms)),
    modes,
  };
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const ratio = (n: number, d: number): string => (d === 0 ? '—' : (n / d).toFixed(3));

export function formatSummary(s: SetSummary): string[] {
  const long = s.asked - s.short;
  const oosLong = s.outOfScope - s.outOfScopeShort;
  const errors = Object.entries(s.otherErrors).map(([k, v]) => `${k}×${v}`).join(', ') || 'aucune';
  const modes = Object.entries(s.modes).map(([k, v]) => `${k} ${v}`).join(', ') || '—';
  return [
    `${s.name}: ${s.asked} questions, ${s.answered} answered (${modes})`,
    `  expected fiche in first 3 sources : ${ratio(s.top3, s.answered)} (${s.top3}/${s.answered} answered; ${ratio(s.top3, s.asked)} of all asked)  target ≥ 0.90`,
    `    (search engine alone, same questions: ${ratio(s.searchTop3Answered, s.answered)})`,
    `  all five sections non-empty       : ${ratio(s.fiveSections, s.answered)} (${s.fiveSections}/${s.answered})  target ≥ 0.95`,
    `  citation + article check passed   : ${pct(s.citationsOk, s.answered)} (${s.citationsOk}/${s.answered})  must be 100 %`,
    `  out of scope (422)                : ${ratio(s.outOfScope, s.asked)} (${s.outOfScope}/${s.asked}) — short (≤ ${SHORT_MAX_WORDS} words) ${s.outOfScopeShort}/${s.short}, longer ${oosLong}/${long}`,
    `  refused as not French (400)       : ${ratio(s.notFrench, s.asked)} (${s.notFrench}/${s.asked}) — short ${s.notFrenchShort}/${s.short}, longer ${s.notFrench - s.notFrenchShort}/${long}`,
    `  other errors                      : ${errors}`,
    `  median answer length              : ${Math.round(s.medianChars)} characters`,
    `  median answer time                : ${Math.round(s.medianMs)} ms`,
  ];
}

export function writeFakeClientDist(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>QuestionLegale.info</title></head><body><div id="root"></div></body></html>',
  );
}

/** Creates a user through the API and gives it many credits; returns its API key. */
export async function createEvalUser(app: FastifyInstance): Promise<string> {
  const email = `eval-${Date.now()}@exemple.fr`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL, accept: 'application/json' },
    payload: { name: 'Évaluation', email, password: 'Motdepasse1' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up → ${res.statusCode}`);
  const [user] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error('eval user not created');
  await app.accounts.profiles.ensure(user.id);
  const granted = await app.accounts.credits.grant(user.id, CREDITS, 'eval');
  if (!granted.ok) throw new Error('could not grant credits');
  const profile = await app.accounts.profiles.get(user.id);
  if (!profile) throw new Error('no profile');
  return profile.apiKey;
}

async function ask(
  app: FastifyInstance,
  apiKey: string,
  question: string,
): Promise<{ status: number; ms: number; notFrench?: boolean; answer?: Answer }> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/answers',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
    payload: { question },
  });
  const ms = performance.now() - started;
  if (res.statusCode === 400) {
    const body = res.json<{ error?: { message?: string } }>();
    return { status: 400, ms, notFrench: body.error?.message === MESSAGES.notFrench };
  }
  if (res.statusCode !== 200) return { status: res.statusCode, ms };
  const parsed = answerResponseSchema.parse(res.json());
  return { status: 200, ms, answer: parsed.answer };
}

type Question = Omit<AskResult, 'status' | 'ms' | 'searchTop3' | 'notFrench' | 'answer'>;

function questionsOf(set: string, items: EvalItem[], perIntent: number | undefined): Question[] {
  return items.flatMap((item) =>
    item.variants.slice(0, perIntent).map((query) => ({ set, intent: item.id, query, gold: item.gold, short: wordCount(query) <= SHORT_MAX_WORDS })),
  );
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const set = argValue(args, '--set') ?? 'all';
  const maxFailures = Number(argValue(args, '--failures') ?? 0) || 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-eval-answers-'));
  const dist = path.join(tmp, 'dist');
  writeFakeClientDist(dist);
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);

  const t0 = performance.now();
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: dist,
    INDEX_DIR: process.env.INDEX_DIR ?? defaultTestIndexDir(),
    PUBLIC_URL,
    RATE_LIMIT_PER_MINUTE: '1000000',
    CORPUS_UPDATE_URLS: 'off',
    LLM_BASE_URL: process.env.LLM_BASE_URL,
    LLM_API_KEY: process.env.LLM_API_KEY,
    LLM_MODEL: process.env.LLM_MODEL,
    // The optional retrieval models (README, « Modèles de recherche facultatifs »), to measure them.
    LLM_QUERY_REWRITE: process.env.LLM_QUERY_REWRITE,
    LLM_QUERY_REWRITE_TIMEOUT_MS: process.env.LLM_QUERY_REWRITE_TIMEOUT_MS,
    EMBEDDINGS_BASE_URL: process.env.EMBEDDINGS_BASE_URL,
    EMBEDDINGS_API_KEY: process.env.EMBEDDINGS_API_KEY,
    EMBEDDINGS_MODEL: process.env.EMBEDDINGS_MODEL,
    EMBEDDINGS_TIMEOUT_MS: process.env.EMBEDDINGS_TIMEOUT_MS,
    EMBEDDINGS_BATCH_SIZE: process.env.EMBEDDINGS_BATCH_SIZE,
  };
  const config = loadConfig(env);
  const database = await openDatabase({ dataDir });
  const searchEngine = await loadSearchEngine({ indexDir: config.indexDir });
  const app = await buildApp(config, { logger: false, database, searchEngine });
  try {
    await app.ready();
    // With the model of meaning, measure with the corpus's vectors in place (computed or read from INDEX_DIR.vectors).
    if (app.semantic) {
      await app.semantic.start();
      if (!(await app.semantic.vectors.whenReady(app.searchEngine))) throw new Error('Vecteurs du corpus indisponibles : vérifiez le modèle de sens (EMBEDDINGS_*).');
    }
    const apiKey = await createEvalUser(app);
    const setupMs = performance.now() - t0;

    const sets: [string, Question[]][] = [];
    if (set === 'dev' || set === 'all') {
      sets.push([all ? 'retrieval-dev (all phrasings)' : `retrieval-dev (first ${DEV_PHRASINGS_PER_INTENT} phrasings)`, questionsOf('dev', loadEvalSet(DEV_SET_PATH), all ? undefined : DEV_PHRASINGS_PER_INTENT)]);
    }
    if (set === 'everyday' || set === 'all') sets.push(['everyday-questions', questionsOf('everyday', loadEvalSet(EVERYDAY_SET_PATH), undefined)]);
    if (set === 'everyday2' || set === 'all') sets.push(['everyday-questions-2 (held-out)', questionsOf('everyday2', loadEvalSet(EVERYDAY2_SET_PATH), undefined)]);

    const everything: AskResult[] = [];
    const lines: string[] = [];
    for (const [name, questions] of sets) {
      const results: AskResult[] = [];
      for (const q of questions) {
        const searchTop3 = searchEngine.search(q.query, 3).some((hit) => q.gold.includes(hit.id));
        results.push({ ...q, searchTop3, ...(await ask(app, apiKey, q.query)) });
      }
      everything.push(...results);
      lines.push(...formatSummary(summarise(name, results)));
    }
    if (sets.length > 1) lines.push(...formatSummary(summarise('all sets', everything)));
    const totalS = ((performance.now() - t0) / 1000).toFixed(1);
    lines.push(`(setup ${(setupMs / 1000).toFixed(1)} s, total ${totalS} s, mode ${config.llm ? 'llm' : 'extractive'})`);
    for (const l of lines) console.log(l);

    if (maxFailures > 0) {
      let shown = 0;
      for (const r of everything) {
        if (shown >= maxFailures) break;
        const problems: string[] = [];
        if (r.status !== 200) problems.push(`HTTP ${r.status}${r.notFrench ? ' (not French)' : ''}`);
        if (r.answer && !hasTop3(r.answer, r.gold)) problems.push(`top3=${r.answer.sources.slice(0, 3).map((s) => s.id).join(',')} gold=${r.gold.join(',')}`);
        if (r.answer && !allFiveSections(r.answer)) problems.push('empty section');
        if (r.answer && !citationsOk(r.answer)) problems.push('citation check');
        if (problems.length === 0) continue;
        shown++;
        console.log(`  FAIL [${r.set}/${r.intent}] "${r.query}": ${problems.join('; ')}`);
      }
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
