import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openIndex } from '../../../corpus/engine';
import { readManifest, updateFromArchive } from '../../../corpus/index-lifecycle';
import { createEngineHolder, type EngineHolder } from '../../../corpus/engine-holder';
import type { UpdateJobOptions } from '../../../corpus/update/update-job';
import type { UpdateJobResult } from '../../../corpus/update/update-job';
import type { VectorsJob } from '../semantic/prepare-vectors';
import { vectorCacheDir } from '../semantic/vector-cache';
import { BUILD_GUARD_MS, createCorpusUpdater, nextDelayMs, type CorpusUpdaterOptions, type UpdateJobRunner } from './corpus-updater';
import { childFailure, childLaunch } from './corpus-update-child';

const FIXTURE_ZIP = path.resolve(import.meta.dirname, '..', '..', '..', 'corpus', 'fixtures', 'vosdroits-fixture.zip');
const SETTINGS = { urls: ['http://127.0.0.1:9/vdd/part/zip/vosdroits-latest.zip'], intervalHours: 6, downloadTimeoutMs: 1000, maxBytes: 1000, maxMemoryMb: 512 };

let tmp: string;
let indexDir: string;
let holder: EngineHolder;
const logs: { level: string; obj: object; msg: string }[] = [];
const log = {
  info: (obj: object, msg: string) => logs.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg: string) => logs.push({ level: 'warn', obj, msg }),
};

function updater(runJob: UpdateJobRunner, extra: Partial<CorpusUpdaterOptions> = {}) {
  return createCorpusUpdater({ holder, indexDir, settings: SETTINGS, log, runJob, startDelayMs: 60_000, ...extra });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-updater-'));
  indexDir = path.join(tmp, 'index');
  await updateFromArchive({ from: FIXTURE_ZIP, indexDir, codes: false, otherSources: false });
  holder = createEngineHolder(openIndex(indexDir));
});

afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(`${indexDir}.update-state.json`, { force: true });
  logs.length = 0;
});

afterAll(() => {
  holder.current().close?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('corpus updater schedule', () => {
  it('runs after the start delay, then every interval, and a restart waits for the interval', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const jobs: UpdateJobOptions[] = [];
    const runJob: UpdateJobRunner = async (job) => {
      jobs.push(job);
      return { outcome: 'unchanged', digest: 'abc', bytes: 10 };
    };
    const u = updater(runJob);
    u.start();
    expect(u.status()).toEqual({ running: false, nextAt: '2026-11-23T10:01:00.000Z' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(jobs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ urls: SETTINGS.urls, indexDir, downloadTimeoutMs: 1000, maxBytes: 1000 });
    expect(jobs[0]?.stagingDir.startsWith(`${indexDir}.staging-`)).toBe(true);
    expect(u.status()).toEqual({
      running: false,
      lastAttemptAt: '2026-11-23T10:01:00.000Z',
      lastOutcome: 'unchanged',
      lastSuccessAt: '2026-11-23T10:01:00.000Z',
      nextAt: '2026-11-23T16:01:00.000Z',
    });
    await vi.advanceTimersByTimeAsync(6 * 3_600_000);
    expect(jobs).toHaveLength(2);
    await u.close();
    expect(u.status().nextAt).toBeUndefined();

    // A restart reads the last attempt beside the index: no download before the interval has passed.
    const restarted = updater(runJob);
    restarted.start();
    expect(restarted.status()).toMatchObject({ lastOutcome: 'unchanged', nextAt: '2026-11-23T22:01:00.000Z' });
    await restarted.close();
    expect(logs.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'corpus update: archives unchanged'],
      ['info', 'corpus update: archives unchanged'],
    ]);
  });

  it('joins the update already running, and closing stops it', async () => {
    let calls = 0;
    const runJob: UpdateJobRunner = (_job, { signal }) => {
      calls += 1;
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve({ outcome: 'failed', failure: 'build_failed', message: 'Mise à jour du corpus interrompue (arrêt du serveur).' })),
      );
    };
    const u = updater(runJob);
    const a = u.runNow();
    const b = u.runNow();
    expect(b).toBe(a);
    expect(calls).toBe(1);
    expect(u.status().running).toBe(true);
    await u.close();
    expect(await a).toMatchObject({ outcome: 'build_failed' });
    expect(u.status()).toMatchObject({ running: false, lastOutcome: 'build_failed' });
    expect(u.status().nextAt).toBeUndefined();
    expect(await u.runNow()).toMatchObject({ outcome: 'swap_failed' });
    expect(calls).toBe(1);
  });

  it('keeps the index in service and on disk when the new one cannot be loaded', async () => {
    const before = holder.current();
    const builtAt = readManifest(indexDir)?.builtAt;
    const runJob: UpdateJobRunner = async (job) => {
      // A staged directory without a usable index: loading it fails after the directories were moved.
      fs.mkdirSync(job.stagingDir, { recursive: true });
      fs.writeFileSync(path.join(job.stagingDir, 'manifest.json'), '{}');
      return {
        outcome: 'built',
        digest: 'abc',
        bytes: 10,
        stagingDir: job.stagingDir,
        index: { corpusDate: '2026-11-20', fiches: 3, builtAt: '' },
        check: { ok: true, fiches: 3, previousFiches: 3, asked: 1, answered: 1, kept: 1 },
      };
    };
    const u = updater(runJob);
    const attempt = await u.runNow();
    await u.close();
    expect(attempt).toMatchObject({ outcome: 'swap_failed', message: "Le nouvel index n'a pas pu être chargé ; l'index précédent reste en service." });
    expect(holder.current()).toBe(before);
    expect(holder.engine.search('dépôt de garantie', 1)[0]?.id).toBe('F90001');
    expect(readManifest(indexDir)?.builtAt).toBe(builtAt);
    expect(fs.readdirSync(tmp).sort()).toEqual(['index', 'index.update-state.json']);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: 'warn',
      msg: 'corpus update failed: the previous index stays in service',
      obj: { corpusUpdate: { outcome: 'swap_failed', corpusDate: '2024-03-15', fiches: 3 } },
    });
  });

  it('says once that the source cannot be reached, and spaces the next attempts out', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const unreachable: UpdateJobRunner = async () => {
      calls += 1;
      return { outcome: 'failed', failure: 'download_failed', message: 'Archive 1 sur 1\u202f: serveur injoignable (ENOTFOUND).' };
    };
    const u = updater(unreachable);
    u.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    // Interval of 6 hours: then 12, 24, 48 hours after each failure in a row.
    expect(u.status()).toMatchObject({ lastOutcome: 'download_failed', consecutiveFailures: 1, nextAt: '2026-11-23T16:01:00.000Z' });
    await vi.advanceTimersByTimeAsync(6 * 3_600_000);
    expect(u.status()).toMatchObject({ consecutiveFailures: 2, nextAt: '2026-11-24T04:01:00.000Z' });
    await vi.advanceTimersByTimeAsync(12 * 3_600_000);
    expect(u.status()).toMatchObject({ consecutiveFailures: 3, nextAt: '2026-11-25T04:01:00.000Z' });
    expect(calls).toBe(3);
    expect(logs.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'corpus update failed: the previous index stays in service'],
      ['info', 'corpus update failed again: the previous index stays in service'],
      ['info', 'corpus update failed again: the previous index stays in service'],
    ]);
    await u.close();
    // A restart keeps the streak: the next attempt is still a day away, not a minute.
    const restarted = updater(unreachable);
    restarted.start();
    expect(restarted.status()).toMatchObject({ consecutiveFailures: 3, nextAt: '2026-11-25T04:01:00.000Z' });
    await restarted.close();
    // A success ends the streak.
    const back = updater(async () => ({ outcome: 'unchanged', digest: 'abc', bytes: 10 }));
    await back.runNow();
    expect(back.status().consecutiveFailures).toBeUndefined();
    await back.close();
  });

  it('backs off to at most a week, and never below the interval', () => {
    const day = 24 * 3_600_000;
    expect([1, 2, 3, 4, 5, 9].map((n) => nextDelayMs(day, n) / day)).toEqual([1, 2, 4, 7, 7, 7]);
    expect(nextDelayMs(30 * day, 3)).toBe(30 * day);
    expect(nextDelayMs(day, 0)).toBe(day);
  });

  // The next two swap the index in service (a copy of it): they come last.
  const MODEL: VectorsJob = { settings: { baseUrl: 'http://127.0.0.1:9/v1', model: 'bge-m3' }, batchSize: 16, batchTimeoutMs: 60_000, budgetMs: 900_000 };

  /** A job that stages a copy of the index in service, with what the child says of its vectors. */
  function stagingJob(seen: { job: UpdateJobOptions; guardMs: number }[], vectors?: NonNullable<Extract<UpdateJobResult, { outcome: 'built' }>['vectors']>): UpdateJobRunner {
    return async (job, { guardMs }) => {
      seen.push({ job, guardMs });
      fs.cpSync(indexDir, job.stagingDir, { recursive: true });
      if (vectors?.prepared) {
        fs.mkdirSync(vectorCacheDir(job.stagingDir));
        fs.writeFileSync(path.join(vectorCacheDir(job.stagingDir), 'new.bin'), 'vecteurs');
      }
      return {
        outcome: 'built',
        digest: 'abc',
        bytes: 10,
        stagingDir: job.stagingDir,
        index: { corpusDate: '2024-03-15', fiches: 3, builtAt: '' },
        check: { ok: true, fiches: 3, previousFiches: 3, asked: 1, answered: 1, kept: 1 },
        ...(vectors ? { vectors } : {}),
      };
    };
  }

  it('gives the job the model of meaning and its time, and moves the vectors it prepared into the cache before the swap', async () => {
    fs.mkdirSync(vectorCacheDir(indexDir), { recursive: true });
    fs.writeFileSync(path.join(vectorCacheDir(indexDir), 'old.bin'), 'vecteurs');
    const atSwap: string[][] = [];
    holder.onSwap(() => atSwap.push(fs.readdirSync(vectorCacheDir(indexDir))));
    const seen: { job: UpdateJobOptions; guardMs: number }[] = [];
    const u = updater(stagingJob(seen, { prepared: true, units: 3, computed: 1, ms: 5 }), { vectors: () => ({ job: MODEL }) });
    expect(await u.runNow()).toMatchObject({ outcome: 'updated' });
    await u.close();
    expect(seen).toEqual([{ job: expect.objectContaining({ vectors: MODEL }) as unknown, guardMs: 1000 + BUILD_GUARD_MS + 900_000 }]);
    // The new index's file alone, there when the holder's listeners ran.
    expect(atSwap).toEqual([['new.bin']]);
    expect(fs.readdirSync(tmp).filter((n) => n.includes('staging'))).toEqual([]);
    expect(logs).toEqual([
      {
        level: 'info',
        msg: 'corpus update: new index in service',
        obj: { corpusUpdate: expect.objectContaining({ outcome: 'updated', vectors: { prepared: true, units: 3, computed: 1, ms: 5 } }) as unknown },
      },
    ]);
  });

  it('swaps all the same when the model is not up or fails during the update, and says so once', async () => {
    const seen: { job: UpdateJobOptions; guardMs: number }[] = [];
    const starting = updater(stagingJob(seen), { vectors: () => ({ unavailable: 'Modèle de sens en cours de démarrage.' }) });
    expect(await starting.runNow()).toMatchObject({ outcome: 'updated' });
    await starting.close();
    expect(seen[0]?.job.vectors).toBeUndefined();
    expect(seen[0]?.guardMs).toBe(1000 + BUILD_GUARD_MS);
    const note = 'corpus update: vectors of the new index not prepared before the swap, computed by the server after it';
    expect(logs.map((l) => [l.level, l.msg, l.obj])).toEqual([
      ['info', 'corpus update: new index in service', { corpusUpdate: expect.objectContaining({ vectors: { prepared: false, reason: 'Modèle de sens en cours de démarrage.', ms: 0 } }) as unknown }],
      ['info', note, { corpusUpdate: { event: 'vectors_after_swap', reason: 'Modèle de sens en cours de démarrage.' } }],
    ]);

    logs.length = 0;
    const failing = updater(stagingJob(seen, { prepared: false, reason: 'Le service de vecteurs a répondu HTTP 503.', ms: 40 }), { vectors: () => ({ job: MODEL }) });
    expect(await failing.runNow()).toMatchObject({ outcome: 'updated' });
    await failing.close();
    expect(logs.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'corpus update: new index in service'],
      ['warn', note],
    ]);
    expect(logs[1]?.obj).toEqual({ corpusUpdate: { event: 'vectors_after_swap', reason: 'Le service de vecteurs a répondu HTTP 503.' } });

    // Without a model of meaning in the server, nothing is said of vectors.
    logs.length = 0;
    const none = updater(stagingJob(seen));
    expect(await none.runNow()).toMatchObject({ outcome: 'updated' });
    await none.close();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.obj).not.toHaveProperty('corpusUpdate.vectors');
  });

  it('starts the worker with a capped heap, under prlimit when there is one', () => {
    expect(childLaunch('/w/worker.js', 2048, undefined)).toEqual({ execPath: process.execPath, execArgv: ['--max-old-space-size=1536'] });
    expect(childLaunch('/w/worker.ts', 1000, '/usr/bin/prlimit')).toEqual({
      execPath: '/usr/bin/prlimit',
      execArgv: [`--data=${1000 * 1024 * 1024}`, '--', process.execPath, '--max-old-space-size=750', '--import', 'tsx'],
    });
  });
});

describe('childFailure', () => {
  const backtrace = Array.from({ length: 80 }, (_, i) => `${i + 1}: 0x${(0xd32b41 + i).toString(16)}  [/usr/bin/node]`).join('\n');

  it('reads the fatal error at the start of the output, before a backtrace longer than what is kept of its end', () => {
    const head = `#\n# Fatal error in , line 0\n# Fatal process out of memory: Zone\n#\n----- Native stack trace -----\n${backtrace}`.slice(0, 2000);
    const tail = backtrace.slice(-2000);
    // What is kept of the end holds no memory error: only the start says it.
    expect(tail).not.toMatch(/memory|alloc/i);
    const r = childFailure({ stderrHead: head, stderrTail: tail, code: null, signal: 'SIGTRAP', maxMemoryMb: 256 });
    expect(r).toMatchObject({ outcome: 'failed', failure: 'out_of_memory', message: "La mise à jour du corpus a dépassé la mémoire permise (256 Mo)\u202f: l'index précédent reste en service." });
    expect('detail' in r ? r.detail : '').toContain('Fatal process out of memory');
  });

  it('says how a child that printed no memory error stopped', () => {
    const r = childFailure({ stderrHead: backtrace.slice(0, 2000), stderrTail: backtrace.slice(-2000), code: null, signal: 'SIGSEGV', maxMemoryMb: 256 });
    expect(r).toMatchObject({ outcome: 'failed', failure: 'build_failed', message: "Le processus de mise à jour du corpus s'est arrêté (SIGSEGV)." });
    expect(childFailure({ stderrHead: '', stderrTail: '', code: 3, signal: null, maxMemoryMb: 256 })).toMatchObject({ failure: 'build_failed', message: "Le processus de mise à jour du corpus s'est arrêté (code 3)." });
  });
});

