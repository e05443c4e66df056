import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '../../../corpus/engine';
import { readManifest, updateFromArchive } from '../../../corpus/index-lifecycle';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { fakeDilaArchive, startFakeDila, type FakeDila } from '../../../../test/support/fake-dila';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { captureLogs, type CapturedLogs, type LogEntry } from '../../../../test/support/logs';
import { vectorCacheDir } from '../semantic/vector-cache';
import { embeddingUnits } from '../semantic/vector-store';

/**
 * The vectors of a new index computed before the swap, end to end: the update runs in its real child
 * process, which sends the new index's changed units to the model of meaning the app uses (an operator's
 * OpenAI-compatible endpoint, here a local fake recording every request), and the app finds them ready
 * when the index is swapped in. A model failing during the update does not stop the swap.
 */

let tmp: string;
let indexDir: string;
let dila: FakeDila;
let emb: FakeEmbeddings;
let logs: CapturedLogs;
let t: TestApp;

/** The unit the model reads of a fiche of the index in service. */
function unitOf(id: string): string[] {
  const fiche = t.app.searchEngine.getFiche(id);
  if (!fiche) throw new Error(`${id} absent`);
  return embeddingUnits(fiche);
}

const isMsg =
  (msg: string) =>
  (e: LogEntry): boolean =>
    e.msg === msg;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-corpus-vectors-'));
  indexDir = path.join(tmp, 'index');
  // The index in service: the fixture archive. The updates bring one fiche more (F90004), then one edited.
  const zip = path.join(tmp, 'fixture.zip');
  fs.writeFileSync(zip, fakeDilaArchive('fixture'));
  await updateFromArchive({ from: zip, indexDir, codes: false, otherSources: false });
  dila = await startFakeDila('newer');
  emb = await startFakeEmbeddings();
  logs = captureLogs();
  t = await createTestApp(
    'pglite',
    {
      LOG_LEVEL: 'info',
      INDEX_DIR: indexDir,
      CORPUS_UPDATE_URLS: dila.url,
      CORPUS_UPDATE_HOURS: '24',
      CORPUS_UPDATE_TIMEOUT_SECONDS: '5',
      EMBEDDINGS_BASE_URL: emb.baseUrl,
      EMBEDDINGS_MODEL: 'bge-m3',
      EMBEDDINGS_BATCH_SIZE: '16',
    },
    {
      searchEngine: openIndex(indexDir),
      corpusUpdate: { includeCodes: false, includeOtherSources: false, startDelayMs: 3_600_000 },
      logger: undefined,
      logStream: logs.logStream,
    },
  );
  // The vectors of the index in service, computed by the app once it is ready: one unit per fiche of
  // information (F90001; the letter template and the definition are not embedded).
  expect((await t.app.semantic?.vectors.whenReady(t.app.searchEngine))?.ids).toEqual(['F90001']);
});

afterEach(() => {
  emb.setScript({ kind: 'vectors' });
});

afterAll(async () => {
  await t?.close();
  await dila?.close();
  await emb?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const AFTER_SWAP = 'corpus update: vectors of the new index not prepared before the swap, computed by the server after it';

describe('the vectors of a corpus update', () => {
  it('a model failing during the update: the index is swapped all the same, and the app computes the vectors after', async () => {
    const before = emb.requests.length;
    // The child's one request fails; the app's, after the swap, is answered.
    emb.setScript((_r, i) => (i === before ? { kind: 'status', status: 503 } : { kind: 'vectors' }));
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt).toMatchObject({ outcome: 'updated' });
    expect(readManifest(indexDir)).toMatchObject({ corpusDate: '2026-11-20', fiches: 4 });
    // Right after the swap the app computes them: lexical answers meanwhile.
    expect(t.app.embeddingsHealth().state).toBe('building');
    const notes = logs.entries().filter(isMsg(AFTER_SWAP));
    expect(notes).toEqual([expect.objectContaining({ level: 40, corpusUpdate: { event: 'vectors_after_swap', reason: 'Le service de vecteurs a répondu HTTP 503.' } })]);

    const matrix = await t.app.semantic?.vectors.whenReady(t.app.searchEngine);
    expect([...(matrix?.ids ?? [])].sort()).toEqual(['F90001', 'F90004']);
    expect(t.app.embeddingsHealth()).toEqual({ state: 'ready', model: 'bge-m3' });
    // The new fiche alone (F90001's row reused), twice: refused during the update, computed by the app after.
    expect(emb.requests.slice(before).map((r) => r.inputs)).toEqual([unitOf('F90004'), unitOf('F90004')]);
    expect(fs.readdirSync(vectorCacheDir(indexDir))).toHaveLength(1);
    expect(fs.readdirSync(tmp).filter((n) => n.includes('.staging-'))).toEqual([]);
  });

  it('are computed in the child process for the edited fiche alone, and ready at the swap', async () => {
    const before = emb.requests.length;
    const cached = fs.readdirSync(vectorCacheDir(indexDir));
    const logged = logs.entries().length;
    dila.setMode('edited');
    const attempt = await t.app.corpusUpdate.updater?.runNow();
    expect(attempt).toMatchObject({ outcome: 'updated' });
    expect(readManifest(indexDir)?.corpusDate).toBe('2026-11-21');
    // Right after the swap: ready, nothing more asked of the model.
    expect(t.app.embeddingsHealth()).toEqual({ state: 'ready', model: 'bge-m3' });
    expect(t.app.semantic?.vectors.status(t.app.searchEngine)).toEqual({ status: 'ready', units: 2 });
    // One request, sent by the update's child before the swap: the edited fiche's title and new summary.
    expect(emb.requests.slice(before).map((r) => [r.model, r.inputs])).toEqual([['bge-m3', unitOf('F90001')]]);
    expect(unitOf('F90001')[0]).toContain('remise des clés');

    // The app read the file the update prepared in the swap (logged before the update's own line), and the
    // update's line says what it computed.
    const entries = logs.entries().slice(logged);
    const ready = entries.findIndex(isMsg('modèle de sens\u202f: vecteurs du corpus prêts'));
    const updated = entries.findIndex(isMsg('corpus update: new index in service'));
    expect(ready).toBeGreaterThan(-1);
    expect(ready).toBeLessThan(updated);
    expect(entries[ready]).toMatchObject({ semantic: { event: 'vectors_ready', units: 2, computed: 0, fromCache: true } });
    expect(entries[updated]).toMatchObject({ corpusUpdate: { outcome: 'updated', vectors: { prepared: true, units: 2, computed: 1 } } });
    expect(entries.filter(isMsg(AFTER_SWAP))).toEqual([]);

    // On disk: the new index's vectors replaced the previous ones; nothing left beside the index.
    const now = fs.readdirSync(vectorCacheDir(indexDir));
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(cached);
    expect(fs.readdirSync(tmp).filter((n) => n.includes('.staging-'))).toEqual([]);
    // The texts sent to the model are not logged.
    expect(logs.lines.join('')).not.toContain('remise des clés');
  });
});
