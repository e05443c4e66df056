import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The French text the site shows (SPA, server-rendered pages, e-mails, PDF, API and start-up messages) is
 * written with one apostrophe, the straight one of the original specification's own texts (« Une erreur
 * s'est produite lors de l'inscription », « Aller à la page d'accueil »), and with a narrow no-break space
 * (U+202F) before « ? », « ! » and « : », except in the specification's literal texts kept as they are.
 *
 * Scanned: every string literal, template text and JSX text of the non-test sources of src/client,
 * src/common, src/server and src/corpus/update (its messages reach /api/health). Not scanned: regular expressions, strings given to a matching method
 * (`includes`, `split`, `replace`…: they match text, they do not show it), the language model's prompts
 * (read by the model, not by a person), test fixtures. A deliberate typographic apostrophe (a glyph probe,
 * a table of input variants) is written `\u2019`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCANNED_DIRS = ['src/client', 'src/common', 'src/server', 'src/corpus/update'];
const NOT_USER_FACING = [
  /\.test\.tsx?$/,
  /test-utils\.tsx?$/,
  /\/testing\//,
  /\/fixtures\//,
  /-test-fixtures\.ts$/,
  /french-score-data\.ts$/,
  /\/llm\/prompt\.ts$/,
  /\/query-rewrite\.ts$/,
];
/** The specification's literal texts, kept as written (a plain space before « ! » and « ? »). */
const SPEC_LITERALS = ['Inscription réussie ! Veuillez vous connecter.', 'Mot de passe oublié ?'];
const MATCHING_METHODS = new Set(['includes', 'split', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'replace', 'replaceAll', 'match', 'test']);

const TYPOGRAPHIC_APOSTROPHE = '\u2019';
/** A plain or no-break space before « ? », « ! » or « : » that ends a word group. */
const WIDE_SPACE_BEFORE_PUNCTUATION = /[ \u00a0][?!:](?=[\s)»"'.,;]|$)/u;

interface Text {
  file: string;
  line: number;
  /** As written in the source (escapes not decoded). */
  source: string;
  /** As shown (escapes and JSX entities decoded). */
  shown: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function decodeJsxEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)));
}

/** The literal is the first argument of `x.includes(…)`, `x.split(…)`… */
function isMatchingArgument(node: ts.Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  return ts.isPropertyAccessExpression(call.expression) && MATCHING_METHODS.has(call.expression.name.text);
}

function textsOf(file: string): Text[] {
  const code = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: Text[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || isMatchingArgument(node)) return;
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') return;
    const inJsxAttribute = node.parent !== undefined && ts.isJsxAttribute(node.parent);
    let shown: string | undefined;
    if (ts.isJsxText(node)) shown = decodeJsxEntities(node.text);
    else if (ts.isStringLiteral(node)) shown = inJsxAttribute ? decodeJsxEntities(node.text) : node.text;
    else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      shown = node.text;
    }
    if (shown !== undefined) {
      const start = node.getStart(sf);
      texts.push({
        file: path.relative(ROOT, file),
        line: sf.getLineAndCharacterOfPosition(start).line + 1,
        source: code.slice(start, node.getEnd()),
        shown,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return texts;
}

const TEXTS = SCANNED_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
  .filter((file) => !NOT_USER_FACING.some((re) => re.test(file.split(path.sep).join('/'))))
  .flatMap(textsOf);

const where = (t: Text): string => `${t.file}:${t.line}: ${t.source.replace(/\s+/g, ' ').slice(0, 100)}`;

describe('French typography of the texts the site shows', () => {
  it('scans the sources of the SPA, the server-rendered pages, the e-mails, the PDF and the messages', () => {
    const files = new Set(TEXTS.map((t) => t.file));
    for (const file of [
      'src/common/messages.ts',
      'src/client/features/home/home-footer.tsx',
      'src/server/modules/static-pages/mentions-page.ts',
      'src/server/modules/mail/templates.ts',
      'src/server/modules/prefile/prefile-pdf.ts',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(TEXTS.length).toBeGreaterThan(1000);
  });

  it("uses only the straight apostrophe (the specification's), never the typographic one", () => {
    expect(TEXTS.filter((t) => t.source.includes(TYPOGRAPHIC_APOSTROPHE)).map(where)).toEqual([]);
  });

  it("puts a narrow no-break space before « ? », « ! » and « : », except in the specification's literal texts", () => {
    const wide = TEXTS.filter((t) => WIDE_SPACE_BEFORE_PUNCTUATION.test(t.shown) && !SPEC_LITERALS.some((s) => t.shown.includes(s)));
    expect(wide.map(where)).toEqual([]);
  });

  it('applies to the application shell too (src/client/index.html)', () => {
    const shell = decodeJsxEntities(fs.readFileSync(path.join(ROOT, 'src/client/index.html'), 'utf8'));
    expect(shell).not.toContain(TYPOGRAPHIC_APOSTROPHE);
    expect(shell.match(WIDE_SPACE_BEFORE_PUNCTUATION)).toBeNull();
  });

  it("keeps the specification's texts as they are", async () => {
    const { MESSAGES } = await import('./messages');
    expect(MESSAGES.registerFailed).toBe("Une erreur s'est produite lors de l'inscription");
    expect(MESSAGES.registered).toBe('Inscription réussie ! Veuillez vous connecter.');
  });
});
