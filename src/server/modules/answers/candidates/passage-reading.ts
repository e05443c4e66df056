/**
 * What a passage's sentences are for one question, whatever case of the fiche the person is in: which of
 * them can be quoted (a list cut to the items of the person's case, a dependent sentence with the one it
 * depends on, a table's rows that are other people's left out), the verdict of each one's own condition,
 * the exception that follows it, and the question's words it and its headings hold. None of this depends
 * on the options of the fiche's cases, so it is read once per question (`ComposeWork.readings`); each
 * answer (the first one and each choice's option) then only applies its case to it (`candidates.ts`).
 */
import { normalizeText, squeeze, type Unit } from '../../../../common/french-text';
import { EXCEPTION_RE, cachedUnits, features, isDependent, quotableSentence, refersBack, sentenceCondition, tableColumn, trailingCondition } from '../extractive/sentence-kinds';
import { corpusStems } from '../question/topic-words';
import type { Understanding } from '../question/understand';
import type { ComposeWork, PassageReading, QuotedText, SentenceReading, SourceView } from './types';
import { presentIn, verdictOf } from './work';
import { exceptionFor, rowsNamedByQuestion } from './narrow';

/** What the passage `pi` of a source says for the question (read once per question and passage). */
export function readPassage(work: ComposeWork, passage: SourceView['passages'][number], pi: number, view: SourceView, u: Understanding): PassageReading {
  let reading = work.readings.get(passage);
  if (!reading) {
    // Passages without a heading (question-and-answer fiches) are each a chapter of their own.
    const chapter = `${view.si}|${passage.section.length > 0 ? passage.section.join(' › ') : passage.description ? '(description)' : `#${pi}`}`;
    reading = { chapter, ...read(work, passage, view.source.title, u) };
    work.readings.set(passage, reading);
  }
  return reading;
}

function read(work: ComposeWork, p: { section: readonly string[]; text: string }, title: string, u: Understanding): Omit<PassageReading, 'chapter'> {
  const { matcher } = work;
  const pathContext = matcher.present(corpusStems(p.section.join(' ')));
  const headingFits = p.section.some((h) => verdictOf(work, h, u) === 'fit');
  const units = cachedUnits(p.text);
  // A sentence that states its own condition (« Si le logement est meublé, … », a table row
  // « Excès de vitesse inférieur à 20 km/h … : … ») is matched against the facts like a case heading.
  const verdicts = units.map((unit) => {
    const own = sentenceCondition(unit.sentence);
    const verdict = own ? verdictOf(work, own, u) : 'neutral';
    const trailing = verdict === 'neutral' ? trailingCondition(unit.sentence) : undefined;
    return trailing ? verdictOf(work, trailing, u) : verdict;
  });
  for (const ui of rowsNamedByQuestion(units, verdicts, matcher, corpusStems(title))) verdicts[ui] = 'fit';
  // The rows of one table are its cases: when one row fits the person (« ITT de plus de 8 jours » for
  // 10 days), the other rows under the same first column are other people's.
  const fittingTables = new Set(units.filter((unit, ui) => verdicts[ui] === 'fit').map((unit) => tableColumn(unit.sentence)).filter((c) => c !== undefined));
  const sentences: SentenceReading[] = [];
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
    const follows = after && EXCEPTION_RE.test(after.sentence) && after.heading === unit.heading ? after : undefined;
    sentences.push({
      unit,
      ownVerdict,
      ...(dependent && before ? { prev: before } : {}),
      ...(follows ? { after: follows, exception: exceptionFor(unit, follows, work) } : {}),
      present: presentIn(work, unit),
      context: pathContext.map((v, i) => v || (headingContext[i] ?? false)),
    });
  });
  return { headingFits, sentences };
}

/** What a sentence brings quoted with or without its exception (computed once per question). */
export function quotedText(s: SentenceReading, withException: boolean): QuotedText {
  if (withException && s.exception) return (s.withException ??= quotedOf([s.prev, s.unit, s.exception]));
  return (s.alone ??= quotedOf([s.prev, s.unit]));
}

/** The normalised texts of a unit's list: its introduction and each item (`listKeys`). */
interface ListKeys {
  sentence: string;
  items: string[];
}

/** By unit: the same fiches' sentences recur in every answer. */
const listKeysOf = new WeakMap<Unit, ListKeys>();

function listKeys(unit: Unit): ListKeys {
  let keys = listKeysOf.get(unit);
  if (!keys) {
    keys = { sentence: normalizeText(squeeze(unit.sentence)), items: unit.items.map((it) => normalizeText(squeeze(it))) };
    listKeysOf.set(unit, keys);
  }
  return keys;
}

function quotedOf(units: readonly (Unit | undefined)[]): QuotedText {
  const quoted = units.filter((x): x is Unit => x !== undefined);
  const lists = quoted.filter((q) => q.items.length > 0).map(listKeys);
  return {
    // The sentences and list items quoted: none of them may appear twice in the answer.
    // A list's introduction counts on its own too: two lists under one introduction (« Les personnes
    // suivantes peuvent… : ») in two cases would say it twice.
    keys: [...quoted.map((q) => features(q).key), ...lists.map((l) => l.sentence), ...lists.flatMap((l) => l.items)],
    words: quoted.reduce((a, q) => a + features(q).words, 0),
  };
}
