/**
 * The work shared by the answers of one question: the first answer and, when a case of the primary fiche
 * is left open, each option's answer (a question with a choice of 2 composes 3 answers). What does not
 * depend on the option chosen is computed once here; each answer computes only what its case changes.
 */
import { normalizeText, type Unit } from '../../../../common/french-text';
import { factVerdict, type HeadingVerdict } from '../cases/heading-verdict';
import { features } from '../extractive/sentence-kinds';
import { TopicMatcher } from '../question/topic-words';
import type { Understanding } from '../question/understand';
import type { ComposeWork } from './types';

export type { ComposeWork } from './types';

/** A question about a fine the person received (« j'ai reçu un PV de 135 € »). */
export const FINE_QUESTION_RE = /\b(?:amendes?|pv|contraventions?|proces-verbal|flashe|radar)\b/u;

export function newWork(u: Understanding): ComposeWork {
  return {
    sections: new Map(),
    matcher: new TopicMatcher(u.words),
    views: new Map(),
    restates: new Map(),
    titled: new Map(),
    readings: new Map(),
    verdicts: new Map(),
    present: new Map(),
    textParts: new Map(),
    fine: FINE_QUESTION_RE.test(normalizeText(u.question)),
  };
}

export function verdictOf(work: ComposeWork, text: string, u: Understanding): HeadingVerdict {
  let v = work.verdicts.get(text);
  if (v === undefined) {
    v = factVerdict(text, u.facts);
    work.verdicts.set(text, v);
  }
  return v;
}

export function presentIn(work: ComposeWork, unit: Unit): boolean[] {
  let p = work.present.get(unit);
  if (!p) {
    p = work.matcher.present(features(unit).stems);
    work.present.set(unit, p);
  }
  return p;
}
