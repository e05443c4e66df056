import { MESSAGES } from '../messages';

/** The four password rules, shared by the register/update forms and the server. */
export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit';
  message: string;
  test(password: string): boolean;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', message: MESSAGES.passwordMinLength, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', message: MESSAGES.passwordUppercase, test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', message: MESSAGES.passwordLowercase, test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', message: MESSAGES.passwordDigit, test: (p) => /\d/.test(p) },
];

/** The French messages of every rule the password fails, in the order of PASSWORD_RULES (empty when it passes). */
export function validatePassword(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}
