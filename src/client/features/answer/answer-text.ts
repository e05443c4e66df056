import { ANSWER_NOTICE, type Answer } from '../../../common/api/answers';
import { chosenCaseLine, parseSectionText, withAbsoluteSiteLinks } from '../../../common/answer-text';
import { formatFrenchDate, parseDateValue } from '../../../common/french-dates';

/** The site paths the answers may write, and the words of their links. */
export const SITE_LINK_LABELS: Record<string, string> = {
  '/#professionnels': 'la recherche de professionnels près de chez vous',
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Data older than this is announced plainly on the answer screen. */
export const STALE_DATA_DAYS = 365;

/** Whether the data date (`2026-11-06` or an ISO date-time) is more than a year before `now`. */
export function isDataStale(dataDate: string, now: number): boolean {
  const date = parseDateValue(dataDate);
  return date !== undefined && now - date.getTime() > STALE_DATA_DAYS * DAY_MS;
}

export const LIVE_FICHE_LABEL = 'Vérifier la version à jour sur service-public.fr';

export interface PlainTextOptions {
  /** The case the visitor chose among the answer's alternatives, with the question it settles. */
  chosenCase?: { question: string; label: string } | undefined;
  /** Origin of this site, to spell out its own paths (`/#professionnels`) as full addresses. */
  origin?: string;
}

/** The answer as plain text, for « Copier ». `answer.sections` are the ones shown (the chosen case's). */
export function answerToPlainText(question: string, answer: Answer, options: PlainTextOptions = {}): string {
  const lines: string[] = [`Votre question\u202f: ${question}`, ''];
  if (options.chosenCase) lines.push(chosenCaseLine(options.chosenCase.question, options.chosenCase.label), '');
  for (const section of answer.sections) {
    lines.push(section.title.toUpperCase(), '');
    for (const block of parseSectionText(withAbsoluteSiteLinks(section.text, options.origin))) {
      if (block.kind === 'paragraph') lines.push(block.text, '');
      else lines.push(...block.items.map((item) => `- ${item}`), '');
    }
  }
  if (answer.sources.length > 0) {
    lines.push('SOURCES', '');
    for (const source of answer.sources) {
      lines.push(`[${source.n}] ${source.title} — ${source.url}`);
      for (const ref of source.references) lines.push(`    ${ref.title} — ${ref.url}`);
    }
    lines.push('');
  }
  lines.push(`Données à jour au ${formatFrenchDate(answer.dataDate)}.`);
  const live = answer.sources[0];
  if (live) lines.push(`${LIVE_FICHE_LABEL}\u202f: ${live.url}`);
  lines.push('', ANSWER_NOTICE, '', 'Source\u202f: QuestionLegale.info');
  return lines.join('\n');
}
