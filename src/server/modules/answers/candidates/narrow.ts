/**
 * Narrowing a fiche's text to the person's case beyond its headings: the table rows the question names, the
 * exceptions of a long list that concern the person, and the rules of other cases restated outside them.
 */
import type { Unit } from '../../../../common/french-text';
import { pathStatus, type PathStatus } from '../cases/resolve-case';
import { type HeadingVerdict } from '../cases/heading-verdict';
import { tableColumn, rowCase, cachedUnits, features } from '../extractive/sentence-kinds';
import { LIMITS } from './weights';
import { corpusStems, TopicMatcher } from '../question/topic-words';
import type { ComposeWork, SourceView } from './types';

/** What a row's case says is absent (« Absence de défaillance majeure et critique », « sans enfant »): it does not name it. */
export const ABSENT_RE = /(?<![\p{L}\p{N}])(?:absence d[e'’u]s?|sans|aucune?|pas d[e'’]|non)(?![\p{L}\p{N}]).*$/iu;

/**
 * The rows of a passage's tables that the question names, when no fact settles the table: the rows whose
 * first cell holds the most question words (« au moins une défaillance critique » against « au moins une
 * défaillance majeure », « Père ou mère » against « Enfant »), when not every row holds as many. They are
 * the person's case, and the other rows of the table are other people's. A word the cell says is absent
 * does not count, nor do the words of the fiche's title, which are its topic, not a case (« permis » in
 * « Date : obtention du permis » of the fiche « Permis probatoire »). Returns unit indices.
 */
export function rowsNamedByQuestion(units: readonly Unit[], verdicts: readonly HeadingVerdict[], matcher: TopicMatcher, titleStems: ReadonlySet<string>): number[] {
  const tables = new Map<string, Map<string, number[]>>();
  units.forEach((unit, ui) => {
    const column = tableColumn(unit.sentence);
    const row = rowCase(unit.sentence);
    if (column === undefined || row === undefined) return;
    let rows = tables.get(column);
    if (!rows) tables.set(column, (rows = new Map()));
    rows.set(row, [...(rows.get(row) ?? []), ui]);
  });
  const named: number[] = [];
  for (const rows of tables.values()) {
    if (rows.size < 2 || [...rows.values()].some((uis) => uis.some((ui) => verdicts[ui] !== 'neutral'))) continue;
    const counts = [...rows.keys()].map((row) => matcher.count(new Set([...corpusStems(row.replace(ABSENT_RE, ''))].filter((t) => !titleStems.has(t)))));
    const best = Math.max(...counts);
    if (best === 0 || counts.every((c) => c === best)) continue;
    [...rows.values()].forEach((uis, i) => {
      if (counts[i] === best) named.push(...uis);
    });
  }
  return named;
}

/**
 * The exception quoted with a rule. A long list of exceptions (« Toutefois, un enfant de moins de 10 ans
 * peut être installé à l'avant dans les cas suivants : » and five cases) would make the rule too long to
 * quote at all: its items are then those that name something of the question, the cases that may be the
 * person's.
 */
export function exceptionFor(rule: Unit, exception: Unit, work: ComposeWork): Unit {
  if (exception.items.length < 2 || features(rule).words + features(exception).words <= LIMITS.quoteWords) return exception;
  const items = exception.items.filter((it) => work.matcher.count(corpusStems(it)) > 0);
  return items.length === 0 || items.length === exception.items.length ? exception : { ...exception, items };
}

const numberSets = new WeakMap<Unit, ReadonlySet<string>>();

/** The numbers a unit states, by unit (the same fiches' sentences recur in every answer). */
export function numberSet(u: Unit): ReadonlySet<string> {
  let numbers = numberSets.get(u);
  if (!numbers) numberSets.set(u, (numbers = new Set(features(u).numbers.split(' ').filter((n) => n !== ''))));
  return numbers;
}

/**
 * The rules of the cases the person is not in, as a fiche also states them outside its case headings
 * (« Dès que le temps de travail quotidien atteint 6 heures, … 20 minutes » in the introduction, while the
 * person is « Salarié de moins de 18 ans »): a sentence that restates one of them with a figure found
 * under the excluded cases and not under the person's is another person's rule.
 */
export function excludedRestatement(view: SourceView): (u: Unit) => boolean {
  const statuses = view.passages.map((p) => pathStatus(p.section, view.resolution));
  if (!statuses.some((st) => st.excluded)) return () => false;
  // Read the fiche's excluded rules only when a sentence outside the cases is first tested.
  let excluded: { stems: ReadonlySet<string>; numbers: ReadonlySet<string> }[] | undefined;
  const kept = new Set<string>();
  const rules = (): { stems: ReadonlySet<string>; numbers: ReadonlySet<string> }[] => {
    if (excluded) return excluded;
    const found: { stems: ReadonlySet<string>; numbers: ReadonlySet<string> }[] = [];
    view.passages.forEach((p, i) => {
      const status = statuses[i] as PathStatus;
      if (!status.excluded && !status.fits) return;
      for (const unit of cachedUnits(p.text)) {
        const numbers = numberSet(unit);
        if (!status.excluded) for (const n of numbers) kept.add(n);
        else if (numbers.size > 0) found.push({ stems: features(unit).stems, numbers });
      }
    });
    return (excluded = found);
  };
  return (u) => {
    const mine = numberSet(u);
    if (mine.size === 0) return false;
    const all = rules();
    const own = [...mine].filter((n) => !kept.has(n));
    if (own.length === 0) return false;
    const stems = features(u).stems;
    return all.some((e) => own.some((n) => e.numbers.has(n)) && containment(e.stems, stems) >= LIMITS.restatement);
  };
}

/** Share of the smaller set's stems found in the other: « A. » and « A, y compris B. » are near-duplicates. */
export function containment(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  // The stems both hold, counted over the smaller set.
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  let common = 0;
  for (const t of small) if (large.has(t)) common += 1;
  const smaller = Math.min(a.size, b.size);
  return smaller === 0 ? 1 : common / smaller;
}
