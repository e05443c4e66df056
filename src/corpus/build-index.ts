/** Builds the on-disk search index from parsed fiches (and the code articles of legi-data). */
import fs from 'node:fs';
import path from 'node:path';
import { foldAccents, tokenize } from './analyzer.js';
import { buildArticleStore } from './legi.js';
import { createMiniSearch, FILES, INDEX_FORMAT_VERSION, type FicheMeta, type IndexedDoc, type Manifest, type PassagesFile } from './index-schema.js';
import type { Fiche } from './types.js';

export type ProgressFn = (done: number, total: number, phase: string) => void;

export interface BuildOptions {
  outDir: string;
  sourceKey: string;
  onProgress?: ProgressFn;
  /** legi-data directory, or null to skip code articles (fixtures). */
  legiDataDir?: string | null;
}

export interface VocabEntry {
  /** Most frequent spelling (with accents) of the folded word. */
  form: string;
  count: number;
}

/** Folded word → its most frequent accented spelling and frequency in the corpus. */
export function buildVocabulary(texts: Iterable<string>): Record<string, [string, number]> {
  const counts = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const tok of tokenize(text)) {
      if (tok.length < 3 || /\d/.test(tok)) continue;
      const folded = foldAccents(tok);
      let forms = counts.get(folded);
      if (!forms) {
        forms = new Map();
        counts.set(folded, forms);
      }
      forms.set(tok, (forms.get(tok) ?? 0) + 1);
    }
  }
  const out: Record<string, [string, number]> = {};
  for (const [folded, forms] of counts) {
    let best = '';
    let bestCount = -1;
    let total = 0;
    for (const [form, c] of forms) {
      total += c;
      if (c > bestCount) {
        best = form;
        bestCount = c;
      }
    }
    out[folded] = [best, total];
  }
  return out;
}

/** Acronyms defined by the fiches: folded acronym → most frequent expansion. */
export function buildAbbreviations(fiches: Fiche[]): Record<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const f of fiches) {
    for (const a of f.abbreviations) {
      const key = foldAccents(a.term).replace(/[^a-z0-9]/g, '');
      if (!key || key.length > 8) continue;
      let m = counts.get(key);
      if (!m) {
        m = new Map();
        counts.set(key, m);
      }
      m.set(a.text, (m.get(a.text) ?? 0) + 1);
    }
  }
  const out: Record<string, string> = {};
  for (const [k, m] of counts) {
    const best = [...m.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best) out[k] = best[0];
  }
  return out;
}

function ficheDocs(f: Fiche, firstId: number): IndexedDoc[] {
  const docs: IndexedDoc[] = [
    { id: firstId, title: f.title, description: f.description, section: f.themePath.join(' > ') },
  ];
  let id = firstId + 1;
  for (const p of f.passages) {
    docs.push({ id: id++, section: p.section.join(' > '), body: p.text });
  }
  return docs;
}

export function newestDate(fiches: Fiche[]): string {
  let max = '';
  for (const f of fiches) if (f.date > max) max = f.date;
  return max;
}

export async function buildIndex(fiches: Fiche[], opts: BuildOptions): Promise<Manifest> {
  const started = Date.now();
  const { outDir, onProgress } = opts;
  fs.mkdirSync(outDir, { recursive: true });
  const sorted = [...fiches].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));

  // Full fiches, read on demand by offset.
  const metas: FicheMeta[] = [];
  const fd = fs.openSync(path.join(outDir, FILES.fiches), 'w');
  let offset = 0;
  for (const f of sorted) {
    const buf = Buffer.from(`${JSON.stringify(f)}\n`, 'utf8');
    fs.writeSync(fd, buf);
    metas.push({
      id: f.id,
      kind: f.kind,
      pubType: f.pubType,
      title: f.title,
      description: f.description,
      subject: f.subject,
      url: f.url,
      audiences: f.audiences,
      themePath: f.themePath,
      date: f.date,
      loc: [offset, buf.length - 1],
    });
    offset += buf.length;
  }
  fs.closeSync(fd);
  fs.writeFileSync(path.join(outDir, FILES.meta), JSON.stringify(metas));

  const passages: PassagesFile = { fiche: [], text: [] };
  const mini = createMiniSearch();
  let docId = 0;
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i];
    if (!f) continue;
    const docs = ficheDocs(f, docId);
    for (const d of docs) {
      passages.fiche.push(i);
      passages.text.push(d.body !== undefined ? (d.section ? `${d.section} : ${d.body}` : d.body) : '');
    }
    docId += docs.length;
    mini.addAll(docs);
    if (onProgress && (i % 100 === 0 || i === sorted.length - 1)) onProgress(i + 1, sorted.length, 'index');
    // Let the event loop breathe while building inside a running server.
    if (i % 500 === 0) await new Promise((r) => setImmediate(r));
  }
  fs.writeFileSync(path.join(outDir, FILES.passages), JSON.stringify(passages));
  fs.writeFileSync(path.join(outDir, FILES.minisearch), JSON.stringify(mini));

  const vocab = buildVocabulary(
    (function* texts() {
      for (const f of sorted) {
        yield f.title;
        yield f.description;
        for (const p of f.passages) yield p.text;
      }
    })(),
  );
  fs.writeFileSync(path.join(outDir, FILES.vocab), JSON.stringify(vocab));
  fs.writeFileSync(path.join(outDir, FILES.abbreviations), JSON.stringify(buildAbbreviations(sorted)));

  let articles = 0;
  if (opts.legiDataDir !== null) {
    articles = buildArticleStore(outDir, opts.legiDataDir, (d, t) => onProgress?.(d, t, 'codes'));
  }

  const manifest: Manifest = {
    formatVersion: INDEX_FORMAT_VERSION,
    sourceKey: opts.sourceKey,
    builtAt: new Date().toISOString(),
    corpusDate: newestDate(sorted),
    fiches: sorted.length,
    documents: docId,
    articles,
    buildSeconds: (Date.now() - started) / 1000,
  };
  fs.writeFileSync(path.join(outDir, FILES.manifest), JSON.stringify(manifest, null, 2));
  return manifest;
}
