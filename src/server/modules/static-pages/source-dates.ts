import { formatFrenchDate } from '../../../common/french-dates';
import { CORPUS_SOURCES } from '../../../corpus/sources';
import { html, type SafeHtml } from './html';

/** One source of the data in service and its newest date (GET /api/health's `corpus.sources`). */
export interface SourceDateLine {
  name: string;
  date: string;
}

/** What each source is, in the pages' words. */
const LABELS: Record<string, string> = {
  [CORPUS_SOURCES['service-public'].name]: 'Fiches « Vos droits et démarches » de service-public.fr',
  [CORPUS_SOURCES['travail-emploi'].name]: 'Fiches pratiques du ministère du Travail (travail-emploi.gouv.fr)',
  [CORPUS_SOURCES.codes.name]: 'Codes et articles de loi (Légifrance)',
};

/** The list of the sources with the date of each (/Articles/ and /mentions.html). */
export function sourceDatesHtml(sources: readonly SourceDateLine[]): SafeHtml {
  const items = sources.map((s) => {
    const label = LABELS[s.name] ?? s.name;
    return s.date
      ? html`
          <li>${label}\u202f: données du <time datetime="${s.date}">${formatFrenchDate(s.date)}</time></li>`
      : html`
          <li>${label}\u202f: date non précisée</li>`;
  });
  return html`<ul class="source-dates">${items}
        </ul>`;
}
