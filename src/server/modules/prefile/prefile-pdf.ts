import PDFDocument from 'pdfkit';
import { SECTION_TITLES, SECTION_IDS, type PrefilePdfRequest } from '../../../common/api/answers';
import { chosenCaseLine } from '../../../common/answer-text';
import { isDataStale } from '../../../common/data-freshness';
import { loadFonts } from './prefile-fonts';
import { prefileDate } from './prefile-file-name';
import { cleanText, printedSections, printedSources } from './prefile-text';
import { FONT_BOLD, FONT_REGULAR, MARGIN, PREFILE_TITLE, PrefileWriter } from './prefile-writer';

/**
 * The downloadable « pré-dossier » to bring to a lawyer, notary or bailiff: a PDF built from the answer the browser
 * holds, never stored nor logged, laid out by pdfkit (prefile-writer.ts) with an embedded font (prefile-fonts.ts).
 * What it prints is chosen and bounded first (prefile-text.ts, PRINT_LIMITS), so that any accepted request lays
 * out in a bounded time.
 */

export interface PrefilePdfOptions {
  siteTitle: string;
  siteUrl?: string;
  /**
   * Origin of the site as the visitor reached it (`https://exemple.fr`): the answer's link to the home page's
   * professionals search (`/#professionnels`) is printed as a full address under it. Defaults to `siteUrl`.
   */
  linkOrigin?: string;
  /** The clock (ms since 1970) that tells whether the data is more than a year old; default: now. */
  now?: number;
}

/** Renders the pré-dossier PDF of an answer. Nothing is stored: the buffer is the only output. */
export async function renderPrefilePdf(input: PrefilePdfRequest, opts: PrefilePdfOptions): Promise<Buffer> {
  const fonts = await loadFonts();
  const siteTitle = cleanText(opts.siteTitle).trim() || 'QuestionLegale.info';
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${PREFILE_TITLE} — ${siteTitle}`,
      Author: siteTitle,
      Subject: 'Pré-dossier à apporter à un professionnel du droit',
      Creator: siteTitle,
    },
  });
  doc.registerFont(FONT_REGULAR, fonts.regular.source);
  doc.registerFont(FONT_BOLD, fonts.bold.source);
  doc.font(FONT_REGULAR);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = new PrefileWriter(doc, { siteTitle, siteUrl: opts.siteUrl });
  const { answer } = input;
  writer.header(prefileDate(input.answeredAt));
  if (answer.urgent) writer.emergency();
  // The same rule and words as the answer screen (src/common/data-freshness.ts), on the first page.
  const dataDate = cleanText(answer.dataDate).trim();
  if (isDataStale(dataDate, opts.now ?? Date.now())) writer.staleWarning(dataDate, answer.sources[0]?.url ?? null);
  const chosenCase = input.chosenCase ? chosenCaseLine(cleanText(answer.choices?.question ?? 'Votre situation\u202f:'), cleanText(input.chosenCase)) : undefined;
  writer.question(input.question, chosenCase);
  const sections = printedSections(answer.sections, opts.linkOrigin ?? opts.siteUrl);
  for (const id of SECTION_IDS) writer.section(SECTION_TITLES[id], sections.get(id));
  writer.sources(printedSources(answer.sources));
  writer.dataDateAndNotice(answer.dataDate);
  writer.notes();
  writer.footers();
  doc.end();
  return done;
}
