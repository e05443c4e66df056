/**
 * Rewrites a question in everyday French into the legal and administrative terms the fiches use
 * (« mon proprio garde ma caution » → « bailleur dépôt de garantie restitution »), with the
 * language model of the « llm » mode, before the search. The terms are added to the question's words
 * (not substituted): the lexical ranking keeps what the question says.
 *
 * Bounded: the question sent is cut to QUESTION_CHARS, the model may write MAX_TOKENS tokens, the terms
 * kept are letters, digits and a few signs, at most TERMS_CHARS characters; the whole exchange has one
 * time limit. Any failure gives no terms (the search goes on without them).
 */
import { streamChatCompletion } from './openai-client';
import type { ChatMessage } from './types';

export const QUESTION_CHARS = 2000;
export const TERMS_CHARS = 200;
const MAX_TOKENS = 80;
/** What the model answers for a question outside French law and administration. */
export const NOT_LEGAL = 'HORS_SUJET';

export interface RewriteSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

const SYSTEM = [
  'Tu aides un moteur de recherche de fiches officielles du droit français (service-public.fr).',
  'Réécris la question de l’utilisateur en 3 à 12 termes de recherche du vocabulaire juridique et administratif français,',
  'ceux qu’emploierait une fiche officielle (par exemple « bailleur dépôt de garantie restitution », « licenciement pour faute grave indemnités »).',
  'Réponds uniquement par ces termes séparés par des espaces, sans phrase, sans ponctuation, sans explication.',
  `Si la question ne relève ni du droit ni des démarches administratives, réponds exactement ${NOT_LEGAL}.`,
].join(' ');

export function rewriteMessages(question: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: question.slice(0, QUESTION_CHARS) },
  ];
}

/** The model's answer as search terms: letters, digits, apostrophes and hyphens, bounded; '' for none. */
export function cleanTerms(raw: string): string {
  if (raw.includes(NOT_LEGAL)) return '';
  const words = raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}'’ -]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if (next.length > TERMS_CHARS) break;
    out = next;
  }
  return out;
}

/** What the model said of a question: its search terms ('' for none), and whether it found it outside law and administration. */
export interface Rewrite {
  terms: string;
  offTopic: boolean;
}

/** The model's answer read: HORS_SUJET alone (give or take punctuation and spaces) is the off-topic verdict. */
export function readRewrite(raw: string): Rewrite {
  const offTopic = raw.replace(/[^\p{L}_]+/gu, '') === NOT_LEGAL;
  return { terms: cleanTerms(raw), offTopic };
}

/** The model's rewrite of the question (see `Rewrite`; any failure: see `rewriteQuestion`'s caller). Throws LlmError. */
export async function rewriteQuestion(settings: RewriteSettings, question: string, signal?: AbortSignal): Promise<Rewrite> {
  let raw = '';
  const stream = streamChatCompletion({
    baseUrl: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    model: settings.model,
    messages: rewriteMessages(question),
    temperature: 0,
    maxTokens: MAX_TOKENS,
    timeoutMs: settings.timeoutMs,
    idleTimeoutMs: settings.timeoutMs,
    totalTimeoutMs: settings.timeoutMs,
    ...(signal ? { signal } : {}),
  });
  for await (const piece of stream) {
    raw += piece;
    // Enough text: stop reading (leaving the loop cancels the request).
    if (raw.length > TERMS_CHARS * 4) break;
  }
  return readRewrite(raw);
}
