import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import {
  ANSWER_NOTICE,
  EMERGENCY_NUMBERS,
  SECTION_IDS,
  SECTION_TITLES,
  type AnswerSource,
  type PrefilePdfRequest,
} from '../../../common/api/answers';
import { chosenCaseLine, parseInline, parseSectionText, withAbsoluteSiteLinks } from '../../../common/answer-text';
import { formatFrenchDate, parseDateValue } from '../../../common/french-dates';
import { shortenOnSentence } from '../../../common/french-text';

/**
 * The downloadable « pré-dossier » to bring to a lawyer, notary or bailiff: a PDF built from the answer the browser
 * holds, never stored nor logged. pdfkit with an embedded TTF font (DejaVu Sans, fonts/LICENSE-DejaVu.txt):
 * the 14 built-in PDF fonts only know WinAnsi and break on U+202F NARROW NO-BREAK SPACE, which French
 * number formatting uses (« 1 500 € »). DejaVu Sans has glyphs for U+202F, U+00A0, « », €, œ and ’,
 * so the text is rendered as is (no substitution); pdfkit embeds only the glyphs used (subset).
 */

export interface PrefilePdfOptions {
  siteTitle: string;
  siteUrl?: string;
  /**
   * Origin of the site as the visitor reached it (`https://exemple.fr`): the answer's link to the home page's
   * professionals search (`/#professionnels`) is printed as a full address under it. Defaults to `siteUrl`.
   */
  linkOrigin?: string;
}

export const PREFILE_TITLE = 'Pré-dossier juridique';
export const EMPTY_SECTION_TEXT = 'Aucune information trouvée dans les sources pour cette rubrique.';
export const NOTES_TITLE = 'Notes pour le rendez-vous';
export const QUESTION_TITLE = 'Votre question';
export const SOURCES_TITLE = 'Sources';
export const EMERGENCY_TITLE = 'Urgence\u202f: en cas de danger, appelez immédiatement';

const FONT_REGULAR = 'QL-Regular';
const FONT_BOLD = 'QL-Bold';

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
  link: '#1d4ed8',
} as const;

const MARGIN = { top: 50, bottom: 60, left: 56, right: 56 } as const;
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const ARTICLE_TEXT_MAX = 600;

/** Runs of non-spaces shorter than this fit on any line of the document: only longer ones are measured. */
const LONG_RUN = /\S{24,}/gu;
/** Widest glyph advance assumed when cutting a run into pieces that fit a line (em). */
const WIDEST_GLYPH_EM = 1.2;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Text pdfkit lays out in linear time: each run of non-spaces wider than `width` gets a zero-width space (a
 * break opportunity, invisible) every few characters, so that no piece is wider than a line. pdfkit breaks a
 * word longer than a line by measuring the rest of the word again for every line it fills: a single word of
 * 50,000 characters held the server for minutes. `measure` gives a string's width in the current font.
 */
export function breakLongWords(text: string, width: number, size: number, measure: (s: string) => number): string {
  const piece = Math.max(1, Math.floor(width / (size * WIDEST_GLYPH_EM)));
  return text.replace(LONG_RUN, (run) => {
    if (measure(run) <= width) return run;
    const chars = Array.from(run);
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += piece) pieces.push(chars.slice(i, i + piece).join(''));
    return pieces.join(ZERO_WIDTH_SPACE);
  });
}

type FontSource = PDFKit.Mixins.PDFFontSource;

interface LoadedFont {
  /** What pdfkit's registerFont receives: the parsed fontkit font, or the raw bytes as a fallback. */
  source: FontSource;
  /** Glyph coverage, when the parsed font is at hand. */
  hasGlyph: ((codePoint: number) => boolean) | null;
}

interface Fonts {
  regular: LoadedFont;
  bold: LoadedFont;
}

/**
 * Parses a TTF once for the whole process. pdfkit ≥ 0.20 accepts an already parsed fontkit font
 * wherever it takes font data (PDFFontFactory.open: any object with a `layout` method); reusing it
 * saves re-parsing DejaVu's large substitution/kerning tables for every document. The parsed font is
 * taken from a throwaway document, so fontkit need not be a direct dependency; if a future pdfkit
 * changes that internal shape, we fall back to the raw bytes (slower, same output).
 */
function parseFont(data: Buffer): LoadedFont {
  try {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.registerFont('probe', data);
    probe.font('probe');
    // Lays out a little French text so that fontkit parses its substitution/positioning tables now.
    probe.widthOfString('Éléments « dépôt » 1\u202f500\u00a0€ – cœur\u2019s');
    const embedded: unknown = Reflect.get(probe, '_font');
    const font: unknown = embedded !== null && typeof embedded === 'object' ? Reflect.get(embedded, 'font') : undefined;
    if (font !== null && typeof font === 'object' && typeof Reflect.get(font, 'layout') === 'function') {
      const has: unknown = Reflect.get(font, 'hasGlyphForCodePoint');
      const hasGlyph =
        typeof has === 'function' ? (codePoint: number) => Boolean(Reflect.apply(has, font, [codePoint])) : null;
      return { source: font as FontSource, hasGlyph };
    }
  } catch {
    // fall through to the raw bytes
  }
  return { source: data, hasGlyph: null };
}

let fontsPromise: Promise<Fonts> | undefined;

/** Font files read once per process, from the module's own folder (the app never depends on system fonts). */
function loadFonts(): Promise<Fonts> {
  fontsPromise ??= Promise.all([
    readFile(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
    readFile(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
  ]).then(([regular, bold]) => ({ regular: parseFont(regular), bold: parseFont(bold) }));
  fontsPromise.catch(() => {
    fontsPromise = undefined;
  });
  return fontsPromise;
}

/**
 * The characters of `text` that the embedded fonts (regular and bold) cannot draw, or null when
 * coverage cannot be checked. Used by the tests to prove « », €, œ, ’, U+00A0 and U+202F have real glyphs
 * (pdftotext alone cannot tell: a missing glyph still extracts as its Unicode value).
 */
export async function missingGlyphs(text: string): Promise<string[] | null> {
  const { regular, bold } = await loadFonts();
  if (!regular.hasGlyph || !bold.hasGlyph) return null;
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x0a) continue;
    if (!regular.hasGlyph(cp) || !bold.hasGlyph(cp)) missing.add(ch);
  }
  return [...missing];
}

/** Warms the font cache (parsing ≈ 1 s on first use): the PDF worker calls it as soon as it starts. */
export async function preloadPrefileFonts(): Promise<void> {
  await loadFonts();
}

/**
 * Makes client-provided text safe to lay out: unified line ends, tabs as spaces, no control characters,
 * no emoji (DejaVu Sans has no colour emoji; they would print as empty boxes).
 */
export function cleanText(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/\p{Extended_Pictographic}(?:\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F)?)*/gu, '')
    .replace(/\p{Emoji_Modifier}|\p{Regional_Indicator}/gu, '')
    .replace(/\u200B|\u200C|\u200D|\uFE0E|\uFE0F/g, '');
  let out = '';
  for (const ch of cleaned) {
    const code = ch.codePointAt(0) ?? 0;
    const control = (code < 0x20 && ch !== '\n') || (code >= 0x7f && code <= 0x9f);
    if (!control) out += ch;
  }
  return out;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' });

/** The date the pré-dossier shows: when the answer was produced, else now. */
export function prefileDate(answeredAt: string | undefined, now: Date = new Date()): Date {
  return (answeredAt === undefined ? undefined : parseDateValue(answeredAt)) ?? now;
}

/** « 2026-11-22 » (Paris time), for the file name. */
export function isoDayInParis(date: Date): string {
  const parts = PARIS_DAY.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

type Doc = PDFKit.PDFDocument;

class PrefileWriter {
  readonly left = MARGIN.left;
  readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly opts: PrefilePdfOptions,
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
    if (parts.length <= 1) {
      doc.text(text, x, doc.y, { width, lineGap: LINE_GAP });
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
    const blocks = text ? parseSectionText(cleanText(text)) : [];
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

  sources(sources: AnswerSource[]): void {
    const { doc } = this;
    this.heading(SOURCES_TITLE);
    if (sources.length === 0) {
      this.style(FONT_REGULAR, BODY_SIZE, COLORS.faint).text('Aucune source.', this.left, doc.y, { width: this.width });
      doc.moveDown(1);
      return;
    }
    const indent = 26;
    const inner = this.width - indent;
    for (const source of [...sources].sort((a, b) => a.n - b.n)) {
      this.ensureSpace(3 * (BODY_SIZE + LINE_GAP + 3));
      const y = doc.y;
      this.style(FONT_BOLD, BODY_SIZE, COLORS.primary).text(`[${source.n}]`, this.left, y, { width: indent, lineBreak: false });
      this.style(FONT_BOLD, BODY_SIZE, COLORS.text);
      doc.text(this.fit(cleanText(source.title).trim() || cleanText(source.url), inner, BODY_SIZE), this.left + indent, y, {
        width: inner,
        lineGap: 1.5,
      });
      if (source.url) this.link(source.url, this.left + indent, inner);
      for (const ref of source.references) {
        doc.moveDown(0.35);
        this.ensureSpace(2 * (BODY_SIZE + 4));
        const ry = doc.y;
        this.style(FONT_REGULAR, 9.5, COLORS.muted).text('–', this.left + indent, ry, { width: 10, lineBreak: false });
        this.style(FONT_BOLD, 9.5, COLORS.text);
        doc.text(this.fit(cleanText(ref.title).trim(), inner - 12, 9.5), this.left + indent + 12, ry, {
          width: inner - 12,
          lineGap: 1.5,
        });
        if (ref.url) this.link(ref.url, this.left + indent + 12, inner - 12, 8.5);
        const articleText = ref.text ? shortenOnSentence(cleanText(ref.text), ARTICLE_TEXT_MAX) : '';
        if (articleText) {
          doc.moveDown(0.2);
          this.style(FONT_REGULAR, 8.5, COLORS.muted);
          doc.text(this.fit(`« ${articleText} »`, inner - 12, 8.5), this.left + indent + 12, doc.y, {
            width: inner - 12,
            lineGap: 1.5,
          });
        }
      }
      doc.x = this.left;
      doc.moveDown(0.8);
    }
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
  const chosenCase = input.chosenCase ? chosenCaseLine(cleanText(answer.choices?.question ?? 'Votre situation\u202f:'), cleanText(input.chosenCase)) : undefined;
  writer.question(input.question, chosenCase);
  const linkOrigin = opts.linkOrigin ?? opts.siteUrl;
  for (const id of SECTION_IDS) {
    const section = answer.sections.find((s) => s.id === id && s.text.trim() !== '');
    writer.section(SECTION_TITLES[id], section ? withAbsoluteSiteLinks(section.text, linkOrigin) : undefined);
  }
  writer.sources(answer.sources);
  writer.dataDateAndNotice(answer.dataDate);
  writer.notes();
  writer.footers();
  doc.end();
  return done;
}
