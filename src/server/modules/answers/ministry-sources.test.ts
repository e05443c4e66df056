import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUNING, type SearchEngine } from '../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../corpus/index-lifecycle';
import { checkAnswer } from './citations/check-citations';
import { toAnswerSources } from './llm/compose-llm';
import { buildMessages } from './llm/prompt';
import { retrieveSources } from './retrieval/retrieve';

/**
 * The labour ministry's fiches (travail-emploi.gouv.fr) in both answer modes, on the full test index: found by
 * the answers' retrieval beside the service-public.fr fiche on the same subject (the fresher first), given to
 * the model with their site, address and date, listed in the answer with their own address, and their articles
 * accepted by the citation check.
 */

let engine: SearchEngine;
// The fresher-source rule is off by default (engine-tuning.ts TUNING.fresher): on here, so that the ministry's page on
// the subject is among the sources whatever the ranking of the day, and what is tested is how it is cited.
const fresher = TUNING.fresher;
beforeAll(async () => {
  TUNING.fresher = 1;
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);
afterAll(() => {
  TUNING.fresher = fresher;
});

const QUESTION = "Quelle est la durée maximale de la période d'essai d'un CDI pour un cadre ?";

describe('the ministry fiches in the answers', () => {
  it('are retrieved with the service-public.fr fiche on the same subject, and given to the model with their site', () => {
    const { sources } = retrieveSources(engine, QUESTION);
    const ids = sources.map((s) => s.id);
    expect(ids).toContain('T100977');
    expect(ids).toContain('F1643');
    const ministry = sources.find((s) => s.id === 'T100977');
    expect(ministry).toMatchObject({ url: 'https://travail-emploi.gouv.fr/la-periode-dessai', date: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) });
    const user = buildMessages(QUESTION, sources).find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain(`[${ministry?.n}] La période d'essai\nSite : travail-emploi.gouv.fr (Ministère du Travail)\nAdresse : https://travail-emploi.gouv.fr/la-periode-dessai\nMise à jour : ${ministry?.date}`);
    expect(user).toMatch(/Site : service-public\.fr \(Direction de l'information légale et administrative/);
    expect(user).toContain('Code du travail : article L1221-19');
  });

  it('are listed in the answer with their own address, and their articles pass the citation check', () => {
    const answerSources = toAnswerSources(retrieveSources(engine, QUESTION).sources);
    const ministry = answerSources.find((s) => s.id === 'T100977');
    expect(ministry?.url).toBe('https://travail-emploi.gouv.fr/la-periode-dessai');
    expect(ministry?.references.some((r) => r.title === 'Code du travail : article L1221-19' && r.url.startsWith('https://www.legifrance.gouv.fr/'))).toBe(true);
    const n = ministry?.n ?? 0;
    const checked = checkAnswer(
      [{ id: 'law', title: 'Ce que dit la loi', text: `La durée maximale est fixée par l'article L1221-19 du code du travail [${n}]. L'article L9999-1 dit autre chose [${n}].` }],
      answerSources,
    );
    expect(checked.sections[0]?.text).toBe(`La durée maximale est fixée par l'article L1221-19 du code du travail [${n}].`);
    expect(checked.unknownArticles).toEqual(['L9999-1']);
  });
});
