#!/usr/bin/env node
// `npm run audit`: `npm audit --omit=dev` (the packages the server runs with), failing on any high or
// critical advisory. When the npm registry cannot be reached the check cannot be made: it says so and
// exits 0 with a warning, so an offline CI run is not blocked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const FAILING = ['high', 'critical'];
const NETWORK_CODES = /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH|HOSTUNREACH)|ETIMEDOUT|network|socket hang up|getaddrinfo|fetch failed|UNABLE_TO_GET_ISSUER_CERT|SELF_SIGNED_CERT/i;

// AUDIT_REPORT=<file>: read a saved `npm audit --json` report instead of asking the registry (tests).
const run = process.env.AUDIT_REPORT
  ? { stdout: fs.readFileSync(process.env.AUDIT_REPORT, 'utf8'), stderr: '', status: 1 }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], {
      encoding: 'utf8',
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
      shell: process.platform === 'win32',
    });

function unreachable(reason) {
  console.warn(`audit: WARNING — the npm registry could not be reached (${reason}); no audit was made.`);
  process.exit(0);
}

if (run.error) {
  if (run.error.code === 'ETIMEDOUT' || NETWORK_CODES.test(String(run.error.message))) unreachable(run.error.message);
  console.error(`audit: could not run npm audit: ${run.error.message}`);
  process.exit(2);
}

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  const text = `${run.stdout}\n${run.stderr}`;
  if (NETWORK_CODES.test(text)) unreachable(text.trim().split('\n').slice(-1)[0]);
  console.error(`audit: npm audit gave no JSON report (exit ${run.status}):\n${text.trim()}`);
  process.exit(2);
}

if (typeof report.statusCode === 'number' && report.uri) {
  // The registry (or the proxy in front of it) answered the advisory endpoint with an HTTP error.
  unreachable(`advisory endpoint answered ${report.statusCode}: ${report.message ?? report.uri}`);
}

if (report.error) {
  const text = `${report.error.code ?? ''} ${report.error.summary ?? ''} ${report.error.detail ?? ''}`;
  if (NETWORK_CODES.test(text)) unreachable(text.trim());
  console.error(`audit: npm audit failed: ${text.trim()}`);
  process.exit(2);
}

const counts = report.metadata?.vulnerabilities ?? {};
const total = Object.entries(counts)
  .filter(([level]) => level !== 'total')
  .map(([level, n]) => `${level} ${n}`)
  .join(', ');
const deps = report.metadata?.dependencies?.prod ?? report.metadata?.dependencies?.total ?? '?';
console.log(`audit: ${deps} production dependencies; advisories: ${total || 'none'}`);

const failing = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
for (const v of failing) {
  const advisories = (v.via ?? [])
    .filter((via) => typeof via === 'object')
    .map((via) => `${via.title ?? 'advisory'} (${via.url ?? 'no url'})`);
  console.log(`  ${v.severity.toUpperCase()} ${v.name} ${v.range ?? ''}${advisories.length ? ` — ${advisories.join('; ')}` : ` — via ${(v.via ?? []).join(', ')}`}${v.fixAvailable ? ' [fix available]' : ''}`);
}

if (failing.length > 0) {
  console.error(`audit: ${failing.length} package(s) with a high or critical advisory.`);
  process.exit(1);
}
console.log('audit: no high or critical advisory.');
