/**
 * The candidates of an answer: the sources as the composer reads them (`sourceViews`), and every quotable
 * sentence of them, cut to the person's case (cases that do not fit are left out), each with its score as a
 * sum of named parts (score.ts, weights.ts) — what `npm run explain` prints. What a passage says whatever
 * the case is read once per question (passage-reading.ts); the shared work of a question's answers: work.ts.
 */
import type { Fiche } from '../../../../corpus/types';
import { pathStatus, resolveCases } from '../cases/resolve-case';
import { total } from './weights';
import { corpusStems, type TopicMatcher } from '../question/topic-words';
import type { Understanding } from '../question/understand';
import type { RetrievedSource } from '../retrieval/types';
import { excludedRestatement } from './narrow';
import { quotedText, readPassage } from './passage-reading';
import { scoreParts, scoringOf } from './score';
import type { Candidate, ComposeWork, QuotedText, RawCandidate, SourceBody, SourceView } from './types';

export type { Candidate, RawCandidate, SourceBody, SourceView } from './types';

export function sourceViews(sources: readonly RetrievedSource[], fiches: (id: string) => Fiche | undefined, u: Understanding, forced: ReadonlyMap<string, string>, work: ComposeWork): SourceView[] {
  return sources.map((source, si) => {
    if (si === 0) {
      // The primary fiche's cases are resolved for each answer (an option of a choice forces one); its text is read once.
      const body = work.primary?.source === source ? work.primary : (work.primary = sourceBody(source, 0, fiches));
      return viewOf(body, u, forced);
    }
    const known = work.views.get(si);
    if (known) return known;
    const view = viewOf(sourceBody(source, si, fiches), u, new Map());
    work.views.set(si, view);
    return view;
  });
}

function viewOf(body: SourceBody, u: Understanding, forced: ReadonlyMap<string, string>): SourceView {
  const { source, si, fiche, passages } = body;
  return { source, si, fiche, resolution: resolveCases(body.paths, u.words, u.facts, forced, body.texts), passages };
}

function sourceBody(source: RetrievedSource, si: number, fiches: (id: string) => Fiche | undefined): SourceBody {
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
  const paths = fiche?.passages.map((p) => p.section) ?? source.passages.map((p) => p.sectionPath);
  const texts = fiche?.passages.map((p) => p.text) ?? source.passages.map((p) => p.text);
  return { source, si, fiche, passages, paths, texts };
}

/**
 * A later source is quoted only when its title names one of the question's words: retrieval keeps fiches
 * that share many words with a long question (« propriétaire », « payer »), and one about dangerous
 * dogs or health insurance must not lend its rules to a question about a landlord's keys.
 */
export function titledForQuestion(view: SourceView, matcher: TopicMatcher): boolean {
  return view.si === 0 || matcher.count(corpusStems(view.source.title)) > 0;
}

/** `titledForQuestion` of each view, read once per question. */
export function titledViews(views: readonly SourceView[], work: ComposeWork): boolean[] {
  return views.map((v) => {
    let titled = work.titled.get(v.si);
    if (titled === undefined) work.titled.set(v.si, (titled = titledForQuestion(v, work.matcher)));
    return titled;
  });
}

/** Cuts the sources into scored candidates (the cases that do not fit the person are left out). */
export function candidates(views: readonly SourceView[], u: Understanding, work: ComposeWork): Candidate[] {
  const raws: RawCandidate[] = [];
  // What each raw candidate quotes, and the chapter of its passage (same index as `raws`).
  const quotedTexts: QuotedText[] = [];
  const chapters: string[] = [];
  for (const view of views) {
    // A later source's view is the same for every answer of the question, and so is what it restates.
    let restates = work.restates.get(view);
    if (!restates) {
      restates = excludedRestatement(view);
      if (view.si > 0) work.restates.set(view, restates);
    }
    view.passages.forEach((p, pi) => {
      const status = pathStatus(p.section, view.resolution);
      if (status.excluded) return;
      // What the passage says whatever the case (read once per question), then what the person's case
      // changes: outside it, a sentence that restates another case's rule is not quoted, nor such an exception.
      const reading = readPassage(work, p, pi, view, u);
      const pathFactFit = status.fits && reading.headingFits;
      for (const s of reading.sentences) {
        if (!status.fits && s.ownVerdict !== 'fit' && restates(s.unit)) continue;
        const exception = s.after && s.exception && !(!status.fits && restates(s.after)) ? s.exception : undefined;
        const raw: RawCandidate = {
          view,
          unit: s.unit,
          path: p.section,
          pi,
          open: view.si === 0 ? status.open : [],
          fits: status.fits || s.ownVerdict === 'fit',
          factFit: s.ownVerdict === 'fit' || pathFactFit,
          ownFit: s.ownVerdict === 'fit',
          present: s.present,
          context: s.context,
          description: p.description,
        };
        if (s.prev) raw.prev = s.prev;
        if (exception) raw.exception = exception;
        raws.push(raw);
        quotedTexts.push(quotedText(s, exception !== undefined));
        chapters.push(reading.chapter);
      }
    });
  }
  const scoring = scoringOf(raws, u);
  return raws.map((r, i): Candidate => {
    const { parts, hits, personUnit } = scoreParts(r, u, work, scoring);
    const quoted = quotedTexts[i] as QuotedText;
    const c: Candidate = {
      source: r.view.source,
      si: r.view.si,
      unit: r.unit,
      path: r.path,
      chapter: chapters[i] as string,
      order: r.pi * 1000 + r.unit.index,
      open: r.open,
      fits: r.fits,
      hits,
      parts,
      score: total(parts),
      personUnit,
      keys: quoted.keys,
      words: quoted.words,
    };
    if (r.prev) c.prev = r.prev;
    if (r.exception) c.exception = r.exception;
    return c;
  });
}
