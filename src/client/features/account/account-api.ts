import { ledgerResponseSchema, profileResponseSchema, type LedgerEntry, type ProfileResponse } from '../../../common/auth/profile';
import { MESSAGES } from '../../../common/messages';
import { postAuth, readError, type AuthResult } from '../auth/auth-api';

/** The account page's calls: the ledger, the API key, and better-auth's account endpoints (the profile itself comes from the auth context). */
export const ACCOUNT_API = {
  ledger: '/api/profile/ledger',
  apiKey: '/api/profile/api-key',
  changePassword: '/api/auth/change-password',
  revokeSessions: '/api/auth/revoke-sessions',
  deleteUser: '/api/auth/delete-user',
} as const;

const JSON_HEADERS = { Accept: 'application/json', 'Accept-Language': 'fr' };

async function getJson(url: string): Promise<AuthResult<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: JSON_HEADERS, cache: 'no-store' });
  } catch {
    return { ok: false, status: 0, code: null, message: MESSAGES.connectionFailed };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) return { ok: true, data: body };
  const { code, message } = readError(body);
  return { ok: false, status: response.status, code, message: message ?? MESSAGES.serverError };
}

function parsed<T>(result: AuthResult<unknown>, parse: (v: unknown) => T | null): AuthResult<T> {
  if (!result.ok) return result;
  const value = parse(result.data);
  return value === null ? { ok: false, status: 200, code: null, message: MESSAGES.serverError } : { ok: true, data: value };
}

export async function fetchLedger(): Promise<AuthResult<LedgerEntry[]>> {
  return parsed(await getJson(ACCOUNT_API.ledger), (v) => ledgerResponseSchema.safeParse(v).data?.movements ?? null);
}

export async function regenerateApiKey(): Promise<AuthResult<ProfileResponse>> {
  return parsed(await postAuth(ACCOUNT_API.apiKey, {}), (v) => profileResponseSchema.safeParse(v).data ?? null);
}

/** Changes the password and ends the account's other sessions (this one stays). */
export function changePassword(currentPassword: string, newPassword: string) {
  return postAuth(ACCOUNT_API.changePassword, { currentPassword, newPassword, revokeOtherSessions: true });
}

/** Ends every session of the account, this one included. */
export function signOutEverywhere() {
  return postAuth(ACCOUNT_API.revokeSessions, {});
}

/** Deletes the account (sessions, credit ledger, feedback), confirmed by the password. */
export function deleteAccount(password: string) {
  return postAuth(ACCOUNT_API.deleteUser, { password });
}
