/**
 * Operator command for credits (no admin web UI: the site has no admin role).
 *
 *   npm run credits -- show <email>
 *   npm run credits -- grant <email> <n>      (n: whole number, may be negative; the balance never goes below 0)
 *
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL…). With the embedded database (PGlite),
 * stop the server first: one process at a time may open DATA_DIR.
 * Exit codes: 0 done, 1 bad usage or number, 2 unknown e-mail or refused change, 3 configuration or database.
 */
import { desc, eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { DirectoryLockedError } from '../src/server/db/lock';
import { restrictNewFileModes } from '../src/server/db/file-modes';
import { creditLedger, users } from '../src/server/db/schema';
import { createCreditsService } from '../src/server/modules/credits/credits-service';
import { createProfileService } from '../src/server/modules/profile/profile-service';
import { terminalSafeName } from '../src/common/auth/name';

const USAGE = [
  'Usage :',
  '  npm run credits -- show <email>         affiche le solde et les derniers mouvements',
  '  npm run credits -- grant <email> <n>    ajoute n crédits (n entier, négatif pour retirer)',
].join('\n');

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
  if (!Number.isSafeInteger(n) || Math.abs(n) > 1_000_000) throw new CliError(`Nombre de crédits invalide : « ${raw} » (au plus 1 000 000).`, 1);
  return n;
}

function parseEmail(raw: string | undefined): string {
  const email = raw?.trim().toLowerCase() ?? '';
  if (!email) throw new CliError(`Adresse e-mail manquante.\n${USAGE}`, 1);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`Adresse e-mail invalide : « ${raw} ».`, 1);
  return email;
}

async function run(database: Database, command: string, email: string, amount: number | undefined): Promise<void> {
  const { db } = database;
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
  if (!user) throw new CliError(`Aucun compte n'existe pour l'adresse ${email}.`, 2);
  const profiles = createProfileService(db);
  const credits = createCreditsService(db);
  await profiles.ensure(user.id);

  if (command === 'grant' && amount !== undefined) {
    const result = await credits.grant(user.id, amount, 'operator');
    if (!result.ok) {
      throw new CliError(`Refusé : le solde de ${email} est de ${result.balance ?? 0} crédit(s), il ne peut pas devenir négatif.`, 2);
    }
    out(`${amount > 0 ? 'Ajouté' : 'Retiré'} ${Math.abs(amount)} crédit(s) à ${email}. Nouveau solde : ${result.balance}.`);
    return;
  }
  const balance = await credits.balance(user.id);
  // The name was typed by the account's owner: never raw into the operator's terminal.
  out(`${terminalSafeName(user.name)} <${email}> : ${balance} crédit(s)`);
  const moves = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, user.id))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(10);
  if (moves.length > 0) out('Derniers mouvements :');
  for (const m of moves) out(`  ${m.createdAt.toISOString()}  ${m.delta > 0 ? '+' : ''}${m.delta}  ${m.reason}`);
}

async function main(argv: string[]): Promise<number> {
  // The embedded database's files stay private to this user, as when the server writes them.
  restrictNewFileModes();
  const [command, rawEmail, rawAmount, ...rest] = argv;
  if (command !== 'show' && command !== 'grant') throw new CliError(USAGE, 1);
  if (rest.length > 0 || (command === 'show' && rawAmount !== undefined)) throw new CliError(`Arguments en trop.\n${USAGE}`, 1);
  const email = parseEmail(rawEmail);
  const amount = command === 'grant' ? parseAmount(rawAmount) : undefined;

  let config;
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
      throw new CliError(
        `La base embarquée (${config.dataDir}) est ouverte par un autre processus (pid ${err.ownerPid}), sans doute le serveur. ` +
          'Arrêtez le serveur puis relancez la commande (avec PostgreSQL via DATABASE_URL, le serveur peut rester démarré).',
        3,
      );
    }
    throw new CliError(`Impossible d'ouvrir la base de données : ${err instanceof Error ? err.message : String(err)}`, 3);
  }
  try {
    await run(database, command, email, amount);
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
