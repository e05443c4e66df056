import { useEffect, useState } from 'react';
import { searchResponseSchema, type SearchResultItem } from '../../../common/api/search';
import { countWords } from '../../../common/words';
import { isFrench, isShortQuestionCandidate } from '../../../common/question';

export const RELATED_DEBOUNCE_MS = 400;
export const RELATED_LIMIT = 5;
export const RELATED_SEARCH_URL = '/api/search';
/** Below this many words a query says too little to suggest anything. */
export const RELATED_MIN_WORDS = 3;

/**
 * Whether the text may be a French question, by the rule the question form applies before sending (a
 * sentence passes the French score; three words at most may be legal vocabulary the corpus knows). Any
 * other text gets no suggestion: fiches matched on the stray words of an English sentence would be noise
 * beside the form's « pas en français » refusal.
 */
export function mayBeFrenchQuestion(text: string): boolean {
  return isFrench(text) || isShortQuestionCandidate(text);
}

/**
 * Official fiches related to the question being typed (free: plain search, no credit), fetched from
 * POST /api/search after the user pauses typing. Failures show nothing: the suggestions are a bonus.
 */
export function useRelatedFiches(text: string, fetchImpl: typeof fetch = fetch): SearchResultItem[] {
  const [results, setResults] = useState<SearchResultItem[]>([]);
  const query = text.trim();
  const enough = countWords(query) >= RELATED_MIN_WORDS && mayBeFrenchQuestion(query);

  useEffect(() => {
    if (!enough) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // POST: the text being typed never goes in a URL (access logs, proxies, history).
      fetchImpl(RELATED_SEARCH_URL, {
        method: 'POST',
        signal: controller.signal,
        headers: { accept: 'application/json', 'accept-language': 'fr', 'content-type': 'application/json' },
        body: JSON.stringify({ q: query, limit: RELATED_LIMIT }),
      })
        .then(async (res) => {
          if (!res.ok) return;
          const parsed = searchResponseSchema.safeParse(await res.json());
          if (parsed.success && !controller.signal.aborted) setResults(parsed.data.results.slice(0, RELATED_LIMIT));
        })
        .catch(() => undefined);
    }, RELATED_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enough, fetchImpl]);

  return enough ? results : [];
}
