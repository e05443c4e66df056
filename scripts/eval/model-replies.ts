/**
 * The language-model mode measured with a model in the loop, offline: the prompts the service sends for
 * a set's questions are captured (`--capture DIR`), a model writes one reply per prompt under the prompt's
 * own rules (the replies are kept as files beside the questions they answer), and the service is then run
 * in language-model mode against a local OpenAI-compatible server that streams those recorded replies
 * (`--replies DIR`). The service does everything else for real: retrieval, the prompt, the streamed reply's
 * parsing, the citation checks, the sources list. No model is reachable from this machine, so this is how
 * the model mode's figures are taken; with a key, the same command runs against the live model instead.
 *
 * A replies directory holds `questions.json` (the question of each numbered reply, as the prompt quotes
 * it) and `NN.md` (the model's reply to prompt NN, the five sections as the prompt asks for them).
 *
 * The same holds for the rewrite of a question into legal search terms (LLM_QUERY_REWRITE,
 * query-rewrite.ts): a rewrites file records, for the rewrite prompt of its day, the terms a model wrote
 * for each question from that prompt alone (`{ system, rewrites: { question: terms } }`). The replay
 * server answers a rewrite request with them, and `recordedRewrite` gives them to the retrieval evaluation.
 * A file recorded under another rewrite prompt is refused: its terms answer a prompt the service no longer sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startFakeLlm, type FakeLlm } from '../../test/support/fake-llm.js';
import { readRewrite, rewriteMessages } from '../../src/server/modules/answers/llm/query-rewrite.js';
import type { QueryModels } from '../../src/server/modules/answers/retrieval/query-models.js';

/** The question a user message quotes between <question> and </question>. */
export function quotedQuestion(user: string): string | undefined {
  const m = /<question>\n([\s\S]*?)\n<\/question>/u.exec(user);
  return m?.[1]?.trim();
}

/** The two-digit number of the i-th question's files (« 07.prompt.txt », « 07.md »). */
const numbered = (i: number): string => String(i).padStart(2, '0');
const replyFile = (dir: string, i: number): string => path.join(dir, `${numbered(i)}.md`);

/** Writes the system prompt once and each question's user message, numbered, with the questions' index. */
export function capturePrompts(dir: string, prompts: readonly { system: string; user: string }[]): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'system.txt'), prompts[0]?.system ?? '');
  const questions = prompts.map((p, i) => {
    fs.writeFileSync(path.join(dir, `${numbered(i)}.prompt.txt`), p.user);
    return quotedQuestion(p.user) ?? '';
  });
  fs.writeFileSync(path.join(dir, 'questions.json'), `${JSON.stringify(questions, null, 1)}\n`);
}

/** The recorded replies of a directory, by the question they answer. Throws when one is missing. */
export function loadReplies(dir: string): Map<string, string> {
  const questions = JSON.parse(fs.readFileSync(path.join(dir, 'questions.json'), 'utf8')) as string[];
  const replies = new Map<string, string>();
  questions.forEach((q, i) => {
    const file = replyFile(dir, i);
    if (!fs.existsSync(file)) throw new Error(`no recorded reply ${file}`);
    replies.set(q, fs.readFileSync(file, 'utf8').trim());
  });
  return replies;
}

/** The system prompt of the question rewrite (what a rewrite request carries, and a rewrites file records). */
export const REWRITE_SYSTEM = rewriteMessages('')[0]?.content ?? '';

type ChatBody = { messages?: { role: string; content: string }[] } | undefined;
const message = (body: unknown, role: string): string => (body as ChatBody)?.messages?.find((m) => m.role === role)?.content ?? '';

/** The user message of a chat-completions request body. */
export const userMessage = (body: unknown): string => message(body, 'user');

/** A chat-completions request body that asks for the rewrite of a question (its system prompt is the rewrite's). */
export const isRewriteRequest = (body: unknown): boolean => message(body, 'system') === REWRITE_SYSTEM;

/** Recorded rewrites: the model's terms by question. Throws when the file was recorded under another prompt. */
export function loadRewrites(file: string): Map<string, string> {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { system?: string; rewrites?: Record<string, string> };
  if (data.system !== REWRITE_SYSTEM) throw new Error(`${file}: recorded under another rewrite prompt; record the rewrites again`);
  return new Map(Object.entries(data.rewrites ?? {}));
}

/**
 * What the retrieval would take from a recorded rewrite (the client's own reading: `readRewrite`): the
 * search terms, or the off-topic verdict; undefined when none was recorded for the question. The service
 * sends the question cut to its rewrite length (`rewriteMessages`), so the key is that cut.
 */
export function recordedRewrite(rewrites: ReadonlyMap<string, string>, question: string): QueryModels | undefined {
  const raw = rewrites.get(rewriteMessages(question)[1]?.content ?? question);
  if (raw === undefined) return undefined;
  const { terms, offTopic } = readRewrite(raw);
  return { ...(terms ? { searchTerms: terms } : {}), ...(offTopic ? { offTopic: true as const } : {}) };
}

/**
 * A local chat-completions server that streams, for each request, the recorded reply to the question its
 * user message quotes, or for a rewrite request (its system prompt is the rewrite's) the recorded terms of
 * its question. A question without a recording gets an HTTP 404: the run reports it as a failure (a
 * reply) or searches without terms (a rewrite), as the service does with a failing model.
 */
export async function startReplayServer(replies: ReadonlyMap<string, string>, rewrites: ReadonlyMap<string, string> = new Map()): Promise<FakeLlm> {
  return startFakeLlm((request) => {
    const user = userMessage(request.body);
    const reply = isRewriteRequest(request.body) ? rewrites.get(user) : replies.get(quotedQuestion(user) ?? '');
    return reply === undefined ? { kind: 'status', status: 404, code: 'no_recorded_reply' } : { kind: 'answer', text: reply, deltaSize: 40 };
  });
}
