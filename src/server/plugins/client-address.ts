import net from 'node:net';
import type { Config, TrustProxy } from '../config';

/**
 * Client addresses: which forwarding hops to believe (TRUST_PROXY), and the key per-address limits count by.
 */

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` option for TRUST_PROXY. A hop count becomes « trust the `n` nearest hops »: with one
 * proxy that appends the peer's address to X-Forwarded-For, the client is the rightmost entry, whatever the
 * client wrote to the left of it. (Fastify reads a bare number as « trust nothing ».)
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | TrustFunction {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** True when the server sits behind a reverse proxy (TRUST_PROXY set): HTTPS is terminated there. */
export function behindProxy(config: Pick<Config, 'trustProxy'>): boolean {
  return config.trustProxy !== false;
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; anything else unchanged. */
export function unmapIpv4(address: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return m?.[1] ?? address;
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a trailing IPv4 part converted). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key per-address limits count by: an IPv4 address as it is, an IPv6 address as its /64 network
 * (one subscriber usually holds a whole /64, so counting single addresses would not limit anyone).
 */
export function clientKey(address: string): string {
  const ip = unmapIpv4(address);
  if (net.isIP(ip) !== 6) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** Whether a socket peer is one of the trusted proxies (every peer when TRUST_PROXY is a hop count). */
export function createTrustedPeerCheck(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new net.BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    const ip = unmapIpv4(address);
    return list.check(ip, net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
}
