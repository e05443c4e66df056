/**
 * Answer figures for `npm run bench`: extractive answer time (JSON, median and p99), time to
 * the first streamed section (SSE), and answers per second under concurrent load from a load generator
 * (autocannon, a separate process) on loopback. The server runs in-process on a temporary PGlite.
 * Also the CPU time per sequential answer (server + in-process client), steadier than wall time on a
 * shared machine. Runs alone:
 *   npx tsx scripts/bench-answers.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle';
import { PUBLIC_URL, createEvalUser, median, writeFakeClientDist } from './eval-answers';

const QUESTIONS = [
  "Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie, que puis-je faire ?",
  'Mon employeur peut-il refuser de me payer mes heures supplémentaires ?',
  'Comment contester une amende pour excès de vitesse que je conteste ?',
  'Quel est le délai de préavis quand je démissionne de mon CDI ?',
  "J'ai acheté un produit en ligne, puis-je me rétracter et dans quel délai ?",
  'Mon voisin fait du bruit toutes les nuits, quels sont mes recours ?',
];

function p99(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
}

async function firstSectionMs(url: string, apiKey: string, question: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/answers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ question }),
  });
  if (!res.ok || !res.body) throw new Error(`SSE → ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes('event: section')) first = performance.now() - started;
  }
  if (!text.includes('event: done')) throw new Error('SSE stream without done');
  return first;
}

function autocannon(url: string, apiKey: string, seconds: number, connections: number): Promise<{ rps: number; errors: number; non2xx: number; p50: number; p99: number }> {
  const bin = path.resolve('node_modules/.bin/autocannon');
  const args = ['-j', '-c', String(connections), '-d', String(seconds), '-m', 'POST',
    '-H', `authorization=Bearer ${apiKey}`, '-H', 'content-type=application/json', '-H', 'accept=application/json',
    '-b', JSON.stringify({ question: QUESTIONS[0] }), `${url}/api/answers`];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as { requests: { average: number }; errors: number; non2xx: number; latency: { p50: number; p99: number } };
      resolve({ rps: r.requests.average, errors: r.errors, non2xx: r.non2xx, p50: r.latency.p50, p99: r.latency.p99 });
    });
  });
}

/** Resident memory of a process in MB (Linux /proc), NaN when unknown. */
function rssMb(pid: number | undefined): number {
  if (!pid || !fs.existsSync(`/proc/${pid}/status`)) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU time a process has used, in ms (Linux /proc: user + system clock ticks of 10 ms), 0 when unknown. */
function processCpuMs(pid: number | undefined): number {
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return 0;
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * With `model`, the default install: the local model of meaning started here (its time to readiness
 * measured), the corpus's vectors read from beside the index, and the question's embedding timed alone.
 */
export async function benchAnswers(model = false): Promise<Record<string, number>> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-bench-answers-'));
  const dist = path.join(tmp, 'dist');
  writeFakeClientDist(dist);
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: dist,
    INDEX_DIR: process.env.INDEX_DIR ?? defaultTestIndexDir(),
    PUBLIC_URL,
    RATE_LIMIT_PER_MINUTE: '100000000',
    CORPUS_UPDATE_URLS: 'off',
    EMBEDDINGS_LOCAL: model ? 'auto' : 'off',
  });
  const database = await openDatabase({ dataDir });
  const searchEngine = await loadSearchEngine({ indexDir: config.indexDir });
  const app = await buildApp(config, { logger: false, database, searchEngine });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const modelFigures: Record<string, number> = {};
    const semantic = app.semantic;
    if (model) {
      if (!semantic) throw new Error('model of meaning off: run scripts/semantic/install-model.sh');
      const t0 = performance.now();
      await semantic.start();
      if (semantic.process?.state.state !== 'ready') throw new Error('model of meaning did not start');
      modelFigures.modelReadyMs = performance.now() - t0;
      if (!(await semantic.vectors.whenReady(searchEngine))) throw new Error('corpus vectors unavailable');
      const embedTimes: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        const r = await semantic.rank(searchEngine, QUESTIONS[i % QUESTIONS.length] ?? '');
        if (r.outcome !== 'used') throw new Error(`dense ranking → ${r.outcome}`);
        if (i >= 4) embedTimes.push(performance.now() - started);
      }
      modelFigures.questionEmbeddingMedianMs = median(embedTimes);
    }
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const apiKey = await createEvalUser(app);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
    // Steady state of a running server: three rounds of the questions warm the JIT and the caches first.
    const warmup = 3 * QUESTIONS.length;
    const times: number[] = [];
    let cpuStart = process.cpuUsage();
    let modelCpuStart = 0;
    for (let i = 0; i < warmup + 60; i++) {
      if (i === warmup) {
        cpuStart = process.cpuUsage();
        modelCpuStart = processCpuMs(semantic?.process?.pid);
      }
      const started = performance.now();
      const res = await fetch(`${url}/api/answers`, { method: 'POST', headers, body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length] }) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`answer → ${res.status}`);
      if (i >= warmup) times.push(performance.now() - started);
    }
    // CPU time per answer of this process (server and its in-process client together): unlike wall
    // time it hardly moves when other processes load the machine.
    const cpu = process.cpuUsage(cpuStart);
    const answerCpuMs = (cpu.user + cpu.system) / 1000 / times.length;
    // What the model costs per answer: its process's CPU time over the same answers.
    if (model) modelFigures.modelCpuMsPerAnswer = (processCpuMs(semantic?.process?.pid) - modelCpuStart) / times.length;
    const firsts: number[] = [];
    for (let i = 0; i < 12; i++) firsts.push(await firstSectionMs(url, apiKey, QUESTIONS[i % QUESTIONS.length] ?? ''));
    const load = await autocannon(url, apiKey, 10, 10);
    if (load.errors > 0 || load.non2xx > 0) throw new Error(`load run had ${load.errors} errors and ${load.non2xx} non-2xx replies`);
    // Right after the load: the server (this process, with its in-process client; bench.ts runs each mode
    // in a process of its own) and the model's process.
    if (model) modelFigures.rssUnderLoadMb = rssMb(process.pid) + rssMb(semantic?.process?.pid);
    return {
      ...modelFigures,
      answerMedianMs: median(times),
      answerP99Ms: p99(times),
      answerCpuMs,
      firstSectionMedianMs: median(firsts.slice(2)),
      answersPerSecond: load.rps,
      loadLatencyP50Ms: load.p50,
      loadLatencyP99Ms: load.p99,
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// `--model`: with the model of meaning; `--json`: the figures as one JSON line (how bench.ts reads them).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchAnswers(process.argv.includes('--model')).then(
    (r) => {
      if (process.argv.includes('--json')) console.log(JSON.stringify(r));
      else for (const [k, v] of Object.entries(r)) console.log(`${k}: ${Math.round(v * 100) / 100}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
