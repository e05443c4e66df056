/**
 * npm run -s search -- [--limit N] [--index-dir DIR] "question"
 * npm run -s search -- --jsonl < queries.txt   (one query per line → one JSON line per query)
 *
 * The search of the site (/api/search): lexical BM25F fused with the model of meaning, which this command
 * starts the way the server does and whose vectors it reads from beside the index (computed once, with a
 * progress bar, when missing). EMBEDDINGS_LOCAL=off: lexical search alone.
 */
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { defaultTestIndexDir, loadSearchEngine } from './index-lifecycle.js';
import { createTerminalProgress } from './progress.js';
import { defaultIndexDir } from './cli.js';
import { openCliSemantic } from '../server/modules/semantic/cli-semantic.js';
import { hybridSearch } from '../server/modules/semantic/fusion.js';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function main(argv: string[]): Promise<number> {
  const limit = Number(option(argv, '--limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error('--limit doit être un entier positif.');
    return 2;
  }
  const jsonl = argv.includes('--jsonl');
  const valued = new Set([option(argv, '--limit'), option(argv, '--index-dir')]);
  const query = argv.filter((a, i) => !a.startsWith('--') && !(valued.has(a) && argv[i - 1]?.startsWith('--'))).join(' ');
  if (!jsonl && !query.trim()) {
    console.error('Usage : npm run -s search -- [--limit N] "question"   ou   --jsonl < requêtes.txt');
    return 2;
  }
  const indexDir = option(argv, '--index-dir') ?? process.env.INDEX_DIR ?? (process.env.DATA_DIR ? defaultIndexDir() : defaultTestIndexDir());
  const engine = await loadSearchEngine({ indexDir: path.resolve(indexDir), onProgress: process.stderr.isTTY ? createTerminalProgress() : undefined });
  const semantic = await openCliSemantic({ engine, indexDir: path.resolve(indexDir), env: process.env, progress: process.stderr.isTTY, say: (l) => process.stderr.write(`${l}\n`) });
  try {
    if (jsonl) {
      const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
      for await (const line of rl) {
        if (!line.trim()) continue;
        const results = (await hybridSearch(engine, semantic, line, limit)).map((r) => ({ id: r.id, title: r.title, url: r.url, score: r.score }));
        process.stdout.write(`${JSON.stringify({ query: line, results })}\n`);
      }
      return 0;
    }
    printResults(await hybridSearch(engine, semantic, query, limit));
    return 0;
  } finally {
    await semantic?.close();
  }
}

function printResults(results: Awaited<ReturnType<typeof hybridSearch>>): void {
  if (results.length === 0) console.log('Aucun résultat.');
  results.forEach((r, i) => {
    console.log(`${i + 1}. [${r.id}] ${r.title} (${r.score})\n   ${r.url}\n   ${r.snippet}`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
