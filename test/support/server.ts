import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from './app';
import type { DbKind } from './databases';
import { freePort } from './ports';

export { freePort } from './ports';

export const CLIENT_DIST = path.resolve('dist/client');

export interface RunningServer extends TestApp {
  baseUrl: string;
}

/**
 * The real application (built client, real database) listening on a loopback port, for browser tests.
 * PUBLIC_URL is that address, so e-mail links and the auth library's origin checks match the browser's.
 */
export async function startServer(kind: DbKind = 'pglite', env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error('dist/client is missing: run `npm run build:client` first (npm test does it).');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp(kind, { CLIENT_DIST_DIR: CLIENT_DIST, PUBLIC_URL: baseUrl, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
