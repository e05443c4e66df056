import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, answerResponseSchema } from '../../src/common/api/answers';
import { creditLedger } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { DB_KINDS } from '../support/databases';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { ORIGIN } from './support/http';
import { captureLogs } from '../support/logs';
import { parseSse } from '../support/sse';
import { QUESTION, createUsers, type TestUser } from './faults-support';

/**
 * The language-model endpoint down (connection refused), too slow overall, or answering garbage: the
 * answer falls back to the extractive mode and costs exactly one credit. (Timeouts before the first byte,
 * malformed streams and HTTP errors are in src/server/modules/answers/answers-llm.api.test.ts.)
 */

// The composition's faults are under test: the question rewrite (on by default with a model) is tested apart.
const LLM_ENV = { LLM_MODEL: 'modele-de-test', LLM_TIMEOUT_MS: '500', LLM_TOTAL_TIMEOUT_MS: '1500', LLM_QUERY_REWRITE: 'false' };

describe.each(DB_KINDS)('language-model faults fall back to extractive, charged once (%s)', (kind) => {
  let t: TestApp;
  let llm: FakeLlm;
  let seq = 0;
  /** The app's JSON log lines (one per request, with the answer's counters: no text). */
  const logs = captureLogs();

  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'status', status: 500 });
    t = await createTestApp(
      kind,
      { PUBLIC_URL: ORIGIN, LLM_BASE_URL: llm.baseUrl, ...LLM_ENV, LOG_LEVEL: 'info' },
      { logger: undefined, logStream: logs.logStream },
    );
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  async function newUser(t: TestApp): Promise<TestUser> {
    seq += 1;
    const [user] = await createUsers(t.testDb.database.db, `llm-faults-${kind}-${seq}`, 1);
    if (!user) throw new Error('no user');
    return user;
  }

  async function ask(t: TestApp, user: TestUser, stream = false) {
    return t.app.inject({
      method: 'POST',
      url: '/api/answers',
      headers: { origin: ORIGIN, authorization: `Bearer ${user.apiKey}`, accept: stream ? 'text/event-stream' : 'application/json' },
      payload: { question: QUESTION },
    });
  }

  async function charges(t: TestApp, user: TestUser): Promise<{ delta: number; reason: string }[]> {
    const rows = await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId));
    return rows.filter((r) => r.reason !== 'initial').map((r) => ({ delta: r.delta, reason: r.reason }));
  }

  async function expectExtractiveJson(t: TestApp): Promise<void> {
    const user = await newUser(t);
    const res = await ask(t, user);
    expect(res.statusCode, res.payload).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.mode).toBe('extractive');
    expect(body.answer.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    expect(body.credits).toBe(2);
    expect(await charges(t, user)).toEqual([{ delta: -1, reason: 'question' }]);
  }

  it('a model that trickles past the total timeout: extractive answer, one credit', async () => {
    // Each piece within the idle timeout (500 ms), the whole beyond the total one (1.5 s).
    const piece = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'mot ' }, finish_reason: null }] })}\n\n`;
    llm.setScript({ kind: 'raw', chunks: Array.from({ length: 40 }, () => piece), delayMs: 150 });
    logs.lines.length = 0;
    await expectExtractiveJson(t);
    // A timeout, not the end of the model's 6 s stream, made the answer extractive (the request's log line says
    // why the model's text was not used).
    const line = await logs.waitFor((l) => l.msg === 'request' && l.url === '/api/answers');
    expect(line.answer).toMatchObject({ llmFailure: 'timeout' });
  });

  it('garbage (an HTML page with status 200): extractive answer, one credit', async () => {
    llm.setScript({ kind: 'raw', status: 200, contentType: 'text/html', chunks: ['<!doctype html><html><body><h1>Bad gateway</h1></body></html>'] });
    await expectExtractiveJson(t);
  });

  it('garbage (valid JSON that is not a chat completion): extractive answer, one credit', async () => {
    llm.setScript({ kind: 'raw', status: 200, contentType: 'application/json', chunks: ['{"resultat":[1,2,3]}'] });
    await expectExtractiveJson(t);
  });
  it('connection refused (JSON): extractive answer, one credit', async () => {
    // The model's server goes away: its port now refuses connections.
    await llm.close();
    await expectExtractiveJson(t);
  });

  it('connection refused (stream): five extractive sections then done, one credit', async () => {
    const user = await newUser(t);
    const res = await ask(t, user, true);
    // The extractive answer may add a `choices` event (a case the question leaves open) before `sources`.
    const events = parseSse(res.payload).filter((e) => e.event !== 'choices');
    expect(events.map((e) => e.event)).toEqual(['meta', 'section', 'section', 'section', 'section', 'section', 'sources', 'done']);
    expect(events[6]?.data).toMatchObject({ mode: 'extractive' });
    expect(events[7]?.data).toEqual({ credits: 2 });
    expect(await charges(t, user)).toEqual([{ delta: -1, reason: 'question' }]);
  });

});
