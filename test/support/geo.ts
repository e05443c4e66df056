import http from 'node:http';
import { closeServer, listenOnLoopback } from './ports';

export type GeoReply = { status: number; body: unknown } | 'hang';

/**
 * Local stand-ins for the two IP-geolocation services (same JSON fields as the real ones), with CORS
 * as the real services send it. Counts the calls so caching can be asserted.
 */
export async function startFakeGeo(primary: GeoReply, fallback: GeoReply): Promise<{
  primaryUrl: string;
  fallbackUrl: string;
  calls: { primary: number; fallback: number };
  close(): Promise<void>;
}> {
  const calls = { primary: 0, fallback: 0 };
  const server = http.createServer((req, res) => {
    const which = req.url?.startsWith('/primary') ? 'primary' : 'fallback';
    calls[which]++;
    const reply = which === 'primary' ? primary : fallback;
    if (reply === 'hang') return; // never answers
    res.writeHead(reply.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(reply.body));
  });
  const port = await listenOnLoopback(server);
  return {
    primaryUrl: `http://127.0.0.1:${port}/primary/json`,
    fallbackUrl: `http://127.0.0.1:${port}/fallback/json`,
    calls,
    close: () => closeServer(server),
  };
}
