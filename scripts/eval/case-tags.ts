/**
 * The « (votre cas) » tags of the language model's prompt, measured (scripts/eval-case-tags.ts): which
 * passages the prompt tells as the person's case, whether the person's facts settle that case, and whether
 * a tagged passage states the rule of another situation than the person's (a `wrong` rule of the set,
 * matched on normalised text as score-answers.mjs matches it in an answer).
 */
import type { CaseResolution } from '../../src/server/modules/answers/cases/resolve-case.js';
import { factVerdict, statedVerdict } from '../../src/server/modules/answers/cases/heading-verdict.js';
import type { QuestionFacts } from '../../src/server/modules/answers/question/facts.js';
import { compileNugget, normText } from './score-answers.mjs';

/**
 * What settled the case of a tagged passage: a fact the person stated (a heading on its path fits it), only
 * what a silent question is assumed to be (living in France, French, an adult), or no fact at all (a word
 * of the question named in a heading, « Cas général », the rules in force today, an event named).
 */
export type TagSettledBy = 'facts' | 'assumed' | 'words';

export interface CaseTag {
  /** The source's number in the prompt. */
  n: number;
  ficheId: string;
  path: readonly string[];
  settledBy: TagSettledBy;
  /** The path goes through a case group the question leaves open (the passage may be another situation's). */
  underOpen: boolean;
  /** The `fact` of each wrong rule (another situation's) the passage states. */
  wrong: string[];
}

export interface QuestionTags {
  q: string;
  tags: CaseTag[];
  /** Key facts of the question found in the prompt's sources, of `total` (the prompt still carries the answer). */
  keyFacts: { found: number; total: number };
}

/** The case groups a passage at `path` lies under, with the option its path takes. */
function groupsOn(path: readonly string[], resolution: CaseResolution): { group: CaseResolution['groups'][number]; option: string }[] {
  return resolution.groups.flatMap((group) =>
    group.prefix.length < path.length && group.prefix.every((h, d) => path[d] === h) && group.options.includes(path[group.prefix.length] as string)
      ? [{ group, option: path[group.prefix.length] as string }]
      : [],
  );
}

/**
 * What settled the case of a passage at `path`, read from the headings themselves (not from what the
 * resolution records): `facts` when a settled case group on its path keeps the option the path takes and
 * that heading fits what the person stated (`statedVerdict` 'fit': their housing is furnished, their
 * contract a CDD, their figure in the heading's range); `assumed` when it fits only what a silent question
 * is assumed to be (`factVerdict` 'fit'); `words` otherwise.
 */
export function tagSettledBy(path: readonly string[], resolution: CaseResolution, facts: QuestionFacts): TagSettledBy {
  let settled: TagSettledBy = 'words';
  for (const { group, option } of groupsOn(path, resolution)) {
    if (group.state !== 'settled' || !group.kept.includes(option)) continue;
    if (statedVerdict(option, facts) === 'fit') return 'facts';
    if (factVerdict(option, facts) === 'fit') settled = 'assumed';
  }
  return settled;
}

/** The path goes through a case group the question leaves open. */
export function underOpenCase(path: readonly string[], resolution: CaseResolution): boolean {
  return groupsOn(path, resolution).some(({ group }) => group.state === 'open');
}

/** The wrong rules (another situation's) a passage's text states: the `fact` of each `wrong` regex it matches. */
export function wrongRules(item: { wrong?: readonly { fact: string; re: string }[] }, text: string): string[] {
  const norm = normText(text.replace(/\s+/gu, ' '));
  return (item.wrong ?? []).filter((w) => compileNugget(w.re).test(norm)).map((w) => w.fact);
}

export interface TagSummary {
  questions: number;
  /** Prompts with at least one tag. */
  tagged: number;
  tags: number;
  /** Tags where no fact the person stated settles the case (`settledBy` 'assumed' or 'words'). */
  withoutFact: number;
  /** …of which only an assumed fact (`settledBy` 'assumed'). */
  assumed: number;
  /** Tags on a passage under a case the question leaves open. */
  underOpen: number;
  wrong: number;
  /** Prompts with at least one tag on another situation's rule. */
  wrongPrompts: number;
  /** Questions that have `wrong` rules at all (the only ones where a tag can be counted wrong). */
  withWrongRules: number;
  keyFacts: { found: number; total: number };
}

export function summariseTags(rows: readonly QuestionTags[], withWrongRules: number): TagSummary {
  const all = rows.flatMap((r) => r.tags);
  return {
    questions: rows.length,
    tagged: rows.filter((r) => r.tags.length > 0).length,
    tags: all.length,
    withoutFact: all.filter((t) => t.settledBy !== 'facts').length,
    assumed: all.filter((t) => t.settledBy === 'assumed').length,
    underOpen: all.filter((t) => t.underOpen).length,
    wrong: all.filter((t) => t.wrong.length > 0).length,
    wrongPrompts: rows.filter((r) => r.tags.some((t) => t.wrong.length > 0)).length,
    withWrongRules,
    keyFacts: { found: rows.reduce((n, r) => n + r.keyFacts.found, 0), total: rows.reduce((n, r) => n + r.keyFacts.total, 0) },
  };
}

/** One line per set: the tags, those no stated fact settles, those under an open case, the wrong ones, the key facts. */
export function formatTagSummary(name: string, s: TagSummary): string {
  const keys = s.keyFacts.total === 0 ? '—' : (s.keyFacts.found / s.keyFacts.total).toFixed(3);
  return (
    `${name}: tags « (votre cas) » ${s.tags} in ${s.tagged}/${s.questions} prompts; no stated fact settles ${s.withoutFact} (${s.assumed} only an assumed one); ` +
    `under an open case ${s.underOpen}; WRONG (another situation's rule) ${s.wrong} in ${s.wrongPrompts} prompts (of ${s.withWrongRules} questions with wrong rules); key facts in the sources ${keys}`
  );
}
