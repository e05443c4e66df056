/**
 * npm run bench — measures the figures the README reports and rewrites its « Performances » table:
 * JavaScript loaded by the home page (gzipped), TTFB and LCP of `/` in headless Chromium, server start
 * time, and the retrieval engine's figures. Run after `npm run build` (the npm script does it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../test/support/browser';

interface Row {
  label: string;
  value: string;
  target: string;
}

const rows: Row[] = [];
const ROOT = process.cwd();
const DIST = path.join(ROOT, 'dist/client');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/**
 * The server measured is the production one (`npm run build` → `npm run start:prod`: the esbuild bundle with
 * the same Node flag); without a build, the source through tsx (about 80 MB more memory).
 */
const COMPILED = path.join(ROOT, 'dist/server/server.js');
const SERVER_ARGS = fs.existsSync(COMPILED)
  ? ['--max-semi-space-size=2', COMPILED]
  : ['--import', 'tsx', 'src/server/server.ts'];
const SERVER_KIND = fs.existsSync(COMPILED) ? 'serveur compilé, `npm run start:prod`' : 'serveur lancé par tsx';

function rssMb(pid: number | undefined): number {
  if (!pid || !fs.existsSync(`/proc/${pid}/status`)) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; startMs: number; rssMb(): number; stop(): Promise<void> }> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const t0 = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    // The model of meaning is measured with the answers (bench-answers.ts), on the test index's cached vectors:
    // here it would compute this index's vectors during the page and start figures.
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'off', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    startMs,
    rssMb: () => rssMb(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function benchPage(url: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const ttfbs: number[] = [];
    const lcps: number[] = [];
    let jsFiles = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort());
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script' && res.url().startsWith(url)) scripts.add(new URL(res.url()).pathname);
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${url}/`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const m = await page.evaluate(() => {
        const nav = window.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { ttfb: nav.responseStart - nav.requestStart, lcp: (window as unknown as { __lcp: number }).__lcp };
      });
      if (i > 0) {
        ttfbs.push(m.ttfb);
        lcps.push(m.lcp);
      }
      jsFiles = scripts;
      await context.close();
    }
    let gz = 0;
    for (const p of jsFiles) gz += gzipSync(fs.readFileSync(path.join(DIST, p)), { level: 9 }).length;
    rows.push({ label: 'JavaScript chargé par la page d’accueil (gzip)', value: `${(gz / 1024).toFixed(1)} Ko (${jsFiles.size} fichiers)`, target: '≤ 120 Ko' });
    rows.push({ label: 'Time to first byte de `/` (médiane, Chromium)', value: `${median(ttfbs).toFixed(1)} ms`, target: '—' });
    rows.push({ label: 'Largest Contentful Paint de `/` (médiane, Chromium)', value: `${median(lcps).toFixed(0)} ms`, target: '≤ 1 000 ms' });
  } finally {
    await browser.close();
  }
}

type RetrievalBench = () => Promise<Record<string, number>>;

/** Label, unit and target of each figure a sub-bench returns. */
type Labels = Record<string, [label: string, unit: string, target: string]>;

/** Adds a sub-bench's figures to the table, labelled (unknown keys keep their name after `prefix`). */
function pushRows(figures: Record<string, number>, labels: Labels, decimals: number, prefix = ''): void {
  const scale = 10 ** decimals;
  for (const [k, v] of Object.entries(figures)) {
    const [label, unit, target] = labels[k] ?? [`${prefix}${k}`, '', ''];
    rows.push({ label, value: `${Math.round(v * scale) / scale}${unit ? ` ${unit}` : ''}`, target });
  }
}

async function benchRetrievalIfPresent(): Promise<void> {
  const file = path.join(ROOT, 'scripts/bench-retrieval.ts');
  if (!fs.existsSync(file)) return;
  const mod = (await import(file)) as { benchRetrieval?: RetrievalBench };
  if (!mod.benchRetrieval) return;
  const labels: Labels = {
    queries: ['Recherche — requêtes mesurées', '', '≥ 1 000'],
    queryMedianMs: ['Recherche — temps médian par requête', 'ms', '≤ 2 ms'],
    queryP99Ms: ['Recherche — temps p99 par requête', 'ms', '≤ 10 ms'],
    indexBuildSeconds: ['Construction de l’index', 's', '≤ 60 s'],
    indexLoadSeconds: ['Chargement de l’index au démarrage', 's', '≤ 2 s'],
    rssMb: ['Mémoire résidente du processus de mesure (index chargé)', 'Mo', ''],
    rssIndexDeltaMb: ['Mémoire due à l’index', 'Mo', ''],
    passagesMedianMs: ['Recherche pour les réponses (8 fiches, passages), médiane avec extraits', 'ms', ''],
    passagesNoSnippetsMedianMs: ['Recherche pour les réponses (8 fiches, passages), médiane sans extraits', 'ms', ''],
    passagesNoSnippetsP99Ms: ['Recherche pour les réponses (8 fiches, passages), p99 sans extraits', 'ms', ''],
  };
  pushRows(await mod.benchRetrieval(), labels, 2, 'Recherche — ');
}

/**
 * bench-answers.ts in a process of its own: the memory measured under the answer load is then the server's
 * and the model's, not also this process's index of the search bench.
 */
function benchAnswersInChild(model: boolean): Promise<Record<string, number>> {
  // The young-generation limit of `npm run start:prod` (package.json), so that the memory is a server's.
  const args = ['--max-semi-space-size=2', '--import', 'tsx', path.join(ROOT, 'scripts/bench-answers.ts'), '--json', ...(model ? ['--model'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Record<string, number>);
      else reject(new Error(`bench-answers exited with ${code ?? 'a signal'}`));
    });
  });
}

async function benchAnswersRows(): Promise<void> {
  // The default install (with the model of meaning), then the lexical fallback, in one run.
  for (const model of [true, false]) {
    const mode = model ? 'avec le modèle de sens' : 'sans modèle (recherche lexicale seule)';
    const labels: Labels = {
      modelReadyMs: ['Modèle de sens prêt après son lancement', 'ms', '≤ 3 000 ms'],
      questionEmbeddingMedianMs: ['Vecteur d’une question et classement dense, médiane', 'ms', '≤ 15 ms'],
      answerMedianMs: [`Réponse extractive (JSON), temps médian côté client local — ${mode}`, 'ms', model ? '≤ 60 ms' : '≤ 30 ms'],
      answerP99Ms: [`Réponse extractive (JSON), p99 — ${mode}`, 'ms', ''],
      firstSectionMedianMs: [`Première section reçue en flux (SSE), médiane — ${mode}`, 'ms', '≤ 50 ms'],
      answersPerSecond: [`Réponses par seconde (autocannon, 10 connexions, 10 s) — ${mode}`, '/s', '≥ 100 /s'],
      loadLatencyP50Ms: [`Latence sous charge, médiane — ${mode}`, 'ms', ''],
      loadLatencyP99Ms: [`Latence sous charge, p99 — ${mode}`, 'ms', ''],
      answerCpuMs: [`Temps CPU par réponse (serveur et client local, même processus) — ${mode}`, 'ms', ''],
      modelCpuMsPerAnswer: ['Temps CPU du modèle de sens par réponse (son processus)', 'ms', ''],
      rssUnderLoadMb: ['Mémoire résidente sous la charge (serveur et modèle de sens)', 'Mo', '≤ 700 Mo'],
    };
    pushRows(await benchAnswersInChild(model), labels, 1);
  }
}

function writeReadme(): void {
  const file = path.join(ROOT, 'README.md');
  const table = [
    `Mesuré par \`npm run bench\` le ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cœurs, Node ${process.version}).`,
    '',
    '| Mesure | Valeur | Cible |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.label} | ${r.value} | ${r.target} |`),
  ].join('\n');
  const readme = fs.readFileSync(file, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < 0) return;
  fs.writeFileSync(file, `${readme.slice(0, i + start.length)}\n${table}\n${readme.slice(j)}`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/client missing: npm run build:client');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-bench-'));
  const env = { DATA_DIR: dataDir, INDEX_DIR: process.env.INDEX_DIR ?? path.join(ROOT, 'data/index') };
  // First start creates the database (and builds the index if needed); the second is the one measured.
  await (await startServer(env)).stop();
  const starts: number[] = [];
  let server = await startServer(env);
  starts.push(server.startMs);
  await server.stop();
  server = await startServer(env);
  starts.push(server.startMs);
  rows.push({ label: 'Démarrage du serveur (jusqu’à /api/health = ok)', value: `${median(starts).toFixed(0)} ms`, target: '—' });
  try {
    await benchPage(server.url);
    for (let i = 0; i < 50; i++) await fetch(`${server.url}/api/search?q=${encodeURIComponent(`licenciement préavis ${i}`)}`);
    rows.push({
      label: `Mémoire résidente du serveur (${SERVER_KIND} ; index chargé, après les pages et 50 recherches)`,
      value: `${server.rssMb().toFixed(0)} Mo`,
      target: '≤ 300 Mo',
    });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await benchRetrievalIfPresent();
  await benchAnswersRows();
  for (const r of rows) console.log(`${r.label}: ${r.value}${r.target ? ` (cible ${r.target})` : ''}`);
  writeReadme();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
