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
    expect(c.trustProxy).toBe(true);
    expect(c.trustedOrigins).toEqual(['https://a.fr', 'https://b.fr']);
  });

  it('makes no automatic city lookup by default; GEO_AUTO opts in to the seed’s two services', () => {
    expect(loadConfig({}).geo).toEqual({ auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: 'https://api-adresse.data.gouv.fr/reverse/' });
    expect(loadConfig({ GEO_AUTO: 'true' }).geo).toEqual({
      auto: true,
      primaryUrl: 'http://ip-api.com/json/?fields=status,city&lang=fr',
      fallbackUrl: 'https://ipapi.co/json/',
      reverseUrl: 'https://api-adresse.data.gouv.fr/reverse/',
    });
    expect(loadConfig({ GEO_PRIMARY_URL: 'http://127.0.0.1:9/geo', GEO_REVERSE_URL: 'off' }).geo).toEqual({
      auto: false,
      primaryUrl: 'http://127.0.0.1:9/geo',
      fallbackUrl: null,
      reverseUrl: null,
    });
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
