/**
 * Operator command for credits (no admin web UI: the site has no admin role).
 *
 *   npm run credits -- show <email>
 *   npm run credits -- grant <email> <n>      (n: whole number, may be negative; the balance never goes below 0)
 *
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL…) and opens the database itself. The
 * embedded database (PGlite) admits one process at a time: while the server holds it, the command asks the
 * running server instead, on this machine only, with the token the server wrote in DATA_DIR/operator.json
 * (src/server/modules/operator). Either way the same service does the work and the output is the same.
 * Exit codes: 0 done, 1 bad usage or number, 2 unknown e-mail or refused change, 3 configuration or database.
 */
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { DirectoryLockedError } from '../src/server/db/lock';
import { restrictNewFileModes } from '../src/server/db/file-modes';
import { createCreditsService } from '../src/server/modules/credits/credits-service';
import { createProfileService } from '../src/server/modules/profile/profile-service';
import { createAddressHasher } from '../src/server/modules/credits/free-credit-addresses';
import { resolveAuthSecret } from '../src/server/modules/auth/secret';
import { createOperatorCredits } from '../src/server/modules/operator/operator-credits';
import { operatorEndpointPath, readOperatorEndpoint, type OperatorEndpoint } from '../src/server/modules/operator/operator-endpoint';
import { OPERATOR_GRANT_PATH, OPERATOR_SHOW_PATH } from '../src/server/modules/operator/operator-routes';
import {
  OPERATOR_CODES,
  OPERATOR_MAX_GRANT,
  OPERATOR_MESSAGES,
  operatorAccountSchema,
  operatorGrantResponseSchema,
  type OperatorAccount,
} from '../src/common/api/operator';
import { apiErrorSchema } from '../src/common/api/errors';
import { terminalSafeName } from '../src/common/auth/name';

const USAGE = [
  'Usage :',
  '  npm run credits -- show <email>         affiche le solde et les derniers mouvements',
  '  npm run credits -- grant <email> <n>    ajoute n crédits (n entier, négatif pour retirer)',
].join('\n');

/** Longest wait for the running server's answer. */
const SERVER_TIMEOUT_MS = 15_000;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function parseAmount(raw: string | undefined): number {
  if (raw === undefined) throw new CliError(`Nombre de crédits manquant.\n${USAGE}`, 1);
  if (!/^[+-]?\d+$/.test(raw.trim())) throw new CliError(`Nombre de crédits invalide : « ${raw} » (un nombre entier est attendu, par exemple 10).`, 1);
  const n = Number(raw);
  if (n === 0) throw new CliError('Nombre de crédits invalide : 0 ne change rien.', 1);
  if (!Number.isSafeInteger(n) || Math.abs(n) > OPERATOR_MAX_GRANT) throw new CliError(`Nombre de crédits invalide : « ${raw} » (au plus 1 000 000).`, 1);
  return n;
}

function parseEmail(raw: string | undefined): string {
  const email = raw?.trim().toLowerCase() ?? '';
  if (!email) throw new CliError(`Adresse e-mail manquante.\n${USAGE}`, 1);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`Adresse e-mail invalide : « ${raw} ».`, 1);
  return email;
}

function printAccount(account: OperatorAccount): void {
  // The name was typed by the account's owner: never raw into the operator's terminal.
  out(`${terminalSafeName(account.name)} <${account.email}> : ${account.balance} crédit(s)`);
  if (account.moves.length > 0) out('Derniers mouvements :');
  for (const m of account.moves) out(`  ${m.at}  ${m.delta > 0 ? '+' : ''}${m.delta}  ${m.reason}`);
}

function printGrant(email: string, amount: number, balance: number): void {
  out(`${amount > 0 ? 'Ajouté' : 'Retiré'} ${Math.abs(amount)} crédit(s) à ${email}. Nouveau solde : ${balance}.`);
}

/** The command on a database this process opened itself (PostgreSQL, or PGlite while the server is stopped). */
async function runOnDatabase(database: Database, config: Config, email: string, amount: number | undefined): Promise<void> {
  const { db } = database;
  // The profile service as the server builds it: a profile created here gets the free credits only when
  // due, and only if its address never had them (keyed with the server's auth secret).
  const profiles = createProfileService(db, {
    requireEmailVerification: config.auth.requireEmailVerification,
    hashAddress: createAddressHasher(resolveAuthSecret(config.auth.secret, config.dataDir)),
  });
  const service = createOperatorCredits({ db, profiles, credits: createCreditsService(db) });
  if (amount !== undefined) {
    const outcome = await service.grant(email, amount);
    if (outcome.ok) return printGrant(email, amount, outcome.balance);
    if (outcome.reason === 'unknown_account') throw new CliError(OPERATOR_MESSAGES.unknownAccount(email), 2);
    throw new CliError(OPERATOR_MESSAGES.negativeBalance(email, outcome.balance), 2);
  }
  const account = await service.show(email);
  if (!account) throw new CliError(OPERATOR_MESSAGES.unknownAccount(email), 2);
  printAccount(account);
}

/** The command sent to the running server that holds the embedded database (same service, same output). */
async function runOnServer(endpoint: OperatorEndpoint, endpointFile: string, email: string, amount: number | undefined): Promise<void> {
  const grant = amount !== undefined;
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}${grant ? OPERATOR_GRANT_PATH : OPERATOR_SHOW_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(grant ? { email, amount } : { email }),
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch (err) {
    throw new CliError(`Le serveur (pid ${endpoint.pid}, ${endpoint.url}) ne répond pas : ${err instanceof Error ? err.message : String(err)}`, 3);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    if (grant) {
      const parsed = operatorGrantResponseSchema.safeParse(body);
      if (parsed.success) return printGrant(email, amount, parsed.data.balance);
    } else {
      const parsed = operatorAccountSchema.safeParse(body);
      if (parsed.success) return printAccount(parsed.data);
    }
    throw new CliError(`Réponse illisible du serveur (${endpoint.url}).`, 3);
  }
  const error = apiErrorSchema.safeParse(body);
  const code = error.success ? error.data.error.code : '';
  const message = error.success ? error.data.error.message : `statut HTTP ${response.status}`;
  if (code === OPERATOR_CODES.unknownAccount || code === OPERATOR_CODES.negativeBalance) throw new CliError(message, 2);
  if (response.status === 400) throw new CliError(message, 1);
  if (response.status === 404) {
    throw new CliError(`Le serveur (pid ${endpoint.pid}) a refusé la commande : le jeton de ${endpointFile} ne correspond pas, ou la demande ne vient pas de cette machine.`, 3);
  }
  throw new CliError(`Le serveur (pid ${endpoint.pid}) n'a pas pu exécuter la commande : ${message}`, 3);
}

async function main(argv: string[]): Promise<number> {
  // The embedded database's files stay private to this user, as when the server writes them.
  restrictNewFileModes();
  const [command, rawEmail, rawAmount, ...rest] = argv;
  if (command !== 'show' && command !== 'grant') throw new CliError(USAGE, 1);
  if (rest.length > 0 || (command === 'show' && rawAmount !== undefined)) throw new CliError(`Arguments en trop.\n${USAGE}`, 1);
  const email = parseEmail(rawEmail);
  const amount = command === 'grant' ? parseAmount(rawAmount) : undefined;

  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, 3);
    throw err;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 });
  } catch (err) {
    if (err instanceof DirectoryLockedError) {
      // The server holds the embedded database: ask it, if it is the one that wrote the endpoint file.
      const endpoint = readOperatorEndpoint(config.dataDir);
      if (endpoint && endpoint.pid === err.ownerPid) {
        await runOnServer(endpoint, operatorEndpointPath(config.dataDir), email, amount);
        return 0;
      }
      throw new CliError(
        `La base embarquée (${config.dataDir}) est ouverte par un autre processus (pid ${err.ownerPid}) qui n'accepte pas les commandes d'exploitation ` +
          "(un serveur en cours de démarrage, d'une version antérieure, ou une autre commande). " +
          'Relancez la commande une fois le serveur démarré, ou arrêtez ce processus.',
        3,
      );
    }
    throw new CliError(`Impossible d'ouvrir la base de données : ${err instanceof Error ? err.message : String(err)}`, 3);
  }
  try {
    await runOnDatabase(database, config, email, amount);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = err.exitCode;
    } else {
      process.stderr.write(`Erreur inattendue : ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 3;
    }
  },
);
