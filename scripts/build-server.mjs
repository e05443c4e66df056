#!/usr/bin/env node
/**
 * Compiles the server for production: `src/server/server.ts` → `dist/server/server.js` (one ESM file,
 * Node 20+, every npm package left external and loaded from node_modules at run time), and the worker
 * thread that lays out the pré-dossier PDFs, `src/server/modules/prefile/prefile-worker.ts` →
 * `dist/server/prefile-worker.js` (prefile-renderer.ts starts it from beside the bundle).
 *
 * Files the server reads at run time next to its own source are copied at the same place relative to
 * the bundle (`import.meta.url` is then dist/server/server.js):
 *   src/server/db/migrations       → dist/server/migrations   (database.ts: `<here>/migrations`)
 *   src/server/modules/prefile/fonts → dist/server/fonts      (prefile-fonts.ts: `./fonts/…`)
 * The lexicon (src/corpus/lexicon.json) is imported, so it is inside the bundle.
 *
 * The child process of the scheduled corpus update is a second entry point, bundled beside the server
 * (corpus-update-child.ts starts `<here>/corpus-update-worker.js`):
 *   src/server/modules/corpus-update/corpus-update-worker.ts → dist/server/corpus-update-worker.js
 *
 * The build fails when the bundle imports a package that is not in package.json "dependencies": the
 * production image installs with `npm ci --omit=dev`, so a devDependency would be missing there.
 *
 * Usage: node scripts/build-server.mjs [--outdir <dir>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** [source relative to the repository, destination relative to the output directory]. */
export const RUNTIME_ASSETS = [
  ['src/server/db/migrations', 'migrations'],
  ['src/server/modules/prefile/fonts', 'fonts'],
];

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The npm package an import specifier names (`@scope/name/sub` → `@scope/name`), or null for a Node builtin. */
export function packageOf(specifier) {
  if (specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** External imports of the bundle (static and dynamic), from esbuild's metafile. */
export function externalImports(metafile) {
  const found = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) if (imp.external) found.add(imp.path);
  }
  return [...found].sort();
}

/**
 * Packages loaded through `createRequire(import.meta.url)` (CommonJS `require("x")` or
 * `require.resolve("x/…")` in the bundle: esbuild renames the function `require2`, `require3`…).
 */
export function requiredPackages(code) {
  const found = new Set();
  for (const m of code.matchAll(/\brequire\d*(?:\.resolve)?\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)) found.add(m[1]);
  return [...found].sort();
}

/** Problems with the imported packages: each must be a runtime dependency of package.json. */
export function checkRuntimeImports(specifiers, pkg) {
  const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
  const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
  const problems = [];
  for (const spec of specifiers) {
    const name = packageOf(spec);
    if (name === null || runtime.has(name)) continue;
    problems.push(
      dev.has(name)
        ? `« ${spec} » vient de « ${name} », une devDependency : absente en production (npm ci --omit=dev).`
        : `« ${spec} » vient de « ${name} », absent de package.json "dependencies".`,
    );
  }
  return problems;
}

export async function buildServer({ outDir = path.join(root, 'dist', 'server') } = {}) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'src/server/server.ts', out: 'server' },
      { in: 'src/server/modules/corpus-update/corpus-update-worker.ts', out: 'corpus-update-worker' },
      { in: 'src/server/modules/prefile/prefile-worker.ts', out: 'prefile-worker' },
    ],
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const [from, to] of RUNTIME_ASSETS) {
    fs.cpSync(path.join(root, from), path.join(outDir, to), { recursive: true });
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const code = ['server.js', 'corpus-update-worker.js', 'prefile-worker.js'].map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
  const imports = [...new Set([...externalImports(result.metafile), ...requiredPackages(code)])].sort();
  const problems = checkRuntimeImports(imports, pkg);
  if (problems.length > 0) {
    throw new Error(`Le serveur compilé importe des paquets absents en production :\n  - ${problems.join('\n  - ')}`);
  }
  const bytes = fs.statSync(path.join(outDir, 'server.js')).size;
  return { outFile: path.join(outDir, 'server.js'), bytes, imports };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--outdir');
  const outDir = i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : undefined;
  try {
    const { outFile, bytes, imports } = await buildServer(outDir ? { outDir } : {});
    const packages = [...new Set(imports.map(packageOf).filter((p) => p !== null))];
    process.stdout.write(
      `Serveur compilé : ${path.relative(process.cwd(), outFile)} (${(bytes / 1024).toFixed(0)} Ko, ` +
        `${packages.length} paquets externes, tous dans "dependencies").\n`,
    );
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
