/**
 * An offline measure of the language-model mode: which key facts of a question are in the sources the model
 * is given (the `<sources>` block of its prompt, see src/server/modules/answers/llm/prompt.ts). A fact that is
 * not there cannot be stated by a model that keeps to its sources, so this share bounds the recall of that
 * mode; measured with a strong model, about nine facts in ten of those present reach its answer.
 * The facts are matched as the scorer matches them in an answer (score-answers.mjs).
 */
import { compileNugget, normText, type ScorerItem } from './score-answers.mjs';

export interface PromptCoverage {
  /** Key facts of the question found in the sources' text. */
  found: number;
  total: number;
  /** The direct fact is among them. */
  direct: boolean;
}

/** The text of the sources the model receives, between `<sources>` and `</sources>` of its user message. */
export function promptSources(userMessage: string): string {
  const start = userMessage.indexOf('<sources>');
  const end = userMessage.lastIndexOf('</sources>');
  return start >= 0 && end > start ? userMessage.slice(start, end) : '';
}

export function promptCoverage(item: Pick<ScorerItem, 'nuggets'>, sourcesText: string): PromptCoverage {
  const text = normText(sourcesText.replace(/\s+/gu, ' '));
  let found = 0;
  let direct = false;
  for (const n of item.nuggets) {
    if (!compileNugget(n.re).test(text)) continue;
    found += 1;
    if (n.direct) direct = true;
  }
  return { found, total: item.nuggets.length, direct };
}

/** « 0.864 of the key facts, direct fact 26/30 » over a set of questions. */
export function formatCoverage(rows: readonly PromptCoverage[]): string {
  const found = rows.reduce((n, r) => n + r.found, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  const direct = rows.filter((r) => r.direct).length;
  return `key facts in the language model's sources ${total === 0 ? '—' : (found / total).toFixed(3)}, direct fact ${direct}/${rows.length}`;
}

/** The passages marked « (votre cas) » in the model's sources, and those that state another case's rule. */
export interface CaseTags {
  tagged: number;
  /** Tagged passages that match one of the question's `wrong` rules (the rule of another situation). */
  wrong: number;
}

/** Counts the case tags of one question's sources (`caseFits` passages, see llm/prompt.ts). */
export function caseTags(item: { wrong?: readonly { re: string }[] }, passages: readonly { text: string; caseFits?: boolean }[]): CaseTags {
  const wrongRes = (item.wrong ?? []).map((w) => compileNugget(w.re));
  let tagged = 0;
  let wrong = 0;
  for (const p of passages) {
    if (!p.caseFits) continue;
    tagged += 1;
    const text = normText(p.text.replace(/\s+/gu, ' '));
    if (wrongRes.some((re) => re.test(text))) wrong += 1;
  }
  return { tagged, wrong };
}

/** « 41 passages marked « (votre cas) » in 17 questions, 6 of them another case's rule » over a set. */
export function formatCaseTags(rows: readonly CaseTags[]): string {
  const tagged = rows.reduce((n, r) => n + r.tagged, 0);
  const wrong = rows.reduce((n, r) => n + r.wrong, 0);
  return `passages marked « (votre cas) » ${tagged} in ${rows.filter((r) => r.tagged > 0).length} questions, ${wrong} of them another case's rule (in ${rows.filter((r) => r.wrong > 0).length} questions)`;
}
