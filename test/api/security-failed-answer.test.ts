import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, type AnswerSection } from '../../src/common/api/answers';
import { answersRoutes } from '../../src/server/modules/answers/answers-routes';
import { ANSWER_MESSAGES, createAnswersService } from '../../src/server/modules/answers/answers-service';
import { createRoutesApp, createTestApp, type TestApp } from '../support/app';
import { parseSse } from '../support/sse';
import { AUTH_TEST_ENV, signedInUser } from './support/http';
import { rawRequest } from './support/raw-http';

/**
 * Answers that used to fail, and what a failed answer leaves behind.
 *
 * « Quel article pour les hospitaliers ? » answered 500 `answer_failed` every time: the extractive answer's
 * « En bref » quoted the fiche « Plan d'épargne retraite » (« … complément retraite des hospitaliers - CRH,
 * contrat article 83) peuvent être transférés… »), the citation check removed every sentence naming « article
 * 83 » (absent from the fiche's legal references), and the emptied section made the answer incomplete. An
 * article named by the fiche's own text is now grounded (check-citations.ts, `groundText`).
 *
 * A streamed answer that fails after sections were sent withdraws them (`reset`) before its `error`: the
 * credit is refunded, as the error says, and no partial, unchecked answer stays on the screen.
 */

describe('answers that used to fail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('« Quel article pour les hospitaliers ? » gets a complete answer, charged once', async () => {
    const { apiKey, userId } = await signedInUser(t.app, 'hospitalier@exemple.fr');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/answers',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { question: 'Quel article pour les hospitaliers ?' },
    });
    expect(res.statusCode).toBe(200);
    const { answer, credits } = res.json<{ answer: { sections: AnswerSection[] }; credits: number }>();
    expect(answer.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const s of answer.sections) expect(s.text.trim(), s.id).not.toBe('');
    expect(credits).toBe(2);
    expect(await t.app.accounts.credits.balance(userId)).toBe(2);
  });
});

describe('a streamed answer that fails after sections were sent (model mode)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000' });
    // A model whose answer stops after two sections yet reports success: the service's final check refuses
    // the incomplete answer after those two sections were streamed.
    const service = createAnswersService({
      engine: t.app.searchEngine,
      credits: t.app.accounts.credits,
      llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'modele-de-test', timeoutMs: 1000 },
      composeLlm: async (opts) => {
        const n = opts.sources[0]?.n ?? 1;
        const sections: AnswerSection[] = [
          { id: 'summary', title: 'En bref', text: `Le bailleur doit restituer le dépôt de garantie. [${n}]` },
          { id: 'law', title: 'Ce que dit la loi', text: `Le dépôt est restitué dans un délai de deux mois. [${n}]` },
        ];
        for (const s of sections) opts.onSection?.(s);
        return { ok: true, sections, check: { removedMarkers: 0, removedSentences: 0, unknownArticles: [] }, notCovered: false };
      },
    });
    app = await createRoutesApp({ logger: false });
    await app.register(answersRoutes, { service, resolveUser: (r) => t.app.accounts.resolveUser(r) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('withdraws the sections (reset) before the error, and refunds the credit', async () => {
    const { apiKey, userId } = await signedInUser(t.app, 'modele-interrompu@exemple.fr');
    const res = await rawRequest({
      port: (app.server.address() as AddressInfo).port,
      method: 'POST',
      path: '/answers',
      headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        question: "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?",
      }),
    });
    const events = parseSse(res.text);
    expect(events.map((e) => e.event)).toEqual(['meta', 'section', 'section', 'reset', 'error']);
    expect(events.at(-1)?.data).toEqual({ code: 'answer_failed', message: ANSWER_MESSAGES.failed });
    expect(await t.app.accounts.credits.balance(userId)).toBe(3);
  });
});
