import { defaultTestIndexDir, loadSearchEngine } from '../../src/corpus/index-lifecycle';

/**
 * Builds the search index into the shared test cache before any test file needs it (about a minute on a
 * fresh machine, instant afterwards), so no test spends its own timeout on it.
 */
export default async function setup(): Promise<void> {
  const started = Date.now();
  await loadSearchEngine({ indexDir: defaultTestIndexDir() });
  const ms = Date.now() - started;
  if (ms > 5000) process.stdout.write(`search index built for the tests in ${(ms / 1000).toFixed(1)} s\n`);
}
