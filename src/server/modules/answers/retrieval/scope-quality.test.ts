import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import path from 'node:path';
import { ANSWERS_HELDOUT3_PATH, answersGoldTop3, evaluateScope, half, loadAnswersAsItems, loadAnswersDev, loadEvalSet, LONG2_SET_PATH, sourcesFigures, type ModelsFor } from '../../../../../scripts/eval-retrieval';
import { loadRewrites, recordedRewrite } from '../../../../../scripts/eval/model-replies';

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

/**
 * The same guards for the language-model mode, whose retrieval adds the model's rewrite of the question
 * (LLM_QUERY_REWRITE, on by default with a model), here the rewrites a strong model wrote for every
 * question of the sets (src/corpus/eval/model-rewrites.json). Levels reached: false refusals 2 of 1,177,
 * off-topic answered 2 of 129 (the model's off-topic verdict); answers-dev half B, expected fiche among
 * the first 3 sources 30 of 30; everyday-long-2, first 28 and among the model's sources 36 of 40;
 * answers-heldout-3, first 20 and among the model's sources 29 of 30 (guards one question lower).
 */
describe('with the language model rewriting the question (recorded rewrites)', () => {
  let modelsFor: ModelsFor;
  beforeAll(() => {
    const rewrites = loadRewrites(path.join(path.dirname(LONG2_SET_PATH), 'model-rewrites.json'));
    modelsFor = (q) => recordedRewrite(rewrites, q);
  });

  it('refuses fewer legal questions and answers almost no off-topic one', () => {
    const f = evaluateScope(engine, modelsFor);
    const refused = Object.values(f.refused).reduce((a, x) => a + x.refused, 0);
    expect(refused).toBeLessThanOrEqual(3);
    expect(f.offTopic.A.answered + f.offTopic.B.answered).toBeLessThanOrEqual(3);
  }, 120_000);

  it('keeps the held-out sets\' expected fiches at the level reached', () => {
    expect(answersGoldTop3(engine, half(loadAnswersDev(), 'B'), modelsFor).hits).toBeGreaterThanOrEqual(29);
    const long2 = sourcesFigures(engine, loadEvalSet(LONG2_SET_PATH), modelsFor);
    expect(long2.first).toBeGreaterThanOrEqual(27);
    expect(long2.inModelSources).toBeGreaterThanOrEqual(35);
    const h3 = sourcesFigures(engine, loadAnswersAsItems(ANSWERS_HELDOUT3_PATH), modelsFor);
    expect(h3.first).toBeGreaterThanOrEqual(19);
    expect(h3.inModelSources).toBeGreaterThanOrEqual(28);
  }, 60_000);
});
