import type { MailMessage } from './mailer';
import { displayName } from '../../../common/auth/name';
import { escapeHtml } from '../../../common/html';

/** French e-mails of the account flows, each with a plain-text part and a simple HTML part. */

/**
 * « Bonjour <name>, » with the name made safe: one line of at most 80 characters (names stored before the
 * rule, or from a social provider), and no name at all when it looks like a link or an address, which mail
 * programs would turn into a clickable link in the site's own e-mail.
 */
export function greeting(name: string): string {
  const shown = displayName(name);
  const linkLike = /:\/\/|www\.|@|\b[a-z0-9-]+\.(?:[a-z]{2,})(?:\/|\b)/i.test(shown);
  return shown === '' || linkLike ? 'Bonjour,' : `Bonjour ${shown},`;
}

function layout(siteTitle: string, paragraphs: string[], link: { url: string; label: string }, after: string[]): string {
  const p = (t: string): string => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  return [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(siteTitle)}</h1>`,
    ...paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    p('Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u202f:'),
    `<p style="word-break:break-all;font-size:13px">${escapeHtml(link.url)}</p>`,
    ...after.map(p),
    '</body></html>',
  ].join('\n');
}

export function resetPasswordEmail(args: { to: string; name: string; url: string; siteTitle: string; validMinutes: number }): MailMessage {
  const hello = greeting(args.name);
  const intro = `Vous avez demandé la réinitialisation du mot de passe de votre compte ${args.siteTitle}.`;
  const action = 'Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous\u202f:';
  const validity = `Ce lien est valable ${args.validMinutes} minutes et ne peut servir qu'une seule fois.`;
  const ignore = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u202f: votre mot de passe reste inchangé.";
  return {
    to: args.to,
    subject: `Réinitialisation de votre mot de passe — ${args.siteTitle}`,
    text: [hello, '', intro, action, '', args.url, '', validity, ignore, '', `L'équipe ${args.siteTitle}`, ''].join('\n'),
    html: layout(args.siteTitle, [hello, intro, action], { url: args.url, label: 'Choisir un nouveau mot de passe' }, [validity, ignore]),
  };
}

export function verifyEmailEmail(args: { to: string; name: string; url: string; siteTitle: string }): MailMessage {
  const hello = greeting(args.name);
  const intro = `Merci pour votre inscription sur ${args.siteTitle}.`;
  const action = 'Pour confirmer votre adresse e-mail et activer votre compte, ouvrez le lien ci-dessous\u202f:';
  const ignore = "Si vous n'avez pas créé de compte, ignorez ce message.";
  return {
    to: args.to,
    subject: `Confirmez votre adresse e-mail — ${args.siteTitle}`,
    text: [hello, '', intro, action, '', args.url, '', ignore, '', `L'équipe ${args.siteTitle}`, ''].join('\n'),
    html: layout(args.siteTitle, [hello, intro, action], { url: args.url, label: 'Confirmer mon adresse e-mail' }, [ignore]),
  };
}

/**
 * Sent after a password reset or change: what was ended (sessions, pending reset links, the API key) and
 * where to get a new API key (the account page).
 */
export function passwordChangedEmail(args: {
  to: string;
  name: string;
  siteTitle: string;
  accountUrl: string;
  resetUrl: string;
  how: 'reset' | 'change';
}): MailMessage {
  const hello = greeting(args.name);
  const intro =
    args.how === 'reset'
      ? `Le mot de passe de votre compte ${args.siteTitle} vient d'être réinitialisé.`
      : `Le mot de passe de votre compte ${args.siteTitle} vient d'être modifié.`;
  const sessions =
    args.how === 'reset'
      ? 'Par sécurité, toutes vos sessions ont été fermées\u202f: reconnectez-vous avec le nouveau mot de passe.'
      : 'Par sécurité, vos sessions ouvertes sur les autres appareils ont été fermées.';
  const links = 'Les autres liens de réinitialisation que vous auriez reçus ne fonctionnent plus.';
  const apiKey =
    "Votre clé d'API a été remplacée\u202f: l'ancienne ne fonctionne plus. Pour obtenir la nouvelle (scripts, intégrations), ouvrez la page de votre compte\u202f:";
  const notYou = `Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe sans attendre\u202f: ${args.resetUrl}`;
  return {
    to: args.to,
    subject: `Votre mot de passe a été modifié — ${args.siteTitle}`,
    text: [hello, '', intro, sessions, links, '', apiKey, args.accountUrl, '', notYou, '', `L'équipe ${args.siteTitle}`, ''].join('\n'),
    html: layout(args.siteTitle, [hello, intro, sessions, links, apiKey], { url: args.accountUrl, label: 'Ouvrir mon compte' }, [notYou]),
  };
}
