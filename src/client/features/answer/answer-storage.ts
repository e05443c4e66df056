import { z } from 'zod';
import { answerSchema } from '../../../common/api/answers';

/**
 * The answer lives only in this browser (product.md §2, privacy): the current one in session storage
 * (it survives a reload, not the end of the tab), and « Mes questions sur cet appareil » in local storage,
 * until the visitor erases it. Nothing here is ever sent to the server except to build the PDF.
 */
export const CURRENT_ANSWER_KEY = 'ql.currentAnswer';
export const HISTORY_KEY = 'ql.history';
export const HISTORY_MAX = 20;

export const storedAnswerSchema = z.object({
  question: z.string(),
  answer: answerSchema,
  /** ISO date-time at which the answer was completed. */
  answeredAt: z.string(),
});

export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

type StoreName = 'sessionStorage' | 'localStorage';

function store(name: StoreName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null; // storage disabled by the browser
  }
}

function read(name: StoreName, key: string): unknown {
  const s = store(name);
  if (!s) return null;
  try {
    const raw = s.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(name: StoreName, key: string, value: unknown): void {
  try {
    store(name)?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the answer stays on screen, it just will not survive a reload
  }
}

function remove(name: StoreName, key: string): void {
  try {
    store(name)?.removeItem(key);
  } catch {
    // storage disabled
  }
}

export function readCurrentAnswer(): StoredAnswer | null {
  const parsed = storedAnswerSchema.safeParse(read('sessionStorage', CURRENT_ANSWER_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveCurrentAnswer(answer: StoredAnswer): void {
  write('sessionStorage', CURRENT_ANSWER_KEY, answer);
}

export function clearCurrentAnswer(): void {
  remove('sessionStorage', CURRENT_ANSWER_KEY);
}

/** The answers kept on this device, newest first (unreadable entries are skipped). */
export function readHistory(): StoredAnswer[] {
  const raw = read('localStorage', HISTORY_KEY);
  if (!Array.isArray(raw)) return [];
  const items: StoredAnswer[] = [];
  for (const entry of raw) {
    const parsed = storedAnswerSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

/** Adds an answer at the top of the device history (the same answer is not listed twice); keeps 20. */
export function addToHistory(answer: StoredAnswer): StoredAnswer[] {
  const others = readHistory().filter((h) => !(h.question === answer.question && h.answeredAt === answer.answeredAt));
  const next = [answer, ...others].slice(0, HISTORY_MAX);
  write('localStorage', HISTORY_KEY, next);
  return next;
}

export function clearHistory(): void {
  remove('localStorage', HISTORY_KEY);
}
