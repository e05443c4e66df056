import fs from 'node:fs';
import path from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './ports';
import { zipSync, strToU8 } from 'fflate';

/**
 * A local stand-in for the DILA download site of the « vos droits » archives: a real HTTP server on
 * 127.0.0.1 that serves, at one URL shaped like the real ones (…/part/zip/vosdroits-latest.zip), an
 * archive built from the repository's fixture fiches (src/corpus/fixtures/dila/part), and can be switched
 * to a corrupt archive, a slow one (headers and a few bytes, then nothing), an incomplete one or an
 * HTTP error. For tests only.
 */

export type FakeDilaMode =
  /** The fixture fiches as they are (3 fiches, data of 2024-03-15). */
  | 'fixture'
  /** The fixture fiches with newer dates and one more fiche, F90004 (data of 2026-11-20). */
  | 'newer'
  /** The newer archive with one fiche edited: F90001's summary rewritten (data of 2026-11-21). */
  | 'edited'
  /** Only the resource R90003: an archive that lost most of its fiches. */
  | 'incomplete'
  /** Bytes that are not a zip. */
  | 'corrupt'
  /** Headers and the first bytes of the newer archive, then silence. */
  | 'slow'
  | 'error';

export interface FakeDila {
  url: string;
  setMode(mode: FakeDilaMode): void;
  /** Resolves when the next request of the slow archive is stalled (its first bytes sent). */
  nextStall(): Promise<void>;
  requests: number;
  close(): Promise<void>;
}

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'src', 'corpus', 'fixtures', 'dila', 'part');

function fixtureFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(FIXTURES)) out[f] = fs.readFileSync(path.join(FIXTURES, f), 'utf8');
  return out;
}

function zip(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

/** The archive of each mode. */
export function fakeDilaArchive(mode: Exclude<FakeDilaMode, 'corrupt' | 'slow' | 'error'>): Uint8Array {
  const files = fixtureFiles();
  if (mode === 'fixture') return zip(files);
  if (mode === 'incomplete') return zip({ 'R90003.xml': files['R90003.xml'] ?? '' });
  const newer: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) newer[name] = text.replace(/modified \d{4}-\d{2}-\d{2}/, 'modified 2026-11-20');
  newer['F90004.xml'] = (files['F90001.xml'] ?? '')
    .replaceAll('F90001', 'F90004')
    .replace(/<dc:title>[^<]*<\/dc:title>/, '<dc:title>Préavis du locataire qui quitte un logement loué (fiche d’essai)</dc:title>')
    .replace(/<dc:description>[^<]*<\/dc:description>/, '<dc:description>Durée du préavis de départ du locataire : un ou trois mois.</dc:description>')
    .replace(/modified \d{4}-\d{2}-\d{2}/, 'modified 2026-11-20');
  if (mode === 'newer') return zip(newer);
  newer['F90001.xml'] = (newer['F90001.xml'] ?? '')
    .replace(/<dc:description>[^<]*<\/dc:description>/, '<dc:description>Le bailleur rend le dépôt de garantie dans un délai d’un ou deux mois après la remise des clés.</dc:description>')
    .replace(/modified \d{4}-\d{2}-\d{2}/, 'modified 2026-11-21');
  return zip(newer);
}

export async function startFakeDila(initial: FakeDilaMode = 'fixture'): Promise<FakeDila> {
  let mode = initial;
  let stallWaiters: (() => void)[] = [];
  const state = { requests: 0 };

  const send = (res: ServerResponse, body: Uint8Array): void => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.byteLength) }).end(Buffer.from(body));
  };

  const server = createServer((req, res) => {
    state.requests += 1;
    if (req.method !== 'GET' || !(req.url ?? '').endsWith('/part/zip/vosdroits-latest.zip')) {
      res.writeHead(404).end();
      return;
    }
    switch (mode) {
      case 'fixture':
      case 'newer':
      case 'edited':
      case 'incomplete':
        send(res, fakeDilaArchive(mode));
        return;
      case 'corrupt': {
        const good = fakeDilaArchive('newer');
        // A zip whose central directory is cut off: the end of a download that broke.
        send(res, good.subarray(0, Math.floor(good.byteLength / 2)));
        return;
      }
      case 'slow': {
        const body = fakeDilaArchive('newer');
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.byteLength) });
        res.write(Buffer.from(body.subarray(0, 64)), () => {
          const waiters = stallWaiters;
          stallWaiters = [];
          for (const w of waiters) w();
        });
        return; // and nothing more
      }
      case 'error':
        res.writeHead(503, { 'content-type': 'text/plain' }).end('indisponible');
        return;
    }
  });
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}/vdd/3.4/part/zip/vosdroits-latest.zip`,
    setMode(next) {
      mode = next;
    },
    nextStall: () => new Promise<void>((resolve) => stallWaiters.push(resolve)),
    get requests() {
      return state.requests;
    },
    close: () => closeServer(server),
  };
}
