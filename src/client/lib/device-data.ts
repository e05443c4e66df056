/**
 * What this browser keeps for a signed-in account, keyed by the account's id so that another account
 * signing in on the same browser never reads it:
 * - `ql.history.<id>` (local storage): « Mes questions sur cet appareil »;
 * - `ql.currentAnswer.<id>` (session storage): the answer on screen, so that it survives a reload;
 * - `ql.keepOnDevice.<id>` (local storage): the account chose to keep its history after signing out.
 * Signing out erases the history unless it was kept, and always erases the answer kept for the tab and the
 * question draft — whichever way the sign-out comes: the menu, /logout opened directly, another tab (told
 * through `ql.signedOut`), or the server ending the session. No zod here: the auth provider (home page
 * bundle) calls these functions.
 */
export const historyKey = (userId: string): string => `ql.history.${userId}`;
export const currentAnswerKey = (userId: string): string => `ql.currentAnswer.${userId}`;
export const keepOnDeviceKey = (userId: string): string => `ql.keepOnDevice.${userId}`;

/** Keys of earlier versions, shared by every account of the browser: removed on sight. */
export const LEGACY_KEYS = ['ql.history', 'ql.currentAnswer'] as const;

/** The question typed before signing in (session storage: this tab only, gone when it closes). */
export const DRAFT_KEY = 'ql.questionDraft';

/**
 * Written (then removed at once) in local storage when a tab signs out: the other tabs of this browser get a
 * `storage` event and erase what they keep in their own session storage. It holds only a time.
 */
export const SIGNED_OUT_KEY = 'ql.signedOut';

const HISTORY_PREFIX = 'ql.history.';
const CURRENT_ANSWER_PREFIX = 'ql.currentAnswer.';

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

/** The keys of a store that start with `prefix` (none when storage is unavailable). */
function keysWithPrefix(name: StoreName, prefix: string): string[] {
  try {
    const store = browserStore(name);
    if (!store) return [];
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/**
 * On signing out: the answer of the tab and the draft always go; the history too, unless it was kept. When
 * the account is not known (the session had already ended), every answer of the tab goes, and every
 * history no account chose to keep: with nobody signed in, nothing should have stayed.
 */
export function forgetOnSignOut(userId: string | null): void {
  removeKey('sessionStorage', DRAFT_KEY);
  if (!userId) {
    for (const key of keysWithPrefix('sessionStorage', CURRENT_ANSWER_PREFIX)) removeKey('sessionStorage', key);
    for (const key of keysWithPrefix('localStorage', HISTORY_PREFIX)) {
      if (!keepsHistoryOnDevice(key.slice(HISTORY_PREFIX.length))) removeKey('localStorage', key);
    }
    return;
  }
  removeKey('sessionStorage', currentAnswerKey(userId));
  if (!keepsHistoryOnDevice(userId)) removeKey('localStorage', historyKey(userId));
}

/** Whether signing out would erase answers of this account kept on this device (its history is not kept). */
export function signOutErasesAnswers(userId: string): boolean {
  if (keepsHistoryOnDevice(userId)) return false;
  const history = readText('localStorage', historyKey(userId));
  return (history !== null && history !== '[]') || readText('sessionStorage', currentAnswerKey(userId)) !== null;
}

/** Tells the other tabs of this browser that this one signed out (see SIGNED_OUT_KEY). */
export function announceSignOut(): void {
  writeText('localStorage', SIGNED_OUT_KEY, String(Date.now()));
  removeKey('localStorage', SIGNED_OUT_KEY);
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
