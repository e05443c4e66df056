/**
 * Corpus commands.
 *   npm run corpus -- build [--index-dir DIR]            build (or rebuild) the index from the npm packages
 *   npm run corpus -- update --from <zip|dir|url> [--index-dir DIR] [--no-codes]
 *                                                       rebuild from the official DILA "vos droits" XML archives
 *   npm run corpus -- info [--index-dir DIR]             show the manifest of the index
 *   npm run corpus -- article <LEGIARTI…|L1234-5> [--code "Code du travail"]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openIndex } from './engine.js';
import { buildFromPackages, readManifest, updateFromArchive } from './index-lifecycle.js';
import { createTerminalProgress } from './progress.js';
import type { Manifest } from './index-schema.js';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function defaultIndexDir(): string {
  return path.resolve(process.env.INDEX_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'index'));
}

function summary(m: Manifest): string {
  return `${m.fiches} fiches, ${m.documents} passages indexés, ${m.articles} articles de codes — données du ${m.corpusDate} — construit en ${m.buildSeconds.toFixed(1)} s (${m.sourceKey})`;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const indexDir = path.resolve(option(args, '--index-dir') ?? defaultIndexDir());
  const progress = process.stderr.isTTY ? createTerminalProgress() : undefined;
  switch (command) {
    case 'build': {
      const m = await buildFromPackages(indexDir, progress);
      console.log(`Index construit dans ${indexDir} : ${summary(m)}`);
      return 0;
    }
    case 'update': {
      const from = option(args, '--from');
      if (!from) {
        console.error('Usage : npm run corpus -- update --from <archive.zip | dossier | URL>');
        return 2;
      }
      const m = await updateFromArchive({ from, indexDir, codes: !args.includes('--no-codes'), onProgress: progress });
      console.log(`Index mis à jour depuis ${from} : ${summary(m)}`);
      return 0;
    }
    case 'info': {
      const m = readManifest(indexDir);
      if (!m) {
        console.error(`Aucun index dans ${indexDir}.`);
        return 1;
      }
      console.log(summary(m));
      return 0;
    }
    case 'article': {
      const ref = args.find((a) => !a.startsWith('--') && a !== option(args, '--code'));
      if (!ref) {
        console.error('Usage : npm run corpus -- article <LEGIARTI… | L1234-5> [--code "Code du travail"]');
        return 2;
      }
      const article = openIndex(indexDir).getArticle(ref, option(args, '--code'));
      if (!article) {
        console.error(`Article introuvable : ${ref}`);
        return 1;
      }
      console.log(`${article.codeTitle} — article ${article.num} (${article.id})\n${article.url}\n\n${article.text}`);
      return 0;
    }
    default:
      console.error('Commandes : build | update --from <archive> | info | article <référence>');
      return 2;
  }
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
