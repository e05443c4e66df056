import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * How `npm run credits` finds the running server when the embedded database is locked by it: at start the
 * server writes DATA_DIR/operator.json (mode 0600, in the 0700 data directory) with the loopback address it
 * listens on, a random token and its pid; the command reads it and calls the operator routes with
 * `Authorization: Bearer <token>`. Only a process of the server's own user can read the token; the routes
 * also refuse anything that does not come from this machine (operator-routes.ts). A new token each start.
 */
export const OPERATOR_ENDPOINT_FILE = 'operator.json';

export interface OperatorEndpoint {
  /** Base URL on this machine, e.g. http://127.0.0.1:3000. */
  url: string;
  token: string;
  /** The server process (the owner of the embedded database's lock). */
  pid: number;
}

export function operatorEndpointPath(dataDir: string): string {
  return path.join(dataDir, OPERATOR_ENDPOINT_FILE);
}

export function newOperatorToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Where a process of this machine reaches a server listening on `address` (a wildcard: the loopback). */
export function loopbackUrl(address: AddressInfo): string {
  let host = address.address;
  if (host === '0.0.0.0') host = '127.0.0.1';
  else if (host === '::') host = '::1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Writes the file atomically (a reader never sees half of it), readable by the server's user only. */
export function writeOperatorEndpoint(dataDir: string, endpoint: OperatorEndpoint): void {
  const file = operatorEndpointPath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(endpoint)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600); // whatever the umask of the process
  fs.renameSync(temporary, file);
}

/** Removes the file when it is still the one this server wrote (a newer server may have replaced it). */
export function removeOperatorEndpoint(dataDir: string, token: string): void {
  const current = readOperatorEndpoint(dataDir);
  if (current?.token !== token) return;
  try {
    fs.unlinkSync(operatorEndpointPath(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** The endpoint the server wrote, or null when there is none or it cannot be read. */
export function readOperatorEndpoint(dataDir: string): OperatorEndpoint | null {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(operatorEndpointPath(dataDir), 'utf8')) as unknown;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { url, token, pid } = raw as Record<string, unknown>;
  if (typeof url !== 'string' || !/^http:\/\//.test(url) || typeof token !== 'string' || token.length < 32) return null;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid)) return null;
  return { url, token, pid };
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares an `Authorization` header with the token in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}
