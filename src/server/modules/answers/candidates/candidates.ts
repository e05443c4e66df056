/**
 * The candidates of an answer: the sources as the composer reads them (`sourceViews`), and every quotable
 * sentence of them, cut to the person's case (cases that do not fit are left out), each with its score as a
 * sum of named parts (score.ts, weights.ts) — what `npm run explain` prints.
 */
import { normalizeText, squeeze, type Unit } from '../../../../common/french-text';
import type { Fiche } from '../../../../corpus/types';
import { pathStatus, resolveCases, type CaseGroup, type CaseResolution } from '../cases/resolve-case';
import { factVerdict, type HeadingVerdict } from '../cases/heading-verdict';
import { sentenceCondition, trailingCondition, refersBack, isDependent, tableColumn, EXCEPTION_RE, cachedUnits, quotableSentence, features } from '../extractive/sentence-kinds';
import { total, type ScoreParts } from './weights';
import { corpusStems, TopicMatcher } from '../question/topic-words';
import type { Understanding } from '../question/understand';
import type { RetrievedSource } from '../retrieval/types';
import { rowsNamedByQuestion, exceptionFor, excludedRestatement } from './narrow';
import { scoreParts, scoringOf } from './score';

/** A sentence that could be quoted, with what comes with it. */
export interface Candidate {
  source: RetrievedSource;
  /** Index of the source (0 = primary). */
  si: number;
  unit: Unit;
  /** The sentence before, quoted with this one when this one depends on it. */
  prev?: Unit;
  /** The exception that follows, quoted with this one. */
  exception?: Unit;
  path: readonly string[];
  /** The chapter of the fiche the sentence belongs to (its first heading that is not a case). */
  chapter: string;
  /** Position in the fiche: passages × 1000 + unit. */
  order: number;
  /** Open case groups the sentence belongs to (primary fiche only), with its option. */
  open: { group: CaseGroup; option: string }[];
  fits: boolean;
  hits: number;
  /** The score's parts (weights.ts), kept apart for `npm run explain`. */
  parts: ScoreParts;
  score: number;
  /** The sentence states a figure in a unit of the person's own figures (€, months, km/h…). */
  personUnit: boolean;
  /** Normalised texts of every unit quoted (for « no sentence twice »). */
  keys: string[];
  words: number;
}

export interface SourceView {
  source: RetrievedSource;
  si: number;
  fiche: Fiche | undefined;
  resolution: CaseResolution;
  passages: { section: readonly string[]; text: string; description: boolean }[];
}

/** A question about a fine the person received (« j'ai reçu un PV de 135 € »). */
export const FINE_QUESTION_RE = /\b(?:amendes?|pv|contraventions?|proces-verbal|flashe|radar)\b/u;

/**
 * Work shared by the answers of one question (the first one and each choice's): what does not depend on
 * the option chosen is computed once (a question with a choice of 2 composes 3 answers).
 */
export interface ComposeWork {
  matcher: TopicMatcher;
  /**
   * The pré-dossier and professionals sections, which do not depend on the option of a choice: written
   * once for the first answer and each option's (by section and open group).
   */
  sections: Map<string, string>;
  /** Views of the later sources (their cases are never forced). */
  views: Map<number, SourceView>;
  /** Verdicts of conditions and headings against the facts, by text. */
  verdicts: Map<string, HeadingVerdict>;
  /** Which topic words each quoted unit holds. */
  present: Map<Unit, boolean[]>;
  /** The question is about a fine the person received (« j'ai reçu un PV de 135 € »). */
  fine: boolean;
}

export function newWork(u: Understanding): ComposeWork {
  return { sections: new Map(), matcher: new TopicMatcher(u.words), views: new Map(), verdicts: new Map(), present: new Map(), fine: FINE_QUESTION_RE.test(normalizeText(u.question)) };
}

export function verdictOf(work: ComposeWork, text: string, u: Understanding): HeadingVerdict {
  let v = work.verdicts.get(text);
  if (v === undefined) {
    v = factVerdict(text, u.facts);
    work.verdicts.set(text, v);
  }
  return v;
}

export function sourceViews(sources: readonly RetrievedSource[], fiches: (id: string) => Fiche | undefined, u: Understanding, forced: ReadonlyMap<string, string>, work: ComposeWork): SourceView[] {
  return sources.map((source, si) => {
    const known = si > 0 ? work.views.get(si) : undefined;
    if (known) return known;
    const view = sourceView(source, si, fiches, u, si === 0 ? forced : new Map());
    if (si > 0) work.views.set(si, view);
    return view;
  });
}

export function sourceView(source: RetrievedSource, si: number, fiches: (id: string) => Fiche | undefined, u: Understanding, forced: ReadonlyMap<string, string>): SourceView {
  const fiche = fiches(source.id);
  // The primary fiche is read whole (its cases decide the answer); the others through retrieval's passages.
  const body = si === 0 && fiche ? fiche.passages.map((p) => ({ section: p.section, text: p.text })) : source.passages.map((p) => ({ section: p.sectionPath, text: p.text }));
  // Consecutive passages under the same headings are one text (a list may be cut from its introduction).
  const merged: { section: readonly string[]; text: string }[] = [];
  for (const p of body) {
    const last = merged[merged.length - 1];
    if (last && last.section.join('\u0000') === p.section.join('\u0000')) last.text = `${last.text}\n${p.text}`;
    else merged.push({ section: p.section, text: p.text });
  }
  const passages = [
    ...(fiche?.description ? [{ section: [] as string[], text: fiche.description, description: true }] : []),
    ...merged.map((p) => ({ ...p, description: false })),
  ];
  const paths = (fiche?.passages.map((p) => p.section) ?? source.passages.map((p) => p.sectionPath));
  const texts = fiche?.passages.map((p) => p.text) ?? source.passages.map((p) => p.text);
  const resolution = resolveCases(paths, u.words, u.facts, forced, texts);
  return { source, si, fiche, resolution, passages };
}

/**
 * A later source is quoted only when its title names one of the question's words: retrieval keeps fiches
 * that share many words with a long question (« propriétaire », « payer »), and one about dangerous
 * dogs or health insurance must not lend its rules to a question about a landlord's keys.
 */
export function titledForQuestion(view: SourceView, matcher: TopicMatcher): boolean {
  return view.si === 0 || matcher.count(corpusStems(view.source.title)) > 0;
}

export function presentIn(work: ComposeWork, unit: Unit): boolean[] {
  let p = work.present.get(unit);
  if (!p) {
    p = work.matcher.present(features(unit).stems);
    work.present.set(unit, p);
  }
  return p;
}

/** A sentence cut from a source, before its score (score.ts). */
export interface RawCandidate {
  view: SourceView;
  unit: Unit;
  prev?: Unit;
  exception?: Unit;
  path: readonly string[];
  /** Index of its passage in the view. */
  pi: number;
  open: { group: CaseGroup; option: string }[];
  fits: boolean;
  /** The case was settled by one of the person's facts (their housing, contract, a figure in range). */
  factFit: boolean;
  /** The sentence's own condition (« entre 1 mois et 3 mois de présence : … ») fits the person. */
  ownFit: boolean;
  /** Which topic words the sentence holds. */
  present: boolean[];
  /** Which topic words the headings above it hold. */
  context: boolean[];
  description: boolean;
}

/** Cuts the sources into scored candidates (the cases that do not fit the person are left out). */
export function candidates(views: readonly SourceView[], u: Understanding, work: ComposeWork): Candidate[] {
  const { matcher } = work;
  const raws: RawCandidate[] = [];
  for (const view of views) {
    const titleStems = corpusStems(view.source.title);
    const restates = excludedRestatement(view);
    view.passages.forEach((p, pi) => {
      const status = pathStatus(p.section, view.resolution);
      if (status.excluded) return;
      const pathContext = matcher.present(corpusStems(p.section.join(' ')));
      const pathFactFit = status.fits && p.section.some((h) => verdictOf(work, h, u) === 'fit');
      const units = cachedUnits(p.text);
      // A sentence that states its own condition (« Si le logement est meublé, … », a table row
      // « Excès de vitesse inférieur à 20 km/h … : … ») is matched against the facts like a case heading.
      const verdicts = units.map((unit) => {
        const own = sentenceCondition(unit.sentence);
        const verdict = own ? verdictOf(work, own, u) : 'neutral';
        const trailing = verdict === 'neutral' ? trailingCondition(unit.sentence) : undefined;
        return trailing ? verdictOf(work, trailing, u) : verdict;
      });
      for (const ui of rowsNamedByQuestion(units, verdicts, matcher, titleStems)) verdicts[ui] = 'fit';
      // The rows of one table are its cases: when one row fits the person (« ITT de plus de 8 jours » for
      // 10 days), the other rows under the same first column are other people's.
      const fittingTables = new Set(units.filter((unit, ui) => verdicts[ui] === 'fit').map((unit) => tableColumn(unit.sentence)).filter((c) => c !== undefined));
      units.forEach((listed, ui) => {
        const before = ui > 0 ? units[ui - 1] : undefined;
        const after = units[ui + 1];
        if (!quotableSentence(listed.sentence)) return;
        // The items of a list that name another person's case (« la déclaration conjointe des partenaires
        // qui décident d'un commun accord » when the partner refuses) are left out; a list of only such
        // items is not quoted.
        // An item that goes on with the one before (« - et les membres de sa famille… ») goes with it.
        let dropped = false;
        const items = listed.items.filter((it) => {
          const continues = /^(?:et|ou|ainsi que|mais)\s/u.test(it);
          dropped = (continues && dropped) || verdictOf(work, it.replace(/\([^)]*\)/gu, ''), u) === 'conflict';
          return !dropped;
        });
        if (listed.items.length > 0 && items.length === 0) return;
        const unit = items.length === listed.items.length ? listed : { ...listed, items };
        const ownVerdict = verdicts[ui] ?? 'neutral';
        if (ownVerdict === 'conflict') return;
        if (!status.fits && ownVerdict !== 'fit' && restates(unit)) return;
        const column = tableColumn(unit.sentence);
        if (ownVerdict !== 'fit' && column !== undefined && fittingTables.has(column)) return;
        const dependent = isDependent(unit.sentence);
        // A dependent sentence without its antecedent in the same passage is not quotable; with it, it
        // shares its condition (« Quand le défunt a fait un testament, … Il peut… »). A sentence that refers
        // back (« Si vous exercez ce droit… ») to one that refers back itself (« Ce délai concerne… ») would
        // need a third: not quoted.
        // A table's row, read as a sentence, is no one's antecedent (« Il vous est remis un procès-verbal »
        // after the table speaks of something else).
        if (dependent && (!before || before.heading !== unit.heading || tableColumn(before.sentence) !== undefined)) return;
        if (before && refersBack(unit.sentence) && refersBack(before.sentence)) return;
        const headingContext = unit.heading ? matcher.present(corpusStems(unit.heading)) : [];
        raws.push({
          view,
          unit,
          ...(dependent && before ? { prev: before } : {}),
          ...(after && EXCEPTION_RE.test(after.sentence) && after.heading === unit.heading && !(!status.fits && restates(after)) ? { exception: exceptionFor(unit, after, work) } : {}),
          path: p.section,
          pi,
          open: view.si === 0 ? status.open : [],
          fits: status.fits || ownVerdict === 'fit',
          factFit: ownVerdict === 'fit' || pathFactFit,
          ownFit: ownVerdict === 'fit',
          present: presentIn(work, unit),
          context: pathContext.map((v, i) => v || (headingContext[i] ?? false)),
          description: p.description,
        });
      });
    });
  }
  const scoring = scoringOf(raws, u);
  return raws.map((r): Candidate => {
    const { parts, hits, personUnit } = scoreParts(r, u, work, scoring);
    const score = total(parts);
    const quoted = [r.prev, r.unit, r.exception].filter((x): x is Unit => x !== undefined);
    return {
      source: r.view.source,
      si: r.view.si,
      unit: r.unit,
      ...(r.prev ? { prev: r.prev } : {}),
      ...(r.exception ? { exception: r.exception } : {}),
      path: r.path,
      // Passages without a heading (question-and-answer fiches) are each a chapter of their own.
      chapter: `${r.view.si}|${r.path.length > 0 ? r.path.join(' › ') : r.description ? '(description)' : `#${r.pi}`}`,
      order: r.pi * 1000 + r.unit.index,
      open: r.open,
      fits: r.fits,
      hits,
      parts,
      score,
      personUnit,
      // The sentences and list items quoted: none of them may appear twice in the answer.
      // A list's introduction counts on its own too: two lists under one introduction (« Les personnes
      // suivantes peuvent… : ») in two cases would say it twice.
      keys: [
        ...quoted.map((q) => features(q).key),
        ...quoted.filter((q) => q.items.length > 0).map((q) => normalizeText(squeeze(q.sentence))),
        ...quoted.flatMap((q) => q.items.map((it) => normalizeText(squeeze(it)))),
      ],
      words: quoted.reduce((a, q) => a + features(q).words, 0),
    };
  });
}
