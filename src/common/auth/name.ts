import { MESSAGES } from '../messages';

/**
 * The account name: one rule for the register form and the server (sign-up, profile update). It is shown
 * in e-mails and in the operator's terminal, so it is short and holds no control character (line breaks,
 * tabulations, terminal escape sequences) nor invisible bidirectional override.
 */
export const NAME_MAX_LENGTH = 80;

/** Control characters, line and paragraph separators, bidirectional embeddings, overrides and isolates. */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const FORBIDDEN_ALL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
function length(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** The French message of what is wrong with a name (trimmed first), or null when it is acceptable. */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return MESSAGES.nameRequired;
  // Checked before the characters: a 200 KB name is refused without scanning it.
  if (trimmed.length > NAME_MAX_LENGTH * 2 || length(trimmed) > NAME_MAX_LENGTH) return MESSAGES.nameTooLong;
  if (FORBIDDEN.test(trimmed)) return MESSAGES.nameInvalidCharacters;
  return null;
}

/**
 * A name fit for display whatever is stored (accounts created before the rule, names given by a social
 * provider): forbidden characters become spaces, runs of spaces one, at most NAME_MAX_LENGTH characters.
 */
export function displayName(name: string): string {
  const capped = name.slice(0, NAME_MAX_LENGTH * 4);
  const clean = capped.replace(FORBIDDEN_ALL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length > NAME_MAX_LENGTH ? `${chars.slice(0, NAME_MAX_LENGTH - 1).join('').trimEnd()}…` : clean;
}

/**
 * A stored name for a terminal: each forbidden character written out as `\u{…}` (an escape sequence in a
 * name must not drive the operator's terminal, a line break must not forge a line), at most NAME_MAX_LENGTH
 * characters.
 */
export function terminalSafeName(name: string): string {
  const chars = [...name.slice(0, NAME_MAX_LENGTH * 4)];
  const shown = chars.length > NAME_MAX_LENGTH ? [...chars.slice(0, NAME_MAX_LENGTH), '…'] : chars;
  return shown.map((c) => (FORBIDDEN.test(c) ? `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}` : c)).join('');
}
