import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMessages } from '../../src/server/modules/answers/llm/prompt';
import { rewriteMessages, rewriteQuestion } from '../../src/server/modules/answers/llm/query-rewrite';
import { capturePrompts, isRewriteRequest, loadReplies, loadRewrites, quotedQuestion, recordedRewrite, REWRITE_SYSTEM, startReplayServer } from './model-replies';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-replies-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const SOURCE = { n: 1, id: 'F1', title: 'Dépôt de garantie', url: 'https://www.service-public.fr/particuliers/vosdroits/F1', passages: [{ sectionPath: [], text: 'Le dépôt est restitué dans un délai de 1 mois.' }], references: [] };
const REPLY = '## En bref\nLe dépôt est restitué dans un délai de 1 mois [1].';

describe('recorded model replies', () => {
  it('finds the question a user message quotes, as the prompt escapes it', () => {
    const [, user] = buildMessages('Mon proprio <garde> ma caution, que faire ?', [SOURCE]);
    expect(quotedQuestion(user?.content ?? '')).toBe('Mon proprio ‹garde› ma caution, que faire ?');
    expect(quotedQuestion('no question here')).toBeUndefined();
  });

  it('captures the prompts and reads back the replies written for them, and refuses a missing reply', () => {
    const dir = tempDir();
    const questions = ['Combien de temps pour ma caution ?', 'Et pour un meublé ?'];
    capturePrompts(
      dir,
      questions.map((q) => {
        const [system, user] = buildMessages(q, [SOURCE]);
        return { system: system?.content ?? '', user: user?.content ?? '' };
      }),
    );
    expect(fs.readFileSync(path.join(dir, '01.prompt.txt'), 'utf8')).toContain('Et pour un meublé ?');
    expect(fs.readFileSync(path.join(dir, 'system.txt'), 'utf8')).toContain('FORMAT OBLIGATOIRE');
    fs.writeFileSync(path.join(dir, '00.md'), `${REPLY}\n`);
    expect(() => loadReplies(dir)).toThrow(/01\.md/u);
    fs.writeFileSync(path.join(dir, '01.md'), 'autre réponse');
    expect(loadReplies(dir).get(questions[0] as string)).toBe(REPLY);
  });

  it('streams the recorded reply of the question a request quotes over the chat-completions protocol', async () => {
    const question = 'Combien de temps pour ma caution ?';
    const server = await startReplayServer(new Map([[question, REPLY]]));
    try {
      const ask = (q: string): Promise<Response> =>
        fetch(`${server.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'recorded', stream: true, messages: buildMessages(q, [SOURCE]) }),
        });
      const res = await ask(question);
      expect(res.status).toBe(200);
      const text = (await res.text())
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => (JSON.parse(l.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')
        .join('');
      expect(text).toBe(REPLY);
      expect((await ask('Une question sans réponse enregistrée ?')).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('reads recorded rewrites as the service would, and refuses a file recorded under another prompt', () => {
    const dir = tempDir();
    const file = path.join(dir, 'rewrites.json');
    const rewrites = { 'Mon proprio garde ma caution': '« bailleur » dépôt de garantie.', 'quelle heure est-il': 'HORS_SUJET' };
    fs.writeFileSync(file, JSON.stringify({ system: 'une autre consigne', rewrites }));
    expect(() => loadRewrites(file)).toThrow(/another rewrite prompt/u);
    fs.writeFileSync(file, JSON.stringify({ system: REWRITE_SYSTEM, rewrites }));
    const loaded = loadRewrites(file);
    expect(recordedRewrite(loaded, 'Mon proprio garde ma caution')).toEqual({ searchTerms: 'bailleur dépôt de garantie' });
    expect(recordedRewrite(loaded, 'quelle heure est-il')).toEqual({ offTopic: true });
    expect(recordedRewrite(loaded, 'Une question jamais réécrite')).toBeUndefined();
  });

  it('answers a rewrite request with the recorded terms over the same protocol, and a reply request with its reply', async () => {
    const question = 'Combien de temps pour ma caution ?';
    const server = await startReplayServer(new Map([[question, REPLY]]), new Map([[question, 'bailleur restitution dépôt de garantie']]));
    try {
      const settings = { baseUrl: server.baseUrl, model: 'recorded', timeoutMs: 2000 };
      // The service's own client reads the recorded terms.
      expect(await rewriteQuestion(settings, question)).toEqual({ terms: 'bailleur restitution dépôt de garantie', offTopic: false });
      expect(isRewriteRequest(server.requests.at(-1)?.body)).toBe(true);
      expect(isRewriteRequest({ messages: buildMessages(question, [SOURCE]) })).toBe(false);
      expect(isRewriteRequest({ messages: rewriteMessages(question) })).toBe(true);
      // A question without recorded terms: the server fails the request, as a failing model would.
      await expect(rewriteQuestion(settings, 'Une question jamais réécrite ?')).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
