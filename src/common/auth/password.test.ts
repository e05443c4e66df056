import { describe, expect, it } from 'vitest';
import { validatePassword } from './password';
import { frenchAuthMessage } from './errors';

describe('validatePassword', () => {
  it('returns the seed messages of every failing rule, in order', () => {
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

describe('frenchAuthMessage', () => {
  it('maps the catalogue codes and lets unmapped messages through', () => {
    expect(frenchAuthMessage('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')).toBe('Identifiants invalides. Veuillez réessayer.');
    expect(frenchAuthMessage('EMAIL_NOT_VERIFIED', 'Email not verified')).toBe('Email non confirmé. Veuillez vérifier votre boîte de réception.');
    expect(frenchAuthMessage('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'x')).toBe('Utilisateur déjà enregistré.');
    expect(frenchAuthMessage('PASSWORD_TOO_SHORT', 'Password too short')).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(frenchAuthMessage('TOO_MANY_REQUESTS', 'Too many requests')).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(frenchAuthMessage('FAILED_TO_CREATE_USER', 'x')).toBe("Une erreur s'est produite lors de l'inscription");
    expect(frenchAuthMessage('SOMETHING_NEW', 'Provider said no')).toBe('Provider said no');
  });
});
