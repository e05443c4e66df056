import path from 'node:path';
import { z } from 'zod';

/**
 * Typed configuration, read once at start from the environment (see README, « Configuration »).
 * Nothing else in the server reads `process.env`: the config object is passed to `buildApp`.
 */

const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const optionalUrl = z.url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  INDEX_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
    .optional(),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url('chaque origine doit être une URL (https://exemple.fr)'))),
  SITE_TITLE: z.string().min(1).default('QuestionLegale.info'),
  CONTACT_EMAIL: z.email().default('contact@questionlegale.info'),
  GEO_PRIMARY_URL: z.url().default('http://ip-api.com/json/?fields=status,city&lang=fr'),
  GEO_FALLBACK_URL: z.url().default('https://ipapi.co/json/'),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist/client'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  SHOW_BACKEND_STATUS: bool.default(false),
  // Accounts — see docs/decisions/0002-accounts.md
  AUTH_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  AUTH_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  AUTH_SESSION_UPDATE_AGE_SECONDS: z.coerce.number().int().positive().default(24 * 3600),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z.string().regex(/^[\w.-]+$/, 'identifiant de locataire invalide').default('common'),
  MICROSOFT_DISCOVERY_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('QuestionLegale.info <no-reply@questionlegale.info>'),
  // Answers: "llm" composition mode when LLM_BASE_URL and LLM_MODEL are set.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  LLM_TOTAL_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  // Retrieval models, off by default: a dense channel (embeddings) and a rewrite of the question (LLM).
  LLM_QUERY_REWRITE: bool.default(false),
  LLM_QUERY_REWRITE_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(3000),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(1500),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(32),
  // Operations: bearer token opening GET /metrics beyond the loopback interface.
  METRICS_TOKEN: z.string().min(16, 'doit contenir au moins 16 caractères').optional(),
  // Scheduled corpus update: DILA archives downloaded, indexed aside, checked and swapped in.
  CORPUS_UPDATE_URLS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'chaque archive doit être une URL http(s)' }))),
  CORPUS_UPDATE_HOURS: z.coerce.number().min(0.01).max(24 * 365).default(24),
  CORPUS_UPDATE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(900),
  CORPUS_UPDATE_MAX_MB: z.coerce.number().int().positive().max(10_000).default(300),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Where the built search index is kept (default DATA_DIR/index). */
  indexDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  /** Extra origins allowed to POST to the API (comma-separated TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  siteTitle: string;
  contactEmail: string;
  geo: { primaryUrl: string; fallbackUrl: string };
  clientDistDir: string;
  rateLimitPerMinute: number;
  /** GET /api/search per IP and minute (the related fiches under the question form call it while typing). */
  searchRateLimitPerMinute: number;
  showBackendStatus: boolean;
  auth: AuthConfig;
  mail: { smtpUrl: string | undefined; from: string };
  /** Language-model composition; undefined: extractive mode. */
  llm: LlmSettings | undefined;
  /** Rewrite of the question into legal search terms by the LLM (LLM_QUERY_REWRITE); undefined: off. */
  queryRewrite: { timeoutMs: number } | undefined;
  /** Dense retrieval channel (EMBEDDINGS_BASE_URL + EMBEDDINGS_MODEL); undefined: lexical search alone. */
  embeddings: EmbeddingsConfig | undefined;
  /** METRICS_TOKEN: without it, /metrics answers only direct loopback requests. */
  metricsToken: string | undefined;
  /** Scheduled corpus update (CORPUS_UPDATE_URLS); undefined: the index changes only on restart or by command. */
  corpusUpdate: CorpusUpdateSettings | undefined;
}

export interface CorpusUpdateSettings {
  /** DILA « vos droits » zip archives, downloaded together. */
  urls: string[];
  /** Time between two updates. */
  intervalHours: number;
  /** Longest time for downloading all the archives. */
  downloadTimeoutMs: number;
  /** Largest size of one archive. */
  maxBytes: number;
}

/** An OpenAI-compatible chat-completions endpoint (same shape as the composer's LlmConfig). */
export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the first byte, and longest silence between chunks. */
  timeoutMs: number;
  /** Longest time for the whole answer. */
  totalTimeoutMs: number;
}

/** An OpenAI-compatible embeddings endpoint (`POST {baseUrl}/embeddings`). */
export interface EmbeddingsConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Time limit of a question's vector. */
  timeoutMs: number;
  /** Fiches per request when computing the fiche vectors. */
  batchSize: number;
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface AuthConfig {
  /** AUTH_SECRET; when absent the server keeps a generated one in DATA_DIR/auth-secret. */
  secret: string | undefined;
  requireEmailVerification: boolean;
  sessionTtlSeconds: number;
  sessionUpdateAgeSeconds: number;
  rateLimit: { windowSeconds: number; perEmail: number; perIp: number };
  /** Set only when both the client id and the secret are configured. */
  google: OAuthProviderConfig | undefined;
  microsoft: (OAuthProviderConfig & { tenantId: string }) | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Configuration invalide / invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        return `${name}=${JSON.stringify(env[name] ?? '')} : ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.LLM_QUERY_REWRITE && !(e.LLM_BASE_URL && e.LLM_MODEL)) {
    problems.push(`LLM_QUERY_REWRITE=${JSON.stringify(env.LLM_QUERY_REWRITE ?? '')} : demande LLM_BASE_URL et LLM_MODEL`);
  }
  if (Boolean(e.EMBEDDINGS_BASE_URL) !== Boolean(e.EMBEDDINGS_MODEL)) {
    const missing = e.EMBEDDINGS_BASE_URL ? 'EMBEDDINGS_MODEL' : 'EMBEDDINGS_BASE_URL';
    problems.push(`${missing}="" : requis avec ${missing === 'EMBEDDINGS_MODEL' ? 'EMBEDDINGS_BASE_URL' : 'EMBEDDINGS_MODEL'}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    indexDir: path.resolve(e.INDEX_DIR ?? path.join(e.DATA_DIR, 'index')),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    trustedOrigins: e.TRUSTED_ORIGINS.map((o) => new URL(o).origin),
    siteTitle: e.SITE_TITLE,
    contactEmail: e.CONTACT_EMAIL,
    geo: { primaryUrl: e.GEO_PRIMARY_URL, fallbackUrl: e.GEO_FALLBACK_URL },
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    searchRateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
    showBackendStatus: e.SHOW_BACKEND_STATUS,
    auth: {
      secret: e.AUTH_SECRET,
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
      sessionTtlSeconds: e.AUTH_SESSION_TTL_SECONDS,
      sessionUpdateAgeSeconds: e.AUTH_SESSION_UPDATE_AGE_SECONDS,
      rateLimit: {
        windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
        perIp: e.AUTH_RATE_LIMIT_PER_IP,
      },
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
          : undefined,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              tenantId: e.MICROSOFT_TENANT_ID,
              discoveryUrl:
                e.MICROSOFT_DISCOVERY_URL ??
                `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0/.well-known/openid-configuration`,
            }
          : undefined,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL,
            ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}),
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
            totalTimeoutMs: e.LLM_TOTAL_TIMEOUT_MS,
          }
        : undefined,
    queryRewrite: e.LLM_QUERY_REWRITE && e.LLM_BASE_URL && e.LLM_MODEL ? { timeoutMs: e.LLM_QUERY_REWRITE_TIMEOUT_MS } : undefined,
    embeddings:
      e.EMBEDDINGS_BASE_URL && e.EMBEDDINGS_MODEL
        ? {
            baseUrl: e.EMBEDDINGS_BASE_URL,
            ...(e.EMBEDDINGS_API_KEY ? { apiKey: e.EMBEDDINGS_API_KEY } : {}),
            model: e.EMBEDDINGS_MODEL,
            timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
            batchSize: e.EMBEDDINGS_BATCH_SIZE,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    corpusUpdate:
      e.CORPUS_UPDATE_URLS.length > 0
        ? {
            urls: e.CORPUS_UPDATE_URLS,
            intervalHours: e.CORPUS_UPDATE_HOURS,
            downloadTimeoutMs: e.CORPUS_UPDATE_TIMEOUT_SECONDS * 1000,
            maxBytes: e.CORPUS_UPDATE_MAX_MB * 1_000_000,
          }
        : undefined,
  };
}
