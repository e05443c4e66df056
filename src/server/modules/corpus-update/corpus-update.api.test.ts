import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthResponseSchema } from '../../../common/api/health';
import { openIndex } from '../../../corpus/engine';
import { readManifest, updateFromArchive } from '../../../corpus/index-lifecycle';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { startFakeDila, type FakeDila } from '../../../../test/support/fake-dila';

/**
 * The scheduled corpus update end to end: a local server speaks HTTP like the DILA download site, the
 * update runs in its real child process, and the app keeps answering from the index in service until a
 * new one passes its checks.
 */

const FIXTURE_ZIP = path.resolve(import.meta.dirname, '..', '..', '..', 'corpus', 'fixtures', 'vosdroits-fixture.zip');

let tmp: string;
let indexDir: string;
let dila: FakeDila;
let t: TestApp;

async function searchIds(q: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: { id: string }[] }).results.map((r) => r.id);
}

async function health(): Promise<ReturnType<typeof healthResponseSchema.parse>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return healthResponseSchema.parse(res.json());
}

async function metrics(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

function leftovers(): string[] {
  const base = path.basename(indexDir);
  return fs.readdirSync(tmp).filter((n) => n.startsWith(`${base}.staging-`) || n === `${base}.previous`);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-corpus-update-'));
  indexDir = path.join(tmp, 'index');
  await updateFromArchive({ from: FIXTURE_ZIP, indexDir, codes: false, otherSources: false });
  dila = await startFakeDila('fixture');
  t = await createTestApp(
    'pglite',
    { INDEX_DIR: indexDir, CORPUS_UPDATE_URLS: dila.url, CORPUS_UPDATE_HOURS: '24', CORPUS_UPDATE_TIMEOUT_SECONDS: '3' },
    // The schedule is far away: each test runs an update itself.
    { searchEngine: openIndex(indexDir), corpusUpdate: { includeCodes: false, includeOtherSources: false, startDelayMs: 3_600_000 } },
  );
});

afterAll(async () => {
  await t?.close();
  await dila?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('scheduled corpus update', () => {
  it('is scheduled once the app is ready, and /api/health and /metrics describe the index in service', async () => {
    const body = await health();
    expect(body.corpus).toMatchObject({ date: '2024-03-15', fiches: 3, update: { running: false } });
    expect(Date.parse(body.corpus?.update?.nextAt ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
    const text = await metrics();
    expect(text).toContain(`questionlegale_corpus_date_timestamp_seconds ${Date.parse('2024-03-15T00:00:00Z') / 1000}`);
    expect(text).toContain('questionlegale_corpus_fiches 3');
    expect(text).toContain('questionlegale_corpus_updates_total{outcome="updated"} 0');
  });

  it('keeps the index in service when the archive is corrupt', async () => {
    dila.setMode('corrupt');
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt).toMatchObject({ outcome: 'invalid_archive', message: 'Archive 1 sur 1\u202f: archive zip illisible.' });
    expect(await searchIds('dépôt de garantie')).toContain('F90001');
    expect((await health()).corpus).toMatchObject({
      date: '2024-03-15',
      fiches: 3,
      update: { running: false, lastOutcome: 'invalid_archive', lastMessage: 'Archive 1 sur 1\u202f: archive zip illisible.' },
    });
    expect(await metrics()).toContain('questionlegale_corpus_updates_total{outcome="invalid_archive"} 1');
    expect(leftovers()).toEqual([]);
  });

  it('keeps answering while a slow download runs, then gives up at the time limit', async () => {
    dila.setMode('slow');
    const stalled = dila.nextStall();
    const running = t.app.corpusUpdate.updater?.runNow();
    await stalled;
    // The download is under way in the child process: the app answers meanwhile, from the index in service.
    expect(await searchIds('dépôt de garantie')).toContain('F90001');
    expect((await health()).corpus?.update?.running).toBe(true);
    expect(await metrics()).toContain('questionlegale_corpus_update_running 1');
    expect(await running).toMatchObject({ outcome: 'timeout', message: 'Archive 1 sur 1\u202f: téléchargement trop long.' });
    expect((await health()).corpus).toMatchObject({ date: '2024-03-15', update: { running: false, lastOutcome: 'timeout' } });
    expect(leftovers()).toEqual([]);
  });

  it('refuses an index that lost most of its fiches, and a server error', async () => {
    dila.setMode('incomplete');
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt?.outcome).toBe('check_failed');
    expect(attempt?.message).toMatch(/^Le nouvel index compte 1 fiches contre 3 \(minimum 80 %\)/);
    dila.setMode('error');
    expect(await t.app.corpusUpdate.updater?.runNow()).toMatchObject({
      outcome: 'download_failed',
      message: 'Archive 1 sur 1\u202f: le serveur a répondu HTTP 503.',
    });
    expect(await searchIds('dépôt de garantie')).toContain('F90001');
    expect(readManifest(indexDir)?.corpusDate).toBe('2024-03-15');
    expect(leftovers()).toEqual([]);
  });

  it('swaps a newer index in without a restart, everywhere the data shows', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(before.body).toContain('2024-03-15');
    expect(await searchIds('préavis du locataire qui quitte le logement')).not.toContain('F90004');
    dila.setMode('newer');
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt).toMatchObject({ outcome: 'updated' });

    expect(await searchIds('préavis du locataire qui quitte le logement')).toContain('F90004');
    expect(await searchIds('dépôt de garantie')).toContain('F90001');
    const body = await health();
    expect(body.corpus).toMatchObject({ date: '2026-11-20', fiches: 4, update: { lastOutcome: 'updated' } });
    expect(body.corpus?.update?.lastMessage).toBeUndefined();
    expect(body.corpus?.update?.lastUpdatedAt).toBeDefined();
    const text = await metrics();
    expect(text).toContain('questionlegale_corpus_fiches 4');
    expect(text).toContain('questionlegale_corpus_updates_total{outcome="updated"} 1');
    // The page shell carries the new data date; so does the topics page.
    const after = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(after.body).toContain('2026-11-20');
    const articles = await t.app.inject({ method: 'GET', url: '/Articles/' });
    expect(articles.body).toContain('20 novembre 2026');
    // On disk: the new index is in INDEX_DIR (a restart keeps it), nothing else is left behind.
    expect(readManifest(indexDir)).toMatchObject({ corpusDate: '2026-11-20', fiches: 4 });
    await vi.waitFor(() => expect(leftovers()).toEqual([]));
    const state = JSON.parse(fs.readFileSync(`${indexDir}.update-state.json`, 'utf8')) as Record<string, unknown>;
    expect(state).toMatchObject({ lastOutcome: 'updated' });
  });

  it('stops at the download when the archives have not changed', async () => {
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt).toMatchObject({ outcome: 'unchanged' });
    expect((await health()).corpus).toMatchObject({ date: '2026-11-20', update: { lastOutcome: 'unchanged' } });
  });
});
