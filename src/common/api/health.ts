import { z } from 'zod';

/**
 * Health endpoints (src/server/modules/health):
 * - GET /api/health/live  — liveness: the process answers; never touches the database (always 200).
 * - GET /api/health/ready — readiness: database ping (bounded by a short timeout) and search index
 *   loaded; 503 with a French message when the instance should not receive traffic.
 * - GET /api/health       — the original check (database only), kept for the home badge and scripts;
 *   it also describes the search index in service and its scheduled update (`corpus`).
 */

/** The search index in service and, unless CORPUS_UPDATE_URLS=off, its scheduled update. */
export const corpusHealthSchema = z.object({
  /** Date of the newest fiche (YYYY-MM-DD). */
  date: z.string(),
  fiches: z.number().int().nonnegative(),
  /** When this index was built (ISO). */
  builtAt: z.string(),
  /**
   * Each source of the data with its newest date (YYYY-MM-DD): service-public.fr, travail-emploi.gouv.fr (the
   * labour ministry), legifrance.gouv.fr (the codes).
   */
  sources: z.array(z.object({ name: z.string(), date: z.string() })),
  update: z
    .object({
      running: z.boolean(),
      lastAttemptAt: z.string().optional(),
      /** updated | unchanged | download_failed | timeout | too_large | invalid_archive | build_failed | check_failed | swap_failed | out_of_memory */
      lastOutcome: z.string().optional(),
      /** French reason of the last failure. */
      lastMessage: z.string().optional(),
      lastSuccessAt: z.string().optional(),
      lastUpdatedAt: z.string().optional(),
      /** Attempts that failed in a row (absent after a success): the next ones are spaced out. */
      consecutiveFailures: z.number().int().positive().optional(),
      nextAt: z.string().optional(),
    })
    .optional(),
});

export type CorpusHealth = z.infer<typeof corpusHealthSchema>;

/**
 * The model of meaning (src/server/modules/semantic): `starting`, `building` (the corpus's vectors are being
 * computed: `progress` 0..1), `ready`, or `off` with its French `reason` (answers then use the lexical search
 * alone). `model`: the local model's name or the operator's; `restarts`: times the local process was started again.
 */
export const embeddingsHealthSchema = z.object({
  state: z.enum(['starting', 'building', 'ready', 'off']),
  model: z.string().optional(),
  progress: z.number().min(0).max(1).optional(),
  reason: z.string().optional(),
  restarts: z.number().int().nonnegative().optional(),
});

export type EmbeddingsHealth = z.infer<typeof embeddingsHealthSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
  corpus: corpusHealthSchema.optional(),
  embeddings: embeddingsHealthSchema,
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const liveResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
});

export type LiveResponse = z.infer<typeof liveResponseSchema>;

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** `timeout`: the ping did not answer within the probe timeout (database unreachable or overloaded). */
  db: z.enum(['ok', 'error', 'timeout']),
  index: z.enum(['ok', 'missing']),
  /** French explanation, present when not ready. */
  message: z.string().optional(),
});

export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export const HEALTH_MESSAGES = {
  dbUnavailable: 'Le service est momentanément indisponible\u202f: la base de données ne répond pas.',
  indexMissing: "Le service est momentanément indisponible\u202f: l'index de recherche n'est pas chargé.",
} as const;
