/**
 * French texts of the auth screens that only the client shows (messages shared with the server are in
 * `src/common/messages.ts`). Stable: the browser tests find the pages by these labels.
 */
export const AUTH_TEXT = {
  emailLabel: 'Adresse e-mail',
  passwordLabel: 'Mot de passe',
  nameLabel: 'Nom complet',
  confirmLabel: 'Confirmer le mot de passe',
  loginSubmit: 'Connexion',
  busy: 'Chargement...',
  registerSubmit: 'Créer mon compte',
  resetSubmit: 'Envoyer les instructions',
  updateSubmit: 'Mettre à jour le mot de passe',
  google: 'Se connecter avec Google',
  microsoft: 'Se connecter avec Microsoft',
  forgotPassword: 'Mot de passe oublié ?',
  backToLogin: 'Retour à la connexion',
  requestNewLink: 'Demander un nouveau lien',
  checklistTitle: 'Exigences du mot de passe',
  ruleMet: 'respectée',
  ruleUnmet: 'non respectée',
  loginFieldsRequired: 'Veuillez saisir votre adresse e-mail et votre mot de passe.',
  registerFieldsRequired: 'Veuillez remplir tous les champs.',
  passwordRequired: 'Veuillez saisir et confirmer votre nouveau mot de passe.',
  missingToken:
    'Ce lien de réinitialisation est incomplet\u202f: le jeton de sécurité est absent. Veuillez refaire une demande.',
  loggingOut: 'Déconnexion en cours…',
  goHome: "Aller à la page d'accueil",
  checkingSession: 'Vérification de votre session…',
  or: 'ou',
} as const;
