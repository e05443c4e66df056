/**
 * The search engine over a built index: answers fiche-level queries by aggregating passage-level scores of the
 * project's own BM25F scorer (impacts computed at build time into typed-array postings, fields in
 * `index-schema.ts`), then re-ranks the best candidates (title match, theme coherence, code-article channel,
 * title-family diversity). MiniSearch is used only to find index terms close to a misspelt query term
 * (`SearchableMap.fuzzyGet`); it does not rank. Building, caching and locking the index on disk live in
 * index-lifecycle.ts.
 *
 * This file composes the parts and serves the callers (search results with snippets and passages, fiches,
 * articles, themes): the index read from disk and its per-fiche arrays are in engine-index.ts, the first-pass
 * scoring in engine-scoring.ts, the ranking of an analysed question in engine-ranking.ts, the knobs in
 * engine-tuning.ts and the shapes callers see in search-types.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze, foldAccents } from './analyzer.js';
import { FILES, SECTION_SEPARATOR, type FicheMeta, type Manifest } from './index-schema.js';
import { ArticleChannel } from './article-channel.js';
import { ArticleStore } from './legi.js';
import { analyzeQuestion, type AnalyzedQuestion, type QueryContext } from './query.js';
import { LEXICON, normalizeTokens, type CompiledEntry } from './lexicon.js';
import type { CodeArticle, Fiche } from './types.js';
import { LoadedIndex, readIndexFiles, readSourcePairs, type IndexFiles } from './engine-index.js';
import { FicheRanker } from './engine-ranking.js';
import type { ScoreParts } from './engine-score-parts.js';
import type { SearchEngine, SearchOptions, SearchResult, Theme } from './search-types.js';

export type { ScoreParts } from './engine-score-parts.js';
export type { SearchEngine, SearchOptions, SearchResult, SearchResultPassage, Theme, ThemeFiche } from './search-types.js';
export { KIND_PRIOR, TUNING, titleFamily } from './engine-tuning.js';

/** From this length, a word one letter away from a fiche word counts as known (« harcelemment »). */
const KNOWN_WORD_TYPO_FROM = 6;
/** The everyday words of the lexicon (« proprio », « boulot »…), folded. */
const LAY_WORDS: ReadonlySet<string> = new Set(LEXICON.flatMap((e) => normalizeTokens(e.lay)));

/** Opens an already built index. */
export function openIndex(indexDir: string): SearchEngine {
  const files = readIndexFiles(indexDir);
  const articles = new ArticleStore(indexDir);
  const pairs = readSourcePairs(indexDir, files.metas);
  const channel = ArticleChannel.open(indexDir);
  return new Engine(indexDir, files, articles, channel, pairs);
}

/** The engine over one index: its ranker, and the fiches' and passages' texts read from disk when asked. */
class Engine implements SearchEngine {
  readonly corpusDate: string;
  readonly ficheCount: number;
  readonly manifest: Manifest;
  private readonly index: LoadedIndex;
  private readonly metas: FicheMeta[];
  private readonly ctx: QueryContext;
  private readonly ranker: FicheRanker;
  private fichesFd: number | undefined;
  private passagesFd: number | undefined;
  private closed = false;

  constructor(
    private readonly dir: string,
    files: IndexFiles,
    private readonly articles: ArticleStore,
    channel: ArticleChannel | undefined,
    /** Fiches of two sources that say the same thing (source-pairs.ts), by id. */
    pairs: Record<string, string>,
  ) {
    this.manifest = files.manifest;
    this.corpusDate = files.manifest.corpusDate;
    this.ficheCount = files.metas.length;
    this.metas = files.metas;
    this.ctx = files.ctx;
    this.index = new LoadedIndex(files, pairs);
    this.ranker = new FicheRanker(this.index, channel);
  }

  analyzeQuestion(query: string, lexicon?: readonly CompiledEntry[], asked?: string, concepts?: readonly string[]): AnalyzedQuestion {
    return analyzeQuestion(query, lexicon ? { ...this.ctx, lexicon } : this.ctx, asked, concepts);
  }

  knowsWord(word: string): boolean {
    const folded = foldAccents(word.trim());
    if (folded.length < 2 || folded.length > 40) return false;
    if (this.ctx.vocab.has(folded) || this.ctx.abbreviations.has(folded) || LAY_WORDS.has(folded)) return true;
    if (folded.length < KNOWN_WORD_TYPO_FROM || !this.ctx.fuzzyVocab) return false;
    return this.ctx.fuzzyVocab.fuzzyGet(folded, 1).size > 0;
  }

  search(query: string, limit = 10, opts: SearchOptions = {}): SearchResult[] {
    const analyzed = this.analyzeQuestion(query, opts.lexicon, opts.asked, opts.concepts);
    const qterms = analyzed.terms.filter((t) => this.index.termIndex.has(t.term));
    if (qterms.length === 0 || limit <= 0) return [];
    const top = this.ranker.rank(analyzed, qterms, limit, opts);
    const withSnippets = opts.snippets !== false;
    const stems = new Set(qterms.map((t) => t.term));
    return top.map(({ fi, score, docs }) => {
      const meta = this.metas[fi] as FicheMeta;
      const result: SearchResult = {
        id: meta.id,
        title: meta.title,
        url: meta.url,
        score: Math.round(score * 100) / 100,
        snippet: withSnippets ? this.snippet(meta, docs, stems) : '',
        type: meta.kind,
        pubType: meta.pubType,
      };
      if (opts.withPassages) {
        result.passages = docs.map((d) => {
          const { section, text } = this.passage(d);
          return { section, text, score: 0 };
        });
      }
      return result;
    });
  }

  explainScore(query: string, ids: readonly string[], opts: SearchOptions = {}): (ScoreParts | undefined)[] {
    const analyzed = this.analyzeQuestion(query, opts.lexicon, opts.asked, opts.concepts);
    const qterms = analyzed.terms.filter((t) => this.index.termIndex.has(t.term));
    const fis = ids.map((id) => this.index.byId.get(id.trim().toUpperCase()) ?? -1);
    const parts = qterms.length === 0 ? [] : this.ranker.explainFirstPass(qterms, fis.filter((fi) => fi >= 0), opts);
    let k = 0;
    return fis.map((fi) => (fi >= 0 ? parts[k++] : undefined));
  }

  private passage(doc: number): { section: string; text: string } {
    const raw = this.passageText(doc);
    const sep = raw.indexOf(SECTION_SEPARATOR);
    return sep >= 0 ? { section: raw.slice(0, sep), text: raw.slice(sep + 1) } : { section: '', text: raw };
  }

  private passageText(doc: number): string {
    const { passageStart } = this.index.postings;
    const start = passageStart[doc];
    const end = passageStart[doc + 1];
    if (start === undefined || end === undefined || end <= start) return '';
    if (this.passagesFd === undefined) this.passagesFd = fs.openSync(this.file(FILES.passages), 'r');
    const buf = Buffer.alloc(end - start);
    fs.readSync(this.passagesFd, buf, 0, end - start, start);
    return buf.toString('utf8');
  }

  private snippet(meta: FicheMeta, docs: number[], stems: Set<string>): string {
    const doc = docs[0];
    const text = doc !== undefined ? this.passage(doc).text : '';
    if (!text) return truncate(meta.description || meta.title, 240);
    const sentences = text.split(/(?<=[.!?:;])\s+|\n/).filter((s) => s.trim().length > 0);
    let bestSentence = sentences[0] ?? text;
    let bestScore = -1;
    for (const s of sentences) {
      const found = new Set(analyze(s).filter((t) => stems.has(t))).size;
      if (found > bestScore) {
        bestScore = found;
        bestSentence = s;
      }
    }
    return truncate(bestSentence.replace(/\s+/g, ' ').trim(), 240);
  }

  getFiche(id: string): Fiche | undefined {
    const i = this.index.byId.get(id.trim().toUpperCase());
    const meta = i === undefined ? undefined : this.metas[i];
    if (!meta) return undefined;
    if (this.fichesFd === undefined) this.fichesFd = fs.openSync(this.file(FILES.fiches), 'r');
    const buf = Buffer.alloc(meta.loc[1]);
    fs.readSync(this.fichesFd, buf, 0, meta.loc[1], meta.loc[0]);
    return JSON.parse(buf.toString('utf8')) as Fiche;
  }

  pairedFiche(id: string): string | undefined {
    const fi = this.metas.findIndex((m) => m.id === id);
    const pair = fi < 0 ? -1 : (this.index.pairOf[fi] as number);
    return pair < 0 ? undefined : this.metas[pair]?.id;
  }

  getArticle(idOrNumber: string, codeId?: string): CodeArticle | undefined {
    return this.articles.get(idOrNumber, codeId);
  }

  /** Path of an index file, opened lazily; refused once closed (the directory may hold another index by then). */
  private file(name: string): string {
    if (this.closed) throw new Error('Index de recherche fermé.');
    return path.join(this.dir, name);
  }

  close(): void {
    this.closed = true;
    for (const fd of [this.fichesFd, this.passagesFd]) if (fd !== undefined) fs.closeSync(fd);
    this.fichesFd = undefined;
    this.passagesFd = undefined;
    this.articles.close();
  }

  themes(): Theme[] {
    const groups = new Map<string, Theme>();
    for (const m of this.metas) {
      if (m.kind !== 'fiche') continue;
      const audience = m.audiences[0] ?? 'particuliers';
      // The home level of the breadcrumb (« Accueil professionnels », with a no-break space in the data) is no theme.
      const title = m.themePath.find((t) => !/^Accueil[\s\u00a0\ufffd]/iu.test(t)) ?? (m.subject || 'Autres');
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
