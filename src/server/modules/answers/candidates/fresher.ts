/**
 * The fresher source, where two say the same thing. The corpus has two official sources on work questions:
 * the service-public.fr fiches (data of 2020 unless refreshed) and the labour ministry's pages
 * (travail-emploi.gouv.fr, updated into 2025). When a sentence of one source and a sentence of the other
 * state the same rule (`sameStatement`), the answer quotes the fresher one, in the older one's place: same
 * score, same case, same section, with the fresher source's marker `[n]` (its date is shown under the
 * sources). A rule whose amount or date changed since 2020 is then given as it is today, and the answer
 * never states both versions.
 *
 * The retrieval ranking does not prefer the fresher fiche (engine-tuning.ts TUNING.fresher): the fiche that
 * answers stays the one that matches the question best; the preference applies to what is quoted.
 */
import { sourceOfUrl } from '../../../../corpus/sources';
import { features } from '../extractive/sentence-kinds';
import type { Candidate } from './types';

export const FRESHER = {
  /** Common stems over the larger sentence's stems: at least this share (the same statement, reworded). */
  sameShare: 0.7,
  /** Stems each sentence holds at least (shorter ones say too little to be compared). */
  minStems: 5,
  /** The fresher sentence is at most this many times as long as the older one (plus a few words). */
  lengthRatio: 1.5,
  extraWords: 5,
} as const;

/** The site a source comes from (service-public.fr, travail-emploi.gouv.fr), by its address. */
function siteOf(url: string): string {
  return sourceOfUrl(url)?.name ?? url;
}

/** A whole sentence (not a list item or the fragment of one): it ends with a full stop or opens a list. */
function wholeSentence(c: Candidate): boolean {
  return !c.unit.listed && /[.:]$/u.test(c.unit.sentence.trim());
}

/**
 * Whether two sentences state the same thing: most of their stems are shared, counted against the larger
 * sentence (so that a sentence is not « the same » as a longer one that merely contains it). Figures are
 * not compared: an amount updated since 2020 is the case this is for.
 */
export function sameStatement(a: Candidate, b: Candidate): boolean {
  const x = features(a.unit).stems;
  const y = features(b.unit).stems;
  if (x.size < FRESHER.minStems || y.size < FRESHER.minStems) return false;
  let common = 0;
  for (const t of x) if (y.has(t)) common += 1;
  return common / Math.max(x.size, y.size) >= FRESHER.sameShare;
}

/** The candidate of a fresher source that says what `older` says, if any (the best scored of them). */
function fresherStatement(older: Candidate, all: readonly Candidate[], sites: ReadonlyMap<number, string>): Candidate | undefined {
  const date = older.source.date ?? '';
  let best: Candidate | undefined;
  for (const c of all) {
    if (c.si === older.si || (c.source.date ?? '') <= date || sites.get(c.si) === sites.get(older.si)) continue;
    if (!wholeSentence(c) || c.words > older.words * FRESHER.lengthRatio + FRESHER.extraWords) continue;
    if (c.unit.example !== older.unit.example) continue;
    if (sameStatement(older, c) && (!best || c.score > best.score)) best = c;
  }
  return best;
}

/**
 * The candidates with each sentence that a fresher source states too replaced, in its place, by the
 * fresher source's sentence (with that source's own preceding sentence and exception); the fresher
 * candidate itself leaves the list, and both texts' keys stay with the one left, so that neither is quoted
 * again. Candidates without such a pair are returned as they are.
 */
export function preferFresher(all: readonly Candidate[]): Candidate[] {
  const sites = new Map<number, string>();
  for (const c of all) if (!sites.has(c.si)) sites.set(c.si, siteOf(c.source.url));
  if (new Set(sites.values()).size < 2) return [...all];
  const replaced = new Map<Candidate, Candidate>();
  const used = new Set<Candidate>();
  for (const c of all) {
    if (used.has(c)) continue;
    const fresher = fresherStatement(c, all, sites);
    if (!fresher || used.has(fresher) || replaced.has(fresher)) continue;
    replaced.set(c, fresher);
    used.add(fresher);
  }
  if (replaced.size === 0) return [...all];
  const out: Candidate[] = [];
  for (const c of all) {
    if (used.has(c)) continue;
    const fresher = replaced.get(c);
    if (!fresher) {
      out.push(c);
      continue;
    }
    const { prev: _prev, exception: _exception, ...place } = c;
    out.push({
      ...place,
      source: fresher.source,
      unit: fresher.unit,
      ...(fresher.prev ? { prev: fresher.prev } : {}),
      ...(fresher.exception ? { exception: fresher.exception } : {}),
      keys: [...new Set([...fresher.keys, ...c.keys])],
      words: fresher.words,
    });
  }
  return out;
}
