/**
 * Code articles of `@socialgouv/legi-data`: flattened at build time into a compact JSON-lines file
 * (`articles.jsonl`) plus an offset table, so the server looks articles up without keeping the codes in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { foldAccents } from './analyzer.js';
import type { CodeArticle } from './types.js';

const require = createRequire(import.meta.url);

interface LegiNodeData {
  id?: string;
  cid?: string;
  title?: string;
  num?: string;
  texte?: string;
  etat?: string;
  articleVersions?: { id?: string }[];
}
interface LegiNode {
  type?: string;
  data?: LegiNodeData;
  children?: LegiNode[];
}

export interface CodeInfo {
  /** File id of the code in legi-data (LEGITEXT…). */
  id: string;
  /** Canonical LEGITEXT id (cid) when it differs. */
  cid: string;
  title: string;
  date: string;
}

export interface ArticleIndexFile {
  codes: CodeInfo[];
  /** LEGIARTI id (current or former version) → [byte offset, byte length] in articles.jsonl. */
  byId: Record<string, [number, number]>;
  /** "<codeId>|<normalized num>" → LEGIARTI id. */
  byNum: Record<string, string>;
}

export function legiDataDir(): string {
  return path.join(path.dirname(require.resolve('@socialgouv/legi-data/package.json')), 'data');
}

/** "L. 1234-9", "l1234-9", "Article R.4624-10" → "L1234-9". */
export function normalizeArticleNum(num: string): string {
  return num
    .replace(/^\s*(?:art(?:icle)?\.?\s*)/i, '')
    .replace(/\s|\./g, '')
    .toUpperCase();
}

export function legifranceArticleUrl(id: string): string {
  return `https://www.legifrance.gouv.fr/codes/article_lc/${id}`;
}

/** Writes articles.jsonl and articles-index.json into `outDir`. Returns the number of articles. */
export function buildArticleStore(
  outDir: string,
  dataDir = legiDataDir(),
  onProgress?: (done: number, total: number) => void,
  /** Receives every article in code order (for the article channel). */
  collect?: CodeArticle[],
): number {
  const files = fs.readdirSync(dataDir).filter((f) => /^LEGITEXT\d+\.json$/.test(f)).sort();
  const out = fs.openSync(path.join(outDir, 'articles.jsonl.tmp'), 'w');
  const index: ArticleIndexFile = { codes: [], byId: {}, byNum: {} };
  let offset = 0;
  let count = 0;
  let done = 0;
  for (const file of files) {
    const code = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as LegiNode;
    const codeId = file.replace(/\.json$/, '');
    const codeTitle = code.data?.title ?? codeId;
    index.codes.push({ id: codeId, cid: code.data?.cid ?? codeId, title: codeTitle, date: (code.data as { dateModif?: string } | undefined)?.dateModif ?? '' });
    const walk = (node: LegiNode, sections: string[]): void => {
      if (node.type === 'article' && node.data?.id) {
        const d = node.data;
        const id = d.id ?? '';
        const article: CodeArticle = {
          id,
          num: d.num ?? '',
          codeId,
          codeTitle,
          etat: d.etat ?? '',
          text: d.texte ?? '',
          sections,
          url: legifranceArticleUrl(id),
        };
        const buf = Buffer.from(`${JSON.stringify(article)}\n`, 'utf8');
        fs.writeSync(out, buf);
        collect?.push(article);
        const loc: [number, number] = [offset, buf.length - 1];
        offset += buf.length;
        count++;
        const inForce = (d.etat ?? '').startsWith('VIGUEUR');
        const prev = index.byId[id];
        if (!prev || inForce) index.byId[id] = loc;
        for (const v of d.articleVersions ?? []) {
          if (v.id && !index.byId[v.id]) index.byId[v.id] = loc;
        }
        if (d.cid && !index.byId[d.cid]) index.byId[d.cid] = loc;
        if (article.num) {
          const key = `${codeId}|${normalizeArticleNum(article.num)}`;
          if (!index.byNum[key] || inForce) index.byNum[key] = id;
        }
        return;
      }
      const title = node.type === 'section' ? node.data?.title : undefined;
      const next = title ? [...sections, title] : sections;
      for (const c of node.children ?? []) walk(c, next);
    };
    walk(code, []);
    done++;
    onProgress?.(done, files.length);
  }
  fs.closeSync(out);
  fs.renameSync(path.join(outDir, 'articles.jsonl.tmp'), path.join(outDir, 'articles.jsonl'));
  fs.writeFileSync(path.join(outDir, 'articles-index.json'), JSON.stringify(index));
  return count;
}

/** Reads articles lazily from the store built by buildArticleStore. */
export class ArticleStore {
  private index: ArticleIndexFile | undefined;
  private fd: number | undefined;
  private closed = false;

  constructor(private readonly dir: string) {}

  private load(): ArticleIndexFile {
    if (this.closed) throw new Error('Index de recherche fermé.');
    if (!this.index) {
      const file = path.join(this.dir, 'articles-index.json');
      // An index built without the codes (`npm run corpus -- update --no-codes`) has no article to give.
      this.index = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ArticleIndexFile) : { codes: [], byId: {}, byNum: {} };
    }
    return this.index;
  }

  codes(): CodeInfo[] {
    return this.load().codes;
  }

  private read(loc: [number, number]): CodeArticle {
    if (this.closed) throw new Error('Index de recherche fermé.');
    if (this.fd === undefined) this.fd = fs.openSync(path.join(this.dir, 'articles.jsonl'), 'r');
    const buf = Buffer.alloc(loc[1]);
    fs.readSync(this.fd, buf, 0, loc[1], loc[0]);
    return JSON.parse(buf.toString('utf8')) as CodeArticle;
  }

  /** Finds the code matching a LEGITEXT id (file id or cid) or a title ("Code du travail"). */
  resolveCode(codeIdOrTitle: string): CodeInfo | undefined {
    const wanted = foldAccents(codeIdOrTitle.trim());
    return this.codes().find(
      (c) => c.id.toLowerCase() === wanted || c.cid.toLowerCase() === wanted || foldAccents(c.title) === wanted,
    );
  }

  /** Looks up an article by LEGIARTI id, or by number ("L1234-9"), optionally within one code. */
  get(idOrNumber: string, codeId?: string): CodeArticle | undefined {
    const index = this.load();
    const q = idOrNumber.trim();
    const byIdMatch = /LEGIARTI\d{12}/.exec(q.toUpperCase());
    if (byIdMatch) {
      const loc = index.byId[byIdMatch[0]];
      return loc ? this.read(loc) : undefined;
    }
    const num = normalizeArticleNum(q);
    const codes = codeId ? [this.resolveCode(codeId)].filter((c): c is CodeInfo => c !== undefined) : index.codes;
    for (const code of codes) {
      const id = index.byNum[`${code.id}|${num}`];
      const loc = id ? index.byId[id] : undefined;
      if (loc) return this.read(loc);
    }
    return undefined;
  }

  /** Closes the articles file; later reads throw (the directory may hold another index by then). */
  close(): void {
    this.closed = true;
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
