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
