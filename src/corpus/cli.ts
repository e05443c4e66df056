/**
 * Corpus commands.
 *   npm run corpus -- build [--index-dir DIR]            build (or rebuild) the index from the npm packages
 *   npm run corpus -- update --from <zip|dir|url> [--index-dir DIR] [--no-codes]
 *                                                       rebuild from the official DILA "vos droits" XML archives
 *   npm run corpus -- info [--index-dir DIR]             show the manifest of the index
 *   npm run corpus -- status [--index-dir DIR]           the sources in service, their dates, the last refresh attempt
 *   npm run corpus -- article <LEGIARTI…|L1234-5> [--code "Code du travail"]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openIndex } from './engine.js';
import { buildFromPackages, readManifest, updateFromArchive, updateStatePath } from './index-lifecycle.js';
import { CORPUS_SOURCES } from './sources.js';
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

const frenchDate = (iso: string): string => {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
  return d ? `${Number(d[3])} ${months[Number(d[2]) - 1] ?? ''} ${d[1]}` : iso;
};

/** What `status` prints: the index, each source and its date, the scheduled update's last attempt. */
export function statusLines(indexDir: string): string[] {
  const m = readManifest(indexDir);
  if (!m) return [`Aucun index dans ${indexDir}.`];
  const lines = [`Index ${indexDir}\u202f: ${m.fiches} fiches, construit le ${m.builtAt}.`, 'Sources en service\u202f:'];
  const sources = m.sources?.length ? m.sources : [{ id: 'service-public' as const, name: CORPUS_SOURCES['service-public'].name, date: m.corpusDate, count: m.fiches }];
  for (const s of sources) {
    const what = s.id === 'codes' ? 'articles' : 'fiches';
    lines.push(`  ${s.name}\u202f: données du ${s.date ? frenchDate(s.date) : 'date inconnue'} (${s.count} ${what}, ${CORPUS_SOURCES[s.id].publisher})`);
  }
  let state: Record<string, unknown> = {};
  try {
    state = JSON.parse(fs.readFileSync(updateStatePath(indexDir), 'utf8')) as Record<string, unknown>;
  } catch {
    // No scheduled update has run beside this index.
  }
  const str = (k: string): string | undefined => (typeof state[k] === 'string' ? (state[k] as string) : undefined);
  const last = str('lastAttemptAt');
  if (!last) {
    lines.push('Mise à jour automatique\u202f: aucune tentative enregistrée.');
    return lines;
  }
  const outcome = str('lastOutcome') ?? 'inconnue';
  const failed = outcome !== 'updated' && outcome !== 'unchanged';
  const said = outcome === 'updated' ? 'nouvel index mis en service' : outcome === 'unchanged' ? 'archives inchangées' : `échec (${outcome})`;
  lines.push(`Dernière tentative de mise à jour\u202f: ${last}, ${said}${failed && str('lastMessage') ? ` — ${str('lastMessage')}` : ''}.`);
  if (typeof state.consecutiveFailures === 'number') lines.push(`Échecs de suite\u202f: ${state.consecutiveFailures} (les tentatives suivantes sont espacées).`);
  lines.push(`Dernière réussite\u202f: ${str('lastSuccessAt') ?? 'aucune'} ; dernier index mis en service par une mise à jour\u202f: ${str('lastUpdatedAt') ?? 'aucun'}.`);
  return lines;
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
    case 'status': {
      for (const line of statusLines(indexDir)) console.log(line);
      return readManifest(indexDir) ? 0 : 1;
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
      console.error('Commandes\u202f: build | update --from <archive> | info | status | article <référence>');
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
