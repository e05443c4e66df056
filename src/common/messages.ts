/** French user-facing messages shared by the client and the server. */
export const MESSAGES = {
  wordLimit: 'Limite de mots atteinte (500 mots maximum).',
  questionTooLong: 'Votre question est trop longue (6\u00a0000 caractères maximum). Veuillez la raccourcir.',
  // Links and e-mail addresses are accepted (question-links.ts): only another run of 41 characters is refused.
  wordTooLong:
    "Un mot de votre question dépasse 40 caractères. Vérifiez qu'il ne manque pas d'espace entre deux mots.",
  notFrench:
    'Le texte saisi ne semble pas être en français. Veuillez saisir votre question en français.',
  attachment:
    'Non disponible dans la version de test - Cette fonctionnalité sera disponible prochainement.',
  emptyQuestion: 'Veuillez saisir votre question.',
  invalidCredentials: 'Identifiants invalides. Veuillez réessayer.',
  emailNotConfirmed: 'Email non confirmé. Veuillez vérifier votre boîte de réception.',
  alreadyRegistered: 'Utilisateur déjà enregistré.',
  weakPasswordServer: 'Le mot de passe doit contenir au moins 6 caractères',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer plus tard.',
  recoveryNeedsEmail: "Une adresse email est requise pour la récupération du mot de passe",
  connectionFailed: 'Impossible de se connecter au serveur',
  homeConnectionFailed: 'Erreur de connexion au serveur',
  registerFailed: "Une erreur s'est produite lors de l'inscription",
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  passwordMinLength: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordUppercase: 'Le mot de passe doit contenir au moins une lettre majuscule',
  passwordLowercase: 'Le mot de passe doit contenir au moins une lettre minuscule',
  passwordDigit: 'Le mot de passe doit contenir au moins un chiffre',
  resetSent: 'Les instructions de réinitialisation ont été envoyées à votre e-mail',
  passwordUpdated: 'Mot de passe mis à jour avec succès',
  registered: 'Inscription réussie ! Veuillez vous connecter.',
  notFound: "Cette adresse n'existe pas.",
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  rateLimited: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
  badRequest: 'Requête invalide.',
  jsonRequired: 'Le contenu de la requête doit être envoyé au format JSON.',
  // Accounts: messages in the same tone as the question form's.
  resetLinkInvalid: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.',
  verifyLinkInvalid: 'Ce lien de confirmation est invalide ou a expiré. Veuillez refaire une demande.',
  notSignedIn: 'Vous devez être connecté pour accéder à cette ressource.',
  invalidEmail: 'Adresse e-mail invalide.',
  passwordTooLong: 'Le mot de passe doit contenir au plus 128 caractères',
  socialSignInFailed: 'La connexion avec ce fournisseur a échoué. Veuillez réessayer.',
  invalidApiKey: "Clé d'API invalide.",
  // The account name (common/auth/name.ts).
  nameRequired: 'Veuillez saisir votre nom.',
  nameTooLong: 'Le nom doit contenir au plus 80 caractères.',
  nameInvalidCharacters: 'Le nom ne doit pas contenir de caractères de contrôle (retour à la ligne, tabulation…).',
  // Sign-in refused for an e-mail after many failures from many addresses: the way out is a reset.
  accountLocked:
    'Trop de tentatives de connexion sur ce compte. Réinitialisez votre mot de passe avec « Mot de passe oublié ? » ou réessayez plus tard.',
  emailVerificationDisabled: "La confirmation des adresses e-mail n'est pas activée sur ce site.",
  requestTimeout: "La requête n'a pas été reçue à temps. Veuillez réessayer.",
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux (cookies trop nombreux\u202f?).',
  // Database unreachable (stopped, restarting): a 503; nothing was charged, the request can be retried.
  databaseUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  // Mail server unreachable: the reset (or confirmation) e-mail can be requested again.
  mailUnavailable: "L'e-mail n'a pas pu être envoyé pour le moment. Veuillez réessayer dans quelques instants.",
  // The account page: changing the password, deleting the account.
  currentPasswordInvalid: 'Le mot de passe actuel est incorrect.',
  noPasswordOnAccount:
    "Ce compte se connecte avec Google ou Microsoft et n'a pas de mot de passe. Définissez-en un avec « Mot de passe oublié ? », puis réessayez.",
  passwordRequiredToDelete: 'Saisissez votre mot de passe pour confirmer la suppression du compte.',
  sessionTooOld: 'Votre session est trop ancienne pour cette opération. Veuillez vous reconnecter.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
