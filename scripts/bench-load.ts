/**
 * npm run bench:load — the real server under load from a load generator on loopback (autocannon), for a
 * bounded time per target: `/`, a hashed asset, `/api/search`, `/api/answers` (extractive, JSON, many
 * users with API keys) and e-mail sign-in. Prints requests per second, median and p99 latency and the
 * error count of each, and the server's peak resident memory; rewrites the README « Charge » table.
 * Any error, timeout or reply outside 2xx fails the run (exit code 1) and leaves the README alone.
 *
 *   npm run bench:load [-- --duration 10 --connections 10 --users 50 --prod --only search,answers --no-readme]
 *
 * The server is a child process (`node --import tsx src/server/server.ts`, or `node dist/server/server.js`
 * with --prod) on a temporary DATA_DIR (PGlite), or on DATABASE_URL when it is set, with the already built
 * search index (INDEX_DIR, else the test cache, else data/index). All the load comes from one address, so
 * the per-address limits are lifted for the bench: RATE_LIMIT_PER_MINUTE, SEARCH_RATE_LIMIT_PER_MINUTE,
 * AUTH_RATE_LIMIT_PER_IP and AUTH_RATE_LIMIT_PER_EMAIL are set very high.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { searchQuerySchema } from '../src/common/api/search';
import { defaultTestIndexDir } from '../src/corpus/index-lifecycle';
import { freePort } from '../test/support/ports';
import { openDatabase } from '../src/server/db/database';
import { users as usersTable } from '../src/server/db/schema';
import { createCreditsService } from '../src/server/modules/credits/credits-service';
import { createProfileService } from '../src/server/modules/profile/profile-service';
import {
  README_END,
  README_START,
  UsageError,
  distinctPhrasings,
  failures,
  formatNumber,
  formatTable,
  hashedAssetPath,
  parseArgs,
  replaceSection,
  runLoad,
  summarise,
  type LoadOptions,
  type AcRequest,
  type LoadRunResult,
  type TargetId,
  type TargetSummary,
} from './bench-load-support';
import { DEV_SET_PATH, EVERYDAY_SET_PATH, loadEvalSet } from './eval-retrieval';

const ROOT = process.cwd();
const CLIENT_DIST = path.join(ROOT, 'dist/client');
const PROD_ENTRY = path.join(ROOT, 'dist/server/server.js');
const PASSWORD = 'Motdepasse-charge-1';
/** Credits given to each bench account: far more than any run can spend. */
const CREDITS_PER_USER = 1_000_000;
const LIFTED_LIMIT = '1000000000';

// ---------------------------------------------------------------- server process

interface Server {
  url: string;
  pid: number;
  /** Current and peak resident memory, in MiB (NaN once the process is gone). */
  memory(): { rssMb: number; hwmMb: number };
  stop(): Promise<void>;
}

function procMemory(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, hwmMb: NaN };
  }
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function startServer(entry: string[], env: NodeJS.ProcessEnv, port: number, logFile: string): Promise<Server> {
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, entry, { env: { ...env, PORT: String(port) }, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`le serveur s'est arrêté au démarrage (code ${child.exitCode ?? child.signalCode}) :\n${tail(logFile, 20)}`);
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`le serveur n'a pas répondu à /api/health en 3 minutes :\n${tail(logFile, 20)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('serveur sans pid');
  return {
    url,
    pid,
    memory: () => procMemory(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------- setup through the real API

interface BenchUser {
  email: string;
  apiKey: string;
}

function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}

async function expectOk(res: Response, what: string): Promise<string> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} → ${res.status} ${text.slice(0, 300)}`);
  return text;
}

async function createUser(url: string, email: string, i: number): Promise<BenchUser> {
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: url },
    body: JSON.stringify({ name: `Charge ${i}`, email, password: PASSWORD }),
  });
  await expectOk(signUp, `inscription de ${email}`);
  // Registering does not sign in (the user is sent to /login): sign in for the session cookie.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await expectOk(signIn, `connexion de ${email}`);
  const cookie = cookieHeader(signIn);
  if (!cookie) throw new Error(`connexion de ${email} : aucun cookie de session`);
  const profile = await fetch(`${url}/api/profile`, { headers: { cookie, accept: 'application/json' } });
  const body = JSON.parse(await expectOk(profile, `profil de ${email}`)) as { apiKey?: unknown };
  if (typeof body.apiKey !== 'string') throw new Error(`profil de ${email} sans clé d'API`);
  return { email, apiKey: body.apiKey };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Credits are given with the credits service directly (what `npm run credits -- grant` does), server stopped. */
async function grantCredits(env: { databaseUrl: string | undefined; dataDir: string }, emails: readonly string[]): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, maxConnections: 2 });
  try {
    const credits = createCreditsService(database.db);
    const profiles = createProfileService(database.db);
    for (const email of emails) {
      const [user] = await database.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.email, email));
      if (!user) throw new Error(`compte ${email} introuvable`);
      await profiles.ensure(user.id);
      const granted = await credits.grant(user.id, CREDITS_PER_USER, 'bench-load');
      if (!granted.ok) throw new Error(`crédits refusés pour ${email}`);
    }
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- targets

interface Target {
  id: TargetId;
  label: string;
  /** A few sequential requests before the load: they must all succeed (fails fast with the reason). */
  warmUp: (url: string) => Promise<void>;
  request: Partial<AcRequest> & { setupRequest?: (req: AcRequest) => AcRequest };
}

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'fr-FR,fr;q=0.9' };

function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('liste vide');
  let i = 0;
  return () => items[i++ % items.length] as T;
}

async function pickAnswerQuestions(url: string, apiKey: string, candidates: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const question of candidates) {
    const res = await fetch(`${url}/api/answers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ question }),
    });
    await res.arrayBuffer();
    // 422: out of the site's scope, 400: not recognised as French — normal replies, but not answers.
    if (res.status === 200) kept.push(question);
    else if (res.status !== 422 && res.status !== 400) throw new Error(`réponse de préparation → ${res.status}`);
  }
  return kept;
}

function buildTargets(origin: string, assetPath: string, searchQueries: string[], answerQuestions: string[], users: BenchUser[]): Target[] {
  const get = async (url: string, p: string, headers: Record<string, string>): Promise<void> => {
    await expectOk(await fetch(`${url}${p}`, { headers }), `GET ${p}`);
  };
  const nextQuery = cycle(searchQueries);
  const nextQuestion = cycle(answerQuestions);
  const nextAnswerUser = cycle(users);
  const nextSignInUser = cycle(users);
  const answerHeaders = (u: BenchUser): Record<string, string> => ({
    authorization: `Bearer ${u.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  });
  const signInHeaders: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    origin,
  };
  return [
    {
      id: 'home',
      label: 'Page d’accueil `/` (HTML)',
      warmUp: (url) => get(url, '/', { accept: 'text/html', ...BROWSER_HEADERS }),
      request: { method: 'GET', path: '/', headers: { accept: 'text/html,application/xhtml+xml', ...BROWSER_HEADERS } },
    },
    {
      id: 'asset',
      label: `Fichier haché \`${assetPath}\``,
      warmUp: (url) => get(url, assetPath, BROWSER_HEADERS),
      request: { method: 'GET', path: assetPath, headers: { accept: '*/*', ...BROWSER_HEADERS } },
    },
    {
      id: 'search',
      label: `\`GET /api/search\` (${searchQueries.length} requêtes différentes)`,
      warmUp: async (url) => {
        for (let i = 0; i < 5; i++) {
          const q = encodeURIComponent(searchQueries[i % searchQueries.length] ?? '');
          await get(url, `/api/search?q=${q}`, { accept: 'application/json' });
        }
      },
      request: {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/search?q=${encodeURIComponent(nextQuery())}`,
          headers: { ...req.headers, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        }),
      },
    },
    {
      id: 'answers',
      label: `\`POST /api/answers\` extractive, JSON (${users.length} comptes, ${answerQuestions.length} questions)`,
      warmUp: async (url) => {
        for (let i = 0; i < 3; i++) {
          const u = users[i % users.length] as BenchUser;
          const res = await fetch(`${url}/api/answers`, {
            method: 'POST',
            headers: answerHeaders(u),
            body: JSON.stringify({ question: answerQuestions[i % answerQuestions.length] }),
          });
          await expectOk(res, 'POST /api/answers');
        }
      },
      request: {
        method: 'POST',
        path: '/api/answers',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, ...answerHeaders(nextAnswerUser()) },
          body: JSON.stringify({ question: nextQuestion() }),
        }),
      },
    },
    {
      id: 'sign-in',
      label: `Connexion \`POST /api/auth/sign-in/email\` (${users.length} comptes)`,
      warmUp: async (url) => {
        const u = users[0] as BenchUser;
        const res = await fetch(`${url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: signInHeaders,
          body: JSON.stringify({ email: u.email, password: PASSWORD }),
        });
        await expectOk(res, 'connexion');
      },
      request: {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: signInHeaders,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: nextSignInUser().email, password: PASSWORD }) }),
      },
    },
  ];
}

// ---------------------------------------------------------------- main

/** INDEX_DIR when given; otherwise an index already built (test cache, then data/index), never a rebuild. */
function resolveIndexDir(): string {
  if (process.env.INDEX_DIR) return path.resolve(process.env.INDEX_DIR);
  const candidates = [defaultTestIndexDir(), path.join(ROOT, 'data/index')];
  const built = candidates.find((d) => fs.existsSync(path.join(d, 'manifest.json')));
  if (!built) throw new Error(`aucun index de recherche construit (${candidates.join(', ')}) : lancez d'abord le serveur ou les tests une fois`);
  return built;
}

async function bench(options: LoadOptions): Promise<number> {
  const indexHtml = path.join(CLIENT_DIST, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error('dist/client manquant : lancez `npm run build:client`');
  const assetPath = hashedAssetPath(fs.readFileSync(indexHtml, 'utf8'));
  if (!assetPath) throw new Error('aucun script /assets/*.js dans dist/client/index.html');
  if (options.prod && !fs.existsSync(PROD_ENTRY)) throw new Error('dist/server/server.js manquant : lancez `npm run build` ou retirez --prod');
  if (!options.prod && fs.existsSync(PROD_ENTRY)) console.log('(dist/server/server.js existe : --prod mesure le serveur compilé)');
  const entry = options.prod ? [PROD_ENTRY] : ['--import', 'tsx', path.join(ROOT, 'src/server/server.ts')];

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-bench-load-'));
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const logFile = path.join(tmp, 'server.log');
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    INDEX_DIR: resolveIndexDir(),
    CLIENT_DIST_DIR: CLIENT_DIST,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // One address sends all the load: the per-address limits are lifted (see the header comment).
    RATE_LIMIT_PER_MINUTE: LIFTED_LIMIT,
    SEARCH_RATE_LIMIT_PER_MINUTE: LIFTED_LIMIT,
    AUTH_RATE_LIMIT_PER_IP: LIFTED_LIMIT,
    AUTH_RATE_LIMIT_PER_EMAIL: LIFTED_LIMIT,
    MAX_CONNECTIONS_PER_IP: '0',
    // Measured without a scheduled corpus update running beside the load.
    CORPUS_UPDATE_URLS: 'off',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    // Extractive answers only, no mail, no social sign-in, whatever the caller's environment holds.
    LLM_BASE_URL: '',
    LLM_MODEL: '',
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    MICROSOFT_CLIENT_ID: '',
  };
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  // The machine may be shared: its load average (1 min) before and after is printed with the figures.
  const loadBefore = os.loadavg()[0] ?? NaN;
  console.log(`Serveur ${options.prod ? 'compilé' : 'sources'} sur ${db}, index ${env.INDEX_DIR}, journal ${logFile}`);

  let server: Server | undefined;
  try {
    // 1. Accounts through the real API.
    server = await startServer(entry, env, port, logFile);
    const runId = Date.now().toString(36);
    const emails = Array.from({ length: options.users }, (_, i) => `charge-${runId}-${i}@exemple.fr`);
    let started = performance.now();
    const users = await mapLimit(emails, 4, (email, i) => createUser(publicUrl, email, i));
    console.log(`${users.length} comptes créés par l'API en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await server.stop();
    server = undefined;
    console.log(`Serveur arrêté (SIGTERM) en ${Math.round(performance.now() - started)} ms`);

    // 2. Credits (server stopped: PGlite admits one process), then the measured server.
    await grantCredits({ databaseUrl, dataDir }, emails);
    started = performance.now();
    server = await startServer(entry, env, port, logFile);
    console.log(`Serveur redémarré en ${Math.round(performance.now() - started)} ms (pid ${server.pid})`);

    const dev = loadEvalSet(DEV_SET_PATH);
    const everyday = loadEvalSet(EVERYDAY_SET_PATH);
    const searchQueries = distinctPhrasings([dev, everyday], 2000).filter((q) => searchQuerySchema.safeParse({ q }).success);
    const firstUser = users[0];
    if (!firstUser) throw new Error('aucun compte');
    const wantAnswers = options.only.length === 0 || options.only.includes('answers');
    const answerQuestions = wantAnswers ? await pickAnswerQuestions(publicUrl, firstUser.apiKey, distinctPhrasings([everyday, dev], 100)) : ['—'];
    if (wantAnswers) console.log(`${answerQuestions.length} questions à réponse (sur 100 essayées)`);
    if (wantAnswers && answerQuestions.length < 10) throw new Error('moins de 10 questions obtiennent une réponse : index ou corpus incomplet ?');

    const targets = buildTargets(publicUrl, assetPath, searchQueries, answerQuestions, users).filter(
      (t) => options.only.length === 0 || options.only.includes(t.id),
    );
    const summaries: TargetSummary[] = [];
    for (const target of targets) {
      await target.warmUp(publicUrl);
      let peak = server.memory().rssMb;
      const sampler = setInterval(() => {
        const m = server?.memory();
        if (m && m.rssMb > peak) peak = m.rssMb;
      }, 100);
      let result: LoadRunResult;
      try {
        result = await runLoad({
          url: publicUrl,
          connections: options.connections,
          duration: options.durationSeconds,
          timeout: 10,
          requests: [target.request],
        });
      } finally {
        clearInterval(sampler);
      }
      const s = summarise(target.id, target.label, result, peak);
      summaries.push(s);
      console.log(
        `${s.label} : ${formatNumber(s.requestsPerSecond)} req/s, médiane ${formatNumber(s.medianMs, 1)} ms, p99 ${formatNumber(s.p99Ms, 1)} ms, ` +
          `${s.requests} requêtes, ${s.non2xx} hors 2xx, ${s.errors} erreurs, mémoire ${formatNumber(s.rssMb)} Mo`,
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
    const peakRssMb = server.memory().hwmMb;
    await server.stop();
    server = undefined;

    const load = `${formatNumber(loadBefore, 1)} avant, ${formatNumber(os.loadavg()[0] ?? NaN, 1)} après`;
    const table = formatTable(summaries, {
      date: new Date().toISOString().slice(0, 10),
      cpus: os.cpus().length,
      node: process.version,
      loadAverage: load,
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      users: options.users,
      database: db,
      server: options.prod ? 'compilé (dist)' : 'sources (tsx)',
      peakRssMb,
    });
    console.log(`\n${table.join('\n')}\n`);

    const failed = failures(summaries);
    if (failed.length > 0) {
      console.error(`Échec : la charge n'est pas tenue sans erreur.\n${failed.map((f) => `  - ${f}`).join('\n')}`);
      console.error(`Journal du serveur : ${logFile}`);
      return 1;
    }
    if (options.readme && options.only.length === 0) {
      const file = path.join(ROOT, 'README.md');
      const updated = replaceSection(fs.readFileSync(file, 'utf8'), README_START, README_END, table.join('\n'));
      if (updated === undefined) console.warn(`README.md : marqueurs ${README_START} / ${README_END} introuvables, tableau non écrit.`);
      else {
        fs.writeFileSync(file, updated);
        console.log('README.md : section « Charge » réécrite.');
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    return 0;
  } catch (err) {
    console.error(`Journal du serveur : ${logFile}`);
    throw err;
  } finally {
    await server?.stop();
  }
}

let options: LoadOptions;
try {
  options = parseArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  console.error(err.message);
  process.exit(1);
}
bench(options).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Échec de la mesure de charge : ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
