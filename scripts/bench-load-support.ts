/**
 * The testable parts of `npm run bench:load` (scripts/bench-load.ts): argument parsing, a typed wrapper
 * of autocannon, the per-target summary of its result, the pass/fail decision, the table, and the README
 * section rewrite. Everything but `runLoad` is pure; scripts/bench-load-support.test.ts checks them.
 */
import { createRequire } from 'node:module';

export const README_START = '<!-- bench-load:start -->';
export const README_END = '<!-- bench-load:end -->';

export interface LoadOptions {
  /** Seconds of load per target. */
  durationSeconds: number;
  /** Concurrent connections kept open by the load generator. */
  connections: number;
  /** Accounts created through the API for the answer and sign-in targets. */
  users: number;
  /** Run the compiled server (dist/server/server.js) instead of the TypeScript sources. */
  prod: boolean;
  /** Rewrite the README section (off with --no-readme). */
  readme: boolean;
  /** Only these targets (ids), all when empty. */
  only: string[];
}

export const TARGET_IDS = ['home', 'asset', 'search', 'answers', 'sign-in'] as const;
export type TargetId = (typeof TARGET_IDS)[number];

export const USAGE = [
  'Usage : npm run bench:load -- [options]',
  '  --duration <s>      durée de charge par cible, en secondes (défaut 10)',
  '  --connections <n>   connexions simultanées (défaut 10)',
  '  --users <n>         comptes créés pour les réponses et les connexions (défaut 50)',
  '  --prod              serveur compilé (dist/server/server.js, `npm run build`)',
  `  --only <cibles>     sous-ensemble, séparé par des virgules (${TARGET_IDS.join(', ')})`,
  '  --no-readme         ne réécrit pas la section « Charge » du README',
  'Environnement : DATABASE_URL (PostgreSQL ; sinon PGlite dans un dossier temporaire), INDEX_DIR.',
].join('\n');

export class UsageError extends Error {}

function positiveInt(flag: string, raw: string | undefined, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) throw new UsageError(`${flag} attend un nombre entier positif.`);
  const n = Number(raw);
  if (n < 1 || n > max) throw new UsageError(`${flag} doit être compris entre 1 et ${max}.`);
  return n;
}

export function parseArgs(argv: readonly string[]): LoadOptions {
  const options: LoadOptions = { durationSeconds: 10, connections: 10, users: 50, prod: false, readme: true, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--duration':
        options.durationSeconds = positiveInt(flag, value(), 3600);
        break;
      case '--connections':
        options.connections = positiveInt(flag, value(), 1000);
        break;
      case '--users':
        options.users = positiveInt(flag, value(), 10_000);
        break;
      case '--prod':
        options.prod = true;
        break;
      case '--no-readme':
        options.readme = false;
        break;
      case '--only': {
        const ids = (value() ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        const unknown = ids.filter((id) => !(TARGET_IDS as readonly string[]).includes(id));
        if (ids.length === 0 || unknown.length > 0) throw new UsageError(`--only : cible inconnue (${unknown.join(', ') || 'aucune'}).`);
        options.only = ids;
        break;
      }
      case '--help':
      case '-h':
        throw new UsageError(USAGE);
      default:
        throw new UsageError(`Option inconnue : ${arg}\n${USAGE}`);
    }
  }
  return options;
}

/** The fields of an autocannon result that the summary reads. */
export interface LoadRunResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number; totalCount?: number };
  requests: { total: number; average: number };
}

/** One request of an autocannon run, as `setupRequest` receives and returns it. */
export interface AcRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface AcOptions {
  url: string;
  connections: number;
  /** Seconds (ignored when `amount` is set). */
  duration?: number;
  /** Stop after this many requests. */
  amount?: number;
  /** Seconds before a request counts as a timeout. */
  timeout?: number;
  requests?: Array<Partial<AcRequest> & { setupRequest?: (req: AcRequest) => AcRequest }>;
}

type Autocannon = (opts: AcOptions, cb: (err: Error | null, result: LoadRunResult) => void) => unknown;

/** autocannon (no published types) run in this process; resolves with its aggregated result. */
export function runLoad(opts: AcOptions): Promise<LoadRunResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export interface TargetSummary {
  id: string;
  label: string;
  /** Completed requests (any status). */
  requests: number;
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  /** Replies outside 2xx. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Status code → count, for the failure message. */
  statusCodes: Record<string, number>;
  /** Highest resident memory of the server sampled during this target, in MiB. */
  rssMb: number;
}

export function summarise(id: string, label: string, r: LoadRunResult, rssMb: number): TargetSummary {
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats)) statusCodes[code] = s.count;
  return {
    id,
    label,
    requests: r.requests.total,
    requestsPerSecond: r.duration > 0 ? r.requests.total / r.duration : 0,
    medianMs: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    // autocannon counts a timeout both as a timeout and as an error.
    errors: Math.max(r.errors, r.timeouts),
    statusCodes,
    rssMb,
  };
}

/**
 * The run fails when any target saw an error, a timeout or a reply outside 2xx, or completed no request:
 * the figures are only reported for a level of load the server carries without loss.
 */
export function failures(summaries: readonly TargetSummary[]): string[] {
  const out: string[] = [];
  for (const s of summaries) {
    if (s.requests === 0) out.push(`${s.label} : aucune requête aboutie.`);
    if (s.errors > 0) out.push(`${s.label} : ${s.errors} erreur(s) de connexion ou délai dépassé.`);
    if (s.non2xx > 0) {
      const codes = Object.entries(s.statusCodes)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ');
      out.push(`${s.label} : ${s.non2xx} réponse(s) hors 2xx (${codes}).`);
    }
  }
  return out;
}

const fr1 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 0 });
const fr0 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** French number formatting with ordinary spaces (the README is plain text). */
export function formatNumber(n: number, digits: 0 | 1 = 0): string {
  if (!Number.isFinite(n)) return '—';
  return (digits === 1 ? fr1 : fr0).format(n).replace(/[\u202f\u00a0]/g, ' ');
}

export interface RunMeta {
  date: string;
  cpus: number;
  node: string;
  /** Load average of the machine (1 min), e.g. « 0,8 avant, 2,1 après ». */
  loadAverage: string;
  durationSeconds: number;
  connections: number;
  users: number;
  database: 'PGlite' | 'PostgreSQL';
  server: 'sources (tsx)' | 'compilé (dist)';
  peakRssMb: number;
}

export function formatTable(summaries: readonly TargetSummary[], meta: RunMeta): string[] {
  const errorsCell = (s: TargetSummary): string => String(s.non2xx + s.errors);
  return [
    `Mesuré par \`npm run bench:load\` le ${meta.date} (${meta.cpus} cœurs, Node ${meta.node}, charge moyenne de la machine ${meta.loadAverage}) : ` +
      `serveur ${meta.server} sur ${meta.database}, autocannon sur la boucle locale, ${meta.connections} connexions, ` +
      `${meta.durationSeconds} s par cible, ${meta.users} comptes.`,
    '',
    '| Cible | Requêtes/s | Médiane | p99 | Requêtes | Erreurs ou réponses hors 2xx | Mémoire max. du serveur |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...summaries.map(
      (s) =>
        `| ${s.label} | ${formatNumber(s.requestsPerSecond)} | ${formatNumber(s.medianMs, 1)} ms | ${formatNumber(s.p99Ms, 1)} ms | ` +
        `${formatNumber(s.requests)} | ${errorsCell(s)} | ${formatNumber(s.rssMb)} Mo |`,
    ),
    '',
    `Pic de mémoire résidente du serveur sur toute la mesure (VmHWM) : ${formatNumber(meta.peakRssMb)} Mo.`,
  ];
}

/**
 * Replaces what lies between `start` and `end` (markers kept) with `body`; undefined when a marker is
 * missing or out of order, so the caller never writes a README it could not place the table in.
 */
export function replaceSection(text: string, start: string, end: string, body: string): string | undefined {
  const i = text.indexOf(start);
  const j = text.indexOf(end, i < 0 ? 0 : i + start.length);
  if (i < 0 || j < 0) return undefined;
  return `${text.slice(0, i + start.length)}\n${body.replace(/\n+$/, '')}\n${text.slice(j)}`;
}

/** The entry script of the built client, read from dist/client/index.html (a content-hashed file). */
export function hashedAssetPath(indexHtml: string): string | undefined {
  return /<script[^>]*\ssrc="(\/assets\/[^"?#]+\.js)"/.exec(indexHtml)?.[1];
}

/** Distinct phrasings of the evaluation sets, in file order, at most `max`. */
export function distinctPhrasings(sets: ReadonlyArray<ReadonlyArray<{ variants: readonly string[] }>>, max: number): string[] {
  const seen = new Set<string>();
  for (const set of sets) {
    for (const item of set) {
      for (const v of item.variants) {
        const q = v.trim();
        if (q && !seen.has(q)) seen.add(q);
        if (seen.size >= max) return [...seen];
      }
    }
  }
  return [...seen];
}

