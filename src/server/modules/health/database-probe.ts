import type { Database } from '../../db/database';

export type ProbeResult = 'ok' | 'error' | 'timeout';

/** How long a health check waits for the database before reporting it unreachable. */
export const DEFAULT_PING_TIMEOUT_MS = 2000;

/**
 * A database ping that never hangs: it settles within `timeoutMs` (a PostgreSQL that is gone or
 * black-holed otherwise keeps the request waiting for the pool's connection timeout), and at most one
 * ping is in flight whatever the number of concurrent probes, so a storm of health checks during an
 * outage cannot pile up connections.
 */
export function createDatabaseProbe(database: Pick<Database, 'ping'>, timeoutMs = DEFAULT_PING_TIMEOUT_MS): () => Promise<ProbeResult> {
  let pending: Promise<ProbeResult> | null = null;
  const ping = (): Promise<ProbeResult> => {
    pending ??= database.ping().then(
      (): ProbeResult => 'ok',
      (): ProbeResult => 'error',
    ).finally(() => {
      pending = null;
    });
    return pending;
  };
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ProbeResult>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    return Promise.race([ping(), timeout]).finally(() => clearTimeout(timer));
  };
}
