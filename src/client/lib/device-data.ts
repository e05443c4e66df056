/**
 * What this browser keeps for a signed-in account, keyed by the account's id so that another account
 * signing in on the same browser never reads it:
 * - `ql.history.<id>` (local storage): « Mes questions sur cet appareil »;
 * - `ql.currentAnswer.<id>` (session storage): the answer on screen, so that it survives a reload;
 * - `ql.keepOnDevice.<id>` (local storage): the account chose to keep its history after signing out.
 * Signing out erases the history unless it was kept, and always erases the answer kept for the tab and the
 * question draft. No zod here: the auth provider (home page bundle) calls these functions.
 */
export const historyKey = (userId: string): string => `ql.history.${userId}`;
export const currentAnswerKey = (userId: string): string => `ql.currentAnswer.${userId}`;
export const keepOnDeviceKey = (userId: string): string => `ql.keepOnDevice.${userId}`;

/** Keys of earlier versions, shared by every account of the browser: removed on sight. */
export const LEGACY_KEYS = ['ql.history', 'ql.currentAnswer'] as const;

/** The question typed before signing in (session storage: this tab only, gone when it closes). */
export const DRAFT_KEY = 'ql.questionDraft';

export type StoreName = 'sessionStorage' | 'localStorage';

export function browserStore(name: StoreName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null; // storage disabled by the browser
  }
}

export function removeKey(name: StoreName, key: string): void {
  try {
    browserStore(name)?.removeItem(key);
  } catch {
    // storage disabled
  }
}

function readText(name: StoreName, key: string): string | null {
  try {
    return browserStore(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeText(name: StoreName, key: string, value: string): void {
  try {
    browserStore(name)?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled
  }
}

/** Removes what earlier versions stored for every account alike. */
export function purgeLegacyKeys(): void {
  for (const key of LEGACY_KEYS) {
    removeKey('localStorage', key);
    removeKey('sessionStorage', key);
  }
}

export function keepsHistoryOnDevice(userId: string): boolean {
  return readText('localStorage', keepOnDeviceKey(userId)) === '1';
}

export function setKeepHistoryOnDevice(userId: string, keep: boolean): void {
  if (keep) writeText('localStorage', keepOnDeviceKey(userId), '1');
  else removeKey('localStorage', keepOnDeviceKey(userId));
}

/** Everything this browser holds for the account (account deleted, or history erased by the user). */
export function eraseAccountData(userId: string): void {
  removeKey('localStorage', historyKey(userId));
  removeKey('localStorage', keepOnDeviceKey(userId));
  removeKey('sessionStorage', currentAnswerKey(userId));
}

/** On signing out: the answer of the tab and the draft always go; the history too, unless it was kept. */
export function forgetOnSignOut(userId: string | null): void {
  removeKey('sessionStorage', DRAFT_KEY);
  if (!userId) return;
  removeKey('sessionStorage', currentAnswerKey(userId));
  if (!keepsHistoryOnDevice(userId)) removeKey('localStorage', historyKey(userId));
}

/** The question draft typed before signing in, or null. */
export function readDraft(): string | null {
  const text = readText('sessionStorage', DRAFT_KEY);
  return text && text.trim() !== '' ? text : null;
}

/** Keeps (or, for an empty text, drops) the draft for this tab. */
export function saveDraft(text: string): void {
  if (text.trim() === '') removeKey('sessionStorage', DRAFT_KEY);
  else writeText('sessionStorage', DRAFT_KEY, text);
}

export function clearDraft(): void {
  removeKey('sessionStorage', DRAFT_KEY);
}
