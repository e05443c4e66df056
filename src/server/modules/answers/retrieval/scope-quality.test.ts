import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import { ANSWERS_HELDOUT3_PATH, answersGoldTop3, evaluateScope, half, loadAnswersAsItems, loadAnswersDev, loadEvalSet, LONG2_SET_PATH, sourcesFigures } from '../../../../../scripts/eval-retrieval';

let engine: SearchEngine;
beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

/**
 * Regression guards of the answers' retrieval on held-out and scope sets (docs/decisions/0003-lay-french-and-scope.md).
 * Levels reached: false refusals 7 of 1,177 legal questions (0.6 %); off-topic answered and charged 11 of
 * 129 (8.5 %, the target is 5 %: not reached, the guard keeps today's level); answers-dev half B, expected
 * fiche among the first 3 sources 25 of 30 (guard 24); the held-out long everyday questions, expected fiche
 * first 18 of 40 and among the language model's sources 28 of 40; the third held-out answer set, expected
 * fiche first 15 of 30 and among the language model's sources 23 of 30 (guards one question lower).
 */
describe('scope decision (measured)', () => {
  it('refuses at most 1 % of the legal questions of the dev sets, and answers few off-topic questions', () => {
    const f = evaluateScope(engine);
    const refused = Object.values(f.refused).reduce((a, x) => a + x.refused, 0);
    const total = Object.values(f.refused).reduce((a, x) => a + x.questions, 0);
    expect(total).toBeGreaterThan(1100);
    expect(refused / total).toBeLessThanOrEqual(0.01);
    expect(f.refused.everyday.refused + f.refused.everyday2.refused + f.refused.answers.refused).toBe(0);
    const off = f.offTopic.A.answered + f.offTopic.B.answered;
    expect(f.offTopic.A.questions + f.offTopic.B.questions).toBeGreaterThanOrEqual(100);
    expect(off).toBeLessThanOrEqual(11);
  }, 120_000);
});

describe('answers-dev held-out half', () => {
  it('keeps the expected fiche among the first 3 sources at the level reached', () => {
    const g = answersGoldTop3(engine, half(loadAnswersDev(), 'B'));
    expect(g.questions).toBe(30);
    expect(g.hits).toBeGreaterThanOrEqual(24);
  }, 60_000);
});

describe('held-out long everyday questions', () => {
  it.each([
    ['everyday-long-2', () => loadEvalSet(LONG2_SET_PATH), 40, 17, 27],
    ['answers-heldout-3', () => loadAnswersAsItems(ANSWERS_HELDOUT3_PATH), 30, 14, 22],
  ] as const)('%s keeps the expected fiche first, and among the sources the language model reads, at the level reached', (_, load, questions, first, inModel) => {
    const f = sourcesFigures(engine, load());
    expect(f.questions).toBe(questions);
    expect(f.first).toBeGreaterThanOrEqual(first);
    expect(f.inModelSources).toBeGreaterThanOrEqual(inModel);
  }, 60_000);
});
