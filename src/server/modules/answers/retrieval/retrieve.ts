/**
 * Retrieval for the answer: the few service-public.fr fiches that answer a question, numbered
 * 1..n (the citation markers), with the passages that matter and the legal references they cite.
 *
 * The search engine ranks (its BM25F scorer over passages, titles, the lay → legal lexicon, the code-article channel,
 * theme coherence) and the sources follow its ranking: it is the better judge of which fiche answers.
 * The out-of-scope decision (« hors du champ juridique ») is measured (docs/decisions/0003-lay-french-and-scope.md;
 * `npm run eval:retrieval` prints it): a false refusal is worse than a cautious answer, so a question is in
 * scope when a fiche matches it with enough confidence given what its own words say (`scope-signals.ts`):
 * - no topic word (« bonjour comment ça va »), or no fiche at all → out;
 * - a question that reveals danger → in, whatever the score: the person gets the emergency numbers AND the
 *   legal fiches (the search is then also about protection: « porter plainte »);
 * - the best fiche below `scope.minScore` → out (noise);
 * - a legal signal (a lay → legal lexicon entry, a word of legal intent: « droit », « obligé », « plainte »…)
 *   → in;
 * - the language model, when there is one, found the question outside law and administration (its
 *   rewrite's verdict, query-models.ts) → out;
 * - the model of meaning finds a fiche close to the question (query-models.ts `SCOPE`) → in: a question is
 *   refused only when the lexical signals and the model agree;
 * - words of an everyday non-legal subject (cooking, sport, weather, computer help…) and no legal signal
 *   → out;
 * - a cue word of a theme of everyday law (loyer, patron, divorce, voiture…) → in from `scope.cueScore`;
 * - otherwise in only on a strong match (`scope.plainScore`, or `scope.plainHeadScore` with a fiche naming
 *   one of the question's words in its title or summary).
 * Lexical checks on the question's topic words (lexicon phrasings and typo tolerance included, see
 * `question/topic-words.ts`) also drop clearly off-topic trailing fiches (after the first), which name no
 * topic word in their head and gather few of them anywhere.
 * Each fiche's analysis (stems of its head and passages, its references with their article texts) is
 * kept in a bounded LRU cache per engine, so a fiche is analysed once, not on every question.
 * Nothing of the question is logged.
 */
import type { SearchEngine, SearchResult } from '../../../../corpus/engine';
import type { Fiche } from '../../../../corpus/types';
import { corpusStems, stemSet, topicMatcher, type TopicMatcher, wordPresent, type TopicWord } from '../question/topic-words';
import { Lru } from '../../../../common/lru';
import { normalizeText, shortenOnSentence } from '../../../../common/french-text';
import { scopeSignals, type ScopeSignals } from './scope-signals';
import type { RetrievedPassage, RetrievedReference, RetrievedSource } from './types';
import { pathStatus, resolveCases } from '../cases/resolve-case';
import { legalAge } from '../cases/heading-verdict';
import { understand, type Understanding } from '../question/understand';
import type { QueryModels } from './types';

export const RETRIEVAL = {
  /** Fiches asked from the engine. */
  candidates: 8,
  /**
   * Fiches of the lexical ranking fused with the model of meaning's (semantic/fusion.ts) before the first
   * `candidates` are kept: the model can raise a fiche the lexical ranking put further down.
   */
  fusionCandidates: 30,
  /** Default and bounds of the number of sources. */
  defaultSources: 4,
  /**
   * Sources given to the language model: it reads them all, and a fifth fiche brings the one that answers
   * more often (tuning questions: key facts in its sources 0.86 → 0.91, second set 0.78 → 0.79). The
   * extractive composer keeps the default: from a fifth source it quotes more off-topic sentences (recall −0.01 to −0.04).
   */
  modelSources: 5,
  minSources: 3,
  maxSources: 5,
  /**
   * Scope thresholds on the best fiche's engine score (see the module comment). Chosen on the dev sets and
   * the off-topic set (thresholds on its half A; its half B was seen too): false refusals 7 of 1,177 legal
   * questions, off-topic answered 11 of 129.
   */
  scope: {
    /** Below this the best result is noise, whatever the question says. */
    minScore: 6,
    /** A question naming a theme of everyday law (cue word) and no legal signal. */
    cueScore: 8,
    /** A question with neither a legal signal nor a theme cue: a strong match… */
    plainScore: 20,
    /** …or this score with a fiche naming one of its words in its title or summary. */
    plainHeadScore: 18,
  },
  /** Legal concepts a question that reveals danger is also about (protection of the victim). */
  dangerConcepts: ['porter plainte'],
  /** Other fiches: score at least this share of the best one. */
  relativeScore: 0.35,
  /** Weight of the asking sentence's words in a candidate's title (see `preferByTitle`). */
  askedTitle: 0.4,
  /** Score factor of a fiche whose title names a special regime the question does not (see `preferByTitle`). */
  specialRegime: 0.5,
  /** A fiche after the first naming no topic word in its head is dropped below this coverage. */
  offTopicCoverage: 0.5,
  /** Passages given per source (engine's best first, then the fiche's passages closest to the question). */
  passagesPerSource: 8,
  /** Characters of passages per source. */
  charsPerSource: 7000,
  /**
   * The first source, the fiche that answers, is given nearly whole (the person's case first, the cases
   * their facts exclude left out): measured on the answer sets' tuning questions, the key facts present
   * in the language model's sources go from 0.81 to 0.86 (second set 0.70 to 0.78) for about 2,300 more
   * characters per question; the rule a question asks for is often in a passage that shares few of its words.
   */
  primaryPassages: 24,
  primaryChars: 20_000,
  /** Longest article text attached to a reference. */
  articleChars: 700,
  /** Analysed fiches kept in memory per engine. */
  cacheSize: 256,
} as const;

export interface RetrieveOptions {
  /** Number of sources wanted (3..5, default 4). Fewer are returned when fewer are relevant. */
  maxSources?: number;
  /** The question, already understood (computed here when absent). */
  understanding?: Understanding;
  /** Models prepared for this question (query-models.ts): extra search terms, dense re-ranking, scope verdict. */
  models?: QueryModels;
  /**
   * The danger the question reveals (urgency.ts `dangerKind`). `violence`: never out of scope when a fiche
   * is found, the search is also about protecting the victim (RETRIEVAL.dangerConcepts) and the fiche
   * named after each of those concepts is among the sources. `suicide`: no fiche of the corpus is about it,
   * the scope is decided as for any question (the emergency numbers come with the answer anyway).
   */
  danger?: 'violence' | 'suicide' | null;
}

export interface RetrieveResult {
  sources: RetrievedSource[];
  outOfScope: boolean;
}

/**
 * Special regimes a fiche's title may be about (« … soumis à la loi de 1948 », « … dans la fonction
 * publique », « … en Alsace-Moselle »): the rules of a few people, not of the visitor who does not say so.
 */
const SPECIAL_REGIMES: readonly RegExp[] = [
  /\bloi de 1948\b/u,
  /\b(?:alsace|moselle|alsacien|mosellan)/u,
  /\b(?:outre-mer|mayotte|guadeloupe|martinique|guyane|la reunion|polynesie|nouvelle-caledonie|saint-pierre|dom-tom|dom)\b/u,
  /\b(?:fonction publique|agents? publics?|fonctionnaires?|contractuels? de (?:la fonction publique|l'etat))\b/u,
];

/** The special regimes a title names (indices in SPECIAL_REGIMES); none when it names the general case too (« salarié ou fonctionnaire »). */
function titleRegimes(title: string): number[] {
  const t = normalizeText(title);
  if (/\b(?:salarie|prive)s?\b/u.test(t)) return [];
  return SPECIAL_REGIMES.flatMap((re, i) => (re.test(t) ? [i] : []));
}

/** A title about minors only (« Carte nationale d'identité d'un mineur », « … d'un jeune de moins de 18 ans »). */
function titleForMinors(title: string): boolean {
  const t = normalizeText(title);
  return legalAge(t) === 'mineur' || (legalAge(t) === undefined && /\bmoins de 18 ans\b/u.test(t));
}

/** A fiche with what retrieval computes from it once (stems, references). Read-only: shared by requests. */
export interface AnalysedFiche {
  fiche: Fiche;
  /** Stems of the title and the summary. */
  head: Set<string>;
  /** Stems of the title. */
  title: Set<string>;
  /** The special regimes the title names (see titleRegimes). */
  regimes: readonly number[];
  /** The title is about minors only (see titleForMinors). */
  forMinors: boolean;
  /** Stems of each passage (headings + text), computed on first use. */
  passageStems(): readonly ReadonlySet<string>[];
  /** The legal references, with the article text when the code is in the corpus, computed on first use. */
  references(): readonly RetrievedReference[];
}

/** Per loaded index (its manifest: the engine object itself outlives an index swap, see engine-holder.ts). */
const caches = new WeakMap<object, Lru<string, AnalysedFiche>>();

function analyseFiche(engine: SearchEngine, fiche: Fiche): AnalysedFiche {
  let passages: ReadonlySet<string>[] | undefined;
  let refs: RetrievedReference[] | undefined;
  return {
    fiche,
    head: stemSet(`${fiche.title}\n${fiche.description}`),
    title: stemSet(fiche.title),
    regimes: titleRegimes(fiche.title),
    forMinors: titleForMinors(fiche.title),
    // The engine's passages read « A > B\ntext »: same key, so both share the cached stems.
    passageStems: () => (passages ??= fiche.passages.map((p) => corpusStems(`${p.section.join(' > ')}\n${p.text}`))),
    references: () => (refs ??= references(fiche, engine)),
  };
}

/** A fiche and its analysis, from the engine's bounded cache (undefined for an unknown id). */
export function analysedFiche(engine: SearchEngine, id: string): AnalysedFiche | undefined {
  let cache = caches.get(engine.manifest);
  if (!cache) caches.set(engine.manifest, (cache = new Lru<string, AnalysedFiche>(RETRIEVAL.cacheSize)));
  const hit = cache.get(id);
  if (hit) return hit;
  const fiche = engine.getFiche(id);
  if (!fiche) return undefined;
  const analysed = analyseFiche(engine, fiche);
  cache.set(id, analysed);
  // getFiche accepts ids in any case: the canonical id is cached too.
  if (fiche.id !== id) cache.set(fiche.id, analysed);
  return analysed;
}

/** A fiche by id through the retrieval cache (the composer reads the same fiches again). */
export function cachedFiche(engine: SearchEngine, id: string): Fiche | undefined {
  return analysedFiche(engine, id)?.fiche;
}

export interface FicheRelevance {
  /**
   * The largest share of topic words found together in the fiche's title with its summary, or in its
   * title with one of the passages the engine found best for the question. Requiring the words to meet
   * in one place keeps a long fiche that mentions each word somewhere from passing for relevant.
   */
  coverage: number;
  /** Topic words found in the title or the summary: the fiche is about the question's topic. */
  headWords: number;
}

const passageKey = (section: string, text: string): string => `${section}\u0001${text}`;

/** How relevant a fiche is to the topic words of a question (see `FicheRelevance`). */
export function ficheRelevance(words: readonly TopicWord[], a: AnalysedFiche, result: SearchResult): FicheRelevance {
  let headWords = 0;
  for (const w of words) if (wordPresent(w, a.head)) headWords += 1;
  let best = words.length > 0 ? headWords / words.length : 0;
  if (words.length === 0) return { coverage: 0, headWords };
  for (const p of result.passages ?? []) {
    if (best >= 1) break;
    const stems = corpusStems(`${p.section}\n${p.text}`);
    let found = 0;
    for (const w of words) if (wordPresent(w, stems) || wordPresent(w, a.title)) found += 1;
    best = Math.max(best, found / words.length);
  }
  return { coverage: best, headWords };
}

/**
 * The passages of a fiche given to the composers, within a budget of characters: the person's case first
 * (passages under a case that does not fit the person's facts are left out, those under a case that fits
 * come first), then the passages closest to the question. A later source stops at the passages that share
 * no word with the question; the first source, the fiche that answers, keeps them while its budget allows:
 * its conditions and durations often share none (« 36 mois d'ancienneté » for « partir 6 mois, mon employeur
 * peut-il refuser ? »). Measured on the fourth tuning set: key facts in the model's sources 0.948 → 0.955,
 * for 0.6 % more characters; the other tuning sets and the extractive figures do not move.
 */
function selectPassages(a: AnalysedFiche, result: SearchResult, matcher: TopicMatcher, u: Understanding, primary: boolean): RetrievedPassage[] {
  const maxPassages = primary ? RETRIEVAL.primaryPassages : RETRIEVAL.passagesPerSource;
  const maxChars = primary ? RETRIEVAL.primaryChars : RETRIEVAL.charsPerSource;
  const { fiche } = a;
  const engineBest = new Set((result.passages ?? []).map((p) => passageKey(p.section, p.text)));
  const engineTexts = new Set((result.passages ?? []).map((p) => p.text));
  const stems = a.passageStems();
  const cases = resolveCases(fiche.passages.map((p) => p.section), u.words, u.facts, new Map(), fiche.passages.map((p) => p.text));
  const scored = fiche.passages.flatMap((p, i) => {
    const status = pathStatus(p.section, cases);
    if (status.excluded) return [];
    const best = engineBest.has(passageKey(p.section.join(' > '), p.text)) || engineTexts.has(p.text);
    return [{ p, i, fits: status.fits, factFits: status.factFits, score: matcher.count(stems[i] ?? new Set()) + (best ? 1.5 : 0) + (status.fits ? 1 : 0) - i * 0.002 }];
  });
  scored.sort((x, y) => y.score - x.score);
  const chosen: typeof scored = [];
  let chars = 0;
  for (const s of scored) {
    if (chosen.length >= maxPassages) break;
    if (chosen.length > 0 && s.score <= 0 && !primary) break;
    if (chosen.length > 0 && chars + s.p.text.length > maxChars) continue;
    chosen.push(s);
    chars += s.p.text.length;
  }
  // In the order of the fiche: procedures and deadlines read in their published order.
  chosen.sort((x, y) => x.i - y.i);
  // Only a case the person's facts settled is told to the language model as theirs (« (votre cas) »): a
  // case settled by a word of the question or by default may be another person's.
  return chosen.map(({ p, factFits }) => ({ sectionPath: [...p.section], text: p.text, ...(factFits ? { caseFits: true } : {}) }));
}

function references(fiche: Fiche, engine: SearchEngine): RetrievedReference[] {
  const out: RetrievedReference[] = [];
  const seen = new Set<string>();
  for (const r of fiche.references) {
    const k = `${r.title}|${r.url ?? ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const ref: RetrievedReference = { title: r.title, url: r.url ?? '' };
    if (r.legiarti) {
      ref.articleId = r.legiarti;
      const article = engine.getArticle(r.legiarti);
      if (article?.text) ref.text = shortenOnSentence(article.text, RETRIEVAL.articleChars);
    }
    out.push(ref);
  }
  return out;
}

/** Retrieves the sources of an answer. See the module comment for the relevance rules. */
/**
 * A danger question's sources hold the fiche named after each protection concept (« Porter plainte »),
 * second after the engine's first when the ranking left it out: how to get protection is part of the
 * answer whatever the question's words.
 */
function ensureProtection(engine: SearchEngine, kept: { result: SearchResult; a: AnalysedFiche }[], pool: SearchResult[], wanted: number): void {
  for (const concept of RETRIEVAL.dangerConcepts) {
    const named = engine.search(concept, 1, { withPassages: true, snippets: false, kinds: ['fiche'] })[0];
    if (!named || kept.some((c) => c.result.id === named.id)) continue;
    const a = analysedFiche(engine, named.id);
    if (!a) continue;
    const fromPool = pool.find((r) => r.id === named.id);
    kept.splice(Math.min(1, kept.length), 0, { result: fromPool ?? named, a });
    if (kept.length > wanted) kept.length = wanted;
  }
}

/**
 * The scope decision for a question and its best fiche (see the module comment). `modelOffTopic`: a model
 * found the question outside law and administration (query-models.ts: the language model's verdict, or the
 * model of meaning finding no fiche near it); it refuses a question without a legal signal of its own,
 * never one that reveals a danger or names a legal notion.
 */
export function inScope(signals: ScopeSignals, bestScore: number, bestHeadWords: () => number, urgent = false, modelOffTopic = false, nearCorpus = false): boolean {
  const t = RETRIEVAL.scope;
  if (urgent) return true;
  // The language model's off-topic verdict (its rewrite) outweighs the model of meaning's nearness.
  if (modelOffTopic && !signals.legal) return false;
  if (nearCorpus) return true;
  if (bestScore < t.minScore) return false;
  if (signals.legal) return true;
  if (signals.nonLegalDomains.length > 0) return false;
  if (signals.themeCue) return bestScore >= t.cueScore;
  return bestScore >= t.plainScore || (bestScore >= t.plainHeadScore && bestHeadWords() > 0);
}

/**
 * Among the candidates within reach of the best, two signals of the title reorder near equals:
 * - A question that tells its situation before it asks (« … Est-ce que je peux encore tout annuler ? »)
 *   names in its asking sentence what it is about; the situation's words (« crédit », « magasin ») find
 *   the neighbourhood. A fiche whose title holds the asking sentence's words comes first: score ×
 *   (1 + askedTitle × share of those words in its title).
 * - A fiche whose title names a special regime the question does not name goes after: score ×
 *   specialRegime. A title that names the general case too (« salarié ou fonctionnaire ») is not one. So
 *   does a fiche about minors (« … d'un mineur ») when the question names no child and no age under 18.
 */
function preferByTitle(ranked: { result: SearchResult; a: AnalysedFiche }[], words: readonly TopicWord[], question: string, adult: boolean): void {
  if (ranked.length < 2) return;
  const asked = words.filter((w) => w.asked);
  const q = normalizeText(question);
  const unnamed = SPECIAL_REGIMES.map((re) => !re.test(q));
  const scored = ranked.map((c) => {
    let n = 0;
    for (const w of asked) if (wordPresent(w, c.a.title)) n += 1;
    const askedFactor = asked.length > 0 ? 1 + RETRIEVAL.askedTitle * (n / asked.length) : 1;
    // A fiche about minors is another person's when the question names no child and no age under 18.
    const special = c.a.regimes.some((i) => unnamed[i]) || (adult && c.a.forMinors);
    return { c, score: c.result.score * askedFactor * (special ? RETRIEVAL.specialRegime : 1) };
  });
  // A stable sort: equal scores keep the engine's order.
  scored.sort((x, y) => y.score - x.score);
  ranked.splice(0, ranked.length, ...scored.map((x) => x.c));
}

export function retrieveSources(engine: SearchEngine, question: string, opts: RetrieveOptions = {}): RetrieveResult {
  const wanted = Math.min(RETRIEVAL.maxSources, Math.max(RETRIEVAL.minSources, Math.round(opts.maxSources ?? RETRIEVAL.defaultSources)));
  const urgent = opts.danger === 'violence';
  const u = opts.understanding ?? understand(question);
  const words = u.words;
  if (words.length === 0) return { sources: [], outOfScope: true };
  const terms = opts.models?.searchTerms;
  const rerank = opts.models?.rerank;
  const lexical = engine.search(terms ? `${u.searchText} ${terms}` : u.searchText, rerank ? RETRIEVAL.fusionCandidates : RETRIEVAL.candidates, {
    withPassages: true,
    snippets: false,
    asked: question,
    ...(urgent ? { concepts: RETRIEVAL.dangerConcepts } : {}),
  });
  const results = rerank ? rerank(lexical).slice(0, RETRIEVAL.candidates) : lexical;
  const fiches = results.filter((r) => r.type === 'fiche');
  const pool = fiches.length > 0 ? fiches : results.filter((r) => r.type === 'dossier');
  const best = pool[0];
  if (!best) return { sources: [], outOfScope: true };

  // Candidates in the engine's order, within reach of the best score.
  const ranked: { result: SearchResult; a: AnalysedFiche; rel?: FicheRelevance }[] = [];
  for (const r of pool) {
    if (r !== best && r.score < best.score * RETRIEVAL.relativeScore) break;
    const a = analysedFiche(engine, r.id);
    if (a) ranked.push({ result: r, a });
  }
  const relevance = (c: (typeof ranked)[number]): FicheRelevance => (c.rel ??= ficheRelevance(words, c.a, c.result));

  const first = ranked[0];
  if (!first || !inScope(scopeSignals(question), best.score, () => relevance(first).headWords, urgent, opts.models?.offTopic ?? opts.models?.farFromCorpus, opts.models?.nearCorpus)) return { sources: [], outOfScope: true };

  preferByTitle(ranked, words, question, u.facts.adult);
  const kept: typeof ranked = [];
  for (const c of ranked) {
    if (kept.length >= wanted) break;
    const rel = relevance(c);
    // The engine's first is kept; a later fiche that is clearly about something else is not.
    if (kept.length > 0 && rel.headWords === 0 && rel.coverage < RETRIEVAL.offTopicCoverage) continue;
    kept.push(c);
  }
  if (urgent) ensureProtection(engine, kept, pool, wanted);
  const matcher = topicMatcher(words);
  const sources = kept.map(({ result, a }, i): RetrievedSource => ({
    n: i + 1,
    id: a.fiche.id,
    title: a.fiche.title,
    url: a.fiche.url,
    ...(a.fiche.date ? { date: a.fiche.date } : {}),
    passages: selectPassages(a, result, matcher, u, i === 0),
    references: a.references().map((r) => ({ ...r })),
  }));
  return { sources, outOfScope: sources.length === 0 };
}
