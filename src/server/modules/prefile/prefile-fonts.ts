import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';

/**
 * The fonts of the pré-dossier: DejaVu Sans regular and bold (fonts/LICENSE-DejaVu.txt), embedded in every
 * PDF. The 14 built-in PDF fonts only know WinAnsi and break on U+202F NARROW NO-BREAK SPACE, which French
 * number formatting uses (« 1 500 € »); DejaVu Sans has glyphs for U+202F, U+00A0, « », €, œ and ’, so the
 * text is rendered as is. The files are read and parsed once per process (the PDF worker thread).
 */

type FontSource = PDFKit.Mixins.PDFFontSource;

interface LoadedFont {
  /** What pdfkit's registerFont receives: the parsed fontkit font, or the raw bytes as a fallback. */
  source: FontSource;
  /** Glyph coverage, when the parsed font is at hand. */
  hasGlyph: ((codePoint: number) => boolean) | null;
}

export interface Fonts {
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
export function loadFonts(): Promise<Fonts> {
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
