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
import { AUTH_TEST_ENV, TestBrowser, signUp } from './support/http';

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
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, CLIENT_DIST_DIR: dist, ...AUTH_TEST_ENV }),
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
  if (kind === 'pglite') it('refuses, with a clear message, while the server holds the embedded database', async () => {
    const held = await openDatabase({ dataDir: testDb.dataDir });
    try {
      const res = await runCli(['show', 'operateur@exemple.fr'], env);
      expect(res.code).toBe(3);
      expect(res.stderr).toContain('est ouverte par un autre processus');
      expect(res.stderr).toContain('Arrêtez le serveur');
    } finally {
      await held.close();
    }
  });
});
