/**
 * npm run -s explain -- [--no-model] [--candidates N] "<question>"
 *
 * Prints what the answer to a question rests on (src/server/modules/answers/explain/explain.ts): the
 * question as understood, each retrieval channel's scores (under each lexical fiche, the parts of its
 * first-pass score), the primary fiche's cases, the composer's best candidates with their score parts, and
 * why « En bref » won. Uses the index of `npm run search` and the model of meaning the same way
 * (EMBEDDINGS_LOCAL=off or --no-model: lexical only).
 */
import path from 'node:path';
import { defaultIndexDir } from '../src/corpus/cli';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle';
import { explainQuestion, formatExplain } from '../src/server/modules/answers/explain/explain';
import { openCliSemantic } from '../src/server/modules/semantic/cli-semantic';

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--candidates');
  const candidates = at >= 0 ? Number(argv[at + 1]) : 10;
  const question = argv.filter((a, i) => !a.startsWith('--') && !(at >= 0 && i === at + 1)).join(' ').trim();
  if (!question || !Number.isInteger(candidates) || candidates < 1) {
    console.error('Usage : npm run -s explain -- [--no-model] [--candidates N] "question"');
    return 2;
  }
  const indexDir = path.resolve(process.env.INDEX_DIR ?? (process.env.DATA_DIR ? defaultIndexDir() : defaultTestIndexDir()));
  const engine = await loadSearchEngine({ indexDir });
  const env = argv.includes('--no-model') ? { ...process.env, EMBEDDINGS_LOCAL: 'off' } : process.env;
  const semantic = await openCliSemantic({ engine, indexDir, env, progress: process.stderr.isTTY, say: (l) => process.stderr.write(`${l}\n`) });
  try {
    console.log(formatExplain(await explainQuestion(engine, semantic, question), candidates));
    return 0;
  } finally {
    await semantic?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
