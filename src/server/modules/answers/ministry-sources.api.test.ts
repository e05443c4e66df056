import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema } from '../../../common/api/answers';
import { TUNING } from '../../../corpus/engine';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { createTestApp, type TestApp } from '../../../../test/support/app';

/**
 * A labour question answered through the real API on the full test index: the labour ministry's page on the
 * subject is among the cited sources, with its own address (travail-emploi.gouv.fr) and date, beside the
 * service-public.fr fiche on the same subject; every article the answer names is in the sources' references.
 */

let t: TestApp;
// The fresher-source rule is off by default (engine-tuning.ts TUNING.fresher): on here, so that the ministry's page on
// the subject is among the sources whatever the ranking of the day, and what is tested is how it is cited.
const fresher = TUNING.fresher;
beforeAll(async () => {
  TUNING.fresher = 1;
  t = await createTestApp('pglite', { ...AUTH_TEST_ENV });
});
afterAll(async () => {
  TUNING.fresher = fresher;
  await t.close();
});

describe('an answer citing the labour ministry', () => {
  it('lists the ministry page among its sources with its site, address and date', async () => {
    const user = await signedInUser(t.app, 'ministere@exemple.fr');
    const res = await user.b.post('/api/answers', { question: "Quelle est la durée maximale de la période d'essai d'un CDI pour un cadre ?" });
    expect(res.statusCode).toBe(200);
    const { answer } = answerResponseSchema.parse(res.json());
    const ministry = answer.sources.find((s) => s.id === 'T100977');
    expect(ministry).toMatchObject({ title: "La période d'essai", url: 'https://travail-emploi.gouv.fr/la-periode-dessai', date: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) });
    expect(answer.sources.some((s) => s.id === 'F1643')).toBe(true);
    // Its marker is used in the answer's text.
    expect(answer.sections.some((s) => s.text.includes(`[${ministry?.n}]`))).toBe(true);
    const titles = answer.sources.flatMap((s) => s.references.map((r) => r.title)).join('\n');
    for (const s of answer.sections) for (const m of s.text.matchAll(/article (L\d{4}-\d+(?:-\d+)?)/g)) expect(titles).toContain(m[1]);
  });
});
