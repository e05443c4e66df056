import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { verifications } from '../../db/schema';
import { createMailer, emailLogId, type Mailer } from '../mail/mailer';
import { passwordChangedEmail } from '../mail/templates';
import { createProfileService, type ProfileService } from '../profile/profile-service';
import { createCreditsService, type CreditsService } from '../credits/credits-service';
import { createAddressHasher } from '../credits/free-credit-addresses';
import { createAuth, siteOrigin, type Auth } from './auth';
import { resolveAuthSecret } from './secret';
import { createAuthRateLimiter, hashedKey, type AuthRateLimiter } from './rate-limit';
import { toWebHeaders } from './fastify-bridge';
import type { SignedInUser } from './signed-in';

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
  resolveUser(request: FastifyRequest): Promise<SignedInUser | null>;
  close(): void;
}

/** Extracts the key of an `Authorization: Bearer <key>` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Resolves `Authorization: Bearer <apiKey>` to its user (for /api/answers and scripts). */
async function resolveApiKeyUser(
  profiles: ProfileService,
  authorization: string | undefined,
): Promise<SignedInUser | null> {
  const key = bearerToken(authorization);
  if (!key) return null;
  const user = await profiles.findUserByApiKey(key);
  return user ? { ...user, via: 'api-key' } : null;
}

/** Rate-limit key under which the failed sign-ins of one e-mail are counted (and, below it, per address). */
export function signInFailureKey(email: string): string {
  return hashedKey('sign-in-failures', email);
}

/** The account page, where the owner sees and regenerates the API key. */
export const ACCOUNT_PAGE_PATH = '/app/compte';

/** `clock` is the rate limits' time source (epoch milliseconds): tests move it; Date.now otherwise. */
export async function createAccounts(
  config: Config,
  database: Database,
  logger: FastifyBaseLogger,
  clock?: () => number,
): Promise<Accounts> {
  const secret = resolveAuthSecret(config.auth.secret, config.dataDir);
  const profiles = createProfileService(database.db, {
    requireEmailVerification: config.auth.requireEmailVerification,
    // The free credits go to an address once, deleted accounts included (a keyed hash is kept).
    hashAddress: createAddressHasher(secret),
  });
  const credits = createCreditsService(database.db);
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
  const rateLimiter = createAuthRateLimiter(database.db, config.auth.rateLimit.windowSeconds, clock);
  const origin = siteOrigin(config);
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    mailer,
    logger,
    onUserCreated: (userId) => profiles.ensure(userId),
    onCreditsMaybeDue: async (userId) => {
      await profiles.grantInitialCredits(userId);
    },
    onUserDeleting: (userId) => profiles.rememberFreeCredits(userId),
    // Sessions are ended by better-auth (all of them on a reset, the others on a change); the rest here.
    onPasswordChanged: async (user, how) => {
      // Every reset link still pending for this account (their rows hold the user id) stops working.
      await database.db.delete(verifications).where(eq(verifications.value, user.id));
      // The API key is a credential too: whoever held the old password may have read it.
      await profiles.regenerateApiKey(user.id);
      // The owner is in again: forget the failed sign-ins counted against this address.
      await rateLimiter.clear(signInFailureKey(user.email));
      try {
        await mailer.send(
          passwordChangedEmail({
            to: user.email,
            name: user.name,
            siteTitle: config.siteTitle,
            accountUrl: `${origin}${ACCOUNT_PAGE_PATH}`,
            resetUrl: `${origin}/reset-password`,
            how,
          }),
        );
      } catch {
        // The password did change: a missing notice must not turn the success into an error (mailer logged it).
        logger.warn({ module: 'auth', to: emailLogId(user.email) }, 'password change notice not sent');
      }
    },
  });
  // Runs better-auth's init now (OAuth discovery included) rather than on the first request.
  await auth.$context;
  return {
    auth,
    mailer,
    profiles,
    credits,
    rateLimiter,
    config,
    publicAuth: { google: Boolean(config.auth.google), microsoft: Boolean(config.auth.microsoft) },
    async resolveUser(request) {
      if (bearerToken(request.headers.authorization)) return resolveApiKeyUser(profiles, request.headers.authorization);
      if (!request.headers.cookie) return null;
      const session = await auth.api.getSession({ headers: toWebHeaders(request) });
      if (!session) return null;
      return { id: session.user.id, email: session.user.email, name: session.user.name, via: 'session' };
    },
    close: () => mailer.close(),
  };
}
