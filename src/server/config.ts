import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { legalNoticeSchema, type LegalNotice } from './modules/legal-notice/legal-notice';
import { readTestimonialsFile, TestimonialsFileError } from './modules/testimonials/testimonials-file';
import type { Testimonials } from '../common/testimonials';
import { DEFAULT_CORPUS_UPDATE_URLS } from '../corpus/sources';
import type { Config, TrustProxy } from './config-types';

export type { AuthConfig, Config, ConnectionLimits, CorpusUpdateSettings, EmbeddingsConfig, LlmSettings, LocalModelConfig, OAuthProviderConfig, TrustProxy } from './config-types';

/**
 * Typed configuration, read once at start from the environment (see README, « Configuration »).
 * Nothing else in the server reads `process.env`: the config object is passed to `buildApp`.
 */

const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
/** A yes/no switch whose absence (or empty value) leaves the decision to the code: undefined. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => (v === '' ? undefined : ['true', '1', 'yes', 'on'].includes(v)))
  .optional();
const optionalUrl = z.url().optional();
const positiveInt = z.coerce.number().int().positive();

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length (10.0.0.0/8, 2001:db8::/32). */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_MESSAGE =
  "doit valoir false, un nombre de proxys (1, 2…) ou une liste d'adresses de proxys (127.0.0.1,10.0.0.0/8)";

/**
 * TRUST_PROXY: `false` (default), a number of proxy hops in front of the server (`1`: one proxy that appends
 * the client's address to X-Forwarded-For; `true` means 1), or a comma-separated list of the proxies'
 * addresses or CIDR ranges. Never « trust everything »: the leftmost X-Forwarded-For is written by the client.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const v = raw.trim().toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(v)) return false;
    if (['true', 'yes', 'on'].includes(v)) return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    } else {
      const list = v.split(',').map((a) => a.trim()).filter(Boolean);
      if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

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
  TRUST_PROXY: trustProxy,
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url('chaque origine doit être une URL (https://exemple.fr)'))),
  SITE_TITLE: z.string().min(1).default('QuestionLegale.info'),
  CONTACT_EMAIL: z.email().default('contact@questionlegale.info'),
  // City lookup: nothing automatic unless GEO_AUTO=true (then two public IP services unless set).
  GEO_AUTO: bool.default(false),
  GEO_PRIMARY_URL: optionalUrl,
  GEO_FALLBACK_URL: optionalUrl,
  GEO_REVERSE_URL: z
    .union([z.url(), z.literal('off')])
    .default('https://api-adresse.data.gouv.fr/reverse/'),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist/client'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  // Slow or idle clients (see README, « Délais et connexions »).
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  CONNECTION_TIMEOUT_MS: positiveInt.default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(10_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(50),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  PDF_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(6),
  PDF_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  SHOW_BACKEND_STATUS: bool.default(false),
  // Accounts — see docs/decisions/0002-accounts.md
  AUTH_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  // Default: on in production, off otherwise (set below, it depends on NODE_ENV).
  REQUIRE_EMAIL_VERIFICATION: bool.optional(),
  AUTH_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  AUTH_SESSION_UPDATE_AGE_SECONDS: z.coerce.number().int().positive().default(24 * 3600),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_SIGN_IN_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(50),
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
  // Retrieval models: a dense channel (embeddings, off by default) and a rewrite of the question by the
  // LLM (on by default when the LLM is configured: it brings the fiche that answers far more often; an
  // empty value counts as unset).
  LLM_QUERY_REWRITE: optionalBool,
  LLM_QUERY_REWRITE_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(3000),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(1500),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(32),
  // The local model of meaning (scripts/semantic/install-model.sh puts it in .venv): started as a child
  // process unless EMBEDDINGS_BASE_URL names another endpoint or EMBEDDINGS_LOCAL=off.
  EMBEDDINGS_LOCAL: z.enum(['auto', 'off']).default('auto'),
  EMBEDDINGS_LOCAL_VENV: z.string().min(1).default('.venv'),
  EMBEDDINGS_LOCAL_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  // Legal notice (/mentions.html): publisher and host, one by one or all in one JSON file.
  PUBLISHER_NAME: z.string().max(500).optional(),
  PUBLISHER_ADDRESS: z.string().max(500).optional(),
  PUBLISHER_PHONE: z.string().max(500).optional(),
  PUBLISHER_EMAIL: z.email().optional(),
  PUBLISHER_REGISTRATION: z.string().max(500).optional(),
  PUBLISHER_DIRECTOR: z.string().max(500).optional(),
  HOST_NAME: z.string().max(500).optional(),
  HOST_ADDRESS: z.string().max(500).optional(),
  HOST_PHONE: z.string().max(500).optional(),
  LEGAL_NOTICE_FILE: z.string().min(1).optional(),
  // Home page testimonials: the operator's real ones (a JSON file); without it, example situations.
  TESTIMONIALS_FILE: z.string().min(1).optional(),
  // Operations: bearer token opening GET /metrics beyond the loopback interface.
  METRICS_TOKEN: z.string().min(16, 'doit contenir au moins 16 caractères').optional(),
  // Scheduled corpus update: DILA archives downloaded, indexed aside, checked and swapped in. Unset (or
  // empty): the official archives (DEFAULT_CORPUS_UPDATE_URLS); `off`: no scheduled update.
  CORPUS_UPDATE_URLS: z
    .string()
    .default('')
    .transform((v) => (v.trim().toLowerCase() === 'off' ? [] : (v.trim() ? v : DEFAULT_CORPUS_UPDATE_URLS.join(',')).split(',').map((u) => u.trim()).filter(Boolean)))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'chaque archive doit être une URL http(s), ou « off »' }))),
  CORPUS_UPDATE_HOURS: z.coerce.number().min(0.01).max(24 * 365).default(24),
  CORPUS_UPDATE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(900),
  CORPUS_UPDATE_MAX_MB: z.coerce.number().int().positive().max(10_000).default(300),
  CORPUS_UPDATE_MAX_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(2048),
});

export type Env = z.input<typeof envSchema>;

/** The IP services of the automatic city lookup (GEO_AUTO) when the operator names none. */
const AUTO_GEO_PRIMARY_URL = 'http://ip-api.com/json/?fields=status,city&lang=fr';
const AUTO_GEO_FALLBACK_URL = 'https://ipapi.co/json/';

function geoSettings(e: z.infer<typeof envSchema>): Config['geo'] {
  const reverseUrl = e.GEO_REVERSE_URL === 'off' ? null : e.GEO_REVERSE_URL;
  if (e.GEO_AUTO) {
    // Automatic lookup: the two default services unless the operator named others.
    const primaryUrl = e.GEO_PRIMARY_URL ?? AUTO_GEO_PRIMARY_URL;
    const fallbackUrl = e.GEO_FALLBACK_URL ?? (e.GEO_PRIMARY_URL ? null : AUTO_GEO_FALLBACK_URL);
    return { auto: true, primaryUrl, fallbackUrl, reverseUrl };
  }
  return { auto: false, primaryUrl: e.GEO_PRIMARY_URL ?? null, fallbackUrl: e.GEO_PRIMARY_URL ? (e.GEO_FALLBACK_URL ?? null) : null, reverseUrl };
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
        return `${name}=${JSON.stringify(env[name] ?? '')}\u202f: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.LLM_QUERY_REWRITE && !(e.LLM_BASE_URL && e.LLM_MODEL)) {
    problems.push(`LLM_QUERY_REWRITE=${JSON.stringify(env.LLM_QUERY_REWRITE ?? '')}\u202f: demande LLM_BASE_URL et LLM_MODEL`);
  }
  if (Boolean(e.EMBEDDINGS_BASE_URL) !== Boolean(e.EMBEDDINGS_MODEL)) {
    const missing = e.EMBEDDINGS_BASE_URL ? 'EMBEDDINGS_MODEL' : 'EMBEDDINGS_BASE_URL';
    problems.push(`${missing}=""\u202f: requis avec ${missing === 'EMBEDDINGS_MODEL' ? 'EMBEDDINGS_BASE_URL' : 'EMBEDDINGS_MODEL'}`);
  }
  if (e.CONNECTION_TIMEOUT_MS <= e.LLM_TIMEOUT_MS && e.LLM_BASE_URL && e.LLM_MODEL) {
    // A streamed answer may stay silent up to LLM_TIMEOUT_MS while the model thinks: the socket must outlive it.
    problems.push(`CONNECTION_TIMEOUT_MS=${JSON.stringify(env.CONNECTION_TIMEOUT_MS ?? String(e.CONNECTION_TIMEOUT_MS))}\u202f: doit être supérieur à LLM_TIMEOUT_MS (${e.LLM_TIMEOUT_MS})`);
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
    geo: geoSettings(e),
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    searchRateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
    pdfRateLimit: { perAccountPerMinute: e.PDF_RATE_LIMIT_PER_ACCOUNT, perAddressPerMinute: e.PDF_RATE_LIMIT_PER_IP },
    showBackendStatus: e.SHOW_BACKEND_STATUS,
    auth: {
      secret: e.AUTH_SECRET,
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION ?? e.NODE_ENV === 'production',
      sessionTtlSeconds: e.AUTH_SESSION_TTL_SECONDS,
      sessionUpdateAgeSeconds: e.AUTH_SESSION_UPDATE_AGE_SECONDS,
      rateLimit: {
        windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
        perIp: e.AUTH_RATE_LIMIT_PER_IP,
        signInFailuresPerEmail: e.AUTH_SIGN_IN_FAILURES_PER_EMAIL,
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
    queryRewrite: (e.LLM_QUERY_REWRITE ?? true) && e.LLM_BASE_URL && e.LLM_MODEL ? { timeoutMs: e.LLM_QUERY_REWRITE_TIMEOUT_MS } : undefined,
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
    localModel:
      e.EMBEDDINGS_LOCAL === 'auto' && !(e.EMBEDDINGS_BASE_URL && e.EMBEDDINGS_MODEL)
        ? {
            python: path.resolve(e.EMBEDDINGS_LOCAL_VENV, 'bin', 'python'),
            script: path.resolve('scripts', 'semantic', 'serve.py'),
            ...(e.EMBEDDINGS_LOCAL_THREADS ? { threads: e.EMBEDDINGS_LOCAL_THREADS } : {}),
            timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
            // Small batches: a question waits for the batch in progress while the vectors are computed.
            batchSize: Math.min(e.EMBEDDINGS_BATCH_SIZE, 16),
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
            maxMemoryMb: e.CORPUS_UPDATE_MAX_MEMORY_MB,
          }
        : undefined,
    legalNotice: loadLegalNotice(e),
    testimonials: loadTestimonials(e.TESTIMONIALS_FILE),
  };
}

/** LEGAL_NOTICE_FILE (JSON: `{ "publisher": { … }, "host": { … } }`), each PUBLISHER_* / HOST_* variable overriding it. */
function loadLegalNotice(e: z.infer<typeof envSchema>): LegalNotice {
  let fromFile: unknown = {};
  if (e.LEGAL_NOTICE_FILE) {
    try {
      fromFile = JSON.parse(fs.readFileSync(path.resolve(e.LEGAL_NOTICE_FILE), 'utf8')) as unknown;
    } catch (err) {
      const why = err instanceof SyntaxError ? 'JSON invalide' : 'fichier illisible';
      throw new ConfigError([`LEGAL_NOTICE_FILE=${JSON.stringify(e.LEGAL_NOTICE_FILE)}\u202f: ${why}`]);
    }
  }
  const parsedFile = legalNoticeSchema.safeParse(fromFile);
  if (!parsedFile.success) {
    const issue = parsedFile.error.issues[0];
    throw new ConfigError([
      `LEGAL_NOTICE_FILE=${JSON.stringify(e.LEGAL_NOTICE_FILE)}\u202f: ${issue?.path.join('.') || 'contenu'} ${issue?.message ?? 'invalide'} (attendu\u202f: { "publisher": { "name", "address", "phone", "email", "registration", "director" }, "host": { "name", "address", "phone" } })`,
    ]);
  }
  const clean = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  const overlay = <T extends Record<string, string | undefined>>(base: T, vars: Record<keyof T, string | undefined>): T => {
    const out = { ...base };
    for (const key of Object.keys(vars) as (keyof T)[]) {
      const value = clean(vars[key]);
      if (value) out[key] = value as T[keyof T];
    }
    return out;
  };
  return {
    publisher: overlay(parsedFile.data.publisher, {
      name: e.PUBLISHER_NAME,
      address: e.PUBLISHER_ADDRESS,
      phone: e.PUBLISHER_PHONE,
      email: e.PUBLISHER_EMAIL,
      registration: e.PUBLISHER_REGISTRATION,
      director: e.PUBLISHER_DIRECTOR,
    }),
    host: overlay(parsedFile.data.host, { name: e.HOST_NAME, address: e.HOST_ADDRESS, phone: e.HOST_PHONE }),
  };
}

/** TESTIMONIALS_FILE, checked at start (modules/testimonials): a bad file stops the server naming the field. */
function loadTestimonials(file: string | undefined): Testimonials | null {
  if (!file) return null;
  try {
    return readTestimonialsFile(file);
  } catch (err) {
    if (err instanceof TestimonialsFileError) throw new ConfigError([`TESTIMONIALS_FILE=${JSON.stringify(file)}\u202f: ${err.message}`]);
    throw err;
  }
}
