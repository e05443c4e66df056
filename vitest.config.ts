import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const setupFiles = ['./test/setup/no-console-error.ts'];

export default defineConfig({
  test: {
    // The model of meaning is started only by the tests about it (src/server/modules/semantic), which name
    // it explicitly; every other process a test starts answers lexically.
    env: { EMBEDDINGS_LOCAL: 'off' },
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/{common,corpus,server}/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts'],
          setupFiles,
          globalSetup: ['./test/setup/search-index.ts'],
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: [...setupFiles, './test/setup/client.ts'],
          // userEvent types character by character: several seconds per test on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.api.test.ts', 'test/api/**/*.test.ts'],
          setupFiles,
          globalSetup: ['./test/setup/search-index.ts', './test/setup/postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles,
          globalSetup: ['./test/setup/search-index.ts', './test/setup/postgres.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Files run one after another in one worker: share the loaded search engine between them.
          isolate: false,
        },
      },
    ],
  },
});
