/**
 * Sources an answer really uses: a source is listed only when a quoted sentence cites it. The sources
 * left are numbered again from 1 in their order, and every marker of the sections (and of the choices'
 * sections) follows, so `[n]` keeps naming `sources[n-1]`.
 */
import type { AnswerChoices, AnswerSection } from '../../../../common/api/answers';
import type { RetrievedSource } from '../retrieval/types';

const MARKER_RE = /\[(\d{1,3})\]/gu;

export interface PrunedAnswer {
  sections: AnswerSection[];
  choices?: AnswerChoices;
  sources: RetrievedSource[];
}

function cited(texts: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const t of texts) for (const m of t.matchAll(MARKER_RE)) out.add(Number(m[1]));
  return out;
}

/**
 * The sources a streamed answer cites, under their own numbers (its sections have left already, so the
 * markers cannot be renumbered: a source the answer does not cite is only left out of the list); all of
 * them when it cites none.
 */
export function citedSources<S extends { n: number }>(sections: readonly AnswerSection[], sources: readonly S[]): S[] {
  const used = cited(sections.map((s) => s.text));
  const kept = sources.filter((s) => used.has(s.n));
  return kept.length > 0 ? kept : [...sources];
}

export function pruneSources(sections: AnswerSection[], sources: readonly RetrievedSource[], choices?: AnswerChoices): PrunedAnswer {
  const texts = [...sections, ...(choices?.options.flatMap((o) => o.sections) ?? [])].map((s) => s.text);
  const used = cited(texts);
  const kept = sources.filter((s) => used.has(s.n));
  // Nothing cited (an answer of our own words only): keep the sources as retrieval gave them.
  if (kept.length === 0) return { sections, sources: [...sources], ...(choices ? { choices } : {}) };
  const renumber = new Map(kept.map((s, i) => [s.n, i + 1]));
  const fix = (list: AnswerSection[]): AnswerSection[] =>
    list.map((s) => ({ ...s, text: s.text.replace(MARKER_RE, (all, n: string) => (renumber.has(Number(n)) ? `[${renumber.get(Number(n))}]` : all)) }));
  return {
    sections: fix(sections),
    sources: kept.map((s) => ({ ...s, n: renumber.get(s.n) as number })),
    ...(choices ? { choices: { ...choices, options: choices.options.map((o) => ({ ...o, sections: fix(o.sections) })) } } : {}),
  };
}
