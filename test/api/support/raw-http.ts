import http from 'node:http';

/** A reply read off a real socket. */
export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  port: number;
  method: string;
  /** Sent exactly as written (`/x/../y`, `%2e%2e`, `//`, `\`): `inject` would resolve it first. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One HTTP request on a new loopback connection, its target sent as is. */
export function rawRequest({ port, method, path, headers = {}, body }: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
