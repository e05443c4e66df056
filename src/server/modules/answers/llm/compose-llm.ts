import { normalizeLegifranceUrl } from '../../../../common/legifrance';
import type { AnswerSection, AnswerSource } from '../../../../common/api/answers';
import { checkAnswer } from '../citations/check-citations';
import { LlmError, streamChatCompletion } from './openai-client';
import { createSectionStreamParser } from './parse-answer';
import { buildMessages, NOT_COVERED_SENTENCE } from './prompt';
import type { Understanding } from '../question/understand';
import type { RetrievedSource } from './types';

/**
 * The "llm" composition mode: the model sees only the retrieved passages, its output
 * is parsed into the five sections and every section goes through the citation checker before it is
 * handed out. On any failure the result is null and the caller falls back to the extractive composer.
 *
 * Policy (decided here):
 * - marker naming no source → the marker is removed, the answer is kept;
 * - article absent from the references (invented, or asked for by the question) → the sentence naming
 *   it is removed, the answer is kept — unless a section becomes empty → null;
 * - no citation marker left in « Ce que dit la loi » → null (an unsourced answer is a defect), except
 *   when the model said the sources do not cover the question;
 * - timeout, HTTP error, malformed stream, output cut by the token limit, missing or duplicated
 *   section → null.
 * Any other exception (not an `LlmError`) is thrown to the caller, which logs its class and frame,
 * counts it and falls back with the reason `unexpected`.
 * Nothing of the question or the answer is logged or kept.
 */

export interface LlmConfig {
  /** OpenAI-compatible base URL, e.g. "https://api.mistral.ai/v1" (LLM_BASE_URL). */
  baseUrl: string;
  /** LLM_API_KEY; none for a local server. */
  apiKey?: string;
  /** LLM_MODEL. */
  model: string;
  /** Longest wait for the first byte of the answer. */
  timeoutMs: number;
  /** Longest silence between two chunks (default: timeoutMs). */
  idleTimeoutMs?: number;
  /** Longest time for the whole answer (default: 90 s). */
  totalTimeoutMs?: number;
  /** Default 0.1: faithful rather than creative. */
  temperature?: number;
  /** Default 2000. */
  maxTokens?: number;
  /** Longest text of one source given to the model (default 8 000 characters). */
  maxSourceChars?: number;
}

export interface ComposeWithLlmOptions {
  question: string;
  sources: RetrievedSource[];
  config: LlmConfig;
  /** What the question asks and the person's facts (the prompt gives them first). */
  understanding?: Understanding;
  /** Called with each checked section as soon as it is complete, in the canonical order. */
  onSection?: (section: AnswerSection) => void;
  signal?: AbortSignal;
}

export type LlmFailureReason =
  | 'timeout'
  | 'http'
  | 'protocol'
  | 'aborted'
  | 'truncated'
  | 'malformed'
  | 'empty-section'
  | 'no-citation'
  | 'no-sources'
  /** An exception that is not the model's (a bug on our side); the caller logs its class and frame. */
  | 'unexpected';

/** Counters of what the checker removed (no text: safe to log). */
export interface LlmCheckSummary {
  removedMarkers: number;
  removedSentences: number;
  unknownArticles: string[];
}

export type LlmComposeOutcome =
  | { ok: true; sections: AnswerSection[]; check: LlmCheckSummary; notCovered: boolean }
  | { ok: false; reason: LlmFailureReason; status?: number; check?: LlmCheckSummary };

export const DEFAULT_TOTAL_TIMEOUT_MS = 90_000;
export const DEFAULT_TEMPERATURE = 0.1;
export const DEFAULT_MAX_TOKENS = 2000;

/** The answer's source list for retrieved sources (same numbers, references without article ids). */
export function toAnswerSources(sources: RetrievedSource[]): AnswerSource[] {
  return sources.map((s) => ({
    n: s.n,
    id: s.id,
    title: s.title,
    url: s.url,
    ...(s.date ? { date: s.date } : {}),
    references: s.references.map((r) => ({
      title: r.title,
      // The fiches cite Légifrance's old addresses (http, jsessionid): today's form.
      url: normalizeLegifranceUrl(r.url),
      ...(r.text !== undefined ? { text: r.text } : {}),
    })),
  }));
}

/** Whether the answer says the sources do not cover the question. */
function saysNotCovered(sections: AnswerSection[]): boolean {
  const norm = (t: string): string => t.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');
  const summary = sections.find((s) => s.id === 'summary');
  return summary !== undefined && norm(summary.text).includes(norm(NOT_COVERED_SENTENCE).replace(/\.$/, ''));
}

/**
 * Composes with the model and reports why it failed when it did (reason codes carry no text, so the
 * caller may log them).
 */
export async function composeWithLlmDetailed(opts: ComposeWithLlmOptions): Promise<LlmComposeOutcome> {
  const { config } = opts;
  if (opts.sources.length === 0) return { ok: false, reason: 'no-sources' };
  const answerSources = toAnswerSources(opts.sources);
  const check: LlmCheckSummary = { removedMarkers: 0, removedSentences: 0, unknownArticles: [] };
  let emptied = false;

  const checkOne = (section: AnswerSection): AnswerSection => {
    const r = checkAnswer([section], answerSources);
    check.removedMarkers += r.removedMarkers;
    check.removedSentences += r.removedSentences;
    for (const a of r.unknownArticles) if (!check.unknownArticles.includes(a)) check.unknownArticles.push(a);
    const out = r.sections[0] ?? { ...section, text: '' };
    if (out.text.trim() === '') emptied = true;
    return out;
  };

  const checked: AnswerSection[] = [];
  const parser = createSectionStreamParser((raw) => {
    if (emptied) return;
    const section = checkOne(raw);
    if (emptied) return;
    checked.push(section);
    opts.onSection?.(section);
  });

  let finishReason: string | null;
  const stream = streamChatCompletion({
    baseUrl: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    model: config.model,
    messages: buildMessages(opts.question, opts.sources, {
      ...(config.maxSourceChars !== undefined ? { maxSourceChars: config.maxSourceChars } : {}),
      ...(opts.understanding ? { understanding: opts.understanding } : {}),
    }),
    temperature: config.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: config.maxTokens ?? DEFAULT_MAX_TOKENS,
    timeoutMs: config.timeoutMs,
    idleTimeoutMs: config.idleTimeoutMs ?? config.timeoutMs,
    totalTimeoutMs: config.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  try {
    for (;;) {
      const r = await stream.next();
      if (r.done) {
        finishReason = r.value.finishReason;
        break;
      }
      parser.push(r.value);
    }
  } catch (e) {
    if (e instanceof LlmError) {
      return { ok: false, reason: e.kind, ...(e.status !== undefined ? { status: e.status } : {}), check };
    }
    throw e;
  } finally {
    // Releases the connection when we stop early (a throwing onSection); a no-op once the stream ended.
    await stream.return({ finishReason: null });
  }

  if (finishReason === 'length') return { ok: false, reason: 'truncated', check };
  const parsed = parser.end();
  if (parsed === null) return { ok: false, reason: 'malformed', check };
  if (emptied) return { ok: false, reason: 'empty-section', check };
  // Every section went through onSection (the parser emits all five before end() returns them).
  const sections = checked.length === parsed.length ? checked : parsed.map(checkOne);
  if (emptied) return { ok: false, reason: 'empty-section', check };
  const notCovered = saysNotCovered(sections);
  const law = sections.find((s) => s.id === 'law');
  if (!notCovered && !/\[\d{1,3}\]/.test(law?.text ?? '')) return { ok: false, reason: 'no-citation', check };
  return { ok: true, sections, check, notCovered };
}
