import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { BetterAuthPlugin } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppDb } from '../../db/database';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { validatePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/auth/password';
import { displayName, nameError } from '../../../common/auth/name';
import { AUTH_CODES } from '../../../common/auth/errors';
import type { Mailer } from '../mail/mailer';
import { behindProxy } from '../../plugins/client-address';
import { configuredOrigins } from '../../plugins/origin-check';
import { resetPasswordEmail, verifyEmailEmail } from '../mail/templates';
import { describeFailure } from '../../plugins/errors';
import { authLogLine } from './auth-log';

export const AUTH_BASE_PATH = '/api/auth';
/** Where social sign-in lands (the client route that sends the user on to their target). */
export const SOCIAL_CALLBACK_PATH = '/restricted';
export const RESET_TOKEN_TTL_SECONDS = 3600;

export interface AuthDeps {
  config: Config;
  db: AppDb;
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Called after a user row is created (any method): creates the profile. */
  onUserCreated(userId: string): Promise<void>;
  /**
   * Called whenever the free credits may have become due: the address was confirmed, or a session opened
   * (the confirmation rule may have been turned off since the sign-up). Idempotent.
   */
  onCreditsMaybeDue(userId: string): Promise<void>;
  /** Called before an account is deleted: keeps what must outlive it (the address served its free credits). */
  onUserDeleting(userId: string): Promise<void>;
  /** Called after a password reset or change succeeded: ends what the old password opened, tells the owner. */
  onPasswordChanged(user: { id: string; email: string; name: string }, how: 'reset' | 'change'): Promise<void>;
}

/** The site's public origin: PUBLIC_URL, or http://localhost:<PORT>. */
export function siteOrigin(config: Config): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `http://localhost:${config.port}`;
}

/** Cookies get `Secure` when the site is served over HTTPS (PUBLIC_URL https://… or behind a TLS proxy). */
export function usesSecureCookies(config: Config): boolean {
  return siteOrigin(config).startsWith('https://') || behindProxy(config);
}

function oauthProviders(config: Config): GenericOAuthConfig[] {
  const list: GenericOAuthConfig[] = [];
  const google = config.auth.google;
  if (google) {
    list.push({
      providerId: 'google',
      name: 'Google',
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      discoveryUrl: google.discoveryUrl,
      requireIdTokenVerification: true,
      scopes: ['openid', 'email', 'profile'],
      accessType: 'offline',
      prompt: 'consent',
    });
  }
  const microsoft = config.auth.microsoft;
  if (microsoft) {
    list.push({
      providerId: 'microsoft',
      name: 'Microsoft',
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      discoveryUrl: microsoft.discoveryUrl,
      requireIdTokenVerification: true,
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      prompt: 'consent',
      // Personal Microsoft accounts may carry the address only in preferred_username.
      mapProfileToUser: (profile) => {
        const email = typeof profile.email === 'string' && profile.email ? profile.email : profile.preferred_username;
        return typeof email === 'string' ? { email } : {};
      },
    });
  }
  return list;
}

/**
 * Microsoft's multi-tenant discovery documents (common, organizations, consumers) announce the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`: the real tokens carry their own tenant there.
 * Check the issuer against the template with the token's `tid` instead of literally.
 */
function microsoftIssuerPlugin(): BetterAuthPlugin {
  return {
    id: 'ql-microsoft-issuer',
    init: (ctx) => ({
      context: {
        socialProviders: ctx.socialProviders.map((provider) => {
          const idToken = provider.idToken;
          if (provider.id !== 'microsoft' || !idToken || 'verify' in idToken) return provider;
          const template = typeof idToken.issuer === 'string' ? idToken.issuer : undefined;
          if (!template?.includes('{tenantid}')) return provider;
          return {
            ...provider,
            idToken: {
              ...idToken,
              issuer: undefined,
              verifyClaims: (claims: Record<string, unknown>) =>
                typeof claims.tid === 'string' && claims.iss === template.replace('{tenantid}', claims.tid),
            },
          };
        }),
      },
    }),
  };
}

/** Paths whose body may carry the account name. */
const NAME_PATHS = new Set(['/sign-up/email', '/update-user']);

/**
 * Before better-auth runs: the account name rule (trimmed, at most 80 characters, no control character),
 * the server-side password rules, a plain « already registered » answer to a duplicate sign-up, and a password change that always
 * ends the other sessions.
 */
const passwordAndDuplicateGuard = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  let changed: Record<string, unknown> | undefined;
  if (NAME_PATHS.has(ctx.path) && (ctx.path === '/sign-up/email' || body.name !== undefined)) {
    const name = typeof body.name === 'string' ? body.name : '';
    const error = nameError(name);
    if (error) throw new APIError('BAD_REQUEST', { code: AUTH_CODES.invalidName, message: error });
    changed = { ...body, name: name.trim() };
  }
  if (ctx.path === '/change-password') changed = { ...body, revokeOtherSessions: true };

  let password: unknown;
  if (ctx.path === '/sign-up/email') password = body.password;
  else if (ctx.path === '/reset-password' || ctx.path === '/change-password') password = body.newPassword;
  if (typeof password === 'string' && password.length <= PASSWORD_MAX_LENGTH) {
    const failures = validatePassword(password);
    if (failures.length > 0) {
      throw new APIError('BAD_REQUEST', { code: AUTH_CODES.weakPassword, message: failures[0], errors: failures });
    }
  }
  if (ctx.path === '/sign-up/email' && typeof body.email === 'string') {
    // With autoSignIn off (e-mail confirmation required) better-auth would answer a duplicate with a fake
    // success; the register page shows « Utilisateur déjà enregistré. » instead, so the visitor knows to sign in.
    const existing = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase());
    if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: 'User already exists.' });
  }
  return changed ? { context: { body: changed } } : undefined;
});

/** The user of a successful reply (change-password answers `{ token, user }`), if any. */
function returnedUser(returned: unknown): { id: string; email: string; name: string } | undefined {
  if (returned instanceof APIError || typeof returned !== 'object' || returned === null || !('user' in returned)) return undefined;
  const user: unknown = returned.user;
  if (typeof user !== 'object' || user === null) return undefined;
  const { id, email, name } = user as Record<string, unknown>;
  return typeof id === 'string' && typeof email === 'string' ? { id, email, name: typeof name === 'string' ? name : '' } : undefined;
}

export function createAuth(deps: AuthDeps) {
  const { config, mailer, logger } = deps;
  const origin = siteOrigin(config);
  // After a successful password change: the same consequences as a reset (see AuthDeps.onPasswordChanged).
  const afterPasswordChange = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/change-password') return;
    const user = returnedUser(ctx.context.returned);
    if (user) await deps.onPasswordChanged(user, 'change');
  });
  const providers = oauthProviders(config);
  const plugins: BetterAuthPlugin[] = [];
  if (providers.length > 0) plugins.push(genericOAuth({ config: providers }), microsoftIssuerPlugin());

  const options = {
    appName: config.siteTitle,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: configuredOrigins(config),
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Without e-mail confirmation, registering signs the person in (the sign-up opens the session: no second
      // typing of the password); with it, no session before the address is confirmed, then /login.
      autoSignIn: !config.auth.requireEmailVerification,
      requireEmailVerification: config.auth.requireEmailVerification,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await deps.onPasswordChanged(user, 'reset');
      },
      sendResetPassword: async ({ user, token }) => {
        const url = `${origin}/update-password?token=${encodeURIComponent(token)}`;
        await mailer.send(
          resetPasswordEmail({ to: user.email, name: user.name, url, siteTitle: config.siteTitle, validMinutes: RESET_TOKEN_TTL_SECONDS / 60 }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: config.auth.requireEmailVerification,
      sendOnSignIn: config.auth.requireEmailVerification,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmailEmail({ to: user.email, name: user.name, url, siteTitle: config.siteTitle }));
      },
    },
    session: {
      expiresIn: config.auth.sessionTtlSeconds,
      updateAge: config.auth.sessionUpdateAgeSeconds,
    },
    // Reset and confirmation tokens are stored hashed: a database leak does not hand out live links.
    verification: { storeIdentifier: 'hashed' },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'microsoft'] } },
    // The account page deletes the account (sessions, ledger, feedback and profile go with it: ON DELETE
    // CASCADE; a keyed hash of the address is kept if it received the free credits); auth-routes.ts requires
    // the password for it.
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await deps.onUserDeleting(user.id);
        },
      },
    },
    // Our own database-backed limiter (rate-limit.ts) covers sign-in, sign-up and reset by IP and e-mail.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin and callback-URL checks when NODE_ENV=test: keep them on everywhere, so
      // the tests exercise what production runs (origin checks, no open redirects).
      disableOriginCheck: false,
      useSecureCookies: usesSecureCookies(config),
      cookiePrefix: 'ql',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // The Fastify bridge sets this header from request.ip (which honours TRUST_PROXY); clients cannot.
      ipAddress: { ipAddressHeaders: ['x-ql-client-ip'] },
    },
    databaseHooks: {
      user: {
        create: {
          // Names from a social provider skip the sign-up rule: made displayable here (one line, 80 characters).
          before: async (user) => ({ data: { ...user, name: displayName(user.name) } }),
          after: async (user) => {
            await deps.onUserCreated(user.id);
          },
        },
        update: {
          before: async (data) => (typeof data.name === 'string' ? { data: { ...data, name: displayName(data.name) } } : undefined),
          after: async (user) => {
            if (user.emailVerified) await deps.onCreditsMaybeDue(user.id);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await deps.onCreditsMaybeDue(session.userId);
          },
        },
      },
    },
    hooks: { before: passwordAndDuplicateGuard, after: afterPasswordChange },
    onAPIError: {
      errorURL: '/login',
      // Client errors (bad password, duplicate…) are normal traffic; only server faults are errors, logged by
      // class and code location (an error's message may quote the request).
      onError: (error) => {
        const status = error instanceof APIError ? error.statusCode : 500;
        if (status >= 500) logger.error({ module: 'auth', failure: describeFailure(error) }, 'auth request failed');
        else logger.debug({ module: 'auth', status }, 'auth client error');
      },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // A visitor's refused request at `warn` under a fixed code, never its text (auth-log.ts).
      log: (level, message, ...args) => {
        const line = authLogLine(level, message, args);
        logger[line.level](line.fields, line.msg);
      },
    },
    plugins,
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;
