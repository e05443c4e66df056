import { MESSAGES } from '../messages';

/**
 * Auth error codes (better-auth's, plus ours) → the French messages the auth screens show. The server answers codes
 * not listed with a generic French message by code or status (modules/auth/fastify-bridge.ts).
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
  INVALID_PASSWORD: MESSAGES.invalidCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotConfirmed,
  USER_ALREADY_EXISTS: MESSAGES.alreadyRegistered,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.alreadyRegistered,
  PASSWORD_TOO_SHORT: MESSAGES.weakPasswordServer,
  PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
  TOO_MANY_REQUESTS: MESSAGES.tooManyAttempts,
  TOO_MANY_ATTEMPTS: MESSAGES.tooManyAttempts,
  EMAIL_REQUIRED: MESSAGES.recoveryNeedsEmail,
  FAILED_TO_CREATE_USER: MESSAGES.registerFailed,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  RESET_LINK_INVALID: MESSAGES.resetLinkInvalid,
  VERIFY_LINK_INVALID: MESSAGES.verifyLinkInvalid,
  UNAUTHORIZED: MESSAGES.notSignedIn,
  ACCOUNT_LOCKED: MESSAGES.accountLocked,
  EMAIL_VERIFICATION_DISABLED: MESSAGES.emailVerificationDisabled,
  CURRENT_PASSWORD_INVALID: MESSAGES.currentPasswordInvalid,
  NO_PASSWORD_ON_ACCOUNT: MESSAGES.noPasswordOnAccount,
  PASSWORD_REQUIRED: MESSAGES.passwordRequiredToDelete,
  SESSION_EXPIRED: MESSAGES.sessionTooOld,
};

/** Error codes the server adds itself. */
export const AUTH_CODES = {
  weakPassword: 'WEAK_PASSWORD',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  emailRequired: 'EMAIL_REQUIRED',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  verifyLinkInvalid: 'VERIFY_LINK_INVALID',
  unauthorized: 'UNAUTHORIZED',
  invalidName: 'INVALID_NAME',
  accountLocked: 'ACCOUNT_LOCKED',
  verificationDisabled: 'EMAIL_VERIFICATION_DISABLED',
} as const;
