import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { createProfileService, type ProfileService } from '../profile/profile-service';
import { createCreditsService, type CreditsService } from '../credits/credits-service';
import { createAuth, type Auth } from './auth';
import { resolveAuthSecret } from './secret';
import { createAuthRateLimiter, type AuthRateLimiter } from './rate-limit';
import { toWebHeaders } from './fastify-bridge';

export interface ResolvedUser {
  userId: string;
  email: string;
  name: string;
  /** How the caller proved who they are. */
  via: 'session' | 'api-key';
}

export interface Accounts {
  auth: Auth;
  mailer: Mailer;
  profiles: ProfileService;
  credits: CreditsService;
  rateLimiter: AuthRateLimiter;
  config: Config;
  /** For the public config: which social buttons to show. */
  publicAuth: { google: boolean; microsoft: boolean };
  /**
   * The signed-in user of a request: `Authorization: Bearer <api key>` first, else the session cookie.
   * Null when neither identifies a user (an invalid API key is not retried as a cookie).
   */
  resolveUser(request: FastifyRequest): Promise<ResolvedUser | null>;
  close(): void;
}

/** Extracts the key of an `Authorization: Bearer <key>` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Resolves `Authorization: Bearer <apiKey>` to its user (for /api/answers and scripts). */
export async function resolveApiKeyUser(
  profiles: ProfileService,
  authorization: string | undefined,
): Promise<ResolvedUser | null> {
  const key = bearerToken(authorization);
  if (!key) return null;
  const user = await profiles.findUserByApiKey(key);
  return user ? { ...user, via: 'api-key' } : null;
}

export async function createAccounts(config: Config, database: Database, logger: FastifyBaseLogger): Promise<Accounts> {
  const profiles = createProfileService(database.db);
  const credits = createCreditsService(database.db);
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
  const secret = resolveAuthSecret(config.auth.secret, config.dataDir);
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    mailer,
    logger,
    onUserCreated: (userId) => profiles.ensure(userId),
  });
  // Runs better-auth's init now (OAuth discovery included) rather than on the first request.
  await auth.$context;
  return {
    auth,
    mailer,
    profiles,
    credits,
    rateLimiter: createAuthRateLimiter(database.db, config.auth.rateLimit.windowSeconds),
    config,
    publicAuth: { google: Boolean(config.auth.google), microsoft: Boolean(config.auth.microsoft) },
    async resolveUser(request) {
      if (bearerToken(request.headers.authorization)) return resolveApiKeyUser(profiles, request.headers.authorization);
      if (!request.headers.cookie) return null;
      const session = await auth.api.getSession({ headers: toWebHeaders(request) });
      if (!session) return null;
      return { userId: session.user.id, email: session.user.email, name: session.user.name, via: 'session' };
    },
    close: () => mailer.close(),
  };
}
