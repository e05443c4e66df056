import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.siteTitle).toBe('QuestionLegale.info');
    expect(c.trustProxy).toBe(false);
    expect(c.trustedOrigins).toEqual([]);
  });

  it('reads and converts values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/ql',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/ql',
      TRUST_PROXY: 'true',
      TRUSTED_ORIGINS: 'https://a.fr, https://b.fr/x',
      EMPTY_IGNORED: '',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/tmp/ql');
    expect(c.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/ql');
    expect(c.trustProxy).toBe(1);
    expect(c.trustedOrigins).toEqual(['https://a.fr', 'https://b.fr']);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never « trust everything »', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,' }).trustProxy).toEqual(['10.0.0.1']);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '11']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=.*nombre de proxys/);
    }
  });

  it('requires e-mail confirmation by default in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).auth.requireEmailVerification).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', REQUIRE_EMAIL_VERIFICATION: 'false' }).auth.requireEmailVerification).toBe(false);
    expect(loadConfig({}).auth.requireEmailVerification).toBe(false);
    expect(loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'true' }).auth.requireEmailVerification).toBe(true);
  });

  it('bounds slow clients by default, and keeps a socket open longer than a model may stay silent', () => {
    expect(loadConfig({}).connections).toEqual({ requestTimeoutMs: 30_000, connectionTimeoutMs: 60_000, keepAliveTimeoutMs: 10_000, maxPerIp: 50 });
    const llm = { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '20000' };
    expect(() => loadConfig({ ...llm, CONNECTION_TIMEOUT_MS: '15000' })).toThrow(/CONNECTION_TIMEOUT_MS="15000" : doit être supérieur à LLM_TIMEOUT_MS/);
    expect(loadConfig({ ...llm, CONNECTION_TIMEOUT_MS: '25000' }).connections.connectionTimeoutMs).toBe(25_000);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'peut-être', CONTACT_EMAIL: 'pas-un-email' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT="abc"', 'DATABASE_URL="mysql://x"', 'TRUST_PROXY', 'CONTACT_EMAIL']) {
      expect(message).toContain(name);
    }
    expect((error as ConfigError).issues).toHaveLength(4);
  });

  it('rejects an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
  });
});
