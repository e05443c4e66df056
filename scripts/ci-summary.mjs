// Prints vitest's JSON report as the plain closing line "N passed, N failed, N skipped".
// A test file that fails outside any test (a hook that timed out, an import error) counts as one failure.
import fs from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.log('tests: no report written (the run stopped before the tests)');
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
const brokenFiles = (r.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
console.log(`${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles} failed, ${skipped} skipped`);
