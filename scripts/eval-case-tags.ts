/**
 * The « (votre cas) » tags of the language-model mode's prompts, held-out sets first: for each question,
 * the prompt the model would receive (retrieval of the language-model mode, `buildMessages`), the passages
 * it tags as the person's case, what settled each tag's case (the person's facts, or only a word of the
 * question or a default: scripts/eval/case-tags.ts), and the tags on a passage that states the rule of
 * another situation than the person's (the question's `wrong` regexes, matched as score-answers.mjs
 * matches them: normalised text, accents stripped, case-insensitive).
 *
 *   npm run eval:case-tags [-- --set FILE] [--rewrites FILE] [--quiet]
 *
 * Lexical (no model of meaning, no language model): fast and reproducible. Sets: answers-dev.json half B
 * (odd positions, held out), answers-heldout-3.json (held out), then answers-dev.json half A (even
 * positions, tuning); --set FILE measures that file alone, whole. --rewrites FILE adds the question
 * rewrite's recorded terms to the search (src/corpus/eval/model-rewrites.json), as the language-model mode
 * does. Each question gets a line (its tags, those without a fact, the wrong ones named), unless --quiet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchEngine } from '../src/corpus/engine.js';
import { defaultTestIndexDir, loadSearchEngine } from '../src/corpus/index-lifecycle.js';
import { resolveCases } from '../src/server/modules/answers/cases/resolve-case.js';
import { buildMessages, promptPassages, sourceBudget } from '../src/server/modules/answers/llm/prompt.js';
import { understand } from '../src/server/modules/answers/question/understand.js';
import { cachedFiche, RETRIEVAL } from '../src/server/modules/answers/retrieval/retrieve.js';
import { retrieveWithModels } from '../src/server/modules/answers/retrieval/query-models.js';
import { formatTagSummary, summariseTags, tagSettledBy, underOpenCase, wrongRules, type CaseTag, type QuestionTags } from './eval/case-tags.js';
import { loadRewrites, recordedRewrite } from './eval/model-replies.js';
import { promptCoverage, promptSources } from './eval/prompt-coverage.js';
import type { ScorerItem } from './eval/score-answers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = path.join(root, 'src', 'corpus', 'eval');

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const loadSet = (file: string): ScorerItem[] => JSON.parse(fs.readFileSync(file, 'utf8')) as ScorerItem[];

/** The tags of one question's prompt. Throws when the tags counted differ from the prompt's own « (votre cas) ». */
function questionTags(engine: SearchEngine, item: ScorerItem, rewrites: ReadonlyMap<string, string> | undefined): QuestionTags {
  const u = understand(item.q);
  const models = rewrites ? recordedRewrite(rewrites, item.q) : undefined;
  const { sources } = retrieveWithModels(engine, item.q, models, { understanding: u, maxSources: RETRIEVAL.modelSources });
  const user = buildMessages(item.q, sources, { understanding: u })[1]?.content ?? '';
  const tags: CaseTag[] = [];
  sources.forEach((s, i) => {
    const fiche = cachedFiche(engine, s.id);
    // The resolution retrieval made for this fiche (same call: resolveCases keeps it per question).
    const resolution = fiche ? resolveCases(fiche.passages.map((p) => p.section), u.words, u.facts, new Map(), fiche.passages.map((p) => p.text)) : undefined;
    for (const { passage, text, tagged } of promptPassages(s, sourceBudget(i))) {
      if (!tagged) continue;
      tags.push({
        n: s.n,
        ficheId: s.id,
        path: passage.sectionPath,
        settledBy: resolution ? tagSettledBy(passage.sectionPath, resolution, u.facts) : 'words',
        underOpen: resolution ? underOpenCase(passage.sectionPath, resolution) : false,
        wrong: wrongRules(item, text),
      });
    }
  });
  const inPrompt = user.split('\n').filter((l) => l.startsWith('« ') && l.endsWith(' » (votre cas)')).length;
  if (inPrompt !== tags.length) throw new Error(`${item.q}: ${tags.length} tags counted, ${inPrompt} in the prompt`);
  const coverage = promptCoverage(item, promptSources(user));
  return { q: item.q, tags, keyFacts: { found: coverage.found, total: coverage.total } };
}

function printQuestion(label: string, row: QuestionTags): void {
  const without = row.tags.filter((t) => t.settledBy !== 'facts').length;
  const open = row.tags.filter((t) => t.underOpen).length;
  const wrong = row.tags.filter((t) => t.wrong.length > 0);
  const notes = [without > 0 ? `${without} without a stated fact` : '', open > 0 ? `${open} under an open case` : ''].filter(Boolean).join(', ');
  console.log(`  ${label} tags ${row.tags.length}${notes ? ` (${notes})` : ''}${wrong.length > 0 ? `, WRONG ${wrong.length}` : ''} | ${row.q.slice(0, 90)}`);
  for (const t of row.tags) {
    if (t.wrong.length === 0) continue;
    const why = [t.settledBy !== 'facts' ? (t.settledBy === 'assumed' ? 'assumed fact only' : 'no fact') : '', t.underOpen ? 'under an open case' : ''].filter(Boolean).join(', ');
    console.log(`      [${t.n}] ${t.ficheId} « ${t.path.join(' > ')} »${why ? ` (${why})` : ''} states: ${t.wrong.join(' | ')}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const setFile = arg(args, '--set');
  const rewritesFile = arg(args, '--rewrites');
  const quiet = args.includes('--quiet');
  const rewrites = rewritesFile ? loadRewrites(rewritesFile) : undefined;
  const engine = await loadSearchEngine({ indexDir: process.env.INDEX_DIR ?? defaultTestIndexDir() });
  const dev = loadSet(path.join(evalDir, 'answers-dev.json'));
  const runs: { name: string; items: ScorerItem[] }[] = setFile
    ? [{ name: path.basename(setFile), items: loadSet(setFile) }]
    : [
        { name: 'held-out answers-dev half B', items: dev.filter((_, i) => i % 2 === 1) },
        { name: 'held-out answers-heldout-3', items: loadSet(path.join(evalDir, 'answers-heldout-3.json')) },
        { name: 'tuning answers-dev half A', items: dev.filter((_, i) => i % 2 === 0) },
      ];
  console.log(`lexical retrieval${rewrites ? ' with the recorded rewrites' : ''}`);
  const lines: string[] = [];
  for (const run of runs) {
    if (!quiet) console.log(`\n${run.name}`);
    const rows = run.items.map((item, k) => {
      const row = questionTags(engine, item, rewrites);
      if (!quiet) printQuestion(String(k).padStart(2, '0'), row);
      return row;
    });
    lines.push(formatTagSummary(run.name, summariseTags(rows, run.items.filter((it) => (it.wrong ?? []).length > 0).length)));
  }
  console.log('');
  for (const l of lines) console.log(l);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
