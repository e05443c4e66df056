import { brotliCompressSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildApp, type AppDependencies } from '../../src/server/app';
import { errorsPlugin } from '../../src/server/plugins/errors';
import { setZodSchemaCompilers } from '../../src/server/plugins/zod-schemas';
import { loadConfig, type Config } from '../../src/server/config';
import { createTestDatabase, type DbKind, type TestDatabase } from './databases';
import type { SearchEngine } from '../../src/corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../src/corpus/index-lifecycle';

let sharedEngine: Promise<SearchEngine> | undefined;
/** One search engine per test worker, from the shared index cache (built once per machine). */
export function testSearchEngine(): Promise<SearchEngine> {
  sharedEngine ??= loadSearchEngine({ indexDir: defaultTestIndexDir() });
  return sharedEngine;
}

/**
 * A bare app for one module's routes, composed as buildApp composes the real one: zod route schemas and
 * the French error replies (a refused body or query is answered with the route's own message).
 */
export async function createRoutesApp(options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(options);
  setZodSchemaCompilers(app);
  await app.register(errorsPlugin);
  return app;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** A minimal built client (index.html + one hashed asset) so API tests do not depend on `vite build`. */
export function makeFakeClientDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>QuestionLegale.info</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // A pre-compressed asset as the build writes them (scripts/vite-precompress.ts); the .br copy holds a
  // marker so a test can tell it was served as built rather than compressed again.
  fs.writeFileSync(path.join(dir, 'assets', 'app-Pre12345.js'), `console.log(${JSON.stringify('y'.repeat(4000))});`);
  fs.writeFileSync(path.join(dir, 'assets', 'app-Pre12345.js.br'), brotliCompressSync(Buffer.from('/* built-br */')));
  return dir;
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(kind);
  const dist = env.CLIENT_DIST_DIR ?? makeFakeClientDist();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: testDb.dataDir,
    CLIENT_DIST_DIR: dist,
    INDEX_DIR: defaultTestIndexDir(),
    // No test reaches the Internet: a test of the corpus update names its local server.
    CORPUS_UPDATE_URLS: 'off',
    // The model of meaning is tested where it is the subject (src/server/modules/semantic): elsewhere the
    // app answers lexically, and no test starts a python process it does not ask for.
    EMBEDDINGS_LOCAL: 'off',
    ...env,
  });
  const searchEngine = deps.searchEngine ?? (await testSearchEngine());
  const app = await buildApp(config, { logger: false, ...deps, searchEngine, database: testDb.database });
  await app.ready();
  return {
    app,
    config,
    testDb,
    close: async () => {
      await app.close();
      await testDb.dispose();
      if (!env.CLIENT_DIST_DIR) fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}
