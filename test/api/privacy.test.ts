import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { DB_KINDS } from '../support/databases';
import { captureLogs } from '../support/logs';
import { AUTH_TEST_ENV, TestBrowser, signIn, signUp } from './support/http';

/**
 * Privacy: the text of a question and of its answer is never written to the logs nor
 * stored in the database. A unique marker word rides inside real questions through every path of the
 * answer API; then every log line (level trace) and every row of every table is searched for it.
 */
const MARKER = 'zorglubienne';
const QUESTION = `Mon propriétaire ${MARKER} ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?`;
const OUT_OF_SCOPE = `Quelle est la meilleure recette ${MARKER} de la tarte aux pommes pour le dessert de dimanche ?`;
const TOO_LONG = `${QUESTION} ${'loyer '.repeat(510)}`;
const ENGLISH = `My landlord ${MARKER} does not want to give back my security deposit, what should I do about it?`;

/** Rows of a raw query, whatever the driver (node-postgres and PGlite both return `{ rows }`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Record<string, unknown>[];
  }
  throw new Error('unexpected query result');
}

describe.each(DB_KINDS)('no question or answer text in logs or database (%s)', (kind) => {
  let t: TestApp;
  const { lines, stream } = captureLogs();
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV }, { logger: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers, refusals and feedback leave no trace of the text', async () => {
    const b = new TestBrowser(t.app);
    const email = `vie-privee-${kind}@exemple.fr`;
    await signUp(b, email);
    await signIn(b, email);

    const json = await b.post('/api/answers', { question: QUESTION, city: 'Nantes' });
    expect(json.statusCode).toBe(200);
    const answerText = JSON.stringify(json.json());
    const sse = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    expect(sse.payload).toContain('event: done');
    expect((await b.post('/api/answers', { question: OUT_OF_SCOPE })).statusCode).toBe(422);
    expect((await b.post('/api/answers', { question: TOO_LONG })).statusCode).toBe(400);
    expect((await b.post('/api/answers', { question: ENGLISH })).statusCode).toBe(400);
    expect((await b.post('/api/feedback', { helpful: true, mode: 'extractive', question: QUESTION })).statusCode).toBe(204);
    // A third answer (last credit), then a refused one (no credit left).
    expect((await b.post('/api/answers', { question: QUESTION })).statusCode).toBe(200);
    expect((await b.post('/api/answers', { question: QUESTION })).statusCode).toBe(402);

    // The logs are captured (the test can fail): the answer summaries are there (on the request's line),
    // with counters only.
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('"answer":{"result":"ok"');
    expect(log.toLowerCase()).not.toContain(MARKER);
    expect(log).not.toContain('Nantes');
    // Nor a long sentence of the answer (the first quoted sentence of « En bref »).
    // Its first line (« En bref » may lay out a choice on several lines).
    const summary = (json.json<{ answer: { sections: { text: string }[] } }>().answer.sections[0]?.text ?? '').split('\n')[0]?.split('[')[0]?.trim() ?? '';
    expect(summary.length).toBeGreaterThan(30);
    expect(answerText).toContain(summary);
    expect(log).not.toContain(summary.slice(0, 60));

    // Every table, every row, as text.
    const db = t.testDb.database.db;
    const tables = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = rowsOf(tables).map((r) => String(r.table_name));
    expect(names).toEqual(expect.arrayContaining(['users', 'profiles', 'credit_ledger', 'answer_feedback']));
    let dumped = 0;
    for (const name of names) {
      const rows = await db.execute(sql.raw(`select * from "${name.replace(/"/g, '""')}"`));
      const text = JSON.stringify(rowsOf(rows));
      dumped += text.length;
      expect(text.toLowerCase(), `table ${name}`).not.toContain(MARKER);
      expect(text, `table ${name}`).not.toContain(summary.slice(0, 60));
      expect(text, `table ${name}`).not.toContain('Nantes');
    }
    expect(dumped).toBeGreaterThan(200);
  });
});
