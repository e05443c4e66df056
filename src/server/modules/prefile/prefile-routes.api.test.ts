import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFILE_BODY_LIMIT, prefileRoutes } from './prefile-routes';
import { PREFILE_LIMIT_DEFAULTS } from './prefile-limits';
import { PREFILE_MESSAGES } from './prefile-service';
import { SAMPLE_QUESTION, sampleRequest } from './prefile-test-fixtures';
import { createRoutesApp } from '../../../../test/support/app';
import { captureLogs } from '../../../../test/support/logs';
import type { SignedInUser } from '../auth/signed-in';

/** The stub signs in `authorization: Bearer ok` as user-1, and `Bearer compte-<name>` as the account <name>. */
async function resolveUser(request: FastifyRequest): Promise<SignedInUser | null> {
  const auth = request.headers.authorization ?? '';
  if (auth === 'Bearer ok') return { id: 'user-1', email: 'user-1@exemple.fr', name: 'Camille', via: 'api-key' };
  const name = /^Bearer compte-([a-z0-9-]{1,40})$/.exec(auth)?.[1];
  return name ? { id: name, email: `${name}@exemple.fr`, name, via: 'api-key' } : null;
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

describe('POST /answers/pdf: PDFs per account and per address', () => {
  const as = (account: string) => ({ authorization: `Bearer compte-${account}` });
  const ask = (target: FastifyInstance, account: string, remoteAddress: string, payload: object = sampleRequest()) =>
    target.inject({ method: 'POST', url: '/answers/pdf', headers: as(account), remoteAddress, payload });

  it('answers a French 429 with Retry-After past the minute’s PDFs of an account, then of an address', async () => {
    const limited = await createRoutesApp();
    await limited.register(prefileRoutes, { siteTitle: 'QuestionLegale.info', resolveUser, limits: { ...PREFILE_LIMIT_DEFAULTS, perAccountPerMinute: 2, perAddressPerMinute: 2 } });
    try {
      expect((await ask(limited, 'camille', '192.0.2.10')).statusCode).toBe(200);
      expect((await ask(limited, 'camille', '192.0.2.11')).statusCode).toBe(200);
      const third = await ask(limited, 'camille', '192.0.2.12');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ error: { code: 'rate_limited', message: PREFILE_MESSAGES.rateLimited } });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
      // A body the schema refuses is not counted (nor laid out).
      const invalid = await limited.inject({ method: 'POST', url: '/answers/pdf', headers: as('dominique'), remoteAddress: '192.0.2.10', payload: { question: 1 } });
      expect(invalid.statusCode).toBe(400);
      // The address 192.0.2.10 has one PDF left, whatever the account; another address is not concerned.
      expect((await ask(limited, 'dominique', '192.0.2.10')).statusCode).toBe(200);
      expect((await ask(limited, 'voisin', '192.0.2.10')).statusCode).toBe(429);
      expect((await ask(limited, 'voisin', '192.0.2.99')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('one account sending 12 PDFs of glued text at once cannot block another account’s PDF', { timeout: 120_000 }, async () => {
    // The real worker and the default limits. Before the fix, each of these PDFs took 1.9 s and twelve of them
    // filled the shared queue of 8: another visitor got 503 « prefile_busy » for 16.5 s.
    const shared = await createRoutesApp();
    await shared.register(prefileRoutes, { siteTitle: 'QuestionLegale.info', resolveUser });
    try {
      await shared.ready();
      expect((await ask(shared, 'camille', '198.51.100.7')).statusCode).toBe(200); // the worker is up, fonts parsed
      const glued = sampleRequest();
      glued.question = 'ab\u00a0'.repeat(2000);
      glued.answer.sections = glued.answer.sections.map((section) => ({ ...section, text: 'ab\u00a0'.repeat(4000) }));
      const flood = Array.from({ length: 12 }, () => ask(shared, 'attaquant', '203.0.113.5', glued));
      const started = performance.now();
      const other = await ask(shared, 'voisin', '198.51.100.8');
      const otherMs = performance.now() - started;
      const floodStatuses = (await Promise.all(flood)).map((r) => r.statusCode);

      expect(other.statusCode).toBe(200);
      expect(other.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Behind at most the attacker's two PDFs under way, each well under 200 ms: a loaded machine still has room.
      expect(otherMs).toBeLessThan(5000);
      expect(floodStatuses).not.toContain(503);
      expect(floodStatuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(floodStatuses.filter((s) => s === 200).length).toBeLessThanOrEqual(PREFILE_LIMIT_DEFAULTS.concurrentPerAccount);
      expect(floodStatuses.filter((s) => s === 429)).toHaveLength(12 - floodStatuses.filter((s) => s === 200).length);

      // The attacker keeps at it, one request at a time: within the minute's budget, then 429; the other
      // account is served each time.
      const later: number[] = [];
      for (let i = 0; i < 8; i++) {
        later.push((await ask(shared, 'attaquant', '203.0.113.5', glued)).statusCode);
        expect((await ask(shared, `voisin-${i}`, `198.51.100.${20 + i}`)).statusCode, `another account, round ${i}`).toBe(200);
      }
      expect(later.filter((s) => s === 200).length + floodStatuses.filter((s) => s === 200).length).toBe(PREFILE_LIMIT_DEFAULTS.perAccountPerMinute);
      expect(later.slice(-2)).toEqual([429, 429]);
    } finally {
      await shared.close();
    }
  });
});
