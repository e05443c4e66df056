import { describe, expect, it } from 'vitest';
import { createPrefileGate } from './prefile-limits';

const LIMITS = { perAccountPerMinute: 3, perAddressPerMinute: 5, concurrentPerAccount: 1, concurrentPerAddress: 2 };

describe('createPrefileGate', () => {
  it('limits the PDFs of an account per minute, then lets it ask again once the minute is over', () => {
    let now = 1_000_000;
    const gate = createPrefileGate(LIMITS, () => now);
    for (let i = 0; i < 3; i++) {
      const admitted = gate.admit('a', `10.0.0.${i}`);
      expect(admitted.ok).toBe(true);
      if (admitted.ok) admitted.release();
    }
    now += 20_000;
    expect(gate.admit('a', '10.0.0.9')).toEqual({ ok: false, reason: 'rate', retryAfterSeconds: 40 });
    // Another account is not concerned.
    expect(gate.admit('b', '10.0.0.9').ok).toBe(true);
    now += 40_000;
    expect(gate.admit('a', '10.0.0.9').ok).toBe(true);
  });

  it('limits the PDFs of an address per minute, whatever the accounts', () => {
    const gate = createPrefileGate(LIMITS, () => 0);
    for (let i = 0; i < 5; i++) {
      const admitted = gate.admit(`compte-${i}`, '192.0.2.1');
      expect(admitted.ok).toBe(true);
      if (admitted.ok) admitted.release();
    }
    expect(gate.admit('compte-9', '192.0.2.1')).toMatchObject({ ok: false, reason: 'rate' });
    expect(gate.admit('compte-9', '192.0.2.2').ok).toBe(true);
  });

  it('limits the PDFs under way at once per account and per address; a release frees the place (once)', () => {
    const gate = createPrefileGate({ ...LIMITS, perAccountPerMinute: 100, perAddressPerMinute: 100 }, () => 0);
    const first = gate.admit('a', '192.0.2.1');
    expect(first.ok).toBe(true);
    expect(gate.admit('a', '192.0.2.7')).toEqual({ ok: false, reason: 'concurrent', retryAfterSeconds: 2 });
    const second = gate.admit('b', '192.0.2.1');
    expect(second.ok).toBe(true);
    expect(gate.admit('c', '192.0.2.1')).toMatchObject({ ok: false, reason: 'concurrent' });
    if (first.ok) {
      first.release();
      first.release();
    }
    expect(gate.admit('c', '192.0.2.1').ok).toBe(true);
    // A refusal is not counted: the account can still ask once its PDF is ready.
    expect(gate.admit('b', '192.0.2.9')).toMatchObject({ ok: false, reason: 'concurrent' });
  });
});
