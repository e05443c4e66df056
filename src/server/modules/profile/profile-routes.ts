import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../common/messages';
import { AUTH_CODES } from '../../../common/auth/errors';
import { LEDGER_LIMIT, ledgerResponseSchema, profileResponseSchema, type ProfileResponse } from '../../../common/auth/profile';
import { sendError } from '../../plugins/errors';
import { requireUser, signInRequired, type ResolveUser } from '../auth/signed-in';
import type { ProfileService } from './profile-service';

export interface ProfileRoutesOptions {
  profiles: ProfileService;
  resolveUser: ResolveUser;
}

const NOT_SIGNED_IN = { code: AUTH_CODES.unauthorized, message: MESSAGES.notSignedIn } as const;

/**
 * GET /api/profile → { credits, apiKey, name, email } (the profile is created if missing);
 * POST /api/profile/api-key → a new API key, same reply;
 * GET /api/profile/ledger → { movements: [{ at, delta, reason }] }, the latest 100, newest first.
 * All need a session (or an API key).
 */
export async function profileRoutes(api: FastifyInstance, opts: ProfileRoutesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { profiles } = opts;
  const signedIn = signInRequired(opts.resolveUser, NOT_SIGNED_IN);
  const profileSchema = { response: { 200: profileResponseSchema } };

  /** A profile deleted meanwhile (the account was deleted in another tab) is a signed-out caller. */
  function sendProfile(reply: FastifyReply, profile: ProfileResponse | null): FastifyReply {
    if (!profile) return sendError(reply, 401, NOT_SIGNED_IN.code, NOT_SIGNED_IN.message);
    return reply.header('cache-control', 'no-store').send(profile);
  }

  app.get('/profile', { preValidation: signedIn, schema: profileSchema }, async (request, reply) =>
    sendProfile(reply, await profiles.get(requireUser(request).id)),
  );
  app.post('/profile/api-key', { preValidation: signedIn, schema: profileSchema }, async (request, reply) =>
    sendProfile(reply, await profiles.regenerateApiKey(requireUser(request).id)),
  );
  app.get('/profile/ledger', { preValidation: signedIn, schema: { response: { 200: ledgerResponseSchema } } }, async (request, reply) => {
    const movements = await profiles.ledger(requireUser(request).id, LEDGER_LIMIT);
    return reply.header('cache-control', 'no-store').send({ movements });
  });
}
