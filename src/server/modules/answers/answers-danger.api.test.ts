import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMERGENCY_NUMBERS, answerResponseSchema, sseDoneSchema, sseMetaSchema } from '../../../common/api/answers';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DB_KINDS } from '../../../../test/support/databases';
import { parseSse } from '../../../../test/support/sse';
import { AUTH_TEST_ENV, signedInUser, type SignedInUser } from '../../../../test/api/support/http';
import { creditLedger } from '../../db/schema';

/**
 * The danger path through POST /api/answers: a message that reveals danger is answered (never refused for
 * its language score or its shortness), starts with the emergency numbers, and is never charged; a question
 * with a link or an e-mail address is accepted (the link is not analysed) and charged as any other.
 */

/** Short forms people type in distress: « not French » for the score alone. */
const SHORT_DANGER = ['mon mari me frappe', 'il me frappe', 'au secours il me tape', 'je veux mourir', 'mon père me bat'];
const WITH_LINK =
  "Mon propriétaire ne me rend pas mon dépôt de garantie, il m'écrit depuis proprietaire.dupont@exemple-mail.fr et renvoie à https://www.exemple.fr/conditions-generales/location?ref=12345678. Que puis-je faire ?";

describe.each(DB_KINDS)('the danger path of POST /api/answers on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function user(): Promise<SignedInUser> {
    seq += 1;
    return signedInUser(t.app, `danger${seq}-${kind}@exemple.fr`);
  }
  const debits = async (userId: string) =>
    (await t.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter((r) => r.delta < 0);
  const balance = async (userId: string) => t.app.accounts.credits.balance(userId);

  it('answers the short forms, urgent, and charges no credit (JSON)', async () => {
    const { b, userId } = await user();
    for (const question of SHORT_DANGER) {
      const res = await b.post('/api/answers', { question });
      expect(res.statusCode, question).toBe(200);
      const body = answerResponseSchema.parse(res.json());
      expect(body.answer.urgent, question).toBe(true);
      expect(body.answer.sections.length).toBe(5);
      expect(body.credits, question).toBe(3);
    }
    expect(await balance(userId)).toBe(3);
    expect(await debits(userId)).toEqual([]);
  });

  it('streams the urgent flag first and charges no credit (SSE), a composed answer while credits remain', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: "Mon mari me frappe tous les soirs et j'ai peur pour ma vie, que faire ?" }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.payload);
    expect(events[0]?.event).toBe('meta');
    expect(sseMetaSchema.parse(events[0]?.data).urgent).toBe(true);
    const done = events.find((e) => e.event === 'done');
    expect(sseDoneSchema.parse(done?.data)).toEqual({ credits: 3 });
    // The protection fiches, quoted: a composed answer (not the safety text, which quotes nothing).
    const sections = events.filter((e) => e.event === 'section').map((e) => (e.data as { text: string }).text);
    expect(sections.join('\n')).toMatch(/\[\d+\]/u);
    expect(await balance(userId)).toBe(3);
    expect(await debits(userId)).toEqual([]);
  });

  it('without credits: the safety answer lists every number, 114 included, still free', async () => {
    const { b, userId } = await user();
    await t.app.accounts.credits.grant(userId, -3, 'test');
    const res = await b.post('/api/answers', { question: 'il me frappe' });
    expect(res.statusCode).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.urgent).toBe(true);
    for (const { number } of EMERGENCY_NUMBERS) expect(body.answer.sections[0]?.text).toContain(`- ${number}\u202f:`);
    expect(body.answer.sections[0]?.text).toContain('114');
    expect(await balance(userId)).toBe(0);
  });

  it('an ordinary question is still charged one credit', async () => {
    const { b, userId } = await user();
    const res = await b.post('/api/answers', { question: WITH_LINK });
    // A link and an e-mail address (over 40 characters) no longer refuse the question.
    expect(res.statusCode).toBe(200);
    const body = answerResponseSchema.parse(res.json());
    expect(body.answer.urgent).toBe(false);
    expect(body.answer.sources.map((s) => s.id)).toContain('F31269');
    expect(body.credits).toBe(2);
    expect((await debits(userId)).map((r) => r.reason)).toEqual(['question']);
  });
});
