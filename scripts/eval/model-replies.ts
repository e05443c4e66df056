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
 */
import fs from 'node:fs';
import path from 'node:path';
import { startFakeLlm, type FakeLlm } from '../../test/support/fake-llm.js';

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

/**
 * A local chat-completions server that streams, for each request, the recorded reply to the question its
 * user message quotes (an HTTP 404 for a question without one: the run then reports it as a failure).
 */
export async function startReplayServer(replies: ReadonlyMap<string, string>): Promise<FakeLlm> {
  return startFakeLlm((request) => {
    const body = request.body as { messages?: { role: string; content: string }[] } | undefined;
    const user = body?.messages?.find((m) => m.role === 'user')?.content ?? '';
    const reply = replies.get(quotedQuestion(user) ?? '');
    return reply === undefined ? { kind: 'status', status: 404, code: 'no_recorded_reply' } : { kind: 'answer', text: reply, deltaSize: 40 };
  });
}
