import { describe, expect, it } from 'vitest';
import { formatFrenchDate, formatFrenchDateTime, parseDateValue } from './french-dates';

describe('French dates', () => {
  it('formats a calendar date as that very day, whatever the hour in Paris', () => {
    expect(formatFrenchDate('2026-03-01')).toBe('1 mars 2026');
    expect(formatFrenchDate('2020-11-12')).toBe('12 novembre 2020');
    expect(formatFrenchDate('2026-12-31')).toBe('31 décembre 2026');
  });

  it('formats an ISO date-time or a Date in Paris time', () => {
    expect(formatFrenchDate('2026-12-31T23:30:00Z')).toBe('1 janvier 2027');
    expect(formatFrenchDate(new Date('2026-11-22T10:15:00Z'))).toBe('22 novembre 2026');
    expect(formatFrenchDateTime('2026-07-14T10:05:00Z')).toBe('14 juillet 2026 à 12:05');
    expect(formatFrenchDateTime('2026-01-14T10:05:00Z')).toBe('14 janvier 2026 à 11:05');
  });

  it('leaves unreadable text as it is', () => {
    expect(formatFrenchDate('bientôt')).toBe('bientôt');
    expect(formatFrenchDateTime('demain')).toBe('demain');
    expect(parseDateValue('pas une date')).toBeUndefined();
    expect(parseDateValue('2026-13-01')).toBeUndefined();
  });
});
