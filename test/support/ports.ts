import type http from 'node:http';
import net from 'node:net';

/** A free TCP port on the loopback interface (asked from the OS, then released): the model process's own helper. */
export { freeLoopbackPort as freePort } from '../../src/server/modules/semantic/model-process';

/** Starts `server` on a free loopback port and resolves with that port. */
export async function listenOnLoopback(server: net.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr !== 'object') throw new Error('no port');
  return addr.port;
}

/** Closes an HTTP server together with every connection it holds (kept-alive and stalled ones too). */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
