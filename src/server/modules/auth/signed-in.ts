import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { sendError } from '../../plugins/errors';

/** The signed-in user of a request, the same shape on every route. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  /** How the caller proved who they are. */
  via: 'session' | 'api-key';
}

/** Finds the signed-in user of a request (API key or session cookie), or null. */
export type ResolveUser = (request: FastifyRequest) => Promise<SignedInUser | null>;

/** The 401 a route answers to a caller who is not signed in: a code and a French message. */
export interface SignInRefusal {
  code: string;
  message: string;
}

export interface SignInRequiredOptions {
  /**
   * How the route answers when the user cannot be looked up (the database is down…). Without it the error
   * goes to the app's error handler (a French 503 when the database is unreachable).
   */
  onLookupFailure?: (reply: FastifyReply, err: unknown) => FastifyReply;
}

const signedInUsers = new WeakMap<FastifyRequest, SignedInUser>();

/**
 * A `preValidation` hook: the route answers 401 (its own French message) unless the request is signed in,
 * before its schema looks at the body — an anonymous caller learns nothing about what the body should hold.
 * The handler then reads the user with `requireUser(request)`.
 */
export function signInRequired(resolveUser: ResolveUser, refusal: SignInRefusal, options: SignInRequiredOptions = {}): preValidationAsyncHookHandler {
  return async (request, reply) => {
    let user: SignedInUser | null;
    try {
      user = await resolveUser(request);
    } catch (err) {
      if (!options.onLookupFailure) throw err;
      return options.onLookupFailure(reply, err);
    }
    if (!user) return sendError(reply, 401, refusal.code, refusal.message);
    signedInUsers.set(request, user);
    return undefined;
  };
}

/**
 * The signed-in user of a request that went through `signInRequired`. Throws when the route forgot the
 * hook (a bug, answered as a 500), never returns an anonymous caller.
 */
export function requireUser(request: FastifyRequest): SignedInUser {
  const user = signedInUsers.get(request);
  if (!user) throw new Error('requireUser: the route has no signInRequired hook');
  return user;
}
