import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/ports';
import { fichesFromEntries, type ArchiveEntry } from '../dila-archive';
import { downloadArchives, type DownloadOptions } from './download-archives';

const XML = (id: string, title: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><Publication xmlns:dc="http://purl.org/dc/elements/1.1/" ID="${id}" type="Fiche d'information">` +
  `<dc:title>${title}</dc:title><dc:description>Description.</dc:description><dc:date>modified 2026-01-02</dc:date>` +
  `<Introduction><Texte><Paragraphe>Texte.</Paragraphe></Texte></Introduction></Publication>`;

const part = zipSync({ 'F1.xml': strToU8(XML('F1', 'Fiche des particuliers')), 'lisezmoi.txt': strToU8('x'.repeat(5000)) });
const pro = zipSync({ 'F2.xml': strToU8(XML('F2', 'Fiche des professionnels')) });
/** A zip inside a zip, as in some DILA bundles. */
const nested = zipSync({ 'inner.zip': zipSync({ 'F3.xml': strToU8(XML('F3', 'Fiche imbriquée')) }) });
/** Highly compressible: small to download, large once opened. */
const bomb = zipSync({ 'F4.xml': strToU8(`${XML('F4', 'Grande')}${' '.repeat(3_000_000)}`) }, { level: 9 });
/** Three nested zips of 1 MB each once opened: each under 2 MB, together over it. */
const spaces = (n: number): Uint8Array => strToU8(' '.repeat(n));
const nestedBomb = zipSync({ 'a.zip': zipSync({ 'a.txt': spaces(1_000_000) }), 'b.zip': zipSync({ 'b.txt': spaces(1_000_000) }), 'c.zip': zipSync({ 'F9.xml': spaces(1_000_000) }) });

/**
 * A zip whose entries declare 1,000 bytes and inflate to 100 MB each (the header's and the central
 * directory's uncompressed size rewritten): a reader that trusts the declared sizes is held for long.
 */
function lyingZip(entries: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < entries; i++) files[`F${100 + i}.xml`] = new Uint8Array(100_000_000);
  const zip = zipSync(files, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 4 <= zip.byteLength; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, 1000, true);
    else if (sig === 0x02014b50) view.setUint32(i + 24, 1000, true);
  }
  return zip;
}
const lying = lyingZip(10);

/** The options of one download, the fiche files it reads gathered in `entries`. */
function collecting(opts: Omit<DownloadOptions, 'onEntry'>): DownloadOptions & { entries: ArchiveEntry[] } {
  const entries: ArchiveEntry[] = [];
  return { ...opts, entries, onEntry: (e) => entries.push(e) };
}

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    const body = url.includes('/part/')
      ? part
      : url.includes('/pro/')
        ? pro
        : url.includes('/nested/')
          ? nested
          : url.includes('/bomb/')
            ? bomb
            : url.includes('/nested-bomb/')
              ? nestedBomb
              : url.includes('/lying/')
                ? lying
                : undefined;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    if (url.includes('chunked')) {
      // No content-length: the size is only known while reading.
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(Buffer.from(body));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.byteLength) }).end(Buffer.from(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('downloading the DILA archives', () => {
  it('opens every archive, keeps the XML files and reads the audience from each URL', async () => {
    const opts = collecting({
      urls: [`${base}/vdd/3.4/part/zip/vosdroits-latest.zip`, `${base}/vdd/3.4/pro/zip/vosdroits-latest.zip`, `${base}/nested/a.zip`],
      timeoutMs: 10_000,
      maxBytes: 1_000_000,
    });
    const got = await downloadArchives(opts);
    expect(opts.entries.map((e) => e.name)).toEqual([
      '/vdd/3.4/part/zip/vosdroits-latest.zip/F1.xml',
      '/vdd/3.4/pro/zip/vosdroits-latest.zip/F2.xml',
      '/nested/a.zip/inner.zip/F3.xml',
    ]);
    expect(got.bytes).toBe(part.byteLength + pro.byteLength + nested.byteLength);
    expect(got.files).toBe(3);
    // Every inflated byte is counted, the skipped text file and the nested zip's own bytes included.
    expect(got.inflatedBytes).toBeGreaterThan(5000 + 3 * 300);
    const fiches = fichesFromEntries(opts.entries);
    // The XML names no audience: the URL's « part » or « pro » does (none for the third archive).
    expect(fiches.map((f) => [f.id, f.audiences])).toEqual([
      ['F1', ['particuliers']],
      ['F2', ['professionnels']],
      ['F3', []],
    ]);
    const again = await downloadArchives(collecting({ urls: [`${base}/vdd/3.4/part/zip/vosdroits-latest.zip`], timeoutMs: 10_000, maxBytes: 1_000_000 }));
    const other = await downloadArchives(collecting({ urls: [`${base}/vdd/3.4/pro/zip/vosdroits-latest.zip`], timeoutMs: 10_000, maxBytes: 1_000_000 }));
    expect(again.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(again.digest).not.toBe(other.digest);
    expect((await downloadArchives(collecting({ urls: [`${base}/vdd/3.4/part/zip/vosdroits-latest.zip`], timeoutMs: 10_000, maxBytes: 1_000_000 }))).digest).toBe(again.digest);
  });

  it('refuses an archive over the size limit, announced or not, compressed or opened', async () => {
    const url = `${base}/vdd/part/a.zip`;
    await expect(downloadArchives(collecting({ urls: [url], timeoutMs: 10_000, maxBytes: 100 }))).rejects.toMatchObject({
      kind: 'too_large',
      message: 'Archive 1 sur 1\u202f: 0 Mo, au-delà de la limite de 0 Mo.',
    });
    await expect(downloadArchives(collecting({ urls: [`${base}/vdd/part/chunked.zip`], timeoutMs: 10_000, maxBytes: 100 }))).rejects.toMatchObject({
      kind: 'too_large',
    });
    await expect(downloadArchives(collecting({ urls: [`${base}/bomb/a.zip`], timeoutMs: 10_000, maxBytes: 1_000_000, maxUncompressedBytes: 2_000_000 }))).rejects.toMatchObject({
      kind: 'too_large',
      message: 'Archive 1 sur 1\u202f: plus de 2 Mo une fois décompressée.',
    });
  });

  it('names the archive by its rank, never by its URL, when the server fails', async () => {
    const err = await downloadArchives(collecting({ urls: [`${base}/vdd/part/a.zip`, `${base}/secret-token/missing.zip`], timeoutMs: 10_000, maxBytes: 1_000_000 })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'download_failed', message: 'Archive 2 sur 2\u202f: le serveur a répondu HTTP 404.' });
    expect(String((err as Error).message)).not.toContain('secret');
    const closed = await downloadArchives(collecting({ urls: [`http://127.0.0.1:${await freePort()}/a.zip`], timeoutMs: 10_000, maxBytes: 1000 })).catch(
      (e: unknown) => e,
    );
    expect(closed).toMatchObject({ kind: 'download_failed', message: 'Archive 1 sur 1\u202f: serveur injoignable (ECONNREFUSED).' });
  });

  it('counts every inflated byte of nested zips against one budget', async () => {
    const err = await downloadArchives(collecting({ urls: [`${base}/nested-bomb/a.zip`], timeoutMs: 10_000, maxBytes: 1_000_000, maxUncompressedBytes: 2_000_000 })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'too_large', message: 'Archive 1 sur 1\u202f: plus de 2 Mo une fois décompressée.' });
    // Within a budget that holds them all, the same archive is read whole.
    const opts = collecting({ urls: [`${base}/nested-bomb/a.zip`], timeoutMs: 10_000, maxBytes: 1_000_000, maxUncompressedBytes: 4_000_000 });
    const got = await downloadArchives(opts);
    expect(opts.entries.map((e) => [e.name, e.data.byteLength])).toEqual([['/nested-bomb/a.zip/c.zip/F9.xml', 1_000_000]]);
    expect(got.inflatedBytes).toBeGreaterThan(3_000_000);
  });

  it('stops at the first entry that inflates past its declared size, without inflating the rest', async () => {
    expect(lying.byteLength).toBeLessThan(2_000_000);
    const started = performance.now();
    const err = await downloadArchives(collecting({ urls: [`${base}/lying/a.zip`], timeoutMs: 10_000, maxBytes: 10_000_000, maxUncompressedBytes: 2_000_000_000 })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'invalid_archive', message: 'Archive 1 sur 1\u202f: F100.xml\u202f: plus de données que la taille annoncée (1000 octets).' });
    // 1 GB announced as 10 kB: refused after the first slice of the first entry.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a fiche file larger than the entry limit, whatever the budget', async () => {
    const err = await downloadArchives(
      collecting({ urls: [`${base}/bomb/a.zip`], timeoutMs: 10_000, maxBytes: 1_000_000, maxUncompressedBytes: 100_000_000, maxEntryBytes: 1_000_000 }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'too_large', message: 'Archive 1 sur 1\u202f: F4.xml\u202f: fichier de plus de 1 Mo.' });
  });
});
