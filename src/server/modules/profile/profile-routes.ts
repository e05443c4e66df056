import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../common/messages';
import { AUTH_CODES } from '../../../common/auth/errors';
import { LEDGER_LIMIT, type LedgerResponse, type ProfileResponse } from '../../../common/auth/profile';
import { sendError } from '../../plugins/errors';
import type { Accounts } from '../auth/accounts';

/**
 * GET /api/profile → { credits, apiKey, name, email } (the profile is created if missing);
 * POST /api/profile/api-key → a new API key, same reply;
 * GET /api/profile/ledger → { movements: [{ at, delta, reason }] }, the latest 100, newest first.
 * All need a session (or an API key).
 */
export async function profileRoutes(api: FastifyInstance, opts: { accounts: Accounts }): Promise<void> {
  const { accounts } = opts;

  async function reply(request: FastifyRequest, res: FastifyReply, action: (userId: string) => Promise<ProfileResponse | null>) {
    const user = await accounts.resolveUser(request);
    if (!user) return sendError(res, 401, AUTH_CODES.unauthorized, MESSAGES.notSignedIn);
    const profile = await action(user.userId);
    if (!profile) return sendError(res, 401, AUTH_CODES.unauthorized, MESSAGES.notSignedIn);
    return res.header('cache-control', 'no-store').send(profile);
  }

  api.get('/profile', (request, res) => reply(request, res, (id) => accounts.profiles.get(id)));
  api.post('/profile/api-key', (request, res) => reply(request, res, (id) => accounts.profiles.regenerateApiKey(id)));
  api.get('/profile/ledger', async (request, res) => {
    const user = await accounts.resolveUser(request);
    if (!user) return sendError(res, 401, AUTH_CODES.unauthorized, MESSAGES.notSignedIn);
    const body: LedgerResponse = { movements: await accounts.profiles.ledger(user.userId, LEDGER_LIMIT) };
    return res.header('cache-control', 'no-store').send(body);
  });
}
