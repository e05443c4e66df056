import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { rawRequest, type RawReply } from './support/raw-http';

/**
 * GET /metrics without TRUST_PROXY: served to a request straight from the loopback, never to one a proxy
 * relayed. A proxy in front of a server left unconfigured connects from the loopback too and may add only
 * one of many forwarding headers (nginx `X-Forwarded-Proto`, Cloudflare `CF-Connecting-IP`, Akamai
 * `True-Client-IP`…): any of them closes the endpoint. The token opens it whatever the headers. Real sockets.
 */

const TOKEN = 'jeton-de-test-metriques-0123456789';

const FORWARDING_HEADERS: Record<string, string> = {
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'exemple.fr',
  'x-forwarded-port': '443',
  'x-forwarded-server': 'proxy',
  forwarded: 'for=203.0.113.7;proto=https',
  via: '1.1 proxy',
  'x-real-ip': '203.0.113.7',
  'x-client-ip': '203.0.113.7',
  'x-cluster-client-ip': '203.0.113.7',
  'cf-connecting-ip': '203.0.113.7',
  'cf-ray': '8a1b2c3d4e5f-CDG',
  'true-client-ip': '203.0.113.7',
  'fastly-client-ip': '203.0.113.7',
  'x-original-forwarded-for': '203.0.113.7',
  'x-envoy-external-address': '203.0.113.7',
  'cdn-loop': 'cloudflare',
};

describe('/metrics and forwarding headers (TRUST_PROXY unset)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const metrics = (headers: Record<string, string> = {}): Promise<RawReply> => rawRequest({ port, method: 'GET', path: '/metrics', headers });

  it('is served to a direct loopback request', async () => {
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.text).toContain('http_requests_total');
  });

  it.each(Object.entries(FORWARDING_HEADERS))('is the plain 404 for a loopback request carrying only %s', async (name, value) => {
    const res = await metrics({ [name]: value });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'not_found' } });
    expect(res.text).not.toContain('http_requests_total');
  });

  it('opens with the token whatever the headers', async () => {
    const res = await metrics({ ...FORWARDING_HEADERS, authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.text).toContain('http_requests_total');
  });
});
