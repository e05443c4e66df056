import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES } from './errors';

describe('AUTH_ERROR_MESSAGES', () => {
  it('gives the French message of the platform codes a visitor can cause', () => {
    expect(AUTH_ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD).toBe('Identifiants invalides. Veuillez réessayer.');
    expect(AUTH_ERROR_MESSAGES.EMAIL_NOT_VERIFIED).toBe('Email non confirmé. Veuillez vérifier votre boîte de réception.');
    expect(AUTH_ERROR_MESSAGES.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL).toBe('Utilisateur déjà enregistré.');
    expect(AUTH_ERROR_MESSAGES.PASSWORD_TOO_SHORT).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(AUTH_ERROR_MESSAGES.TOO_MANY_REQUESTS).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(AUTH_ERROR_MESSAGES.FAILED_TO_CREATE_USER).toBe("Une erreur s'est produite lors de l'inscription");
    expect(AUTH_ERROR_MESSAGES.SOMETHING_NEW).toBeUndefined();
  });
});
