import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a request came straight from this machine, not through a reverse proxy. A proxy on the same machine
 * connects from the loopback too, so the peer address alone does not tell: a request relayed by a proxy (or
 * a CDN) carries at least one forwarding header, and any such header — whatever the proxy's brand — makes
 * the request « not direct ». Used where loopback access opens something (GET /metrics).
 */

/**
 * Header names proxies and CDNs add: `Forwarded`, `Via`, the `X-Forwarded-*` family, the client-address
 * headers (`X-Real-IP`, `X-Client-IP`, `True-Client-IP`, `CF-Connecting-IP`, `Fastly-Client-IP`,
 * `X-Cluster-Client-IP`…) and the provider families (`CF-*`, `X-Envoy-*`, `X-Amzn-*`, `X-Azure-*`,
 * `X-AppEngine-*`, `X-ARR-*`, `Akamai-*`, `Fastly-*`, `CDN-Loop`, `X-Original-*`).
 */
const FORWARDING_HEADER_RE =
  /^(?:forwarded|via|cdn-loop|x-forwarded-.*|x-original-.*|x-envoy-.*|x-amzn-.*|x-azure-.*|x-appengine-.*|x-arr-.*|cf-.*|fastly-.*|akamai-.*)$|client-?ip|connecting-ip|real-ip|remote-(?:addr|ip|host)|user-ip|forwarded|proxy/u;

/** Whether the headers (names lower-case, as Node gives them) hold any forwarding header. */
export function hasForwardingHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => FORWARDING_HEADER_RE.test(name));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** A request from the loopback interface carrying no forwarding header of any kind. */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  return !hasForwardingHeader(request.headers) && isLoopbackAddress(request.raw.socket.remoteAddress);
}
