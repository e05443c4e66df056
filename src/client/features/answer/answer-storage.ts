import { z } from 'zod';
import { answerSchema, type Answer, type AnswerChoiceOption } from '../../../common/api/answers';
import { browserStore, currentAnswerKey, historyKey, removeKey, type StoreName } from '../../lib/device-data';

/**
 * The answer lives only in this browser (the site promises it), under keys of the signed-in account
 * (lib/device-data.ts): the current one in session storage (it survives a reload, not the end of the tab),
 * and « Mes questions sur cet appareil » in local storage, until the visitor erases it or signs out without
 * keeping it. Nothing here is ever sent to the server except to build the PDF.
 */
export const HISTORY_MAX = 20;

export const storedAnswerSchema = z.object({
  question: z.string(),
  answer: answerSchema,
  /** ISO date-time at which the answer was completed. */
  answeredAt: z.string(),
  /** The option chosen among `answer.choices` (its label), when the visitor picked one. */
  chosenCase: z.string().optional(),
});

export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

function read(name: StoreName, key: string): unknown {
  const s = browserStore(name);
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
    browserStore(name)?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the answer stays on screen, it just will not survive a reload
  }
}

/** Two stored copies of the same answer (same question, same time). */
export function sameAnswer(a: StoredAnswer, b: StoredAnswer): boolean {
  return a.question === b.question && a.answeredAt === b.answeredAt;
}

/** The option of `answer.choices` the stored copy has selected, if any. */
export function chosenOption(stored: StoredAnswer): AnswerChoiceOption | null {
  if (stored.chosenCase === undefined) return null;
  return stored.answer.choices?.options.find((o) => o.label === stored.chosenCase) ?? null;
}

/**
 * The answer as the visitor reads it: the chosen option's sections in place of the general ones (for
 * « Copier », the PDF and the screen), with `chosenCase` set only when an option is selected.
 */
export function displayedAnswer(stored: StoredAnswer): { answer: Answer; chosenCase: string | undefined } {
  const option = chosenOption(stored);
  if (!option) return { answer: stored.answer, chosenCase: undefined };
  return { answer: { ...stored.answer, sections: option.sections }, chosenCase: option.label };
}

export function readCurrentAnswer(userId: string): StoredAnswer | null {
  const parsed = storedAnswerSchema.safeParse(read('sessionStorage', currentAnswerKey(userId)));
  return parsed.success ? parsed.data : null;
}

export function saveCurrentAnswer(userId: string, answer: StoredAnswer): void {
  write('sessionStorage', currentAnswerKey(userId), answer);
}

/** The answers of this account kept on this device, newest first (unreadable entries are skipped). */
export function readHistory(userId: string): StoredAnswer[] {
  const raw = read('localStorage', historyKey(userId));
  if (!Array.isArray(raw)) return [];
  const items: StoredAnswer[] = [];
  for (const entry of raw) {
    const parsed = storedAnswerSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

/** Adds an answer at the top of the device history (the same answer is not listed twice); keeps 20. */
export function addToHistory(userId: string, answer: StoredAnswer): StoredAnswer[] {
  const others = readHistory(userId).filter((h) => !sameAnswer(h, answer));
  const next = [answer, ...others].slice(0, HISTORY_MAX);
  write('localStorage', historyKey(userId), next);
  return next;
}

/** Replaces the stored copy of an answer already in the history (e.g. another option chosen), in place. */
export function updateInHistory(userId: string, answer: StoredAnswer): StoredAnswer[] {
  const items = readHistory(userId);
  if (!items.some((h) => sameAnswer(h, answer))) return items;
  const next = items.map((h) => (sameAnswer(h, answer) ? answer : h));
  write('localStorage', historyKey(userId), next);
  return next;
}

export function clearHistory(userId: string): void {
  removeKey('localStorage', historyKey(userId));
}
