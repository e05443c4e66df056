/**
 * The shape of the server's typed configuration (`loadConfig` in config.ts fills it once at start from the
 * environment): what each part of the server receives through the app, never from `process.env`.
 */
import type { LegalNotice } from './modules/legal-notice/legal-notice';
import type { Testimonials } from '../common/testimonials';

/** Which forwarding hops the server trusts (see README, « TRUST_PROXY »): off, a hop count, or proxy addresses. */
export type TrustProxy = false | number | string[];

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
  /** TRUST_PROXY: false, a hop count, or the proxies' addresses (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /** Extra origins allowed to POST to the API (comma-separated TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  siteTitle: string;
  contactEmail: string;
  /**
   * City lookup for the professionals links. `auto`: looked up on every home visit (a call to a third party
   * the visitor did not ask for, hence opt-in). The IP services (`primaryUrl`, `fallbackUrl`), when set, are what « Me localiser » asks after a
   * click; otherwise it sends the browser's rounded position to `reverseUrl` (null: no « Me localiser »).
   */
  geo: { auto: boolean; primaryUrl: string | null; fallbackUrl: string | null; reverseUrl: string | null };
  clientDistDir: string;
  rateLimitPerMinute: number;
  /** Bounds on slow and idle clients, and on the connections one address may hold. */
  connections: ConnectionLimits;
  /** GET /api/search per IP and minute (the related fiches under the question form call it while typing). */
  searchRateLimitPerMinute: number;
  /** Pré-dossier PDFs per minute, per account and per client address (modules/prefile/prefile-limits.ts). */
  pdfRateLimit: { perAccountPerMinute: number; perAddressPerMinute: number };
  showBackendStatus: boolean;
  auth: AuthConfig;
  mail: { smtpUrl: string | undefined; from: string };
  /** Language-model composition; undefined: extractive mode. */
  llm: LlmSettings | undefined;
  /** Rewrite of the question into legal search terms by the LLM (on with the LLM unless LLM_QUERY_REWRITE=false); undefined: off. */
  queryRewrite: { timeoutMs: number } | undefined;
  /** An operator's embeddings endpoint (EMBEDDINGS_BASE_URL + EMBEDDINGS_MODEL); it replaces the local model. */
  embeddings: EmbeddingsConfig | undefined;
  /** The local model of meaning (default install); undefined with `embeddings` or EMBEDDINGS_LOCAL=off. */
  localModel: LocalModelConfig | undefined;
  /** METRICS_TOKEN: without it, /metrics answers only direct loopback requests. */
  metricsToken: string | undefined;
  /** Publisher and host shown in /mentions.html (LEGAL_NOTICE_FILE, then the PUBLISHER_* and HOST_* variables). */
  legalNotice: LegalNotice;
  /** Real testimonials for the home page (TESTIMONIALS_FILE); null: the section shows example situations. */
  testimonials: Testimonials | null;
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
  /** Memory cap of the update's child process (its heap, and its data segment where `prlimit` exists). */
  maxMemoryMb: number;
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

/** The local model process (src/server/modules/semantic/model-process.ts). */
export interface LocalModelConfig {
  /** The virtual environment's python (EMBEDDINGS_LOCAL_VENV/bin/python). */
  python: string;
  /** scripts/semantic/serve.py. */
  script: string;
  threads?: number;
  /** Time limit of a question's vector. */
  timeoutMs: number;
  /** Units per request when computing the corpus's vectors. */
  batchSize: number;
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

export interface ConnectionLimits {
  /** Longest time to receive a whole request (headers and body). */
  requestTimeoutMs: number;
  /** Longest silence on a socket (nothing read, nothing written) before it is closed. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after its last response. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address (an IPv6 /64) may hold; 0: no limit. Trusted proxies are exempt. */
  maxPerIp: number;
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
  /**
   * Per window: `perIp` attempts from one address (an IPv6 /64); `perEmail` attempts for one e-mail (sign-up,
   * reset, confirmation) and free failed sign-ins of one e-mail + address pair before a growing delay;
   * `signInFailuresPerEmail` failed sign-ins for one e-mail from every address together.
   */
  rateLimit: { windowSeconds: number; perEmail: number; perIp: number; signInFailuresPerEmail: number };
  /** Set only when both the client id and the secret are configured. */
  google: OAuthProviderConfig | undefined;
  microsoft: (OAuthProviderConfig & { tenantId: string }) | undefined;
}
