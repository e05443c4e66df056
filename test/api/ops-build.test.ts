import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultTestIndexDir } from '../../src/corpus/index-lifecycle';
import { makeFakeClientDist } from '../support/app';
import { waitForOutput } from '../support/child-output';
import { DB_KINDS, type DbKind } from '../support/databases';
import { freePort } from '../support/server';

/**
 * `npm run build` + `npm run start:prod` without dev dependencies: the server is compiled into a
 * temporary directory whose node_modules holds only what `npm ci --omit=dev` installs (every
 * package-lock entry not flagged "dev", hard-linked from the repository), then started with
 * NODE_ENV=production and exercised over HTTP on PGlite and PostgreSQL. Stricter than npm: "devOptional"
 * entries (vite, vitest: optional peers of runtime packages, which `--omit=dev` still installs) are left
 * out too, so nothing the tests or the build use can be reached.
 */

const ROOT = path.resolve('.');
const QUESTION = "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux, que puis-je faire ?";

interface LockFile {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
}

function productionLayout(dir: string): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', path.join(dir, 'dist', 'server')], { cwd: ROOT, stdio: 'pipe' });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  const runtime = Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && key.split('node_modules/').length === 2 && !entry.dev && !entry.devOptional)
    .map(([key]) => key)
    .filter((key) => fs.existsSync(path.join(ROOT, key)));
  // Hard links when the temp dir shares the repository's file system (fast); a real copy otherwise.
  try {
    execFileSync('cp', ['-al', '--parents', ...runtime, dir], { cwd: ROOT, stdio: 'pipe' });
  } catch {
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', '--parents', ...runtime, dir], { cwd: ROOT, stdio: 'pipe' });
  }
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
}

async function startCompiled(dir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  let err = '';
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  // Written once it listens (LOG_LEVEL=info): database migrated, index loaded, auth ready.
  await waitForOutput(child, 'prêt sur');
  const ready = await fetch(`${baseUrl}/api/health/ready`);
  if (ready.status !== 200) throw new Error(`compiled server not ready (${ready.status}):\n${err}\n${out}`);
  return { child, baseUrl, stdout: () => out, stderr: () => err };
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('compiled server (npm run build, start:prod) without dev dependencies', () => {
  let dir: string;
  let clientDist: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-prod-'));
    clientDist = makeFakeClientDist();
    productionLayout(dir);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(clientDist, { recursive: true, force: true });
  });

  it('the production node_modules really lacks the dev dependencies', () => {
    for (const dev of ['vitest', 'vite', 'typescript', 'fast-check', 'playwright-core', 'drizzle-kit', 'autocannon']) {
      expect(fs.existsSync(path.join(dir, 'node_modules', dev)), dev).toBe(false);
    }
    for (const prod of ['fastify', 'pdfkit', '@electric-sql/pglite', 'prom-client']) {
      expect(fs.existsSync(path.join(dir, 'node_modules', prod)), prod).toBe(true);
    }
    expect(fs.existsSync(path.join(dir, 'dist', 'server', 'migrations', 'meta', '_journal.json'))).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'dist', 'server', 'fonts'))).toContain('DejaVuSans.ttf');
  });

  it.each(DB_KINDS)('starts on %s, serves search, answers, the PDF and metrics, and stops on SIGTERM', async (kind: DbKind) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ql-prod-data-${kind}-`));
    let databaseName: string | undefined;
    // Production requires a confirmed address by default; this test signs in right after registering.
    const env: Record<string, string> = { CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'off', DATA_DIR: dataDir, INDEX_DIR: defaultTestIndexDir(), CLIENT_DIST_DIR: clientDist, LOG_LEVEL: 'info', REQUIRE_EMAIL_VERIFICATION: 'false' };
    if (kind === 'postgres') {
      databaseName = `ql_prod_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(inject('pgUrl'));
      url.pathname = `/${databaseName}`;
      env.DATABASE_URL = url.toString();
    }
    const s = await startCompiled(dir, env);
    try {
      const home = await fetch(`${s.baseUrl}/`);
      expect(home.status).toBe(200);
      const search = await fetch(`${s.baseUrl}/api/search?q=${encodeURIComponent('dépôt de garantie')}&limit=3`);
      expect(search.status).toBe(200);
      expect(((await search.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);

      const origin = { origin: s.baseUrl, 'content-type': 'application/json' };
      const email = `prod-${kind}@exemple.fr`;
      const up = await fetch(`${s.baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: origin,
        body: JSON.stringify({ name: 'Camille Martin', email, password: 'Motdepasse1' }),
      });
      expect(up.status).toBe(200);
      const signIn = await fetch(`${s.baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers: origin, body: JSON.stringify({ email, password: 'Motdepasse1' }) });
      expect(signIn.status).toBe(200);
      const cookie = cookiesOf(signIn);
      const answer = await fetch(`${s.baseUrl}/api/answers`, { method: 'POST', headers: { ...origin, cookie, accept: 'application/json' }, body: JSON.stringify({ question: QUESTION }) });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { answer: { mode: string }; credits: number };
      expect(body.answer.mode).toBe('extractive');
      expect(body.credits).toBe(2);
      const pdf = await fetch(`${s.baseUrl}/api/answers/pdf`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify({ question: QUESTION, answer: body.answer }) });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

      const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^questionlegale_answers_total\{mode="extractive",outcome="ok"\} 1$/m);

      s.child.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => s.child.once('exit', (c) => resolve(c)));
      // 0: closed cleanly (the forced exit after 10 s has code 1).
      expect(code).toBe(0);
      const logLines = s.stdout().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; url?: string });
      expect(logLines.filter((l) => l.msg === 'request').map((l) => l.url)).toEqual(
        expect.arrayContaining(['/', '/api/search', '/api/answers', '/api/answers/pdf', '/metrics']),
      );
      expect(s.stdout()).not.toContain('garantie');
      expect(s.stderr()).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) {
        const admin = new pg.Client({ connectionString: inject('pgUrl') });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
    }
  });
});
