import type { PrefilePdfRequest } from '../../../common/api/answers';
import { contentDisposition, prefileFileName } from './prefile-file-name';
import { createPrefileGate, type PrefileGate } from './prefile-limits';
import { PrefileBusyError, PrefileRenderError, type PrefileRenderer } from './prefile-renderer';

/**
 * The pré-dossier service: admits the request (prefile-limits.ts), has the PDF laid out off the event loop
 * (prefile-renderer.ts) and names the file. Nothing of the request is kept.
 */

export const PREFILE_MESSAGES = {
  invalid: 'Le contenu du pré-dossier est invalide.',
  unauthorized: 'Veuillez vous connecter pour télécharger le pré-dossier.',
  failed: "Le pré-dossier n'a pas pu être généré. Veuillez réessayer.",
  busy: 'De nombreux pré-dossiers sont en cours de préparation. Veuillez réessayer dans quelques instants.',
  rateLimited: 'Vous avez demandé beaucoup de pré-dossiers en peu de temps. Veuillez réessayer dans une minute.',
  inProgress: "Un pré-dossier est déjà en préparation. Veuillez attendre qu'il soit prêt avant d'en demander un autre.",
} as const;

export interface PrefileServiceOptions {
  siteTitle: string;
  /** Public URL of the site, printed in the PDF header (optional). */
  siteUrl?: string | undefined;
  renderer: PrefileRenderer;
  /** Default: the limits of PREFILE_LIMIT_DEFAULTS. */
  gate?: PrefileGate;
}

export interface PrefileRequester {
  /** The signed-in account. */
  account: string;
  /** The client's address as per-address limits count it (plugins/client-address.ts, clientKey). */
  address: string;
  /** The site's origin as the visitor reached it, for the answer's own links (when PUBLIC_URL is not set). */
  linkOrigin?: string | undefined;
}

export type PrefileOutcome =
  | { ok: true; pdf: Buffer; fileName: string; contentDisposition: string }
  | {
      ok: false;
      status: 429 | 500 | 503;
      code: string;
      message: string;
      retryAfterSeconds?: number;
      /** For the log of a failed layout: the error's kind and where, never its message (it could quote the text). */
      failure?: { errName: string; where: string };
    };

export interface PrefileService {
  render(request: PrefilePdfRequest, by: PrefileRequester): Promise<PrefileOutcome>;
}

export function createPrefileService(opts: PrefileServiceOptions): PrefileService {
  const gate = opts.gate ?? createPrefileGate();
  return {
    async render(request, by) {
      const admission = gate.admit(by.account, by.address);
      if (!admission.ok) {
        const rate = admission.reason === 'rate';
        return {
          ok: false,
          status: 429,
          code: rate ? 'rate_limited' : 'prefile_in_progress',
          message: rate ? PREFILE_MESSAGES.rateLimited : PREFILE_MESSAGES.inProgress,
          retryAfterSeconds: admission.retryAfterSeconds,
        };
      }
      try {
        const linkOrigin = opts.siteUrl ?? by.linkOrigin;
        const pdf = await opts.renderer.render(request, {
          siteTitle: opts.siteTitle,
          ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}),
          ...(linkOrigin ? { linkOrigin } : {}),
        });
        const fileName = prefileFileName(request.answeredAt, [...request.answer.sources].sort((a, b) => a.n - b.n)[0]?.title);
        return { ok: true, pdf, fileName, contentDisposition: contentDisposition(fileName) };
      } catch (err) {
        if (err instanceof PrefileBusyError) {
          return { ok: false, status: 503, code: 'prefile_busy', message: PREFILE_MESSAGES.busy, retryAfterSeconds: 5, failure: { errName: err.name, where: '' } };
        }
        const errName = err instanceof PrefileRenderError ? err.errName : err instanceof Error ? err.name : typeof err;
        const where = err instanceof PrefileRenderError ? err.where : err instanceof Error ? (err.stack ?? '').split('\n').slice(1, 6).join('\n') : '';
        return { ok: false, status: 500, code: 'prefile_failed', message: PREFILE_MESSAGES.failed, failure: { errName, where } };
      } finally {
        admission.release();
      }
    },
  };
}
