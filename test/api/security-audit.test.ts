import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/audit.mjs (`npm run audit`) on saved `npm audit --json` reports: it fails on a high or critical
 * advisory, passes on lower ones, and only warns when the registry cannot be asked. (The live run needs
 * the registry: CI runs `npm run audit` itself.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-audit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function audit(report: unknown): { status: number | null; out: string } {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(report));
  const res = spawnSync(process.execPath, ['scripts/audit.mjs'], { encoding: 'utf8', env: { ...process.env, AUDIT_REPORT: file } });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

const vulnerability = (name: string, severity: string) => ({
  name,
  severity,
  range: '<1.2.3',
  via: [{ title: `Problème dans ${name}`, url: `https://github.com/advisories/${name}` }],
  fixAvailable: true,
});
const metadata = (counts: Record<string, number>) => ({ vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts }, dependencies: { prod: 120 } });

describe('scripts/audit.mjs', () => {
  it('fails (exit 1) on a high or a critical advisory and names the package', () => {
    for (const severity of ['high', 'critical']) {
      const res = audit({ vulnerabilities: { paquet: vulnerability('paquet', severity) }, metadata: metadata({ [severity]: 1 }) });
      expect(res.status, res.out).toBe(1);
      expect(res.out).toContain(`${severity.toUpperCase()} paquet`);
      expect(res.out).toContain('https://github.com/advisories/paquet');
    }
  });

  it('passes (exit 0) with only low and moderate advisories, or none', () => {
    const low = audit({ vulnerabilities: { a: vulnerability('a', 'low'), b: vulnerability('b', 'moderate') }, metadata: metadata({ low: 1, moderate: 1 }) });
    expect(low.status, low.out).toBe(0);
    expect(low.out).toContain('no high or critical advisory');
    const none = audit({ auditReportVersion: 2, vulnerabilities: {}, metadata: metadata({}) });
    expect(none.status, none.out).toBe(0);
  });

  it('only warns (exit 0) when the registry cannot be asked, but fails on other errors', () => {
    const offline = audit({ error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed, reason: getaddrinfo ENOTFOUND', detail: '' } });
    expect(offline.status, offline.out).toBe(0);
    expect(offline.out).toMatch(/WARNING.*could not be reached/);
    const refused = audit({ message: '405 Method Not Allowed', uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 });
    expect(refused.status, refused.out).toBe(0);
    expect(refused.out).toMatch(/WARNING/);
    const broken = audit({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.', detail: '' } });
    expect(broken.status, broken.out).toBe(2);
  });
});
