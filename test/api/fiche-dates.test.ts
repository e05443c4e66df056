import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, sseSourcesSchema, type Answer } from '../../src/common/api/answers';
import { ficheDateText, isDataStale, staleDataWarning } from '../../src/common/data-freshness';
import { createTestApp, type TestApp } from '../support/app';
import { parseSse } from '../support/sse';
import { AUTH_TEST_ENV, signedInUser } from './support/http';

/**
 * The date of each fiche an answer rests on, from the corpus to the answer (JSON and stream) and on into the
 * pré-dossier: every source carries its fiche's ISO date (`sources[].date`), the PDF prints it under the
 * source, and when the data is more than a year old the PDF's first page carries the screen's warning.
 */

const QUESTION = "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?";
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp('pglite', { ...AUTH_TEST_ENV, AUTH_RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_MINUTE: '100000' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiche-dates-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Each source's date is its fiche's date in the corpus. */
function expectFicheDates(answer: Answer): void {
  expect(answer.sources.length).toBeGreaterThan(0);
  for (const source of answer.sources) {
    expect(source.date, source.id).toMatch(ISO_DAY);
    expect(source.date, source.id).toBe(t.app.searchEngine.getFiche(source.id)?.date);
    expect(source.date! <= answer.dataDate, source.id).toBe(true);
  }
}

describe('the fiches’ dates', () => {
  it('each source of an answer carries its fiche’s date (JSON and stream), and the pré-dossier prints them', async () => {
    const { b } = await signedInUser(t.app, 'dates@exemple.fr');
    const json = await b.post('/api/answers', { question: QUESTION });
    expect(json.statusCode).toBe(200);
    const { answer } = answerResponseSchema.parse(json.json());
    expectFicheDates(answer);

    const stream = await b.post('/api/answers', { question: QUESTION }, { accept: 'text/event-stream' });
    const sources = sseSourcesSchema.parse(parseSse(stream.payload).find((e) => e.event === 'sources')?.data);
    expectFicheDates({ ...answer, sources: sources.sources });

    const pdf = await b.post('/api/answers/pdf', { question: QUESTION, answer, answeredAt: '2026-11-28T09:00:00.000Z' });
    expect(pdf.statusCode).toBe(200);
    const subject = path.join(dir, 'answer.pdf');
    fs.writeFileSync(subject, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', subject, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const source of answer.sources) expect(text).toContain(`${source.url} ${ficheDateText(source.date ?? '')}`);
    // The file is named after the day and the main fiche.
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="pre-dossier-2026-11-28-[a-z0-9-]+\.pdf"; filename\*=UTF-8''pre-dossier-2026-11-28-[a-z0-9-]+\.pdf$/);

    // The shipped data: more than a year old, the first page says so with the live fiche, as the screen does.
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', subject, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const warning = staleDataWarning(answer.dataDate, answer.sources[0]?.url ?? null);
    const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');
    if (isDataStale(answer.dataDate, Date.now())) {
      expect(first).toContain(plain(warning.title));
      expect(first).toContain(`${plain(warning.check)} ${answer.sources[0]?.url}`);
    } else {
      expect(first).not.toContain('Attention');
    }
  });
});
