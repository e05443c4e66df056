/**
 * The choice of the sentences: « En bref » (`chooseBrief`, the one place to change how it is chosen), then
 * « Ce que dit la loi » and « Démarches et délais » within one budget of words, no sentence twice; and the
 * open case that decides the answer, when it does (`decidingGroup`).
 */
import { normalizeText, squeeze, type Unit } from '../../../../common/french-text';
import type { Candidate } from '../candidates/candidates';
import { containment } from '../candidates/narrow';
import { parallel, type CaseGroup } from '../cases/resolve-case';
import { isSituational, negationPair } from '../cases/heading-verdict';
import { corpusStems, TopicMatcher } from '../question/topic-words';
import type { Understanding } from '../question/understand';
import { YOU_MAY_RE, EXCLUSION_RE, EXCEPTION_RE, unitText, countWords, features, othersExample, kindMatches } from './sentence-kinds';
import { LIMITS, WEIGHTS } from '../candidates/weights';

/** What has been quoted so far in the answer: no sentence twice, no near-duplicate. */
export class Quoted {
  private readonly keys = new Set<string>();
  private readonly stems: { stems: ReadonlySet<string>; numbers: string }[] = [];

  has(c: Candidate): boolean {
    if (c.keys.some((k) => this.keys.has(k))) return true;
    const f = features(c.unit);
    // The figures first: comparing them costs less than comparing the stems.
    return this.stems.some((s) => (s.numbers === f.numbers || f.numbers === '' || s.numbers === '') && containment(s.stems, f.stems) >= LIMITS.nearDuplicate);
  }

  add(c: Candidate): void {
    for (const k of c.keys) this.keys.add(k);
    const f = features(c.unit);
    this.stems.push({ stems: f.stems, numbers: f.numbers });
  }
}

export function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.si - b.si || a.order - b.order;
}

export function byOrder(a: Candidate, b: Candidate): number {
  return a.si - b.si || a.order - b.order;
}

/** Articles named by a sentence must be in its fiche's references (checked again by the citation checker). */
export function quotable(c: Candidate): boolean {
  if (c.words > LIMITS.quoteWords) return false;
  if (features(c.unit).namesArticles && c.source.references.length === 0) return false;
  return true;
}

/** Whether a unit's sentence excludes cases from a rule (`EXCLUSION_RE`), by unit: the same sentences recur in every answer. */
const exclusions = new WeakMap<Unit, boolean>();

function excludes(unit: Unit): boolean {
  let e = exclusions.get(unit);
  if (e === undefined) exclusions.set(unit, (e = EXCLUSION_RE.test(unit.sentence)));
  return e;
}

/**
 * The exclusion that applies to the person: a sentence of the same fiche as « En bref » that excludes
 * cases from the rule quoted (« ne s'applique pas aux achats suivants : »), whose list names something of
 * the question the rule does not (« meuble … confectionné », « sur mesure »). Quoted with only the items
 * that concern the person, so a rule never goes without the exception that may apply to them.
 */
export function exclusionFor(first: Candidate, all: readonly Candidate[], u: Understanding): Candidate | undefined {
  if (u.words.length === 0) return undefined;
  const ruleStems = features(first.unit).stems;
  const matcher = new TopicMatcher(u.words);
  const inRule = matcher.present(ruleStems);
  for (const c of all) {
    if (c.si !== first.si || c === first || !excludes(c.unit)) continue;
    // About the same rule, or about the question: it shares the rule's distinctive words or names one
    // of the question's (« Le droit de rétractation ne s'applique pas… »).
    const sentenceStems = corpusStems(c.unit.sentence);
    const shared = [...sentenceStems].some((t) => ruleStems.has(t) && t.length >= 6) || matcher.count(sentenceStems) > 0;
    if (!shared) continue;
    // An item concerns the person when it names a word of the question that neither the rule nor the
    // exclusion's own sentence holds (« rétractation » is in every item of « le droit de rétractation ne
    // s'applique pas aux achats suivants », « sur mesure » in one).
    const inSentence = matcher.present(sentenceStems);
    const items = c.unit.items.filter((it) => matcher.present(corpusStems(it)).some((p, i) => p && !inRule[i] && !inSentence[i]));
    const sentenceNew = inSentence.some((p, i) => p && !inRule[i]);
    if (items.length === 0 && !(c.unit.items.length === 0 && sentenceNew)) continue;
    const unit: Unit = { ...c.unit, items };
    const { prev: _prev, exception: _exception, ...own } = c;
    // Its keys are those of a list: no later section quotes its sentence or one of its items again.
    const keys = [features(c.unit).key, ...(items.length > 0 ? [normalizeText(squeeze(unit.sentence))] : []), ...items.map((it) => normalizeText(squeeze(it)))];
    return { ...own, unit, keys, words: countWords(unitText(unit)) };
  }
  return undefined;
}

/** « En bref » and why each of its sentences is there (printed by `npm run explain`). */
export interface Brief {
  summary: Candidate[];
  reasons: string[];
}

/**
 * The choice of « En bref », in one place: the best short sentence of the sources for the question (its
 * score, plus `briefPersonUnit` when it states a figure in the unit of the person's own), quoted with the
 * sentence that goes on with it; then the exclusion of that rule that concerns the person, or else a
 * second short sentence of the same fiche that says something the first does not.
 */
export function chooseBrief(ranked: readonly Candidate[], all: readonly Candidate[], u: Understanding, titled: readonly boolean[], quoted: Quoted): Brief {
  const summary: Candidate[] = [];
  const reasons: string[] = [];
  // « En bref » puts the rule's figure beside the person's own (« 2 mois » for a bank closing « dans 15 jours »).
  const briefScore = (c: Candidate): number => c.score + (c.personUnit ? WEIGHTS.briefPersonUnit : 0);
  // An example's figures are another person's: « En bref » states the rule, not an example of it, unless
  // the example is the person's own figures.
  const short = ranked.filter((c) => c.words <= LIMITS.summaryWords && (titled[c.si] ?? false) && !othersExample(c.unit, u.facts) && !c.unit.listed).sort((a, b) => briefScore(b) - briefScore(a) || byScore(a, b));
  const best = short[0] ?? ranked[0];
  // A short rule whose next sentence goes on with it (« Un seul des partenaires peut demander la fin du
  // Pacs. Il doit faire signifier sa décision… ») is quoted with that sentence when both fit.
  const continued = best && ranked.find((c) => c.prev === best.unit && c.words <= LIMITS.summaryWords && !EXCEPTION_RE.test(c.unit.sentence));
  const first = continued ?? best;
  const primary = short.filter((c) => first !== undefined && c.si === first.si);
  // The rule and the exclusion that concerns the person: nothing else in « En bref ». Chosen before the
  // other sections, so that none of them quotes it again.
  const exclusion = first && exclusionFor(first, all, u);
  if (first && best) {
    summary.push(first);
    quoted.add(first);
    const why = short[0] === best
      ? `meilleur score pour « En bref » parmi ${short.length} phrases de ${LIMITS.summaryWords} mots au plus (${briefScore(best).toFixed(2)}${best.personUnit ? `, dont ${WEIGHTS.briefPersonUnit}\u202f: chiffre dans l'unité de la personne` : ''}; suivante\u202f: ${short[1] ? briefScore(short[1]).toFixed(2) : 'aucune'})`
      : `aucune phrase assez courte\u202f: la mieux classée (${best.score.toFixed(2)})`;
    reasons.push(continued ? `${why}, citée avec la phrase qui la poursuit` : why);
  }
  if (exclusion) {
    summary.push(exclusion);
    quoted.add(exclusion);
    reasons.push("l'exclusion de cette règle qui nomme un mot de la question");
  } else if (first) {
    // A second sentence when room is left and it says something the first does not.
    const room = LIMITS.summaryWords - first.words;
    const second = primary.find(
      (c) =>
        c !== first &&
        c.words <= room &&
        !quoted.has(c) &&
        // Not the same rule in other words (a fiche's summary and its introduction often say it twice).
        containment(features(c.unit).stems, features(first.unit).stems) < LIMITS.paraphrase &&
        c.score >= first.score * LIMITS.summarySecondMinShare &&
        (kindMatches(u.kind, features(c.unit)) || features(c.unit).normative),
    );
    if (second) {
      summary.push(second);
      quoted.add(second);
      reasons.push(`seconde phrase de la même fiche\u202f: place restante (${room} mots), autre règle, score ${second.score.toFixed(2)} ≥ ${LIMITS.summarySecondMinShare} × le premier`);
    }
  }
  return { summary, reasons };
}

export interface Selection {
  summary: Candidate[];
  law: Candidate[];
  steps: Candidate[];
}

/** Chooses the sentences of « En bref », « Ce que dit la loi » and « Démarches et délais ». */
export function select(all: readonly Candidate[], u: Understanding, titled: readonly boolean[], alreadyQuoted: readonly Candidate[] = []): Selection {
  const quoted = new Quoted();
  for (const c of alreadyQuoted) quoted.add(c);
  const ranked = [...all].filter(quotable).sort(byScore);
  const top = ranked[0]?.score ?? 0;
  // A sentence speaks of the question when it holds one of its words or lies in the person's case; in the
  // primary fiche, which is about the question, a high enough score is enough.
  const relevant = (c: Candidate, share: number): boolean => (c.hits > 0 || c.fits || c.si === 0) && c.score >= top * share && (titled[c.si] ?? false);

  const { summary } = chooseBrief(ranked, all, u, titled, quoted);

  const cited = new Set<number>(summary.map((c) => c.si));
  const focus = new Set(summary.map((c) => c.chapter));
  // The two sections share one budget of words, so that the whole answer stays short.
  let wordsLeft = LIMITS.bodyWords;
  const pick = (pool: Candidate[], max: number, share: number, keep = 0): Candidate[] => {
    const out: Candidate[] = [];
    const passages = new Map<string, number>();
    // `keep` words stay for the next section (the steps after the rules).
    const fits = (c: Candidate): boolean => c.words <= wordsLeft - keep;
    // One place goes to the best sentence of a fiche not cited yet: a second fiche that adds a fact.
    // Whether a sentence was quoted already is tested last: it is the costliest test.
    const other = pool.find((c) => !cited.has(c.si) && c.hits > 0 && relevant(c, share) && fits(c) && !quoted.has(c));
    if (other) {
      wordsLeft -= other.words;
      out.push(other);
      quoted.add(other);
      passages.set(other.chapter, 1);
      cited.add(other.si);
    }
    for (const c of pool) {
      if (out.length >= max) break;
      if (!relevant(c, share) || !fits(c)) continue;
      if (c.si > 0 && out.filter((o) => o.si > 0).length >= LIMITS.otherSourcesPerSection) continue;
      // One sentence per chapter of a fiche, so that the answer covers the fiche's different points; the
      // chapter « En bref » quotes is the person's, and gives more of its sentences. So does a primary
      // fiche without headings (a question-and-answer fiche), which is one chapter.
      const taken = passages.get(c.chapter) ?? 0;
      const wide = focus.has(c.chapter) || (c.si === 0 && c.path.length === 0);
      if (taken >= (wide ? LIMITS.focusSentences : 1)) continue;
      if (quoted.has(c)) continue;
      passages.set(c.chapter, taken + 1);
      out.push(c);
      quoted.add(c);
      cited.add(c.si);
      wordsLeft -= c.words;
    }
    return out.sort(byOrder);
  };
  // « Ce que dit la loi » quotes the fiche's rules: what must or may be done, and the figures that apply
  // (amounts, durations, a table's rows: « Parents vivants : 1 ; héritage des frères et sœurs : 3/4 »).
  const inLaw = (c: Candidate): boolean => {
    // A worked example with another person's figures is no rule.
    if (othersExample(c.unit, u.facts)) return false;
    const f = features(c.unit);
    if (f.normative || f.amount || f.duration || c.unit.sentence.includes(' ; ') || YOU_MAY_RE.test(c.unit.sentence)) return true;
    // The primary fiche also states its rules in the plain present (« C'est votre nouvel opérateur qui
    // effectuera la résiliation de votre ancien contrat »): such a sentence is quoted when it ranks high.
    return c.si === 0 && c.hits >= 2 && c.score >= top * LIMITS.statementShare;
  };
  const law = pick(ranked.filter(inLaw), LIMITS.lawSentences, LIMITS.relevantShare, LIMITS.stepsWords);
  const steps = pick(
    ranked.filter((c) => features(c.unit).procedure || features(c.unit).duration),
    LIMITS.stepSentences,
    LIMITS.stepsShare,
  );
  return { summary, law, steps };
}

/** The open case group that decides the answer: the one « En bref »'s sentence depends on. */
export function decidingGroup(sel: Selection, all: readonly Candidate[]): CaseGroup | undefined {
  for (const c of sel.summary) {
    for (const { group, option } of c.open) {
      if (group.kept.length < 2 || group.kept.length > LIMITS.choiceOptions) continue;
      if (group.kept.some((o) => o.length > LIMITS.choiceLabel)) continue;
      // A choice between situations the person could tell (meublé / vide, CDD / CDI, an age band…) or
      // parallel wordings of one situation (« Compte actif » / « Compte inactif »); not between topics of
      // the fiche (« Plomberie » / « Électricité », « Délai » / « Coût »).
      const parallelOptions = group.prefix.length === 0 && group.kept.every((o) => group.kept.some((x) => x !== o && parallel(o, x)));
      if (!group.kept.some(isSituational) && !negationPair(group.kept) && !parallelOptions) continue;
      // The other options must have something to say too.
      const others = group.kept.filter((o) => o !== option);
      if (others.every((o) => all.some((x) => x.open.some((e) => e.group === group && e.option === o) && x.hits > 0))) return group;
    }
  }
  return undefined;
}
