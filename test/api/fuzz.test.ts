import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, profiles } from '../../src/server/db/schema';
import { fuzzRequestArb, type FuzzRequest } from './support/fuzz-requests';
import { checkReply, createFuzzContext, describeRequest, refreshAfter, toInject, withTimeout, type FuzzContext } from './support/fuzz-harness';

/**
 * Property-based fuzzing of every route: generated methods, paths, query strings,
 * headers and bodies (from the routes' schemas, valid-ish and broken), half of them signed in.
 * No reply may be a 5xx, hang, or be an API error that is not `{ error: { code, message } }` in French.
 *
 * CI: FUZZ_RUNS cases (default 10,000) with a fixed seed. On demand: `npm run fuzz` (100,000 cases,
 * random seed, printed) or FUZZ_RUNS=… FUZZ_SEED=… to replay a run.
 */

const DEFAULT_SEED = 20_260_601;
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
/** Per case: an answer on a loaded 2-core machine takes well under a second; a hang is far beyond this. */
const CASE_TIMEOUT_MS = Number(process.env.FUZZ_CASE_TIMEOUT_MS ?? 15_000);
const USERS = 3;

interface Finding {
  problems: string[];
  request: string;
}

describe('fuzzing every route', () => {
  let ctx: FuzzContext;
  beforeAll(async () => {
    ctx = await createFuzzContext(USERS);
  });
  afterAll(async () => {
    await ctx?.t.close();
  });

  it(
    `${RUNS} generated requests (seed ${SEED}): no 5xx, no hang, French JSON errors`,
    async () => {
      const findings: Finding[] = [];
      const byRoute = new Map<string, Map<number, number>>();
      const timeByRoute = new Map<string, number>();
      let cases = 0;
      const started = performance.now();

      await fc.assert(
        fc.asyncProperty(fuzzRequestArb(USERS), async (req: FuzzRequest) => {
          cases += 1;
          const t0 = performance.now();
          const res = await withTimeout(ctx.app.inject(toInject(ctx, req)), CASE_TIMEOUT_MS, describeRequest(req));
          timeByRoute.set(req.route, (timeByRoute.get(req.route) ?? 0) + performance.now() - t0);
          const statuses = byRoute.get(req.route) ?? new Map<number, number>();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          byRoute.set(req.route, statuses);
          const problems = checkReply(req, res);
          if (problems.length > 0) findings.push({ problems, request: describeRequest(req) });
          await refreshAfter(ctx, req, res);
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );

      const seconds = (performance.now() - started) / 1000;
      const summary = [...byRoute].map(([route, statuses]) => `${route} (${((timeByRoute.get(route) ?? 0) / 1000).toFixed(1)} s): ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
      // The figures the README quotes: cases, time, statuses per route.
      console.info(`fuzz: ${cases} cases in ${seconds.toFixed(1)} s (seed ${SEED})\n${summary.join('\n')}`);

      const grouped = new Map<string, Finding[]>();
      for (const f of findings) {
        const key = f.problems.map((p) => p.replace(/: .*/, '')).join(' + ');
        grouped.set(key, [...(grouped.get(key) ?? []), f]);
      }
      const report = [...grouped].map(([key, list]) => {
        const distinct = [...new Set(list.flatMap((f) => f.problems))].slice(0, 12);
        return `${list.length} × ${key}\n  ${distinct.join('\n  ')}\n  e.g. ${list[0]?.request}`;
      });
      expect(report, report.join('\n\n')).toEqual([]);
      expect(cases).toBe(RUNS);

      // Whatever the fuzzer did, credits never went negative and the ledger still explains every balance.
      for (const user of ctx.users) {
        const [profile] = await ctx.t.testDb.database.db.select().from(profiles).where(eq(profiles.userId, user.userId));
        const [ledger] = await ctx.t.testDb.database.db
          .select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
          .from(creditLedger)
          .where(eq(creditLedger.userId, user.userId));
        expect(profile?.credits).toBeGreaterThanOrEqual(0);
        expect(profile?.credits).toBe(Number(ledger?.total));
      }
    },
    Math.max(600_000, RUNS * 60),
  );
});
