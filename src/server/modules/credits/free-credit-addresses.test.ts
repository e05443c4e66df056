import { describe, expect, it } from 'vitest';
import { createAddressHasher, normaliseAddress } from './free-credit-addresses';

describe('free-credit address hashes', () => {
  it('are one per normalised address and per secret, and never hold the address', () => {
    const hash = createAddressHasher('secret-de-test-'.repeat(4));
    const one = hash('Camille.Martin@Exemple.fr');
    expect(one).toMatch(/^hmac-sha256:[0-9a-f]{64}$/u);
    expect(hash('  camille.martin@exemple.fr ')).toBe(one);
    expect(hash('camille.martin2@exemple.fr')).not.toBe(one);
    expect(createAddressHasher('autre-secret-'.repeat(4))('camille.martin@exemple.fr')).not.toBe(one);
    expect(one).not.toContain('camille');
  });

  it('normalise case, surrounding spaces and Unicode composition', () => {
    expect(normaliseAddress(' Élodie@Exemple.FR ')).toBe('élodie@exemple.fr');
    expect(normaliseAddress('e\u0301lodie@exemple.fr')).toBe('élodie@exemple.fr');
  });
});
