import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from './unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Drizzle wraps driver errors: the cause carries the code. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select … params: …', { cause });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a stopped or unreachable PostgreSQL, directly or wrapped', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('the database system is starting up', '57P03')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('canceling statement due to statement timeout', '57014')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves bugs and constraint violations alone', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('new row violates check constraint', '23514')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('relation "x" does not exist', '42P01')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('survives a cycle of causes and reports the first code for the log', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
    expect(databaseErrorCode(wrapped(withCode('x', '57P01')))).toBe('57P01');
    expect(databaseErrorCode(new Error('no code'))).toBeUndefined();
  });
});
