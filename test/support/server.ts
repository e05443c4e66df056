import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createTestApp, type TestApp } from './app';
import type { DbKind } from './databases';

export const CLIENT_DIST = path.resolve('dist/client');

export interface RunningServer extends TestApp {
  baseUrl: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
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
