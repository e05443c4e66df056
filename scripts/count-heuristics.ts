/**
 * npx tsx scripts/count-heuristics.ts [DIR]   (default src/server/modules/answers)
 *
 * Counts the hand-written heuristics of the answer pipeline in DIR's source files (tests excluded): regular
 * expression literals and `new RegExp(…)` calls, and word lists (an array literal of 4 or more string
 * literals, or an object literal whose 4 or more values are all strings). Printed per file and in total,
 * so a change can say how many rules it added or removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

export function countHeuristics(text: string): { regexes: number; wordLists: number } {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  let regexes = 0;
  let wordLists = 0;
  const isString = (n: ts.Node): boolean => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
  const visit = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) regexes += 1;
    if (ts.isNewExpression(n) && n.expression.getText(file) === 'RegExp') regexes += 1;
    if (ts.isArrayLiteralExpression(n) && n.elements.length >= 4 && n.elements.every(isString)) wordLists += 1;
    if (ts.isObjectLiteralExpression(n) && n.properties.length >= 4 && n.properties.every((p) => ts.isPropertyAssignment(p) && isString(p.initializer))) wordLists += 1;
    ts.forEachChild(n, visit);
  };
  visit(file);
  return { regexes, wordLists };
}

const dir = process.argv[2] ?? 'src/server/modules/answers';
let total = { regexes: 0, wordLists: 0 };
for (const f of sourceFiles(dir).sort()) {
  const c = countHeuristics(fs.readFileSync(f, 'utf8'));
  if (c.regexes + c.wordLists > 0) console.log(`${String(c.regexes).padStart(4)} regex ${String(c.wordLists).padStart(3)} lists  ${path.relative(dir, f)}`);
  total = { regexes: total.regexes + c.regexes, wordLists: total.wordLists + c.wordLists };
}
console.log(`${String(total.regexes).padStart(4)} regex ${String(total.wordLists).padStart(3)} lists  total (${dir})`);
