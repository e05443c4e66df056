// Prints vitest's JSON report as the plain closing line "N passed, N failed, N skipped", preceded by one
// line per failure (file, test name, first line of its message), so that the tail of a CI log is enough to
// know what failed. A test file that fails outside any test (a hook that timed out, an import error)
// counts as one failure.
import fs from 'node:fs';
import path from 'node:path';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.log('tests: no report written (the run stopped before the tests)');
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) => String(text ?? '').replace(COLOURS, '').split('\n').find((l) => l.trim()) ?? '';
const failures = [];
for (const f of r.testResults ?? []) {
  const where = path.relative(process.cwd(), f.name ?? '');
  const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
  for (const a of failed) failures.push(`FAILED ${where} > ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0]).slice(0, 300)}`);
  if (f.status === 'failed' && failed.length === 0) failures.push(`FAILED ${where} (outside any test): ${firstLine(f.message).slice(0, 300)}`);
}
for (const line of failures) console.log(line);
const brokenFiles = (r.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
console.log(`${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles} failed, ${skipped} skipped`);
