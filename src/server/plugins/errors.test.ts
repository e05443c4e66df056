import { describe, expect, it } from 'vitest';
import { describeFailure } from './errors';

describe('describeFailure', () => {
  it('keeps the error class and the throwing frame, never the message (it may quote the question)', () => {
    const err = new TypeError('cannot read « mon proprio zorglubmarker »');
    const failure = describeFailure(err);
    expect(failure.name).toBe('TypeError');
    expect(failure.at).toMatch(/^at /u);
    expect(failure.at).toContain('errors.test.ts');
    expect(JSON.stringify(failure)).not.toContain('zorglubmarker');
  });

  it('describes non-Error throws by their type only', () => {
    expect(describeFailure('zorglubmarker')).toEqual({ name: 'string', at: undefined });
  });
});
