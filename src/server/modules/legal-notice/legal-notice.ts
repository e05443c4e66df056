import { z } from 'zod';

/**
 * The legal notice's publisher and host (loi n° 2004-575 du 21 juin 2004, article 6 : the publisher's name,
 * address, telephone, registration and director of publication; the host's name, address and telephone),
 * configured by the operator (PUBLISHER_*, HOST_* or one LEGAL_NOTICE_FILE) and written into /mentions.html
 * (static-pages/mentions-page.ts).
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
