import { hasForwardingHeader, isLoopbackAddress } from '../../plugins/direct-peer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OPERATOR_CODES,
  OPERATOR_MESSAGES,
  operatorAccountSchema,
  operatorGrantRequestSchema,
  operatorGrantResponseSchema,
  operatorShowRequestSchema,
} from '../../../common/api/operator';
import { MESSAGES } from '../../../common/messages';
import { sendError, type InvalidRequestReplies } from '../../plugins/errors';
import type { OperatorCredits } from './operator-credits';
import {
  bearerMatches,
  loopbackUrl,
  newOperatorToken,
  removeOperatorEndpoint,
  writeOperatorEndpoint,
} from './operator-endpoint';

export interface OperatorRoutesOptions {
  /** Where the endpoint file is written (DATA_DIR, beside the embedded database). */
  dataDir: string;
  service: OperatorCredits;
}

export const OPERATOR_SHOW_PATH = '/api/operator/credits/show';
export const OPERATOR_GRANT_PATH = '/api/operator/credits/grant';

const INVALID: InvalidRequestReplies = { invalid: { code: 'invalid_request', message: OPERATOR_MESSAGES.invalid } };

/**
 * A request from this machine: straight from the loopback interface, or to the address it came from (the
 * server bound to one LAN address and the command run beside it), never relayed by a proxy.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  // No forwarding header of any kind (plugins/direct-peer.ts, as /metrics): a proxy on this machine relays others.
  if (hasForwardingHeader(request.headers)) return false;
  const { remoteAddress, localAddress } = request.raw.socket;
  return isLoopbackAddress(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress);
}

/**
 * POST /api/operator/credits/show `{ email }` → the balance and latest movements;
 * POST /api/operator/credits/grant `{ email, amount }` → the new balance (404 no such account, 409 a removal
 * below zero). Registered only on the embedded database, whose lock keeps `npm run credits` out while the
 * server runs: the command then comes here (operator-endpoint.ts). Anything but a request from this machine
 * with the token gets the site's plain 404, before its body is read.
 */
async function operator(app: FastifyInstance, opts: OperatorRoutesOptions): Promise<void> {
  const token = newOperatorToken();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const operatorOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fromThisMachine(request) || !bearerMatches(request.headers.authorization, token)) {
      return sendError(reply, 404, 'not_found', MESSAGES.notFound);
    }
    return undefined;
  };
  const common = { onRequest: operatorOnly, bodyLimit: 4096, config: { invalidRequest: INVALID } } as const;

  routes.post(OPERATOR_SHOW_PATH, { ...common, schema: { body: operatorShowRequestSchema, response: { 200: operatorAccountSchema } } }, async (request, reply) => {
    const account = await opts.service.show(request.body.email);
    if (!account) return sendError(reply, 404, OPERATOR_CODES.unknownAccount, OPERATOR_MESSAGES.unknownAccount(request.body.email));
    return reply.header('cache-control', 'no-store').send(account);
  });

  routes.post(OPERATOR_GRANT_PATH, { ...common, schema: { body: operatorGrantRequestSchema, response: { 200: operatorGrantResponseSchema } } }, async (request, reply) => {
    const { email, amount } = request.body;
    const outcome = await opts.service.grant(email, amount);
    if (outcome.ok) return reply.header('cache-control', 'no-store').send({ email, balance: outcome.balance });
    if (outcome.reason === 'unknown_account') return sendError(reply, 404, OPERATOR_CODES.unknownAccount, OPERATOR_MESSAGES.unknownAccount(email));
    return sendError(reply, 409, OPERATOR_CODES.negativeBalance, OPERATOR_MESSAGES.negativeBalance(email, outcome.balance));
  });

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') return; // a pipe: no TCP address to give
    writeOperatorEndpoint(opts.dataDir, { url: loopbackUrl(address), token, pid: process.pid });
  });
  app.addHook('onClose', async () => {
    removeOperatorEndpoint(opts.dataDir, token);
  });
}

export const operatorRoutes = fp(operator, { name: 'operator' });
