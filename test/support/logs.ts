import { Writable } from 'node:stream';

/** A log line as pino writes it (JSON). */
export type LogEntry = Record<string, unknown> & { msg?: string; level?: number; url?: string };

/** Every line a logger writes, kept for a test to read. */
export interface CapturedLogs {
  /** The raw lines written so far (JSON text). */
  readonly lines: string[];
  /** For pino: `logger: { level, stream }`. */
  readonly stream: Writable;
  /** For the app: `buildApp(config, { logger: undefined, logStream })` (its own serializers and level). */
  readonly logStream: { write(line: string): void };
  /** The lines parsed. */
  entries(): LogEntry[];
  /** Resolves with the first entry for which `match` holds, among the lines written or when it is written. */
  waitFor(match: (entry: LogEntry) => boolean): Promise<LogEntry>;
}

export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const keep = (line: string): void => {
    lines.push(line);
    for (const check of [...waiters]) check();
  };
  const entries = (): LogEntry[] =>
    lines
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as LogEntry);
  return {
    lines,
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        keep(chunk.toString('utf8'));
        callback();
      },
    }),
    logStream: { write: keep },
    entries,
    waitFor(match) {
      const found = entries().find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const check = (): void => {
          const entry = entries().find(match);
          if (!entry) return;
          waiters.delete(check);
          resolve(entry);
        };
        waiters.add(check);
      });
    },
  };
}
