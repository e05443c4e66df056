import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFILE_BODY_LIMIT, prefileRoutes } from './prefile-routes';
import { PREFILE_MESSAGES } from './prefile-service';
import { SAMPLE_QUESTION, sampleRequest } from './prefile-test-fixtures';
import { createRoutesApp } from '../../../../test/support/app';
import { captureLogs } from '../../../../test/support/logs';
import type { SignedInUser } from '../auth/signed-in';

/** The stub signs in any request carrying `authorization: Bearer ok`. */
async function resolveUser(request: FastifyRequest): Promise<SignedInUser | null> {
  return request.headers.authorization === 'Bearer ok' ? { id: 'user-1', email: 'user-1@exemple.fr', name: 'Camille', via: 'api-key' } : null;
}

const AUTH = { authorization: 'Bearer ok' };
const { lines: logLines, stream } = captureLogs();
let app: FastifyInstance;

beforeAll(async () => {
  // Logs at info level into memory, to prove the route writes nothing of the body; the app-wide body
  // limit of app.ts (256 kB), which the route raises to 512 kB.
  app = await createRoutesApp({ logger: { level: 'info', stream }, bodyLimit: 256 * 1024 });
  await app.register(prefileRoutes, { siteTitle: 'QuestionLegale.info', resolveUser });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('POST /answers/pdf', () => {
  it('refuses an anonymous visitor with a French 401', async () => {
    const res = await app.inject({ method: 'POST', url: '/answers/pdf', payload: sampleRequest() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: PREFILE_MESSAGES.unauthorized } });
    expect(PREFILE_MESSAGES.unauthorized).toBe('Veuillez vous connecter pour télécharger le pré-dossier.');
  });

  it('rejects a body without sections, with wrong types or an oversized question (400)', async () => {
    const valid = sampleRequest();
    const { sections: _sections, ...answerWithoutSections } = valid.answer;
    const bodies: unknown[] = [
      { ...valid, answer: answerWithoutSections },
      { ...valid, answer: { ...valid.answer, urgent: 'oui' } },
      { ...valid, answer: { ...valid.answer, sections: [{ id: 'inconnue', title: 'X', text: 'Y' }] } },
      { ...valid, answer: { ...valid.answer, sources: [{ n: 0, id: 'F1', title: 'T', url: 'u', references: [] }] } },
      { ...valid, question: 42 },
      { ...valid, question: 'x'.repeat(6001) },
      { ...valid, chosenCase: 'x'.repeat(121) },
      { ...valid, answeredAt: 'x'.repeat(41) },
      { ...valid, answer: { ...valid.answer, dataDate: 'x'.repeat(41) } },
      { ...valid, answer: { ...valid.answer, sections: [{ id: 'law', title: 'Loi', text: 'x'.repeat(12_001) }] } },
      { ...valid, answer: { ...valid.answer, sections: Array.from({ length: 6 }, () => ({ id: 'law', title: 'Loi', text: 'x' })) } },
      { ...valid, answer: { ...valid.answer, sources: Array.from({ length: 11 }, (_, i) => ({ n: i + 1, id: 'F1', title: 'T', url: 'u', references: [] })) } },
      { ...valid, answer: { ...valid.answer, sources: [{ n: 1, id: 'F1', title: 'T'.repeat(301), url: 'u', references: [] }] } },
      { ...valid, answer: { ...valid.answer, sources: [{ n: 1, id: 'F1', title: 'T', url: 'u'.repeat(601), references: [] }] } },
      { ...valid, answer: { ...valid.answer, sources: [{ n: 1, id: 'F1', title: 'T', url: 'u', references: Array.from({ length: 61 }, () => ({ title: 'A', url: 'u' })) }] } },
      { ...valid, answer: { ...valid.answer, sources: [{ n: 1, id: 'F1', title: 'T', url: 'u', references: [{ title: 'A', url: 'u', text: 'x'.repeat(2001) }] }] } },
      {
        ...valid,
        answer: {
          ...valid.answer,
          choices: { question: 'Votre logement est :', options: [{ label: 'meublé', sections: [{ id: 'law', title: 'Loi', text: 'x'.repeat(12_001) }] }, { label: 'vide', sections: [] }] },
        },
      },
      { question: SAMPLE_QUESTION },
      [],
    ];
    for (const payload of bodies) {
      const res = await app.inject({ method: 'POST', url: '/answers/pdf', headers: AUTH, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_request', message: 'Le contenu du pré-dossier est invalide.' } });
    }
  });

  it('refuses a body over 512 kB', async () => {
    const valid = sampleRequest();
    const huge = { ...valid, answer: { ...valid.answer, sections: [{ id: 'law', title: 'Loi', text: 'é'.repeat(PREFILE_BODY_LIMIT) }] } };
    const res = await app.inject({ method: 'POST', url: '/answers/pdf', headers: AUTH, payload: huge });
    expect(res.statusCode).toBe(413);
  });

  it('accepts a large but legitimate answer (over the default 256 kB limit of the app)', async () => {
    const valid = sampleRequest();
    const caseSections = valid.answer.sections.map((s) => ({ ...s, text: `${s.text}\n\n`.repeat(40).slice(0, 8000) }));
    const big = {
      ...valid,
      chosenCase: 'meublé',
      answer: {
        ...valid.answer,
        // The most cited fiche has 43 references; article texts are cut to about 700 characters.
        sources: valid.answer.sources.map((s) => ({
          ...s,
          references: Array.from({ length: 43 }, (_, i) => ({ title: `Article L${i}`, url: `https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI0000${i}`, text: 'Texte de l’article. '.repeat(35) })),
        })),
        choices: {
          question: 'Votre logement est :',
          options: ['meublé', 'vide', 'HLM', 'colocation'].map((label) => ({ label, sections: caseSections })),
        },
      },
    };
    const payload = JSON.stringify(big);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(256 * 1024);
    const res = await app.inject({ method: 'POST', url: '/answers/pdf', headers: { ...AUTH, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('returns the PDF as a download, never cached, and logs nothing of the question or answer', async () => {
    logLines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/answers/pdf', headers: AUTH, payload: sampleRequest() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pre-dossier-2026-11-22-depot-de-garantie.pdf"; filename*=UTF-8''pre-dossier-2026-11-22-depot-de-garantie.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    // Failures too: a 400 and a 401 leave no trace of the body.
    await app.inject({ method: 'POST', url: '/answers/pdf', headers: AUTH, payload: { question: SAMPLE_QUESTION } });
    await app.inject({ method: 'POST', url: '/answers/pdf', payload: sampleRequest() });
    const logs = logLines.join('\n');
    for (const secret of ['bailleur', 'dépôt', 'garantie', 'Loi n°', 'F31269']) expect(logs).not.toContain(secret);
  });
});
