import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../corpus/build-index';
import { fichesFromEntries } from '../../../corpus/dila-archive';
import { openIndex, type SearchEngine, type SearchResult } from '../../../corpus/engine';
import { createEngineHolder } from '../../../corpus/engine-holder';
import { VectorMatrix } from '../../../corpus/dense/vectors';
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { startFakeLlm, type FakeLlm } from '../../../../test/support/fake-llm';
import { EmbeddingsError, embed } from './embeddings-client';
import { FicheVectors, ficheEmbeddingText, FICHE_TEXT_CHARS } from './fiche-vectors';
import { cleanTerms, NOT_LEGAL, readRewrite, TERMS_CHARS } from './query-rewrite';
import { retrieveSources } from '../answers/retrieval/retrieve';
import { createRetrievalModels, fuseWithDense, retrieveWithModels, type RetrievalModelName, type RetrievalModelOutcome } from './retrieval-models';

/** Synthetic fiches: title, summary, section headings with their text. */
const FICHES: [string, string, string, [string, string][]][] = [
  ['F1', 'Restitution du dépôt de garantie', 'Délai pour rendre le dépôt de garantie au locataire.', [['État des lieux conforme', 'Le bailleur rend le dépôt en un mois.'], ['Retenues', 'Dégradations justifiées par devis.']]],
  ['F2', 'Préavis du locataire', 'Durée du préavis quand le locataire quitte le logement.', [['Logement vide', 'Trois mois.'], ['Logement meublé', 'Un mois.']]],
  ['F3', 'Licenciement pour motif personnel', 'Procédure de licenciement du salarié.', [['Entretien préalable', 'Convocation par lettre.'], ['Indemnités', 'Indemnité légale de licenciement.']]],
  ['F4', 'Congés payés du salarié', 'Acquisition et prise des congés payés.', [['Acquisition', 'Deux jours et demi par mois.'], ['Prise des congés', 'Période fixée par l’employeur.']]],
  ['F5', 'Divorce par consentement mutuel', 'Divorce à l’amiable devant notaire.', [['Convention', 'Signée par les époux et leurs avocats.'], ['Enfants', 'Résidence et pension alimentaire.']]],
  ['F6', 'Harcèlement moral au travail', 'Agissements répétés qui dégradent les conditions de travail.', [['Brimades et humiliations', 'Propos vexatoires répétés.'], ['Recours', 'Inspection du travail, prud’hommes.']]],
];

function xml([id, title, description, sections]: (typeof FICHES)[number], date: string): string {
  const chapters = sections
    .map(([h, text]) => `<Chapitre><Titre><Paragraphe>${h}</Paragraphe></Titre><Paragraphe>${text}</Paragraphe></Chapitre>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Publication xmlns:dc="http://purl.org/dc/elements/1.1/" ID="${id}" type="Fiche d'information" spUrl="https://www.service-public.fr/particuliers/vosdroits/${id}">` +
    `<dc:title>${title}</dc:title><dc:description>${description}</dc:description><dc:date>modified ${date}</dc:date><Audience>Particuliers</Audience>` +
    `<Introduction><Texte><Paragraphe>${description}</Paragraphe></Texte></Introduction><Texte>${chapters}</Texte></Publication>`
  );
}

async function buildSynthetic(dir: string, date: string): Promise<SearchEngine> {
  const fiches = fichesFromEntries(FICHES.map((f) => ({ name: `part/${f[0]}.xml`, data: strToU8(xml(f, date)) })));
  await buildIndex(fiches, { outDir: dir, sourceKey: `test:${date}`, legiDataDir: null });
  return openIndex(dir);
}

let tmp: string;
let engine: SearchEngine;
let emb: FakeEmbeddings;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-dense-'));
  engine = await buildSynthetic(path.join(tmp, 'index'), '2026-01-01');
  emb = await startFakeEmbeddings();
});

afterEach(() => {
  emb.setScript({ kind: 'vectors' });
  logs.length = 0;
});

afterAll(async () => {
  await emb.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const SETTINGS = (): { baseUrl: string; model: string; apiKey: string } => ({ baseUrl: emb.baseUrl, model: 'bge-m3', apiKey: 'cle-vecteurs' });

function vectorsFor(cacheDir: string, extra: Partial<ConstructorParameters<typeof FicheVectors>[0]> = {}): FicheVectors {
  return new FicheVectors({ embeddings: SETTINGS(), batchSize: 4, batchTimeoutMs: 5000, cacheDir, retryMs: 60_000, log, ...extra });
}

/** The dense ranking the fake model gives a question over the synthetic fiches, computed here by brute force. */
function expectedDense(question: string): string[] {
  const ids = FICHES.map((f) => f[0]);
  const m = VectorMatrix.fromRows(
    ids,
    ids.map((id) => Float32Array.from(fakeVector(ficheEmbeddingText(engine.getFiche(id) ?? { title: '', description: '', passages: [] })))),
  );
  return m.topK(Float32Array.from(fakeVector(question)), 20).map((s) => s.id);
}

describe('embeddings client', () => {
  it('sends the model and the texts, and puts the vectors back in their order', async () => {
    const before = emb.requests.length;
    const vs = await embed(SETTINGS(), ['dépôt de garantie', 'congés payés'], { timeoutMs: 5000 });
    expect(vs).toEqual([Float32Array.from(fakeVector('dépôt de garantie')), Float32Array.from(fakeVector('congés payés'))]);
    const req = emb.requests[before];
    expect(req).toMatchObject({ path: '/v1/embeddings', model: 'bge-m3', inputs: ['dépôt de garantie', 'congés payés'] });
    expect(req?.headers.authorization).toBe('Bearer cle-vecteurs');
  });

  it('fails with a kind and a French message that quotes nothing sent', async () => {
    emb.setScript({ kind: 'status', status: 500 });
    await expect(embed(SETTINGS(), ['secret'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'http', message: 'Le service de vecteurs a répondu HTTP 500.' });
    emb.setScript({ kind: 'stall' });
    await expect(embed(SETTINGS(), ['secret'], { timeoutMs: 200 })).rejects.toMatchObject({ kind: 'timeout' });
    emb.setScript({ kind: 'raw', body: '{"data":[{"embedding":[1,2],"index":0},{"embedding":[1],"index":1}]}' });
    await expect(embed(SETTINGS(), ['a', 'b'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'protocol' });
    emb.setScript({ kind: 'raw', body: '{"data":[{"embedding":[1,2],"index":0}]}' });
    await expect(embed(SETTINGS(), ['a', 'b'], { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'protocol' });
    emb.setScript({ kind: 'raw', body: 'pas du json' });
    const err = await embed(SETTINGS(), ['secret'], { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingsError);
    expect((err as Error).message).not.toContain('secret');
  });
});

describe('fiche vectors', () => {
  it('read title, summary and headings, bounded', () => {
    const fiche = engine.getFiche('F1');
    expect(fiche && ficheEmbeddingText(fiche)).toBe('Restitution du dépôt de garantie\nDélai pour rendre le dépôt de garantie au locataire.\nÉtat des lieux conforme ; Retenues');
    const long = ficheEmbeddingText({ title: 'Titre', description: 'mot '.repeat(600), passages: [] });
    expect(long.length).toBeLessThanOrEqual(FICHE_TEXT_CHARS);
  });

  it('are computed once in batches, saved beside the index, and computed again for another model or index', async () => {
    const cacheDir = path.join(tmp, 'index.vectors');
    const before = emb.requests.length;
    const first = vectorsFor(cacheDir);
    expect(first.get(engine)).toBeUndefined();
    expect(first.status(engine)).toBe('computing');
    const m = await first.whenReady(engine);
    // 6 fiches in batches of 4.
    expect(emb.requests.slice(before).map((r) => r.inputs.length)).toEqual([4, 2]);
    expect([...(m?.ids ?? [])].sort()).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(first.get(engine)).toBe(m);
    expect(fs.readdirSync(cacheDir)).toEqual([`${first.key(engine)}.bin`]);
    expect(logs.map((l) => l.msg)).toEqual(['dense channel: fiche vectors ready']);

    // A restart: read from the cache, nothing asked of the model.
    const again = vectorsFor(cacheDir);
    const cached = await again.whenReady(engine);
    expect(emb.requests.length).toBe(before + 2);
    expect([...(cached?.data ?? [])]).toEqual([...(m?.data ?? [])]);

    // Another model, or a rebuilt index: computed again.
    const other = new FicheVectors({ embeddings: { ...SETTINGS(), model: 'mistral-embed' }, batchSize: 10, batchTimeoutMs: 5000, cacheDir, retryMs: 60_000, log });
    await other.whenReady(engine);
    expect(emb.requests.length).toBe(before + 3);
    expect(emb.requests.at(-1)?.model).toBe('mistral-embed');
    const rebuilt = await buildSynthetic(path.join(tmp, 'rebuilt'), '2026-02-01');
    expect(again.key(rebuilt)).not.toBe(again.key(engine));
    await again.whenReady(rebuilt);
    expect(emb.requests.length).toBe(before + 5);
  });

  it('after a failure, resume after the retry delay with the fiches still missing', async () => {
    let clock = 1_000_000;
    const cacheDir = path.join(tmp, 'retry.vectors');
    const before = emb.requests.length;
    emb.setScript((_r, i) => (i === before + 1 ? { kind: 'status', status: 503 } : { kind: 'vectors' }));
    const v = vectorsFor(cacheDir, { now: () => clock });
    expect(await v.whenReady(engine)).toBeUndefined();
    expect(v.status(engine)).toBe('failed');
    expect(logs.at(-1)).toMatchObject({
      msg: 'dense channel: fiche vectors failed, lexical ranking alone meanwhile',
      obj: { denseVectors: { reason: 'http', computed: 4, retryInSeconds: 60 } },
    });
    // Within the delay: not asked again.
    expect(v.get(engine)).toBeUndefined();
    expect(emb.requests.length).toBe(before + 2);
    clock += 60_000;
    expect(v.get(engine)).toBeUndefined();
    expect(await v.whenReady(engine)).toBeDefined();
    // Only the two fiches that were missing.
    expect(emb.requests.slice(before + 2).map((r) => r.inputs.length)).toEqual([2]);
  });
});

describe('fusion with the lexical ranking', () => {
  const lexical: SearchResult[] = [
    { id: 'F3', title: 'Licenciement', url: '', score: 40, snippet: '', type: 'fiche', passages: [{ section: 'A', text: 'x', score: 0 }] },
    { id: 'F4', title: 'Congés', url: '', score: 20, snippet: '', type: 'fiche', passages: [] },
    { id: 'F1', title: 'Dépôt', url: '', score: 10, snippet: '', type: 'fiche', passages: [] },
  ];

  it('reorders by RRF, keeps the lexical score scale and the number of results, brings dense-only fiches', () => {
    const fused = fuseWithDense(engine, lexical, ['F6', 'F4', 'F2']);
    // F4: in both lists; F3 (lexical 1st) and F6 (dense 1st) tie, lexical first; F1 and F2 tie beyond the count.
    expect(fused.map((r) => r.id)).toEqual(['F4', 'F3', 'F6']);
    expect(fused.map((r) => r.score)).toEqual([40, 20, 10]);
    expect(fused[1]?.passages).toEqual(lexical[0]?.passages);
    expect(fused[2]).toMatchObject({ id: 'F6', title: 'Harcèlement moral au travail', type: 'fiche', snippet: '', passages: [] });
    expect(fuseWithDense(engine, lexical, [])).toEqual(lexical);
    expect(fuseWithDense(engine, [], ['F1'])).toEqual([]);
  });
});

describe('retrieval with the models', () => {
  it('uses the helped ranking when it finds sources, the lexical one otherwise', () => {
    const q = 'Le bailleur ne rend pas le dépôt de garantie';
    const plain = retrieveSources(engine, q);
    expect(plain.sources[0]?.id).toBe('F1');
    expect(retrieveWithModels(engine, q, undefined)).toEqual(plain);
    // A re-ranking that leaves nothing in scope: the lexical retrieval decides.
    expect(retrieveWithModels(engine, q, { rerank: () => [] })).toEqual(plain);
    const helped = retrieveWithModels(engine, q, { rerank: (lexical) => fuseWithDense(engine, lexical, ['F2', 'F1']) });
    expect(helped.outOfScope).toBe(false);
    expect(helped).toEqual(retrieveSources(engine, q, { models: { rerank: (lexical) => fuseWithDense(engine, lexical, ['F2', 'F1']) } }));
  });

  it('applies the model’s off-topic verdict only to a question without a legal signal, in the lexical fallback too', () => {
    // A legal notion (« dépôt de garantie ») is a legal signal: the verdict does not refuse the question.
    const legal = 'Le bailleur ne rend pas le dépôt de garantie';
    expect(retrieveWithModels(engine, legal, { offTopic: true })).toEqual(retrieveSources(engine, legal));
    // A theme's word (« locataire ») and no legal signal: the lexical search alone would answer it.
    const plain = 'durée du préavis quand le locataire quitte le logement';
    expect(retrieveSources(engine, plain).outOfScope).toBe(false);
    expect(retrieveWithModels(engine, plain, { offTopic: true }).outOfScope).toBe(true);
    // A helped search that finds nothing falls back to the lexical one, where the verdict still holds.
    expect(retrieveWithModels(engine, plain, { offTopic: true, rerank: () => [] }).outOfScope).toBe(true);
    expect(retrieveWithModels(engine, plain, { rerank: () => [] }).outOfScope).toBe(false);
  });
});

describe('retrieval models for a question', () => {
  const record = (): { calls: [RetrievalModelName, RetrievalModelOutcome][]; fn: (m: RetrievalModelName, o: RetrievalModelOutcome) => void } => {
    const calls: [RetrievalModelName, RetrievalModelOutcome][] = [];
    return { calls, fn: (m, o) => calls.push([m, o]) };
  };

  it('dense: the question’s vector re-ranks the lexical results; not ready, errors and time-outs fall back', async () => {
    const r = record();
    const models = createRetrievalModels({
      embeddings: { settings: SETTINGS(), timeoutMs: 300, batchSize: 10, cacheDir: path.join(tmp, 'q.vectors') },
      log,
      record: r.fn,
    });
    const question = 'Mon chef me fait subir des brimades et des humiliations au travail';
    // The first question starts the fiche vectors: lexical ranking alone meanwhile.
    expect(await models?.forQuestion(engine, question)).toEqual({});
    await models?.vectors?.whenReady(engine);
    const used = await models?.forQuestion(engine, question);
    expect(emb.requests.at(-1)?.inputs).toEqual([question]);
    const lex = engine.search(question, 8, { withPassages: true });
    expect(used?.rerank?.(lex)).toEqual(fuseWithDense(engine, lex, expectedDense(question)));
    expect(expectedDense(question)[0]).toBe('F6');

    // A service that never answers: the question's time limit ends the wait.
    emb.setScript({ kind: 'stall' });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    emb.setScript({ kind: 'status', status: 429 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    emb.setScript({ kind: 'vectors', dims: 64 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    expect(r.calls).toEqual([
      ['dense', 'not_ready'],
      ['dense', 'used'],
      ['dense', 'timeout'],
      ['dense', 'error'],
      ['dense', 'error'],
    ]);
    models?.close();
  });

  it('the index swapped in gets its own vectors', async () => {
    const models = createRetrievalModels({ embeddings: { settings: SETTINGS(), timeoutMs: 2000, batchSize: 10, cacheDir: path.join(tmp, 'swap.vectors') }, log });
    // Its own first index: the swap closes the engine it replaces, which the other tests still use.
    const holder = createEngineHolder(await buildSynthetic(path.join(tmp, 'swap-first'), '2026-01-01'));
    await models?.vectors?.whenReady(holder.engine);
    const next = await buildSynthetic(path.join(tmp, 'swapped'), '2026-03-01');
    holder.swap(next);
    expect(await models?.forQuestion(holder.engine, 'dépôt de garantie')).toEqual({});
    expect(models?.vectors?.status(holder.engine)).toBe('computing');
    await models?.vectors?.whenReady(holder.engine);
    expect((await models?.forQuestion(holder.engine, 'dépôt de garantie'))?.rerank).toBeDefined();
    models?.close();
  });
});

describe('question rewrite', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'answer', text: 'bailleur dépôt de garantie restitution' });
  });
  afterAll(async () => llm?.close());

  it('cleans and bounds the model’s terms', () => {
    expect(cleanTerms(' « bailleur », dépôt de garantie ; restitution.\n')).toBe('bailleur dépôt de garantie restitution');
    expect(cleanTerms(NOT_LEGAL)).toBe('');
    expect(cleanTerms('mot '.repeat(200)).length).toBeLessThanOrEqual(TERMS_CHARS);
  });

  it('reads the off-topic verdict only when the model says nothing else', () => {
    expect(readRewrite(' HORS_SUJET.\n')).toEqual({ terms: '', offTopic: true });
    expect(readRewrite('bailleur dépôt de garantie')).toEqual({ terms: 'bailleur dépôt de garantie', offTopic: false });
    // A verdict mixed with terms is neither: no terms, no refusal.
    expect(readRewrite('HORS_SUJET sauf bail')).toEqual({ terms: '', offTopic: false });
  });

  it('adds legal terms to the search; not legal, errors and time-outs give none', async () => {
    const calls: [RetrievalModelName, RetrievalModelOutcome][] = [];
    const models = createRetrievalModels({
      rewrite: { baseUrl: llm.baseUrl, model: 'modele-de-test', apiKey: 'sk-test', timeoutMs: 300 },
      log,
      record: (m, o) => calls.push([m, o]),
    });
    const question = 'Mon proprio garde ma caution depuis deux mois';
    expect(await models?.forQuestion(engine, question)).toEqual({ searchTerms: 'bailleur dépôt de garantie restitution' });
    const req = llm.requests.at(-1);
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    const body = req?.body as { model: string; temperature: number; messages: { role: string; content: string }[] };
    expect(body.model).toBe('modele-de-test');
    expect(body.temperature).toBe(0);
    expect(body.messages[1]).toEqual({ role: 'user', content: question });
    llm.setScript({ kind: 'answer', text: NOT_LEGAL });
    expect(await models?.forQuestion(engine, 'la recette de la tarte aux pommes')).toEqual({ offTopic: true });
    llm.setScript({ kind: 'stall', headers: false });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    llm.setScript({ kind: 'status', status: 500 });
    expect(await models?.forQuestion(engine, question)).toEqual({});
    expect(calls).toEqual([
      ['rewrite', 'used'],
      ['rewrite', 'off_topic'],
      ['rewrite', 'timeout'],
      ['rewrite', 'error'],
    ]);
    models?.close();
  });
});
