import { useEffect, useState } from 'react';
import { searchResponseSchema, type SearchResultItem } from '../../../common/api/search';
import { countWords } from '../../../common/words';

export const RELATED_DEBOUNCE_MS = 400;
export const RELATED_LIMIT = 5;
export const RELATED_SEARCH_URL = '/api/search';
/** Below this many words a query says too little to suggest anything. */
export const RELATED_MIN_WORDS = 3;

/**
 * Official fiches related to the question being typed (free: plain search, no credit), fetched from
 * POST /api/search after the user pauses typing. Failures show nothing: the suggestions are a bonus.
 */
export function useRelatedFiches(text: string, fetchImpl: typeof fetch = fetch): SearchResultItem[] {
  const [results, setResults] = useState<SearchResultItem[]>([]);
  const query = text.trim();
  const enough = countWords(query) >= RELATED_MIN_WORDS;

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
