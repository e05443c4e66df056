import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, zeros } from '../../../../test/support/crafted-zip';
import { fakeDilaArchive } from '../../../../test/support/fake-dila';
import { closeServer, listenOnLoopback } from '../../../../test/support/ports';
import type { UpdateJobOptions } from '../../../corpus/update/update-job';
import { runJobInChildProcess } from './corpus-update-child';

/**
 * The update's child process against crafted archives served by a local HTTP server: its peak memory
 * (reported by the child itself) stays bounded whatever the archive claims, and the memory cap stops a job
 * that needs more than it is allowed.
 */

const MB = 1_000_000;
/** Three zips inside a zip, each inflating to 200 MB: 600 MB in all from a few hundred kilobytes. */
const nestedBomb = craftZip(['a', 'b', 'c'].map((n) => ({ name: `${n}.zip`, data: craftZip([{ name: `${n}.txt`, data: zeros(200 * MB) }]) })));
/** Ten entries of 100 MB each, each declaring 1,000 bytes. */
const lying = craftZip(Array.from({ length: 10 }, (_, i) => ({ name: `F${100 + i}.xml`, data: zeros(100 * MB), declaredSize: 1000 })));
const fixture = fakeDilaArchive('fixture');

let server: Server;
let base = '';
let tmp = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = req.url === '/nested/part/zip/a.zip' ? nestedBomb : req.url === '/lying/part/zip/a.zip' ? lying : req.url === '/vdd/3.5/part/zip/vosdroits-latest.zip' ? fixture : undefined;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.byteLength) }).end(Buffer.from(body));
  });
  base = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-update-worker-'));
});

afterAll(async () => {
  await closeServer(server);
  fs.rmSync(tmp, { recursive: true, force: true });
});

function job(url: string, extra: Partial<UpdateJobOptions> = {}): UpdateJobOptions {
  return {
    urls: [url],
    indexDir: path.join(tmp, 'index'),
    stagingDir: path.join(tmp, `staging-${Math.random().toString(36).slice(2)}`),
    downloadTimeoutMs: 60_000,
    // 40 MB compressed per archive: a budget of 320 MB inflated for the whole download.
    maxBytes: 40 * MB,
    includeCodes: false,
    includeOtherSources: false,
    smokeQueries: ['dépôt de garantie'],
    ...extra,
  };
}

const run = (j: UpdateJobOptions, maxMemoryMb = 1024) => runJobInChildProcess(j, { guardMs: 120_000, signal: new AbortController().signal, maxMemoryMb });

describe('the corpus update child process', () => {
  it('builds an index from a real-format archive, and reports its peak memory', async () => {
    const r = await run(job(`${base}/vdd/3.5/part/zip/vosdroits-latest.zip`));
    expect(r).toMatchObject({ outcome: 'built', index: { fiches: 3, corpusDate: '2024-03-15' } });
    expect(r.peakRssMb).toBeGreaterThan(10);
    expect(r.peakRssMb).toBeLessThan(400);
  });

  it('stops nested zips at one budget for the whole download, holding none of them in memory', async () => {
    expect(nestedBomb.byteLength).toBeLessThan(2 * MB);
    const r = await run(job(`${base}/nested/part/zip/a.zip`));
    expect(r).toMatchObject({ outcome: 'failed', failure: 'too_large', message: 'Archive 1 sur 1\u202f: plus de 320 Mo une fois décompressée.' });
    // 320 MB inflated and dropped as they came: the child's memory stays near its resting size.
    expect(r.peakRssMb).toBeLessThan(400);
    expect(fs.existsSync(path.join(tmp, 'index'))).toBe(false);
  });

  it('stops at the first entry that inflates past its declared size', async () => {
    const started = performance.now();
    const r = await run(job(`${base}/lying/part/zip/a.zip`));
    expect(r).toMatchObject({ outcome: 'failed', failure: 'invalid_archive', message: 'Archive 1 sur 1\u202f: F100.xml\u202f: plus de données que la taille annoncée (1000 octets).' });
    expect(r.peakRssMb).toBeLessThan(400);
    // The child's start (a second or two) and one slice of the first entry, not 1 GB of inflating.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('ends a job that needs more memory than allowed with out_of_memory', async () => {
    // The code articles (legi-data: several JSON files of about 50 MB) do not fit in 256 MB.
    const r = await run(job(`${base}/vdd/3.5/part/zip/vosdroits-latest.zip`, { includeCodes: true }), 256);
    expect(r).toMatchObject({ outcome: 'failed', failure: 'out_of_memory', message: "La mise à jour du corpus a dépassé la mémoire permise (256 Mo)\u202f: l'index précédent reste en service." });
  });
});
