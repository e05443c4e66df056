import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../support/pg-cluster';

/**
 * Starts a throwaway PostgreSQL cluster on a loopback port for the api and e2e projects
 * (test/support/pg-cluster.ts). TEST_DATABASE_URL, when set, is used instead (an existing server; each
 * test file makes its own database).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgUrl', process.env.TEST_DATABASE_URL);
    return () => undefined;
  }
  const cluster = await startPgCluster({ maxConnections: 200 });
  project.provide('pgUrl', cluster.url);
  return () => cluster.destroy();
}
