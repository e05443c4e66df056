import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { creditLedger, users } from '../../src/server/db/schema';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../support/databases';
import { makeFakeClientDist, testSearchEngine } from '../support/app';
import { AUTH_TEST_ENV, TestBrowser, signIn, signUp } from './support/http';
import { createCreditsService } from '../../src/server/modules/credits/credits-service';
import { operatorEndpointPath, readOperatorEndpoint } from '../../src/server/modules/operator/operator-endpoint';
import { OPERATOR_GRANT_PATH } from '../../src/server/modules/operator/operator-routes';
import { MESSAGES } from '../../src/common/messages';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/credits.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(DB_KINDS)('npm run credits on %s', (kind) => {
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let dbName: string | undefined;

  beforeAll(async () => {
    // A real user made through the API, then the database is closed so the command can open it.
    testDb = await createTestDatabase(kind);
    const dist = makeFakeClientDist();
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, CLIENT_DIST_DIR: dist, EMBEDDINGS_LOCAL: 'off', ...AUTH_TEST_ENV }),
      { logger: false, database: testDb.database, searchEngine: await testSearchEngine() },
    );
    expect((await signUp(new TestBrowser(app), 'operateur@exemple.fr', 'Opé Rateur')).statusCode).toBe(200);
    await app.close();
    await testDb.database.close();
    fs.rmSync(dist, { recursive: true, force: true });
    env = { DATA_DIR: testDb.dataDir, DATABASE_URL: testDb.url ?? '' };
    dbName = testDb.url ? new URL(testDb.url).pathname.slice(1) : undefined;
  });

  afterAll(async () => {
    if (dbName) {
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(testDb.dataDir, { recursive: true, force: true });
  });

  it('show, then grant, then show again; the grant is in the ledger', async () => {
    const show = await runCli(['show', 'Operateur@Exemple.fr'], env);
    expect(show.stderr).toBe('');
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Opé Rateur <operateur@exemple.fr> : 3 crédit(s)');
    expect(show.stdout).toMatch(/\+3 {2}initial/);

    const grant = await runCli(['grant', 'operateur@exemple.fr', '10'], env);
    expect(grant.code).toBe(0);
    expect(grant.stdout).toContain('Ajouté 10 crédit(s) à operateur@exemple.fr. Nouveau solde : 13.');

    const remove = await runCli(['grant', 'operateur@exemple.fr', '-20'], env);
    expect(remove.code).toBe(2);
    expect(remove.stderr).toContain('ne peut pas devenir négatif');

    const after = await runCli(['show', 'operateur@exemple.fr'], env);
    expect(after.stdout).toContain(': 13 crédit(s)');
    expect(after.stdout).toMatch(/\+10 {2}operator/);

    const database = await openDatabase({ databaseUrl: testDb.url, dataDir: testDb.dataDir });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'operateur@exemple.fr'));
      const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user?.id ?? ''));
      expect(rows.map((r) => [r.delta, r.reason]).sort()).toEqual([
        [10, 'operator'],
        [3, 'initial'],
      ]);
    } finally {
      await database.close();
    }
  });

  it('shows a hostile name written out, not as terminal escape codes nor extra lines', async () => {
    const rename = async (name: string): Promise<void> => {
      // Closed again before the command runs: the embedded database admits one process at a time.
      const database = await openDatabase({ databaseUrl: testDb.url, dataDir: testDb.dataDir });
      try {
        await database.db.update(users).set({ name }).where(eq(users.email, 'operateur@exemple.fr'));
      } finally {
        await database.close();
      }
    };
    await rename(`\u001b[2J\u001b]0;titre\u0007Opé\r\nFaux : 999 crédit(s)${'z'.repeat(200_000)}`);
    try {
      const show = await runCli(['show', 'operateur@exemple.fr'], env);
      expect(show.code).toBe(0);
      expect(show.stdout.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u);
      const first = show.stdout.split('\n')[0] ?? '';
      expect(first.startsWith('\\u{1b}[2J\\u{1b}]0;titre\\u{7}Opé\\u{d}\\u{a}Faux')).toBe(true);
      expect(first).toContain('… <operateur@exemple.fr> : ');
      expect(show.stdout.length).toBeLessThan(2000);
    } finally {
      await rename('Opé Rateur');
    }
  });

  it('clear French errors and exit codes for an unknown e-mail, a bad number, bad usage', async () => {
    const unknown = await runCli(['grant', 'personne@exemple.fr', '5'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Aucun compte n'existe pour l'adresse personne@exemple.fr.");

    for (const bad of ['abc', '1.5', '0', '99999999999']) {
      const res = await runCli(['grant', 'operateur@exemple.fr', bad], env);
      expect(res.code, bad).toBe(1);
      expect(res.stderr, bad).toContain('Nombre de crédits invalide');
    }
    const missing = await runCli(['grant', 'operateur@exemple.fr'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Nombre de crédits manquant');

    const usage = await runCli(['donner', 'x@y.fr'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('npm run credits -- grant <email> <n>');
  });

  // Only the embedded database has a lock (PostgreSQL serves many processes): registered for PGlite only.
  if (kind === 'pglite') it('refuses, with a clear message, while a process without the operator endpoint holds the embedded database', async () => {
    const held = await openDatabase({ dataDir: testDb.dataDir });
    try {
      const res = await runCli(['show', 'operateur@exemple.fr'], env);
      // Another process holds the lock and wrote no operator endpoint: nothing to ask, a clear refusal.
      expect(res.code).toBe(3);
      expect(res.stderr).toContain('est ouverte par un autre processus');
      expect(res.stderr).toContain("n'accepte pas les commandes d'exploitation");
    } finally {
      await held.close();
    }
  });
});

/**
 * The embedded database admits one process: while the server runs, the command asks it (on this machine,
 * with the token the server wrote in DATA_DIR/operator.json) and prints what it prints on PostgreSQL.
 */
describe('npm run credits while the server runs on the embedded database', () => {
  let testDb: TestDatabase;
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let env: Record<string, string>;
  const email = 'en-direct@exemple.fr';

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    dist = makeFakeClientDist();
    app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, CLIENT_DIST_DIR: dist, EMBEDDINGS_LOCAL: 'off', ...AUTH_TEST_ENV }),
      { logger: false, database: testDb.database, searchEngine: await testSearchEngine() },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    expect((await signUp(new TestBrowser(app), email, 'Camille En Direct')).statusCode).toBe(200);
    env = { DATA_DIR: testDb.dataDir };
  });

  afterAll(async () => {
    if (app.server.listening) await app.close();
    await testDb.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const endpointFile = () => operatorEndpointPath(testDb.dataDir);

  it('writes the endpoint on listen: the loopback address, a token, its pid, readable by its user only', () => {
    const endpoint = readOperatorEndpoint(testDb.dataDir);
    const address = app.server.address();
    expect(typeof address === 'object' && address !== null).toBe(true);
    expect(endpoint?.url).toBe(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    expect(endpoint?.pid).toBe(process.pid);
    expect(endpoint?.token.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(endpointFile()).mode & 0o777).toBe(0o600);
  });

  it('grant and show go through the running server: same output, same ledger, seen at once by the site', async () => {
    const grant = await runCli(['grant', 'En-Direct@Exemple.fr', '10'], env);
    expect(grant.stderr).toBe('');
    expect(grant.code).toBe(0);
    expect(grant.stdout).toBe(`Ajouté 10 crédit(s) à ${email}. Nouveau solde : 13.\n`);

    // The signed-in account sees its new balance on the running site.
    const browser = new TestBrowser(app);
    expect((await signIn(browser, email)).statusCode).toBe(200);
    const profile = await browser.get('/api/profile');
    expect(profile.json()).toMatchObject({ credits: 13 });

    const refused = await runCli(['grant', email, '-20'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`le solde de ${email} est de 13 crédit(s), il ne peut pas devenir négatif`);

    const unknown = await runCli(['grant', 'personne@exemple.fr', '5'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Aucun compte n'existe pour l'adresse personne@exemple.fr.");

    const show = await runCli(['show', email], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Camille En Direct <${email}> : 13 crédit(s)`);
    expect(show.stdout).toMatch(/\+10 {2}operator/);
    expect(show.stdout).toMatch(/\+3 {2}initial/);

    const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
    const rows = await testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user?.id ?? ''));
    expect(rows.map((r) => [r.delta, r.reason]).sort()).toEqual([
      [10, 'operator'],
      [3, 'initial'],
    ]);
  });

  it('answers the plain 404 to anything but a request from this machine with the token', async () => {
    const endpoint = readOperatorEndpoint(testDb.dataDir);
    const token = endpoint?.token ?? '';
    const body = { email, amount: 1 };
    const call = (remoteAddress: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: OPERATOR_GRANT_PATH, remoteAddress, headers, payload: body });
    const refusals = [
      await call('203.0.113.9', { authorization: `Bearer ${token}` }),
      await call('127.0.0.1', { authorization: 'Bearer pas-le-bon-jeton-pas-le-bon-jeton-xx' }),
      await call('127.0.0.1', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.notFound } });
    }
    // Nothing was granted by the refused calls; a malformed body with the token gets the French 400.
    const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
    expect(await createCreditsService(testDb.database.db).balance(user?.id ?? '')).toBe(13);
    const bad = await fetch(`${endpoint?.url ?? ''}${OPERATOR_GRANT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, amount: 0.5 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('Requête invalide');
  });

  it('the endpoint file goes with the server', async () => {
    await app.close();
    expect(fs.existsSync(endpointFile())).toBe(false);
    // The database is still held (by this test process), with no server to ask: a clear refusal.
    const res = await runCli(['show', email], env);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain("n'accepte pas les commandes d'exploitation");
  });
});
