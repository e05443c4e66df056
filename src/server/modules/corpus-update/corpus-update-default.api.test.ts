import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerResponseSchema } from '../../../common/api/answers';
import { healthResponseSchema } from '../../../common/api/health';
import { openIndex } from '../../../corpus/engine';
import { updateFromArchive } from '../../../corpus/index-lifecycle';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { startFakeDila, type FakeDila } from '../../../../test/support/fake-dila';

/**
 * The corpus update as a deployment gets it without setting anything: on the first start the update runs in
 * the background (the shipped data answering meanwhile), swaps the newer index in, and the next answer
 * carries the new data's date; CORPUS_UPDATE_URLS=off turns it off. A local server speaks HTTP like the
 * DILA download site and serves a small archive of the real format (test/support/fake-dila.ts).
 */

const FIXTURE_ZIP = path.resolve(import.meta.dirname, '..', '..', '..', 'corpus', 'fixtures', 'vosdroits-fixture.zip');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-corpus-default-'));
let t: TestApp | undefined;
let dila: FakeDila | undefined;

afterEach(async () => {
  await t?.close();
  await dila?.close();
  t = undefined;
  dila = undefined;
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function health(app: TestApp['app']) {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return healthResponseSchema.parse(res.json());
}

describe('the corpus update of a default deployment', () => {
  it('refreshes on its first start, in the background, and the next answer carries the new date', async () => {
    const indexDir = path.join(tmp, 'first-start');
    await updateFromArchive({ from: FIXTURE_ZIP, indexDir, codes: false, otherSources: false });
    dila = await startFakeDila('newer');
    t = await createTestApp(
      'pglite',
      { ...AUTH_TEST_ENV, INDEX_DIR: indexDir, CORPUS_UPDATE_URLS: dila.url },
      // The schedule of a first start (no attempt recorded), its delay shortened from a minute.
      { searchEngine: openIndex(indexDir), corpusUpdate: { includeCodes: false, includeOtherSources: false, startDelayMs: 200 } },
    );
    const app = t.app;
    // The shipped data serves meanwhile.
    expect((await health(app)).corpus).toMatchObject({ date: '2024-03-15', update: { running: false } });
    await vi.waitFor(async () => expect((await health(app)).corpus?.update?.lastOutcome).toBe('updated'), { timeout: 60_000, interval: 200 });
    expect(dila.requests).toBe(1);
    const corpus = (await health(app)).corpus;
    expect(corpus).toMatchObject({ date: '2026-11-20', fiches: 4, sources: [{ name: 'service-public.fr', date: '2026-11-20' }] });
    expect(corpus?.update?.consecutiveFailures).toBeUndefined();

    const user = await signedInUser(app, 'premier-demarrage@exemple.fr');
    const res = await user.b.post('/api/answers', { question: 'Quel est le préavis du locataire qui quitte un logement loué ?' });
    expect(res.statusCode).toBe(200);
    const { answer } = answerResponseSchema.parse(res.json());
    expect(answer.dataDate).toBe('2026-11-20');
    expect(answer.sources[0]).toMatchObject({ id: 'F90004', date: '2026-11-20', url: 'https://www.service-public.fr/particuliers/vosdroits/F90004' });
  });

  it('says once that the source cannot be reached, keeps the shipped data, and tries again a day later, not in a loop', async () => {
    const indexDir = path.join(tmp, 'unreachable');
    await updateFromArchive({ from: FIXTURE_ZIP, indexDir, codes: false, otherSources: false });
    dila = await startFakeDila('error');
    t = await createTestApp(
      'pglite',
      { INDEX_DIR: indexDir, CORPUS_UPDATE_URLS: dila.url },
      { searchEngine: openIndex(indexDir), corpusUpdate: { includeCodes: false, includeOtherSources: false, startDelayMs: 200 } },
    );
    const app = t.app;
    await vi.waitFor(async () => expect((await health(app)).corpus?.update?.lastOutcome).toBe('download_failed'), { timeout: 60_000, interval: 200 });
    const corpus = (await health(app)).corpus;
    expect(corpus).toMatchObject({
      date: '2024-03-15',
      update: { running: false, consecutiveFailures: 1, lastMessage: 'Archive 1 sur 1\u202f: le serveur a répondu HTTP 503.' },
    });
    expect(Date.parse(corpus?.update?.nextAt ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(dila.requests).toBe(1);
  });

  it('is off with CORPUS_UPDATE_URLS=off: no schedule, no request', async () => {
    const indexDir = path.join(tmp, 'off');
    await updateFromArchive({ from: FIXTURE_ZIP, indexDir, codes: false, otherSources: false });
    dila = await startFakeDila('newer');
    t = await createTestApp('pglite', { INDEX_DIR: indexDir, CORPUS_UPDATE_URLS: 'off' }, { searchEngine: openIndex(indexDir), corpusUpdate: { startDelayMs: 0 } });
    expect(t.app.corpusUpdate.updater).toBeUndefined();
    await new Promise((r) => setTimeout(r, 500));
    const corpus = (await health(t.app)).corpus;
    expect(corpus).toMatchObject({ date: '2024-03-15', fiches: 3 });
    expect(corpus?.update).toBeUndefined();
    expect(dila.requests).toBe(0);
  });
});
