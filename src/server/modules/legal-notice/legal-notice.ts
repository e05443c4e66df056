import { z } from 'zod';
import { escapeHtml } from '../../../common/html';

/**
 * The legal notice's publisher and host (loi n° 2004-575 du 21 juin 2004, article 6 : the publisher's name,
 * address, telephone, registration and director of publication; the host's name, address and telephone),
 * configured by the operator (PUBLISHER_*, HOST_* or one LEGAL_NOTICE_FILE) and written into /mentions.html
 * between its `<!-- legal-notice:publisher -->` and `<!-- legal-notice:host -->` markers.
 */

const field = z.string().trim().min(1).max(500);

export const legalNoticeSchema = z.object({
  publisher: z
    .object({
      /** Name, or company name with its legal form and capital. */
      name: field.optional(),
      address: field.optional(),
      phone: field.optional(),
      email: field.optional(),
      /** RCS / RM / SIREN / RNA number, when there is one. */
      registration: field.optional(),
      /** Director of publication. */
      director: field.optional(),
    })
    .strict()
    .default({}),
  host: z
    .object({
      name: field.optional(),
      address: field.optional(),
      phone: field.optional(),
    })
    .strict()
    .default({}),
});

export type LegalNotice = z.infer<typeof legalNoticeSchema>;

/** The fields the law requires; missing ones are named in the production start-up warning. */
export function missingLegalNoticeFields(notice: LegalNotice): string[] {
  const missing: string[] = [];
  if (!notice.publisher.name) missing.push('PUBLISHER_NAME');
  if (!notice.publisher.address) missing.push('PUBLISHER_ADDRESS');
  if (!notice.publisher.phone && !notice.publisher.email) missing.push('PUBLISHER_PHONE');
  if (!notice.publisher.director) missing.push('PUBLISHER_DIRECTOR');
  if (!notice.host.name) missing.push('HOST_NAME');
  if (!notice.host.address) missing.push('HOST_ADDRESS');
  if (!notice.host.phone) missing.push('HOST_PHONE');
  return missing;
}

function row(label: string, value: string | undefined): string {
  return value ? `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>` : '';
}

const NOT_SET =
  `<p class="notice">L'exploitant de ce site n'a pas encore renseigné ces informations, que la loi l'oblige à publier ici. ` +
  `Vous pouvez les lui demander à l'adresse de contact ci-dessous.</p>`;

/** The publisher block (a definition list), or a plain note when the operator has set nothing. */
export function publisherHtml(notice: LegalNotice, siteTitle: string): string {
  const p = notice.publisher;
  if (!p.name && !p.address && !p.phone && !p.email && !p.registration && !p.director) return NOT_SET;
  const email = p.email ? `<dt>Courriel</dt><dd><a href="mailto:${escapeHtml(p.email)}">${escapeHtml(p.email)}</a></dd>` : '';
  return (
    `<dl><dt>Nom du service</dt><dd>${escapeHtml(siteTitle)}, service en ligne d'information juridique générale.</dd>` +
    row('Éditeur', p.name) +
    row('Adresse', p.address) +
    row('Téléphone', p.phone) +
    email +
    row('Immatriculation', p.registration) +
    row('Directeur ou directrice de la publication', p.director) +
    '</dl>'
  );
}

/** The host block, or a plain note when the operator has set nothing. */
export function hostHtml(notice: LegalNotice): string {
  const h = notice.host;
  if (!h.name && !h.address && !h.phone) return NOT_SET;
  return `<dl>${row('Hébergeur', h.name)}${row('Adresse', h.address)}${row('Téléphone', h.phone)}</dl>`;
}

function replaceBlock(html: string, name: string, content: string): string {
  const start = `<!-- legal-notice:${name} -->`;
  const end = `<!-- /legal-notice:${name} -->`;
  const from = html.indexOf(start);
  const to = html.indexOf(end);
  if (from < 0 || to < from) return html;
  return `${html.slice(0, from + start.length)}${content}${html.slice(to)}`;
}

/** /mentions.html with the configured publisher and host written in. */
export function renderLegalNotice(html: string, notice: LegalNotice, siteTitle: string): string {
  return replaceBlock(replaceBlock(html, 'publisher', publisherHtml(notice, siteTitle)), 'host', hostHtml(notice));
}
