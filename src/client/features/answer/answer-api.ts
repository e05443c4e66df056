import type { FeedbackRequest, PrefilePdfRequest } from '../../../common/api/answers';
import { apiErrorSchema } from '../../../common/api/errors';
import { displayedAnswer, type StoredAnswer } from './answer-storage';

export const FEEDBACK_ENDPOINT = '/api/feedback';
export const PDF_ENDPOINT = '/api/answers/pdf';
export const PDF_FILE_NAME = 'pre-dossier-questionlegale.pdf';

/** « Utile / pas utile » + a reason: never the question nor the answer (nothing of their text is stored). */
export async function postFeedback(feedback: FeedbackRequest): Promise<void> {
  const body: FeedbackRequest = { helpful: feedback.helpful };
  if (feedback.reason) body.reason = feedback.reason;
  if (feedback.mode) body.mode = feedback.mode;
  const response = await fetch(FEEDBACK_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`feedback ${response.status}`);
}

/** The file name from a Content-Disposition header, when it gives one. */
function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** The PDF request for a stored answer: the chosen case's sections and its label when one is chosen. */
export function prefileRequest(stored: StoredAnswer): PrefilePdfRequest {
  const { answer, chosenCase } = displayedAnswer(stored);
  const request: PrefilePdfRequest = { question: stored.question, answer, answeredAt: stored.answeredAt };
  if (chosenCase !== undefined) request.chosenCase = chosenCase;
  return request;
}

/**
 * The PDF could not be had. `userMessage` is the server's French reason when it is one the person can act on
 * (too many PDFs in the minute, one already under way, the server busy: wait and try again), else null.
 */
export class PrefileDownloadError extends Error {
  override name = 'PrefileDownloadError';
  constructor(
    readonly status: number,
    readonly userMessage: string | null,
  ) {
    super(`pdf ${status}`);
  }
}

/** The French message of an API error reply of these statuses, when the body is one. */
async function waitMessage(response: Response): Promise<string | null> {
  if (response.status !== 429 && response.status !== 503) return null;
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.error.message : null;
  } catch {
    return null;
  }
}

/** Asks the server for the pré-dossier PDF of this answer (the case shown) and saves it in the browser. */
export async function downloadPrefilePdf(stored: StoredAnswer): Promise<void> {
  const response = await fetch(PDF_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(prefileRequest(stored)),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new PrefileDownloadError(response.status, await waitMessage(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition')) ?? PDF_FILE_NAME;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after the click returns: let it live a little.
    window.setTimeout(() => {
      if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    }, 30_000);
  }
}
