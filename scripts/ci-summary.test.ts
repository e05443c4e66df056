import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'ci-summary.mjs');

function summarize(report: unknown): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-summary-'));
  const file = path.join(dir, 'vitest.json');
  fs.writeFileSync(file, JSON.stringify(report));
  try {
    return execFileSync(process.execPath, [script, file], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('ci-summary', () => {
  it('names each failed test and each file broken outside a test before the closing count', () => {
    const lines = summarize({
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 1,
      testResults: [
        { name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] },
        {
          name: 'b.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'failed', fullName: 'loop > stays short', failureMessages: ['\u001b[31mAssertionError: expected 120 to be <= 100\u001b[39m\n    at b.test.ts:3'] }],
        },
        { name: 'c.test.ts', status: 'failed', message: 'Hook timed out in 120000ms\nmore', assertionResults: [] },
      ],
    });
    expect(lines).toEqual([
      'FAILED b.test.ts > loop > stays short: AssertionError: expected 120 to be <= 100',
      'FAILED c.test.ts (outside any test): Hook timed out in 120000ms',
      '5 passed, 2 failed, 1 skipped',
    ]);
  });

  it('prints only the count when everything passed', () => {
    expect(summarize({ numPassedTests: 3, numFailedTests: 0, testResults: [] })).toEqual(['3 passed, 0 failed, 0 skipped']);
  });
});
