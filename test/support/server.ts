import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app';
import type { DbKind } from './databases';

export const CLIENT_DIST = path.resolve('dist/client');

export interface RunningServer extends TestApp {
  baseUrl: string;
}

/** The real application (built client, real database) listening on a loopback port, for browser tests. */
export async function startServer(kind: DbKind = 'pglite', env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error('dist/client is missing: run `npm run build:client` first (npm test does it).');
  }
  const t = await createTestApp(kind, { CLIENT_DIST_DIR: CLIENT_DIST, ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, baseUrl: `http://127.0.0.1:${port}` };
}
