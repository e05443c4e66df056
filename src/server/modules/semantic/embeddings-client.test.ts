import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { EmbeddingsError, embed } from './embeddings-client';

let emb: FakeEmbeddings;

beforeAll(async () => {
  emb = await startFakeEmbeddings();
});

afterEach(() => emb.setScript({ kind: 'vectors' }));

afterAll(async () => {
  await emb.close();
});

const SETTINGS = (): { baseUrl: string; model: string; apiKey: string } => ({ baseUrl: emb.baseUrl, model: 'bge-m3', apiKey: 'cle-vecteurs' });

describe('embeddings client', () => {
  it('sends the model and the texts, and puts the vectors back in their order', async () => {
    const before = emb.requests.length;
    const vs = await embed(SETTINGS(), ['dépôt de garantie', 'congés payés'], { timeoutMs: 5000 });
    expect(vs).toEqual([Float32Array.from(fakeVector('dépôt de garantie')), Float32Array.from(fakeVector('congés payés'))]);
    const req = emb.requests[before];
    expect(req).toMatchObject({ path: '/v1/embeddings', model: 'bge-m3', inputs: ['dépôt de garantie', 'congés payés'] });
    expect(req?.headers.authorization).toBe('Bearer cle-vecteurs');
    // Nothing to embed: no request.
    expect(await embed(SETTINGS(), [], { timeoutMs: 5000 })).toEqual([]);
    expect(emb.requests.length).toBe(before + 1);
  });

  it('tells an E5 server whether the texts are questions or passages, and only when asked to', async () => {
    const before = emb.requests.length;
    await embed({ ...SETTINGS(), inputTypes: true }, ['texte'], { timeoutMs: 5000, inputType: 'passage' });
    await embed({ ...SETTINGS(), inputTypes: true }, ['texte'], { timeoutMs: 5000 });
    // A service that refuses unknown fields (inputTypes off): never sent.
    await embed(SETTINGS(), ['texte'], { timeoutMs: 5000, inputType: 'passage' });
    expect(emb.requests.slice(before).map((r) => r.inputType)).toEqual(['passage', 'query', undefined]);
  });

  it('fails with a kind and a French message that quotes nothing sent', async () => {
    emb.setScript({ kind: 'status', status: 500 });
    await expect(embed(SETTINGS(), ['secret'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'http', status: 500, message: 'Le service de vecteurs a répondu HTTP 500.' });
    emb.setScript({ kind: 'stall' });
    await expect(embed(SETTINGS(), ['secret'], { timeoutMs: 200 })).rejects.toMatchObject({ kind: 'timeout' });
    emb.setScript({ kind: 'raw', body: '{"data":[{"embedding":[1,2],"index":0},{"embedding":[1],"index":1}]}' });
    await expect(embed(SETTINGS(), ['a', 'b'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'protocol' });
    emb.setScript({ kind: 'raw', body: '{"data":[{"embedding":[1,2],"index":0}]}' });
    await expect(embed(SETTINGS(), ['a', 'b'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'protocol' });
    emb.setScript({ kind: 'raw', body: '{"data":[{"embedding":[1,"x"],"index":0}]}' });
    await expect(embed(SETTINGS(), ['a'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'protocol' });
    emb.setScript({ kind: 'raw', body: 'pas du json' });
    const err = await embed(SETTINGS(), ['secret'], { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingsError);
    expect((err as Error).message).not.toContain('secret');
  });

  it('stops at once when its caller aborts, and says the service is unreachable when nothing listens', async () => {
    emb.setScript({ kind: 'stall' });
    const closing = new AbortController();
    const pending = embed(SETTINGS(), ['a'], { timeoutMs: 10_000, signal: closing.signal });
    closing.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    const other = await startFakeEmbeddings();
    const gone = other.baseUrl;
    await other.close();
    await expect(embed({ baseUrl: gone, model: 'm' }, ['a'], { timeoutMs: 5000 })).rejects.toMatchObject({
      kind: 'http',
      message: expect.stringMatching(/^Le service de vecteurs est injoignable/) as unknown,
    });
  });
});
