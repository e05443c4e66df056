/** Builds the on-disk search index from parsed fiches (and the code articles of legi-data). */
import fs from 'node:fs';
import path from 'node:path';
import { analyze, foldAccents, tokenize } from './analyzer.js';
import { buildArticleChannel } from './article-channel.js';
import { buildArticleStore } from './legi.js';
import { BM25, FIELDS, type BM25Params, FILES, SECTION_SEPARATOR, INDEX_FORMAT_VERSION, type FicheMeta, type IndexedDoc, type Manifest, type PostingsLayout } from './index-schema.js';
import type { CodeArticle, Fiche } from './types.js';
import { CORPUS_SOURCES, CORPUS_SOURCE_ORDER, ficheSource, type SourceDate } from './sources.js';
import { openIndex } from './engine.js';
import { computeSourcePairs } from './source-pairs.js';

export type ProgressFn = (done: number, total: number, phase: string) => void;

export interface BuildOptions {
  outDir: string;
  sourceKey: string;
  onProgress?: ProgressFn;
  /** legi-data directory, or null to skip code articles (fixtures). */
  legiDataDir?: string | null;
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

/** The documents of one fiche: its head (title, description, theme path), then one per passage. */
export function ficheDocs(f: Fiche, fiche: number): IndexedDoc[] {
  const docs: IndexedDoc[] = [
    { fiche, head: true, fields: { title: f.title, description: f.description, section: f.themePath.join(' > ') }, text: '' },
  ];
  for (const p of f.passages) {
    const section = p.section.join(' > ');
    docs.push({ fiche, head: false, fields: { section, body: p.indexText ?? p.text }, text: section ? `${section}${SECTION_SEPARATOR}${p.text}` : p.text });
  }
  return docs;
}

/** Postings of one term while building: [doc, tf per field…] repeated (stride POSTING_STRIDE). */
type PostingList = number[];
const POSTING_STRIDE = 1 + FIELDS.length;

/**
 * Accumulates analysed documents and writes BM25F impact postings. The collection statistics (document
 * frequencies, document count, average field lengths) are those of the documents added with `inStats`
 * (service-public.fr's): another source's documents are scored against them without changing them, so that
 * adding a source leaves the scores of the main corpus as they were.
 */
export class PostingsBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly postings: PostingList[] = [];
  private readonly fieldLen: number[][] = FIELDS.map(() => []);
  /** Per term, its documents counted in the statistics. */
  private readonly statsDf: number[] = [];
  private readonly inStats: boolean[] = [];
  readonly docs: { fiche: number; head: boolean }[] = [];
  readonly texts: string[] = [];

  add(doc: IndexedDoc, inStats = true): void {
    const id = this.docs.length;
    this.inStats.push(inStats);
    this.docs.push({ fiche: doc.fiche, head: doc.head });
    this.texts.push(doc.text);
    const local = new Map<number, Float32Array>();
    FIELDS.forEach((field, fi) => {
      const text = doc.fields[field];
      const terms = text ? analyze(text) : [];
      (this.fieldLen[fi] as number[])[id] = terms.length;
      for (const t of terms) {
        let tid = this.termIds.get(t);
        if (tid === undefined) {
          tid = this.postings.length;
          this.termIds.set(t, tid);
          this.postings.push([]);
          this.statsDf.push(0);
        }
        let tf = local.get(tid);
        if (!tf) {
          tf = new Float32Array(FIELDS.length);
          local.set(tid, tf);
        }
        tf[fi] = (tf[fi] ?? 0) + 1;
      }
    });
    for (const [tid, tf] of local) {
      (this.postings[tid] as PostingList).push(id, ...tf);
      if (inStats) this.statsDf[tid] = (this.statsDf[tid] ?? 0) + 1;
    }
  }

  write(outDir: string, params: BM25Params = BM25): { layout: PostingsLayout; terms: number; postings: number } {
    const nDocs = this.docs.length;
    const statsDocs = this.inStats.filter(Boolean).length || nDocs;
    const avg = this.fieldLen.map((lens) => {
      let sum = 0;
      let n = 0;
      for (let d = 0; d < nDocs; d++) {
        const l = lens[d] ?? 0;
        if (l > 0 && this.inStats[d] !== false) {
          sum += l;
          n++;
        }
      }
      return n ? sum / n : 1;
    });
    const terms = [...this.termIds.keys()];
    const lists = this.postings;
    const nTerms = terms.length;
    let nPostings = 0;
    for (const p of lists) nPostings += p.length / POSTING_STRIDE;
    const size = 4 * (nTerms + 1) + 8 * nPostings + 4 * nDocs + 4 * (nDocs + 1) + nDocs;
    const buf = new ArrayBuffer(size + ((4 - (size % 4)) % 4));
    let off = 0;
    const termStart = new Uint32Array(buf, off, nTerms + 1);
    off += 4 * (nTerms + 1);
    const docIds = new Uint32Array(buf, off, nPostings);
    off += 4 * nPostings;
    const impacts = new Float32Array(buf, off, nPostings);
    off += 4 * nPostings;
    const docFiche = new Uint32Array(buf, off, nDocs);
    off += 4 * nDocs;
    const passageStart = new Uint32Array(buf, off, nDocs + 1);
    off += 4 * (nDocs + 1);
    const docHead = new Uint8Array(buf, off, nDocs);
    const { k1 } = params;
    let pos = 0;
    lists.forEach((list, tid) => {
      termStart[tid] = pos;
      // A term only another source uses counts as found in one document of the statistics.
      const df = Math.max(1, this.statsDf[tid] ?? 0);
      const idf = Math.log(1 + (statsDocs - df + 0.5) / (df + 0.5));
      for (let k = 0; k < list.length; k += POSTING_STRIDE) {
        const doc = list[k] as number;
        let wtf = 0;
        FIELDS.forEach((field, fi) => {
          const f = list[k + 1 + fi] ?? 0;
          if (!f) return;
          const len = (this.fieldLen[fi] as number[])[doc] ?? 0;
          const b = params.b[field];
          wtf += (params.boost[field] * f) / (1 - b + (b * len) / (avg[fi] ?? 1));
        });
        docIds[pos] = doc;
        impacts[pos] = (idf * (wtf * (k1 + 1))) / (wtf + k1);
        pos++;
      }
    });
    termStart[nTerms] = pos;
    const textParts: Buffer[] = [];
    let textOff = 0;
    this.docs.forEach((d, i) => {
      docFiche[i] = d.fiche;
      docHead[i] = d.head ? 1 : 0;
      passageStart[i] = textOff;
      const b = Buffer.from(this.texts[i] ?? '', 'utf8');
      textParts.push(b);
      textOff += b.length;
    });
    passageStart[nDocs] = textOff;
    fs.writeFileSync(path.join(outDir, FILES.postings), new Uint8Array(buf));
    fs.writeFileSync(path.join(outDir, FILES.passages), Buffer.concat(textParts));
    fs.writeFileSync(path.join(outDir, FILES.terms), JSON.stringify(terms));
    return { layout: { nTerms, nPostings, nDocs }, terms: nTerms, postings: nPostings };
  }
}

export function newestDate(fiches: readonly Fiche[]): string {
  let max = '';
  for (const f of fiches) if (f.date > max) max = f.date;
  return max;
}

/**
 * Each source's newest date and count: the fiches' sources, then the codes (the newest version date of
 * the codes in articles-index.json, when the index has them).
 */
export function sourceDates(fiches: readonly Fiche[], codes?: { date: string; articles: number }): SourceDate[] {
  const out: SourceDate[] = [];
  for (const id of CORPUS_SOURCE_ORDER) {
    if (id === 'codes') {
      if (codes && codes.articles > 0) out.push({ id, name: CORPUS_SOURCES.codes.name, date: codes.date, count: codes.articles });
      continue;
    }
    const own = fiches.filter((f) => ficheSource(f) === id);
    if (own.length > 0) out.push({ id, name: CORPUS_SOURCES[id].name, date: newestDate(own), count: own.length });
  }
  return out;
}

/** The data's date: the newest service-public.fr fiche (the other sources are dated in `sources`). */
export function corpusDateOf(fiches: readonly Fiche[]): string {
  return newestDate(fiches.filter((f) => ficheSource(f) === 'service-public')) || newestDate(fiches);
}

/** Newest version date of the codes written by buildArticleStore ('' when unknown). */
function codesDate(outDir: string): string {
  try {
    const index = JSON.parse(fs.readFileSync(path.join(outDir, 'articles-index.json'), 'utf8')) as { codes?: { date?: string }[] };
    return (index.codes ?? []).reduce((max, c) => (c.date && c.date > max ? c.date : max), '');
  } catch {
    return '';
  }
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
    // The index's own reading of a passage (indexText) stays in the postings; readers of the fiche get its text.
    const stored = f.passages.some((p) => p.indexText !== undefined) ? { ...f, passages: f.passages.map(({ indexText: _indexText, ...p }) => p) } : f;
    const buf = Buffer.from(`${JSON.stringify(stored)}\n`, 'utf8');
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
      ...(f.source ? { source: f.source } : {}),
      loc: [offset, buf.length - 1],
    });
    offset += buf.length;
  }
  fs.closeSync(fd);
  fs.writeFileSync(path.join(outDir, FILES.meta), JSON.stringify(metas));

  const builder = new PostingsBuilder();
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i];
    if (!f) continue;
    const inStats = ficheSource(f) === 'service-public';
    for (const d of ficheDocs(f, i)) builder.add(d, inStats);
    if (onProgress && (i % 100 === 0 || i === sorted.length - 1)) onProgress(i + 1, sorted.length, 'index');
    // Let the event loop breathe while building inside a running server.
    if (i % 500 === 0) await new Promise((r) => setImmediate(r));
  }
  const written = builder.write(outDir);

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
  let channelArticles = 0;
  if (opts.legiDataDir !== null) {
    const all: CodeArticle[] = [];
    articles = buildArticleStore(outDir, opts.legiDataDir, (d, t) => onProgress?.(d, t, 'codes'), all);
    // Second retrieval channel: the articles the fiches cite, and who cites them.
    // Only service-public.fr's citations feed it: the ministry's pages cite many articles each (26 on average, a
    // video's transcript as much as the text), which made them win labour questions by their citations alone.
    const citing = sorted.map((f) => (ficheSource(f) === 'service-public' ? f : { ...f, references: [] }));
    channelArticles = buildArticleChannel(outDir, citing, all);
  }

  const manifest: Manifest = {
    formatVersion: INDEX_FORMAT_VERSION,
    sourceKey: opts.sourceKey,
    builtAt: new Date().toISOString(),
    corpusDate: corpusDateOf(sorted),
    sources: sourceDates(sorted, { date: articles > 0 ? codesDate(outDir) : '', articles }),
    fiches: sorted.length,
    documents: written.layout.nDocs,
    terms: written.terms,
    postings: written.postings,
    articles,
    channelArticles,
    buildSeconds: (Date.now() - started) / 1000,
    layout: written.layout,
  };
  fs.writeFileSync(path.join(outDir, FILES.manifest), JSON.stringify(manifest, null, 2));
  if (sorted.some((f) => ficheSource(f) !== 'service-public')) {
    // Read back through the engine: the pairs are found by searching the index just written (an index is
    // built aside and moved into place once complete, so no reader sees it without them).
    const engine = openIndex(outDir);
    try {
      fs.writeFileSync(path.join(outDir, FILES.sourcePairs), JSON.stringify(computeSourcePairs(engine, metas)));
    } finally {
      engine.close?.();
    }
  }
  return manifest;
}
