import { ANSWER_NOTICE, type Answer } from '../../../common/api/answers';
import { chosenCaseLine, parseSectionText, withAbsoluteSiteLinks } from '../../../common/answer-text';
import { ficheDatesLine, isDataStale, liveFicheLabel, staleDataWarning } from '../../../common/data-freshness';
import { formatFrenchDate } from '../../../common/french-dates';

/** The site paths the answers may write, and the words of their links. */
export const SITE_LINK_LABELS: Record<string, string> = {
  '/#professionnels': 'la recherche de professionnels près de chez vous',
};

export interface PlainTextOptions {
  /** The case the visitor chose among the answer's alternatives, with the question it settles. */
  chosenCase?: { question: string; label: string } | undefined;
  /** Origin of this site, to spell out its own paths (`/#professionnels`) as full addresses. */
  origin?: string;
  /** The clock (ms): with it, data more than a year old is announced as on the screen. */
  now?: number;
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
  // The fiches' own dates; for answers kept without them, the date of the data.
  lines.push(`${ficheDatesLine(answer.sources) ?? `Données à jour au ${formatFrenchDate(answer.dataDate)}`}.`);
  const live = answer.sources[0];
  if (live) lines.push(`${liveFicheLabel(live.url)}\u202f: ${live.url}`);
  if (options.now !== undefined && isDataStale(answer.dataDate, options.now)) {
    const warning = staleDataWarning(answer.dataDate, live?.url ?? null);
    lines.push('', warning.title, warning.url ? `${warning.check} ${warning.url}` : warning.check);
  }
  lines.push('', ANSWER_NOTICE, '', 'Source\u202f: QuestionLegale.info');
  return lines.join('\n');
}
