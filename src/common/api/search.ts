import { z } from 'zod';
import { countWords, MAX_QUESTION_CHARS, MAX_WORDS } from '../words';

/** French messages of GET /api/search. */
export const SEARCH_MESSAGES = {
  empty: 'Veuillez saisir une recherche.',
  tooLong: `Limite de mots atteinte (${MAX_WORDS} mots maximum).`,
  tooManyChars: 'Votre recherche est trop longue (6\u00a0000 caractères maximum).',
  notText: 'La recherche doit être un texte.',
  badLimit: 'Le nombre de résultats demandé doit être un entier entre 1 et 20.',
} as const;

export const SEARCH_MAX_LIMIT = 20;
export const SEARCH_DEFAULT_LIMIT = 5;

/** Query string of GET /api/search. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.notText })
    // Length first (and alone): a longer text is not read further.
    .refine((q) => q.length <= MAX_QUESTION_CHARS, { message: SEARCH_MESSAGES.tooManyChars, abort: true })
    .refine((q) => q.trim().length > 0, { message: SEARCH_MESSAGES.empty })
    .refine((q) => countWords(q) <= MAX_WORDS, { message: SEARCH_MESSAGES.tooLong })
    // Some letter is required: "???", "12 34" or control characters are not a text query.
    .refine((q) => /\p{L}/u.test(q) && !/\p{Cc}/u.test(q.replace(/[\t\n\r]/g, ' ')), { message: SEARCH_MESSAGES.notText }),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.badLimit })
    .int({ error: SEARCH_MESSAGES.badLimit })
    .min(1, { error: SEARCH_MESSAGES.badLimit })
    .max(SEARCH_MAX_LIMIT, { error: SEARCH_MESSAGES.badLimit })
    .default(SEARCH_DEFAULT_LIMIT),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  score: z.number(),
  snippet: z.string(),
  type: z.enum(['fiche', 'dossier', 'ressource']),
});

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  tookMs: z.number(),
});

export type SearchResultItem = z.infer<typeof searchResultSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * POST /api/search/question-check `{ question }`: whether a short question (one to three words) that fails
 * the French score passes all the same because the corpus knows its words (the same rule the answers API
 * applies). The question form asks it before sending such a text. A POST with a JSON body, so that the
 * question never appears in a URL (access logs, proxies, browser history); nothing is logged but the outcome.
 */
export const QUESTION_CHECK_MAX_LENGTH = 200;
export const questionCheckRequestSchema = z.object({
  question: z
    .string({ error: SEARCH_MESSAGES.notText })
    .max(QUESTION_CHECK_MAX_LENGTH, { error: 'La vérification porte sur une question courte (200 caractères au plus).' }),
});
export type QuestionCheckRequest = z.infer<typeof questionCheckRequestSchema>;
export const questionCheckResponseSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: z.enum(['empty', 'too_long', 'long_word', 'too_many_words', 'not_french']), message: z.string() }),
]);
export type QuestionCheckResponse = z.infer<typeof questionCheckResponseSchema>;
