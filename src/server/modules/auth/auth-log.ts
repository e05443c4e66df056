import { describeFailure } from '../../plugins/errors';

/**
 * What better-auth's own log calls become in the site's JSON log. better-auth writes a visitor's refused
 * request at `error` level and quotes its input (« Invalid origin: http://… », « Invalid callbackURL: /… »,
 * an OAuth `state` inside the error it attaches): a visitor could fill the error log with text of their
 * choosing. Here:
 *
 * - a refusal caused by the request (a bad origin or redirect target, a cross-site form, an unknown provider,
 *   a disabled action, a stale OAuth state…) is logged at `warn` under a fixed code, without the message;
 * - anything else keeps its level, with its message cut before the first « : » (where better-auth puts the
 *   values) and an attached error reduced to its class and code location (never its message or details).
 */

export type AuthLogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface AuthLogLine {
  level: AuthLogLevel;
  fields: Record<string, unknown>;
  msg: string;
}

/** better-auth messages that describe a refused request, and the fixed code each is logged under. */
const CLIENT_REFUSALS: readonly (readonly [RegExp, string])[] = [
  [/^Invalid origin\b/u, 'invalid_origin'],
  [/^Invalid (?:callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/u, 'invalid_redirect'],
  [/^If it's a valid URL\b/u, 'invalid_redirect'],
  [/^Blocked cross-site navigation\b/u, 'cross_site_navigation'],
  [/^Provider not found\b|^OAuth provider not found\b/u, 'unknown_provider'],
  [/\b(?:is|are) disabled\b|\bisn't enabled\b|\bnot enabled\b/u, 'action_disabled'],
  [/^Failed to parse state\b|^State mismatch\b|^No OAuth state\b|^Invalid OAuth\b|^OAuth callback missing\b/u, 'invalid_oauth_state'],
  [/^Email is the same\b/u, 'same_email'],
  [/^Invalid id token\b/u, 'invalid_id_token'],
];

/** Longest message kept from a log call that is not a refusal. */
const MAX_MESSAGE = 120;

function sanitisedMessage(message: string): string {
  const head = message.split(/:\s|\n/u)[0] ?? '';
  return head.length > MAX_MESSAGE ? `${head.slice(0, MAX_MESSAGE)}…` : head;
}

/** The log line for one better-auth log call (see the module comment). */
export function authLogLine(level: AuthLogLevel, message: string, args: readonly unknown[]): AuthLogLine {
  const refusal = CLIENT_REFUSALS.find(([pattern]) => pattern.test(message));
  if (refusal) return { level: level === 'error' ? 'warn' : level, fields: { module: 'auth', refused: refusal[1] }, msg: 'auth request refused' };
  const err = args.find((a): a is Error => a instanceof Error);
  return {
    level,
    fields: { module: 'auth', ...(err ? { failure: describeFailure(err) } : {}) },
    msg: sanitisedMessage(message),
  };
}
