import { describe, expect, it } from 'vitest';
import { validatePassword } from './password';

describe('validatePassword', () => {
  it('returns the message of every failing rule, in order', () => {
    expect(validatePassword('')).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères',
      'Le mot de passe doit contenir au moins une lettre majuscule',
      'Le mot de passe doit contenir au moins une lettre minuscule',
      'Le mot de passe doit contenir au moins un chiffre',
    ]);
    expect(validatePassword('abcdefgh')).toEqual([
      'Le mot de passe doit contenir au moins une lettre majuscule',
      'Le mot de passe doit contenir au moins un chiffre',
    ]);
    expect(validatePassword('Abcdefg1')).toEqual([]);
    expect(validatePassword('Abc1')).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
  });

  it('counts accented letters as letters', () => {
    expect(validatePassword('Élégance9')).toEqual([]);
    expect(validatePassword('ÉLÉGANCE9')).toEqual(['Le mot de passe doit contenir au moins une lettre minuscule']);
  });
});
