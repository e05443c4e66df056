import {
  ANSWER_NOTICE,
  EMERGENCY_NUMBERS,
} from '../../../common/api/answers';
import { parseInline, parseSectionText } from '../../../common/answer-text';
import { ficheDateText, staleDataWarning } from '../../../common/data-freshness';
import { formatFrenchDate } from '../../../common/french-dates';
import { breakLongWords, cappedBlocks, cleanText, omittedLines, PRINT_LIMITS, type PrintedSources } from './prefile-text';

/**
 * The drawing of the pré-dossier (prefile-pdf.ts puts the parts in order): A4 pages, a header, boxes for the
 * emergency numbers, the stale-data warning and the question, the sections, the sources, the notice, ruled
 * lines for notes and a footer on every page. Every text goes through `fit` (long runs broken) before pdfkit
 * lays it out.
 */

export interface PrefileWriterOptions {
  siteTitle: string;
  /** Public address of the site, printed in the header (optional). */
  siteUrl?: string | undefined;
}

export const PREFILE_TITLE = 'Pré-dossier juridique';
export const EMPTY_SECTION_TEXT = 'Aucune information trouvée dans les sources pour cette rubrique.';
export const NOTES_TITLE = 'Notes pour le rendez-vous';
export const QUESTION_TITLE = 'Votre question';
export const SOURCES_TITLE = 'Sources';
export const EMERGENCY_TITLE = 'Urgence\u202f: en cas de danger, appelez immédiatement';

export const FONT_REGULAR = 'QL-Regular';
export const FONT_BOLD = 'QL-Bold';

const COLORS = {
  primary: '#1e3a8a',
  primaryDark: '#172554',
  primaryLight: '#dbeafe',
  text: '#1f2937',
  muted: '#4b5563',
  faint: '#6b7280',
  border: '#d1d5db',
  boxBg: '#f1f5f9',
  danger: '#b91c1c',
  dangerBg: '#fef2f2',
  warning: '#78350f',
  warningBorder: '#b45309',
  warningBg: '#fffbeb',
  link: '#1d4ed8',
} as const;

export const MARGIN = { top: 50, bottom: 60, left: 56, right: 56 } as const;
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;

/**
 * A paragraph or list item prints its citation markers in colour, each part of the text laid out by a call of
 * its own, up to this many parts (a real paragraph has a handful); beyond, one call lays it out whole (a text
 * made of thousands of « [1] » cost three times as much as plain text).
 */
const MAX_COLOURED_PARTS = 40;

type Doc = PDFKit.PDFDocument;

/** Draws the parts of a pré-dossier, top to bottom, on a pdfkit document (pages are buffered for the footers). */
export class PrefileWriter {
  readonly left = MARGIN.left;
  readonly width: number;
  /** Paragraphs and list items still to lay out one by one (PRINT_LIMITS.blocks, all sections together). */
  private blocksLeft: number = PRINT_LIMITS.blocks;

  constructor(
    private readonly doc: Doc,
    private readonly opts: PrefileWriterOptions,
  ) {
    this.width = doc.page.width - MARGIN.left - MARGIN.right;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  private remaining(): number {
    return this.bottom - this.doc.y;
  }

  /** Starts a new page unless `height` still fits on this one. */
  private ensureSpace(height: number): void {
    if (this.remaining() < height) this.doc.addPage();
  }

  private style(font: string, size: number, color: string): Doc {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  /** `text` with its over-long words broken for `width`, in the font and size set by the last style(). */
  private fit(text: string, width: number, size: number): string {
    return breakLongWords(text, width, size, (s) => this.doc.widthOfString(s));
  }

  header(date: Date): void {
    const { doc } = this;
    const top = MARGIN.top;
    this.style(FONT_BOLD, 11, COLORS.primary).text(this.opts.siteTitle, this.left, top, {
      width: this.width / 2,
      lineBreak: false,
    });
    if (this.opts.siteUrl) {
      this.style(FONT_REGULAR, 9, COLORS.muted).text(this.opts.siteUrl, this.left + this.width / 2, top + 1.5, {
        width: this.width / 2,
        align: 'right',
        link: this.opts.siteUrl,
        lineBreak: false,
      });
    }
    const ruleY = top + 20;
    doc.save().moveTo(this.left, ruleY).lineTo(this.left + this.width, ruleY).lineWidth(1.5).strokeColor(COLORS.primary).stroke().restore();

    this.style(FONT_BOLD, 22, COLORS.primaryDark).text(PREFILE_TITLE, this.left, ruleY + 14, { width: this.width });
    doc.moveDown(0.15);
    this.style(FONT_REGULAR, 10.5, COLORS.text).text(`Établi le ${formatFrenchDate(date)}`, this.left, doc.y, {
      width: this.width,
    });
    doc.moveDown(0.2);
    this.style(FONT_REGULAR, 9.5, COLORS.muted).text(
      'Document à apporter à votre rendez-vous avec un avocat, un notaire ou un commissaire de justice.',
      this.left,
      doc.y,
      { width: this.width },
    );
    doc.moveDown(1.2);
  }

  emergency(): void {
    const { doc } = this;
    const pad = 12;
    const rowHeight = 16;
    const height = pad + 16 + EMERGENCY_NUMBERS.length * rowHeight + pad - 4;
    this.ensureSpace(height);
    const top = doc.y;
    doc.save().roundedRect(this.left, top, this.width, height, 6).fillAndStroke(COLORS.dangerBg, COLORS.danger).restore();
    this.style(FONT_BOLD, 11.5, COLORS.danger).text(EMERGENCY_TITLE, this.left + pad, top + pad, {
      width: this.width - 2 * pad,
      lineBreak: false,
    });
    let y = top + pad + 20;
    for (const { number, label } of EMERGENCY_NUMBERS) {
      this.style(FONT_BOLD, 11, COLORS.danger).text(number, this.left + pad, y, { width: 44, lineBreak: false });
      this.style(FONT_REGULAR, 10.5, COLORS.text).text(label, this.left + pad + 48, y + 0.5, {
        width: this.width - 2 * pad - 48,
        lineBreak: false,
      });
      y += rowHeight;
    }
    doc.x = this.left;
    doc.y = top + height;
    doc.moveDown(1.2);
  }

  /** The question, and under it the case the visitor chose when the answer depends on one. */
  question(question: string, chosenCase?: string): void {
    const { doc } = this;
    const pad = 12;
    const bar = 4;
    const innerWidth = this.width - 2 * pad - bar;
    this.style(FONT_REGULAR, 11, COLORS.text);
    const text = this.fit(cleanText(question).trim() || '—', innerWidth, 11);
    const textHeight = doc.heightOfString(text, { width: innerWidth, lineGap: LINE_GAP });
    this.style(FONT_BOLD, 10.5, COLORS.primaryDark);
    const situation = chosenCase ? this.fit(cleanText(chosenCase).trim(), innerWidth, 10.5) : '';
    const situationHeight = situation ? 6 + doc.heightOfString(situation, { width: innerWidth, lineGap: LINE_GAP }) : 0;
    const height = pad + 18 + textHeight + situationHeight + pad - LINE_GAP;
    const fullPage = doc.page.height - MARGIN.top - MARGIN.bottom;
    if (height > fullPage) {
      // Too long for a framed box: a heading and the flowing text.
      this.heading(QUESTION_TITLE);
      this.style(FONT_REGULAR, 11, COLORS.text).text(text, this.left, doc.y, { width: this.width, lineGap: LINE_GAP });
      if (situation) {
        doc.moveDown(0.4);
        this.style(FONT_BOLD, 10.5, COLORS.primaryDark).text(situation, this.left, doc.y, { width: this.width, lineGap: LINE_GAP });
      }
      doc.moveDown(1.2);
      return;
    }
    this.ensureSpace(height);
    const top = doc.y;
    doc.save().rect(this.left, top, this.width, height).fill(COLORS.boxBg).restore();
    doc.save().rect(this.left, top, bar, height).fill(COLORS.primary).restore();
    this.style(FONT_BOLD, 10, COLORS.primary).text(QUESTION_TITLE.toUpperCase(), this.left + bar + pad, top + pad, {
      width: innerWidth,
      characterSpacing: 0.6,
      lineBreak: false,
    });
    this.style(FONT_REGULAR, 11, COLORS.text).text(text, this.left + bar + pad, top + pad + 18, {
      width: innerWidth,
      lineGap: LINE_GAP,
    });
    if (situation) {
      this.style(FONT_BOLD, 10.5, COLORS.primaryDark).text(situation, this.left + bar + pad, top + pad + 18 + textHeight + 6, {
        width: innerWidth,
        lineGap: LINE_GAP,
      });
    }
    doc.x = this.left;
    doc.y = top + height;
    doc.moveDown(1.4);
  }

  /** A section title, kept on the same page as the first lines that follow it. */
  heading(title: string, size = 14): void {
    const { doc } = this;
    this.ensureSpace(size + 8 + 3 * (BODY_SIZE + LINE_GAP + 3));
    this.style(FONT_BOLD, size, COLORS.primaryDark).text(title, this.left, doc.y, { width: this.width });
    const ruleY = doc.y + 2;
    doc.save().moveTo(this.left, ruleY).lineTo(this.left + this.width, ruleY).lineWidth(0.6).strokeColor(COLORS.primaryLight).stroke().restore();
    doc.x = this.left;
    doc.y = ruleY + 7;
  }

  /** Body text; citation markers « [n] » in the primary colour. */
  private richText(raw: string, x: number, width: number, color: string = COLORS.text): void {
    const { doc } = this;
    this.style(FONT_REGULAR, BODY_SIZE, color);
    const text = this.fit(raw, width, BODY_SIZE);
    // Citation markers stand out; web addresses and site paths print as written (withAbsoluteSiteLinks made the
    // latter full addresses).
    const parts = parseInline(text).map((part) =>
      part.kind === 'cite'
        ? { text: `[${part.numbers.join(', ')}]`, marker: true }
        : { text: part.kind === 'text' ? part.text : part.kind === 'url' ? part.url : part.path, marker: false },
    );
    if (parts.length <= 1 || parts.length > MAX_COLOURED_PARTS) {
      // Past MAX_COLOURED_PARTS the markers print in the text's colour: one call lays the block out.
      doc.text(parts.length <= 1 ? text : parts.map((p) => p.text).join(''), x, doc.y, { width, lineGap: LINE_GAP });
      return;
    }
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      doc.fillColor(part.marker ? COLORS.primary : color);
      if (i === 0) doc.text(part.text, x, doc.y, { width, lineGap: LINE_GAP, continued: !last });
      else doc.text(part.text, { continued: !last });
    });
    doc.fillColor(color);
  }

  section(title: string, text: string | undefined): void {
    const { doc } = this;
    this.heading(title);
    const { blocks, used } = cappedBlocks(text ? parseSectionText(text) : [], this.blocksLeft);
    this.blocksLeft = Math.max(0, this.blocksLeft - used);
    if (blocks.length === 0) {
      this.style(FONT_REGULAR, BODY_SIZE, COLORS.faint).text(EMPTY_SECTION_TEXT, this.left, doc.y, {
        width: this.width,
        lineGap: LINE_GAP,
      });
      doc.moveDown(1.2);
      return;
    }
    const lineHeight = BODY_SIZE + LINE_GAP + 3;
    blocks.forEach((block, i) => {
      if (block.kind === 'paragraph') {
        // A lead-in line (« Pièces à réunir : ») stays on the same page as the start of its list.
        const leadIn = blocks[i + 1]?.kind === 'list' && /:\s*$/.test(block.text);
        this.style(FONT_REGULAR, BODY_SIZE, COLORS.text);
        const height = leadIn ? doc.heightOfString(this.fit(block.text, this.width, BODY_SIZE), { width: this.width, lineGap: LINE_GAP }) : 0;
        this.ensureSpace(leadIn ? height + 2 * lineHeight : lineHeight);
        this.richText(block.text, this.left, this.width);
        doc.moveDown(0.55);
      } else {
        for (const item of block.items) {
          this.ensureSpace(lineHeight);
          const y = doc.y;
          this.style(FONT_BOLD, BODY_SIZE, COLORS.primary).text('•', this.left + 6, y, { width: 10, lineBreak: false });
          doc.y = y;
          this.richText(item, this.left + 20, this.width - 20);
          doc.moveDown(0.25);
        }
        doc.moveDown(0.3);
      }
      doc.x = this.left;
    });
    doc.moveDown(0.7);
  }

  /** A URL printed in full; clickable only for http(s) (the body comes from the browser). */
  private link(url: string, x: number, width: number, size = 9): void {
    const clean = cleanText(url).trim();
    const clickable = /^https?:\/\/[^\s]+$/i.test(clean);
    this.style(FONT_REGULAR, size, clickable ? COLORS.link : COLORS.muted).text(this.fit(clean, width, size), x, this.doc.y, {
      width,
      link: clickable ? clean : null,
      lineGap: 1,
    });
  }

  /**
   * The numbered sources: each fiche with its address and its date, then the legal references it cites with an
   * excerpt of each article, as printedSources chose them; what is left out is said in a line.
   */
  sources(printed: PrintedSources): void {
    const { doc } = this;
    this.heading(SOURCES_TITLE);
    if (printed.sources.length === 0) {
      this.style(FONT_REGULAR, BODY_SIZE, COLORS.faint).text('Aucune source.', this.left, doc.y, { width: this.width });
      doc.moveDown(1);
      return;
    }
    const indent = 26;
    const inner = this.width - indent;
    for (const source of printed.sources) {
      this.ensureSpace(3 * (BODY_SIZE + LINE_GAP + 3));
      const y = doc.y;
      this.style(FONT_BOLD, BODY_SIZE, COLORS.primary).text(`[${source.n}]`, this.left, y, { width: indent, lineBreak: false });
      this.style(FONT_BOLD, BODY_SIZE, COLORS.text);
      doc.text(this.fit(source.title, inner, BODY_SIZE), this.left + indent, y, { width: inner, lineGap: 1.5 });
      if (source.url) this.link(source.url, this.left + indent, inner);
      if (source.date) this.style(FONT_REGULAR, 8.5, COLORS.muted).text(ficheDateText(source.date), this.left + indent, doc.y, { width: inner });
      for (const ref of source.references) {
        doc.moveDown(0.35);
        this.ensureSpace(2 * (BODY_SIZE + 4));
        const ry = doc.y;
        this.style(FONT_REGULAR, 9.5, COLORS.muted).text('–', this.left + indent, ry, { width: 10, lineBreak: false });
        this.style(FONT_BOLD, 9.5, COLORS.text);
        doc.text(this.fit(ref.title, inner - 12, 9.5), this.left + indent + 12, ry, { width: inner - 12, lineGap: 1.5 });
        if (ref.url) this.link(ref.url, this.left + indent + 12, inner - 12, 8.5);
        if (ref.excerpt) {
          doc.moveDown(0.2);
          this.style(FONT_REGULAR, 8.5, COLORS.muted);
          doc.text(this.fit(`« ${ref.excerpt} »`, inner - 12, 8.5), this.left + indent + 12, doc.y, { width: inner - 12, lineGap: 1.5 });
        }
      }
      doc.x = this.left;
      doc.moveDown(0.8);
    }
    for (const line of omittedLines(printed)) {
      this.style(FONT_REGULAR, 9, COLORS.muted).text(line, this.left, doc.y, { width: this.width });
      doc.moveDown(0.4);
    }
  }

  /** Data more than a year old: the warning of the answer screen, in a box on the first page, naming the live fiche. */
  staleWarning(dataDate: string, liveFicheUrl: string | null): void {
    const { doc } = this;
    const url = liveFicheUrl === null ? null : cleanText(liveFicheUrl).trim() || null;
    const warning = staleDataWarning(dataDate, url);
    const clickable = url !== null && /^https?:\/\/[^\s]+$/i.test(url);
    const pad = 10;
    const inner = this.width - 2 * pad;
    this.style(FONT_BOLD, 10.5, COLORS.warning);
    const title = this.fit(warning.title, inner, 10.5);
    const titleHeight = doc.heightOfString(title, { width: inner, lineGap: 1.5 });
    this.style(FONT_REGULAR, 9.5, COLORS.warning);
    const check = this.fit(url ? `${warning.check} ${url}` : warning.check, inner, 9.5);
    const checkHeight = doc.heightOfString(check, { width: inner, lineGap: 1.5 });
    const height = pad + titleHeight + 4 + checkHeight + pad;
    this.ensureSpace(height);
    const top = doc.y;
    doc.save().roundedRect(this.left, top, this.width, height, 6).lineWidth(1.5).fillAndStroke(COLORS.warningBg, COLORS.warningBorder).restore();
    this.style(FONT_BOLD, 10.5, COLORS.warning).text(title, this.left + pad, top + pad, { width: inner, lineGap: 1.5 });
    this.style(FONT_REGULAR, 9.5, COLORS.warning).text(check, this.left + pad, top + pad + titleHeight + 4, {
      width: inner,
      lineGap: 1.5,
      link: clickable ? url : null,
    });
    doc.x = this.left;
    doc.y = top + height;
    doc.moveDown(1.2);
  }

  dataDateAndNotice(dataDate: string): void {
    const { doc } = this;
    const shown = formatFrenchDate(cleanText(dataDate).trim()) || 'non précisée';
    this.ensureSpace(90);
    doc.moveDown(0.3);
    this.style(FONT_REGULAR, 9.5, COLORS.muted);
    doc.text(this.fit(`Date des données\u202f: ${shown}`, this.width, 9.5), this.left, doc.y, { width: this.width });
    doc.moveDown(0.8);

    const pad = 10;
    this.style(FONT_REGULAR, 9.5, COLORS.text);
    const textHeight = doc.heightOfString(ANSWER_NOTICE, { width: this.width - 2 * pad, lineGap: 1.5 });
    const height = textHeight + 2 * pad - 1.5;
    this.ensureSpace(height);
    const top = doc.y;
    doc.save().roundedRect(this.left, top, this.width, height, 4).lineWidth(0.8).stroke(COLORS.border).restore();
    this.style(FONT_REGULAR, 9.5, COLORS.text).text(ANSWER_NOTICE, this.left + pad, top + pad, {
      width: this.width - 2 * pad,
      lineGap: 1.5,
    });
    doc.x = this.left;
    doc.y = top + height;
    doc.moveDown(1.5);
  }

  /** A titled area of ruled lines filling the rest of the page (a new page when little room is left). */
  notes(): void {
    const { doc } = this;
    const minHeight = 0.35 * (doc.page.height - MARGIN.top - MARGIN.bottom);
    if (this.remaining() < minHeight) doc.addPage();
    this.heading(NOTES_TITLE);
    this.style(FONT_REGULAR, 9, COLORS.faint).text(
      'Faits, dates, pièces, questions à poser au professionnel…',
      this.left,
      doc.y,
      { width: this.width },
    );
    const spacing = 24;
    doc.save().lineWidth(0.5).strokeColor(COLORS.border);
    for (let y = doc.y + spacing; y <= this.bottom - 4; y += spacing) {
      doc.moveTo(this.left, y).lineTo(this.left + this.width, y).stroke();
    }
    doc.restore();
    doc.y = this.bottom;
  }

  /** « Page n / N » on every page (pages are buffered). */
  footers(): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    const total = range.count;
    for (let i = range.start; i < range.start + total; i += 1) {
      doc.switchToPage(i);
      const savedBottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN.bottom + 22;
      doc.save().moveTo(this.left, y - 8).lineTo(this.left + this.width, y - 8).lineWidth(0.5).strokeColor(COLORS.border).stroke().restore();
      this.style(FONT_REGULAR, 8.5, COLORS.faint).text(`${this.opts.siteTitle} — ${PREFILE_TITLE}`, this.left, y, {
        width: this.width * 0.7,
        lineBreak: false,
      });
      this.style(FONT_REGULAR, 8.5, COLORS.faint).text(`Page ${i + 1 - range.start} / ${total}`, this.left + this.width * 0.7, y, {
        width: this.width * 0.3,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = savedBottom;
    }
  }
}
