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
    expect(() => loadConfig({ ...llm, CONNECTION_TIMEOUT_MS: '15000' })).toThrow(/CONNECTION_TIMEOUT_MS="15000"\u202f: doit être supérieur à LLM_TIMEOUT_MS/);
    expect(loadConfig({ ...llm, CONNECTION_TIMEOUT_MS: '25000' }).connections.connectionTimeoutMs).toBe(25_000);
  });

  it('makes no automatic city lookup by default; GEO_AUTO opts in to the two default IP services', () => {
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

describe('loadConfig: scheduled corpus update (on by default) and retrieval models (off by default)', () => {
  it('refreshes from the official archives without CORPUS_UPDATE_URLS, and leaves the retrieval models off', () => {
    const c = loadConfig({});
    expect(c.corpusUpdate).toEqual({
      urls: [
        'https://lecomarquage.service-public.gouv.fr/vdd/3.5/part/zip/vosdroits-latest.zip',
        'https://lecomarquage.service-public.gouv.fr/vdd/3.5/pro/zip/vosdroits-latest.zip',
        'https://lecomarquage.service-public.gouv.fr/vdd/3.5/asso/zip/vosdroits-latest.zip',
      ],
      intervalHours: 24,
      downloadTimeoutMs: 900_000,
      maxBytes: 300_000_000,
      maxMemoryMb: 2048,
    });
    expect(loadConfig({ CORPUS_UPDATE_URLS: '' }).corpusUpdate?.urls).toHaveLength(3);
    expect(c.embeddings).toBeUndefined();
    expect(c.queryRewrite).toBeUndefined();
  });

  it('turns the corpus update off with « off »', () => {
    expect(loadConfig({ CORPUS_UPDATE_URLS: 'off' }).corpusUpdate).toBeUndefined();
    expect(loadConfig({ CORPUS_UPDATE_URLS: ' OFF ' }).corpusUpdate).toBeUndefined();
  });

  it('reads the corpus update', () => {
    expect(
      loadConfig({ CORPUS_UPDATE_URLS: 'https://a.fr/part/x.zip, http://b.fr/pro/y.zip', CORPUS_UPDATE_HOURS: '12', CORPUS_UPDATE_MAX_MEMORY_MB: '1024' }).corpusUpdate,
    ).toEqual({
      urls: ['https://a.fr/part/x.zip', 'http://b.fr/pro/y.zip'],
      intervalHours: 12,
      downloadTimeoutMs: 900_000,
      maxBytes: 300_000_000,
      maxMemoryMb: 1024,
    });
    expect(() => loadConfig({ CORPUS_UPDATE_URLS: 'ftp://a.fr/x.zip' })).toThrow(/CORPUS_UPDATE_URLS=.*chaque archive doit être une URL http\(s\)/);
    expect(() => loadConfig({ CORPUS_UPDATE_URLS: 'https://a.fr/x.zip', CORPUS_UPDATE_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORPUS_UPDATE_MAX_MEMORY_MB: '100' })).toThrow(/CORPUS_UPDATE_MAX_MEMORY_MB/);
  });

  it('reads the embeddings and the rewrite, and names a missing companion variable', () => {
    const c = loadConfig({
      EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDINGS_MODEL: 'bge-m3',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'mistral',
      LLM_QUERY_REWRITE: 'true',
    });
    expect(c.embeddings).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'bge-m3', timeoutMs: 1500, batchSize: 32 });
    expect(c.queryRewrite).toEqual({ timeoutMs: 3000 });
    // On by default with the language model, off on request.
    const withLlm = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'mistral' };
    expect(loadConfig(withLlm).queryRewrite).toEqual({ timeoutMs: 3000 });
    expect(loadConfig({ ...withLlm, LLM_QUERY_REWRITE: '' }).queryRewrite).toEqual({ timeoutMs: 3000 });
    expect(loadConfig({ ...withLlm, LLM_QUERY_REWRITE: 'false' }).queryRewrite).toBeUndefined();
    expect(() => loadConfig({ LLM_QUERY_REWRITE: 'true' })).toThrow('LLM_QUERY_REWRITE="true"\u202f: demande LLM_BASE_URL et LLM_MODEL');
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow('EMBEDDINGS_MODEL=""\u202f: requis avec EMBEDDINGS_BASE_URL');
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_MODEL: 'bge-m3', EMBEDDINGS_BATCH_SIZE: '1000' })).toThrow(ConfigError);
  });
});
