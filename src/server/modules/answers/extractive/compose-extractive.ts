/**
 * The extractive composer (default mode, offline): answers from the retrieved fiches by quoting them,
 * for the person's case, shortly. Deterministic; no text is logged. This file only puts the answer
 * together (`composeExtractive`, and `explainExtractive` for `npm run explain`); each step has its file:
 *
 * 1. The question is understood once (`question/understand.ts`): topic words, kind, facts.
 * 2. The primary fiche's cases are resolved against the facts (`cases/resolve-case.ts`): passages under
 *    a case that does not fit the person are dropped; a case the question leaves open is named as a
 *    condition (« Pour le cas « Logement meublé » : »), and when it changes the direct answer the
 *    answer carries `choices`, one whole answer per option (the deciding case: `select.ts`).
 * 3. Every sentence of the sources is a candidate (`candidates/candidates.ts`; what a sentence says:
 *    `sentence-kinds.ts`; the table rows, exceptions and restated rules of the person's case:
 *    `candidates/narrow.ts`), scored as a sum of named parts (`candidates/score.ts`, weights in
 *    `candidates/weights.ts`); a sentence that a fresher source states too is quoted from that source
 *    (`candidates/fresher.ts`). A sentence that depends on the one before (« Ce délai… ») is quoted with
 *    it; a rule is quoted with the exception that follows it (« Toutefois… », « Sauf… »).
 * 4. « En bref » (`chooseBrief` in `select.ts`): the best sentence of the primary fiche for what the
 *    question asks (a duration, an amount, a rule, a step), at most about 60 words, and, when the person
 *    gave a figure in the same unit, one plain sentence of ours that puts it beside the rule (no marker:
 *    it is not a quote; `candidates/person-figures.ts`).
 *    « Ce que dit la loi »: a few rules not yet quoted; « Démarches et délais »: the steps and deadlines
 *    (`select.ts`). No sentence twice. The pré-dossier and the professional fit the question's topic.
 * Every quoted sentence is a verbatim slice of a fiche followed by its source's marker `[n]` (the wording
 * of quotes, conditions, choices and the last two sections: `wording.ts`).
 */
import type { AnswerChoices, AnswerSection } from '../../../../common/api/answers';
import { normalizeText, squeeze } from '../../../../common/french-text';
import type { Fiche } from '../../../../corpus/types';
import { sourceViews, titledViews, candidates, type Candidate } from '../candidates/candidates';
import { type ComposeWork, newWork } from '../candidates/work';
import { preferFresher } from '../candidates/fresher';
import { personFigure } from '../candidates/person-figures';
import { caseGroupKey } from '../cases/resolve-case';
import { understand, type Understanding } from '../question/understand';
import type { RetrievedSource } from '../retrieval/types';
import { Quoted, byScore, quotable, chooseBrief, select, decidingGroup } from './select';
import { unitText } from './sentence-kinds';
import type { ScoreParts } from '../candidates/weights';
import { condition, joinConditions, quote, section, choiceWording } from './wording';
import { professionalSection } from './professionals';
import { prefileSection } from './prefile-checklist';

export interface ComposeExtractiveOptions {
  /** The visitor's city, when known (named in the professionals section). */
  city?: string;
  /** The question, already understood (computed here when absent). */
  understanding?: Understanding;
  /** Options fixed for some case groups of the primary fiche (used to write each choice). */
  forced?: ReadonlyMap<string, string>;
  /** Do not offer choices (the answer of one option). */
  noChoices?: boolean;
}

export interface ExtractiveAnswer {
  sections: AnswerSection[];
  choices?: AnswerChoices;
}

/** A section's text that is the same for every answer of one question (see `ComposeWork.sections`). */
function once(work: ComposeWork, key: string, write: () => string): string {
  let text = work.sections.get(key);
  if (text === undefined) work.sections.set(key, (text = write()));
  return text;
}

function compose(question: string, sources: RetrievedSource[], fiches: (id: string) => Fiche | undefined, opts: ComposeExtractiveOptions, u: Understanding, work: ComposeWork): ExtractiveAnswer {
  const forced = opts.forced ?? new Map<string, string>();
  const views = sourceViews(sources, fiches, u, forced, work);
  const all = preferFresher(candidates(views, u, work));
  const titled = titledViews(views, work);
  let sel = select(all, u, titled);
  const group = opts.noChoices ? undefined : decidingGroup(sel, all);

  let summaryText = sel.summary.map((c) => quote(c)).join('\n\n');
  let choices: AnswerChoices | undefined;
  if (group) {
    const options = group.kept.map((option) => {
      const answer = compose(question, sources, fiches, { ...opts, forced: new Map([...forced, [caseGroupKey(group), option]]), noChoices: true }, u, work);
      return { label: option, sections: answer.sections };
    });
    const leads = options.map((o) => (o.sections[0]?.text.split('\n\n')[0] ?? '').replace(/\s*\[\d+\]$/u, ''));
    // A choice is offered only when the options answer differently.
    if (new Set(leads).size === options.length) {
      choices = choiceWording(group.kept, options);
      // The rules and steps of the first answer do not repeat what « En bref » now quotes for each option.
      const leadKeys = new Set(leads.map((l) => normalizeText(squeeze(l.replace(/^(?:Pour [^:]{1,160}\u202f: |Si [^,:]{1,160}[,:] )+/u, '').replace(/^- /gmu, '')))));
      // Each option's own rules are in its answer; the rules and steps shown before a choice is made are
      // those that hold whatever the person answers.
      const common = all.filter((c) => !c.open.some((o) => o.group === group));
      sel = { ...select(common, u, titled, common.filter((c) => c.keys.some((k) => [...leadKeys].some((l) => l.includes(k))))), summary: sel.summary };
      const perOption = options.length <= 3 ? options.map((o, i) => joinConditions(condition(group.kept[i] ?? o.label), o.sections[0]?.text.split('\n\n')[0] ?? leads[i] ?? '')) : [summaryText];
      summaryText = `La réponse dépend de votre situation\u202f: ${group.kept.map((o) => `« ${o} »`).join(' ou ')}\u202f? Choisissez-la ci-dessous.\n\n${perOption.join('\n\n')}`;
    }
  }
  if (!choices) {
    const figure = personFigure(u, work, sel.summary.map((c) => unitText(c.unit)).join(' '));
    if (figure) summaryText = `${summaryText}\n\n${figure}`;
  }
  const lawText = sel.law.map((c) => quote(c)).join('\n\n') || 'Les règles applicables figurent dans « En bref » ci-dessus et dans les sources.';
  const stepsText =
    sel.steps.map((c) => quote(c)).join('\n\n') ||
    "Les sources ne fixent pas d'autre démarche ni d'autre délai pour cette situation\u202f: faites vérifier les délais par un professionnel avant d'agir.";
  const sections = [
    section('summary', summaryText),
    section('law', lawText),
    section('steps', stepsText),
    section('prefile', once(work, `prefile|${group ? caseGroupKey(group) : ''}`, () => prefileSection(u, views, group))),
    section('professional', once(work, 'professional', () => professionalSection(u, views, opts.city))),
  ];
  return choices ? { sections, choices } : { sections };
}

/** Composes the five sections (and the choices of a case left open). Deterministic: same inputs, same output. */
export function composeExtractive(
  question: string,
  sources: RetrievedSource[],
  fiches: (id: string) => Fiche | undefined,
  opts: ComposeExtractiveOptions = {},
): ExtractiveAnswer {
  const u = opts.understanding ?? understand(question);
  return compose(question, sources, fiches, opts, u, newWork(u));
}

/** What the composer's choice rests on, for `npm run explain` (answers/explain/explain.ts). */
export interface ExtractiveExplanation {
  /** The quotable candidates, best score first. */
  candidates: { source: number; text: string; path: readonly string[]; fits: boolean; open: string[]; parts: ScoreParts; score: number }[];
  /** « En bref »'s sentences as quoted, each with why it is there. */
  brief: ExplainedBrief;
  /**
   * The open case that decides the answer, when there is one: each option's « En bref » and why, and
   * whether the answer offers the choice (only when the options' « En bref » differ).
   */
  choice?: { options: { label: string; brief: ExplainedBrief }[]; offered: boolean };
}

export type ExplainedBrief = { text: string; reason: string }[];

/** The quotable candidates of these views, best first, and « En bref » with why each sentence is there. */
function explainViews(views: ReturnType<typeof sourceViews>, u: Understanding, work: ComposeWork): { all: Candidate[]; ranked: Candidate[]; brief: ExplainedBrief } {
  const all = preferFresher(candidates(views, u, work));
  const ranked = [...all].filter(quotable).sort(byScore);
  const brief = chooseBrief(ranked, all, u, titledViews(views, work), new Quoted());
  return { all, ranked, brief: brief.summary.map((c, i) => ({ text: quote(c), reason: brief.reasons[i] ?? '' })) };
}

/** The candidates and the choice of « En bref » for a question, without the rest of the answer. */
export function explainExtractive(question: string, sources: RetrievedSource[], fiches: (id: string) => Fiche | undefined, opts: Pick<ComposeExtractiveOptions, 'understanding'> = {}): ExtractiveExplanation {
  const u = opts.understanding ?? understand(question);
  const work = newWork(u);
  const views = sourceViews(sources, fiches, u, new Map(), work);
  const { all, ranked, brief } = explainViews(views, u, work);
  const group = decidingGroup(select(all, u, titledViews(views, work)), all);
  const options = group?.kept.map((option) => ({ label: option, brief: explainViews(sourceViews(sources, fiches, u, new Map([[caseGroupKey(group), option]]), work), u, work).brief }));
  return {
    candidates: ranked.map((c) => ({ source: c.source.n, text: unitText(c.unit), path: c.path, fits: c.fits, open: c.open.map((o) => o.option), parts: c.parts, score: c.score })),
    brief,
    ...(options ? { choice: { options, offered: new Set(options.map((o) => o.brief[0]?.text ?? '')).size === options.length } } : {}),
  };
}
