import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../src/server/db/schema';
import { WARM_UP_QUESTIONS } from '../../src/server/modules/answers/answers-warm-up';
import { createTestApp, type TestApp } from '../support/app';
import { AUTH_TEST_ENV } from './support/http';

/**
 * The first answer after a start used to hold the event loop 169–202 ms (later ones: about a third of that):
 * it built what the code builds lazily. The warm-up (warm-up.ts, run by server.ts after listen) builds it
 * first: the answer pipeline and the search rehearsed on a few questions, charging nobody. (Its effect on
 * the first answer is measured, not asserted: README, « Limites des entrées et facturation ».)
 */

describe('warm-up after start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rehearses the answer pipeline and the search once, charging nobody', async () => {
    expect(WARM_UP_QUESTIONS.length).toBeGreaterThan(0);
    const ledgerBefore = (await t.testDb.database.db.select().from(creditLedger)).length;
    const results = await t.app.warmUp.run();
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['answers', true],
      ['search', true],
    ]);
    expect(await t.app.warmUp.run()).toBe(results); // once
    expect((await t.testDb.database.db.select().from(creditLedger)).length).toBe(ledgerBefore);
  });
});
