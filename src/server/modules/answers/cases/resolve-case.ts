/**
 * The person's case, from the fiche's own structure. A fiche splits its rules into labelled situations:
 * its passages live under paths of headings (« Logement vide › Congé pour vendre › Délais de préavis »),
 * and sibling headings that are parallel (« Logement vide » / « Logement meublé », « Avant 53 ans » /
 * « À partir de 53 ans », « CDI » / « CDD ») are cases. Each group of parallel cases is matched against
 * the question:
 * - the person's facts (`question/facts.ts`): categorical (meublé, CDD, pacsé, achat à distance…) and
 *   numeric (a heading's range « moins de 20 km/h », « entre 6 mois et 2 ans », « plus de 65 ans » tested
 *   against the question's figures);
 * - the question's own words, when only one sibling names them (« reprise » in « Congé pour reprise »).
 * A group is settled when one or more siblings fit (the others are dropped), or when all but one
 * conflict; otherwise it stays open, and the composer may offer its options as choices.
 */
import type { QuestionFacts } from '../question/facts';
import { corpusStems, topicMatcher, wordPresent, type TopicWord } from '../question/topic-words';
import { isSituational, negationPair, headingText, factVerdict, statedVerdict } from './heading-verdict';

/** Children titles of each heading prefix, over the fiche's passages (key: the prefix joined by \u0000). */
export function headingTree(paths: readonly (readonly string[])[]): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  for (const path of paths) {
    for (let d = 0; d < path.length; d++) {
      const key = path.slice(0, d).join('\u0000');
      let list = tree.get(key);
      if (!list) tree.set(key, (list = []));
      const t = path[d] as string;
      if (!list.includes(t)) list.push(t);
    }
  }
  return tree;
}

const CASE_TITLE_RE =
  /^(?:cas |si |vous |en cas|pour |avant |après |depuis |à partir|jusqu|moins |plus |entre |dans |au-delà|logement |location |bail |salarié|employeur|fonctionnaire|contractuel|mineur|majeur|enfant|particulier|professionnel|individuel|collectiv|excès|achat|vente|le |la |les |l'|un |une )/iu;

/** Two sibling headings are parallel when they share at least half of their words (« Location vide » / « Location meublée »). */
export function parallel(a: string, b: string): boolean {
  const sa = corpusStems(a);
  const sb = corpusStems(b);
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared += 1;
  return shared > 0 && shared / Math.max(sa.size, sb.size) >= 0.5;
}

const QUESTION_HEADING_RE = /\?$/u;

/** Whether a heading is a situation (a case) rather than a chapter. */
export function isCaseHeading(title: string, siblings: readonly string[], depth: number): boolean {
  if (siblings.length === 0 || QUESTION_HEADING_RE.test(title)) return false;
  if (depth === 0 || CASE_TITLE_RE.test(title) || /\d|\(/u.test(title) || /^cas g[ée]n[ée]ral$/iu.test(title)) return true;
  // A heading that names a situation a fact can settle (« Congé pour vendre ») is a case like its siblings.
  return siblings.some((s) => parallel(title, s)) || isSituational(title);
}

/** Stems of a heading that its siblings do not share (« meublée » in « Location meublée »). */
function distinctive(title: string, siblings: readonly string[]): Set<string> {
  const own = new Set(corpusStems(title));
  for (const s of siblings) for (const t of corpusStems(s)) own.delete(t);
  return own;
}

/** Longest list item of an introduction read as the definition of a case (longer ones are rules, not definitions). */
const INTRODUCED_ITEM_CHARS = 240;

/** Shortest question word matched against an introduction's words (shorter ones are verbs and particles). */
const INTRODUCED_WORD_CHARS = 4;

/**
 * When the passages under one case hold this many of the question's words, this many more than any other
 * case, and the next case at most this share of them, it is the person's.
 */
const SUBTREE = { minWords: 3, margin: 2, maxShare: 0.6 } as const;

/** A group of parallel cases under one heading prefix. */
export interface CaseGroup {
  /** Heading path above the group. */
  prefix: string[];
  /** The parallel case headings, in the fiche's order. */
  options: string[];
  /** Options kept for the person (all of them when the group is open). */
  kept: string[];
  state: 'settled' | 'open';
  /**
   * What settled it: the facts the person stated (their housing, contract, a figure in a heading's range),
   * the option they chose, the facts a silent question is assumed to have (living in France, French, an
   * adult), or (undefined) the question's words and defaults (a word named, « Cas général », today's rules,
   * the case whose passages hold most of the question's words). Only the first two tell the language model
   * « (votre cas) » (`PathStatus.factFits`).
   */
  by?: 'facts' | 'choice' | 'assumed';
}

export interface CaseResolution {
  groups: CaseGroup[];
}

/** Stems of the people a rule speaks of (a child, a spouse, an employee, a landlord…). */
const ACTOR_STEMS = corpusStems('enfant époux parent conjoint salarié employeur propriétaire locataire personne famille membre');

/**
 * A heading that names a stage of a procedure (« Dès le dépôt du dossier », « Dès que le dossier est
 * recevable », « Avant le jugement », « Après le jugement »): sibling stages are alternatives, and the
 * question tells which one the person is at (« j'ai déposé un dossier il y a 10 jours »).
 */
const STAGE_HEADING_RE = /^(?:dès |avant |après |pendant |lors d|au moment d|au cours d|une fois )/iu;

/**
 * A heading that says who the person is (« Vous êtes l'enfant du défunt », « Vous avez plus de 3
 * enfants »): sibling headings of that form are the person's alternative situations.
 */
const PERSON_HEADING_RE = /^(?:si )?vous (?:êtes|etes|avez|n'êtes|n'avez|n’êtes|n’avez) /iu;

/**
 * Chapters of one topic, not cases: sibling headings that each open on a different chapter noun
 * (« Droit à indemnisation » / « Montant de l'indemnisation » / « Demande d'indemnisation »). They share
 * their object, which makes them look parallel; « Demande en France » / « Demande à l'étranger », which
 * open on the same noun, are cases.
 */
const CHAPTER_NOUN_RE = /^(?:droits?|montants?|demandes?|delais?|durees?|conditions?|procedures?|effets?|calculs?|couts?|prix|modalites?|demarches?|contenu|formes?|recours|dates?|consequences?|taux|versements?|obligations?|roles?|formalites?|documents?|sanctions?|definitions?|paiements?|beneficiaires?)\b/u;

function chapterNouns(options: readonly string[]): boolean {
  const firsts = options.map((o) => CHAPTER_NOUN_RE.exec(headingText(o).normalized)?.[0]);
  return firsts.every((f) => f !== undefined) && new Set(firsts).size === options.length;
}

/** A heading that names an event (« En cas de décès », « En cas d'abandon du logement »). */
const EVENT_HEADING_RE = /^en cas d(?:e |'|’|u |es )/iu;

const groupKey = (prefix: readonly string[]): string => prefix.join('\u0000');

const isGeneralCase = (t: string): boolean => /^cas g[ée]n[ée]ral$/iu.test(t);

/** Which of a question's words each set of corpus stems holds, by the words' array (one question's) and the set (shared by corpusStems). */
const wordsInStems = new WeakMap<readonly TopicWord[], WeakMap<ReadonlySet<string>, readonly number[]>>();

/** The indexes of the words present in `stems` (`wordPresent`), computed once per question and set. */
function wordsIn(words: readonly TopicWord[], stems: ReadonlySet<string>): readonly number[] {
  let bySet = wordsInStems.get(words);
  if (!bySet) wordsInStems.set(words, (bySet = new WeakMap()));
  let found = bySet.get(stems);
  if (!found) {
    found = topicMatcher(words).present(stems).flatMap((present, k) => (present ? [k] : []));
    bySet.set(stems, found);
  }
  return found;
}

/** A resolution already made for a question (its words' array), and what it was made from. */
interface ResolvedCall {
  paths: readonly (readonly string[])[];
  texts: readonly string[] | undefined;
  facts: QuestionFacts;
  forced: string;
  resolution: CaseResolution;
}

/** Resolutions kept per question: retrieval and the composer resolve the same primary fiche. */
const RESOLVED_PER_QUESTION = 8;

const resolvedCalls = new WeakMap<readonly TopicWord[], ResolvedCall[]>();

const forcedKey = (forced: ReadonlyMap<string, string>): string => JSON.stringify([...forced].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const samePath = (a: readonly string[], b: readonly string[]): boolean => a === b || (a.length === b.length && a.every((h, i) => h === b[i]));

const sameCall = (c: ResolvedCall, paths: readonly (readonly string[])[], texts: readonly string[] | undefined, facts: QuestionFacts, forced: string): boolean =>
  c.facts === facts &&
  c.forced === forced &&
  c.paths.length === paths.length &&
  (c.texts === undefined) === (texts === undefined) &&
  (texts === undefined || (c.texts?.length === texts.length && texts.every((t, i) => t === c.texts?.[i]))) &&
  paths.every((p, i) => samePath(p, c.paths[i] ?? []));

/**
 * Resolves the cases of a fiche for a question. `forced` fixes the option of some groups (by their
 * prefix key): the composer uses it to write the answer of each choice. The same call for the same
 * question (retrieval's, then the composer's on the primary fiche) gives the same resolution, made once;
 * it is only read.
 */
export function resolveCases(
  paths: readonly (readonly string[])[],
  words: readonly TopicWord[],
  facts: QuestionFacts,
  forced: ReadonlyMap<string, string> = new Map(),
  texts?: readonly string[],
): CaseResolution {
  const key = forcedKey(forced);
  let calls = resolvedCalls.get(words);
  if (!calls) resolvedCalls.set(words, (calls = []));
  const known = calls.find((c) => sameCall(c, paths, texts, facts, key));
  if (known) return known.resolution;
  const resolution = resolve(paths, words, facts, forced, texts);
  calls.push({ paths, texts, facts, forced: key, resolution });
  if (calls.length > RESOLVED_PER_QUESTION) calls.shift();
  return resolution;
}

function resolve(
  paths: readonly (readonly string[])[],
  words: readonly TopicWord[],
  facts: QuestionFacts,
  forced: ReadonlyMap<string, string>,
  texts: readonly string[] | undefined,
): CaseResolution {
  const tree = headingTree(paths);
  /** The question's words each passage holds (its headings and text), read once per passage. */
  const passageWords: (readonly number[] | undefined)[] = [];
  /** How many of the question's words the passages under an option hold (its whole subtree). */
  const subtreeWords = (prefix: readonly string[], option: string): number => {
    if (!texts) return 0;
    const found = new Set<number>();
    paths.forEach((path, i) => {
      if (path.length <= prefix.length || path[prefix.length] !== option || !prefix.every((h, d) => path[d] === h)) return;
      const present = (passageWords[i] ??= wordsIn(words, corpusStems(`${path.join(' ')}\n${texts[i] ?? ''}`)));
      for (const k of present) found.add(k);
    });
    return found.size;
  };
  /**
   * The words a group's introduction gives each option. A fiche often announces its cases in the passage
   * above them, one list item per case: « Celle-ci varie selon que l'employeur envisage de prendre : - Soit
   * une sanction lourde (licenciement, mutation…) - Soit une sanction simple (avertissement, observation
   * écrite…) », then « Sanction lourde » / « Sanction simple ». An item that names one option alone (its
   * distinctive words) defines it: its words, less those of the other options' items, name that option
   * too (« avertissement » is « Sanction simple »).
   */
  const introducedWords = (prefix: readonly string[], options: readonly string[]): Set<string>[] => {
    const out = options.map(() => new Set<string>());
    if (!texts) return out;
    const items: string[] = [];
    paths.forEach((path, i) => {
      if (path.length !== prefix.length || !prefix.every((h, d) => path[d] === h)) return;
      for (const line of (texts[i] ?? '').split('\n')) if (/^- /u.test(line) && line.length <= INTRODUCED_ITEM_CHARS) items.push(line);
    });
    if (items.length < 2) return out;
    const own = options.map((o) => distinctive(o, options.filter((s) => s !== o)));
    const owners = items.map((item) => {
      const stems = new Set(corpusStems(item));
      const named = own.flatMap((mine, k) => (mine.size > 0 && [...mine].every((t) => stems.has(t)) ? [k] : []));
      return { stems, owner: named.length === 1 ? named[0] : undefined };
    });
    owners.forEach(({ stems, owner }) => {
      if (owner === undefined) return;
      for (const t of stems) if (!owners.some((o) => o.owner !== owner && o.stems.has(t))) out[owner]?.add(t);
    });
    return out;
  };
  const groups: CaseGroup[] = [];
  for (const [key, children] of tree) {
    if (children.length < 2) continue;
    const prefix = key === '' ? [] : key.split('\u0000');
    const cases = children.filter((c) => isCaseHeading(c, children.filter((s) => s !== c), prefix.length));
    // Parallel alternatives only: at least two case headings, parallel to one another or all cases at the top.
    // Beside « Cas général », every case heading is a particular case of it.
    const againstGeneral = cases.some(isGeneralCase);
    const personal = cases.length >= 2 && cases.every((c) => PERSON_HEADING_RE.test(c));
    const options = cases.filter((c) => againstGeneral || personal || cases.some((o) => o !== c && (parallel(c, o) || prefix.length === 0 || headingText(c).range !== undefined || factVerdict(c, facts) !== 'neutral')));
    if (options.length < 2 || chapterNouns(options)) continue;
    // Events side by side (« En cas de préavis donné au propriétaire » / « En cas de décès » / « En cas
    // d'abandon du logement »): the one the question names is the person's, the others did not happen.
    const events = cases.filter((c) => EVENT_HEADING_RE.test(c));
    if (events.length >= 2 && !forced.has(key)) {
      const named = events.filter((o) => {
        const mine = distinctive(o, events.filter((e) => e !== o));
        return mine.size > 0 && words.some((w) => wordPresent(w, mine));
      });
      if (named.length > 0 && named.length < events.length) {
        groups.push({ prefix, options: events, kept: named, state: 'settled' });
        continue;
      }
    }
    const forcedOption = forced.get(key);
    if (forcedOption !== undefined && options.includes(forcedOption)) {
      groups.push({ prefix, options, kept: [forcedOption], state: 'settled', by: 'choice' });
      continue;
    }
    // The facts decide first; the question's words decide between cases only when the options are
    // situations or parallel wordings of one another (« Congé pour vendre » / « Congé pour reprise »),
    // not between chapters of the fiche (« Date de livraison » / « Suivi de la commande »). A fact that
    // fits every option (« concubinage » for « Bail signé par un seul concubin » and « … par les 2
    // concubins ») tells them apart no more than silence: the other rules decide. Nor does a fact that
    // names one chapter among chapters that are not alternatives (a minor and « Relations du mineur avec
    // ses parents » beside « Faire la demande »): it settles only options that are alternatives, or when
    // it rules out another option (« Logement vide » for a furnished flat).
    const verdicts = options.map((o) => factVerdict(o, facts));
    const factFits = options.filter((_, i) => verdicts[i] === 'fit');
    const alternatives =
      personal ||
      options.some(isSituational) || options.every((o) => STAGE_HEADING_RE.test(o)) || options.every((o) => options.some((x) => x !== o && parallel(o, x)));
    if (factFits.length > 0 && factFits.length < options.length && (alternatives || verdicts.includes('conflict'))) {
      // Settled by what the person said (« je loue un meublé »), or only by what a silent question is
      // assumed to be (living in France, an adult): the latter is not told to the model as their case.
      const stated = factFits.some((o) => statedVerdict(o, facts) === 'fit');
      groups.push({ prefix, options, kept: factFits, state: 'settled', by: stated ? 'facts' : 'assumed' });
      continue;
    }
    // Cases split by a date (« Bail signé avant / depuis le 27 mars 2014 »): without a year in the
    // question, the rules in force today are the person's (the older ones concern older contracts).
    const dated = options.map((o) => headingText(o).range);
    if (facts.years.length === 0 && dated.every((r) => r?.unit === 'annee')) {
      const current = options.filter((_, i) => dated[i]?.min !== undefined);
      if (current.length === 1) {
        groups.push({ prefix, options, kept: current, state: 'settled' });
        continue;
      }
    }
    // Against « Cas général », a particular case is named by its situation (« auditionné »), not by the
    // people it speaks of (« Si un enfant des époux veut être auditionné » for parents of two children).
    const introduced = introducedWords(prefix, options);
    const wordFits = options.filter((o, i) => {
      const mine = distinctive(o, options.filter((s) => s !== o));
      if (againstGeneral) for (const actor of ACTOR_STEMS) mine.delete(actor);
      // An introduction's words count for the question's fuller words only: « mis » (« il m'a mis un
      // avertissement ») is not « mise à pied ».
      const intro = introduced[i] ?? new Set<string>();
      return (mine.size > 0 && words.some((w) => wordPresent(w, mine))) || words.some((w) => w.word.length >= INTRODUCED_WORD_CHARS && wordPresent(w, intro));
    });
    if (alternatives && wordFits.length > 0 && wordFits.length < options.length) {
      groups.push({ prefix, options, kept: wordFits, state: 'settled' });
      continue;
    }
    // « Cas général » against particular cases the question does not name: the general case is the person's.
    const general = options.filter(isGeneralCase);
    if (general.length === 1 && wordFits.length === 0) {
      groups.push({ prefix, options, kept: general, state: 'settled' });
      continue;
    }
    // Parallel cases the headings do not settle: the one whose passages hold clearly more of the
    // question's words is the person's (« abonnement », « métro » live under « Transport public »).
    if (alternatives && texts) {
      const counts = options.map((o) => subtreeWords(prefix, o));
      const best = Math.max(...counts);
      const second = [...counts].sort((a, b) => b - a)[1] ?? 0;
      if (best >= SUBTREE.minWords && best - second >= SUBTREE.margin && second <= best * SUBTREE.maxShare) {
        groups.push({ prefix, options, kept: options.filter((_, i) => counts[i] === best), state: 'settled' });
        continue;
      }
    }
    // An open group of situations (or of parallel top-level cases) is a condition the answer names; a
    // group of chapters (« Délai de rétractation » / « Délai de remboursement ») is not a case at all.
    if (personal || options.some(isSituational) || negationPair(options) || (alternatives && prefix.length === 0)) groups.push({ prefix, options, kept: options, state: 'open' });
  }
  return { groups };
}

export interface PathStatus {
  /** The path goes through an option the person's case rules out. */
  excluded: boolean;
  /** The path goes through at least one option that fits the person. */
  fits: boolean;
  /**
   * The person's own facts (or choice) settle the path's case: it goes through at least one group they
   * settled (`CaseGroup.by` 'facts' or 'choice'), and through no group left open or settled only by a word
   * of the question or a default (another situation may lie there); a group settled by an assumed fact
   * (« En France ») neither gives nor takes this. The language model is told these passages are the
   * person's case (« (votre cas) »).
   */
  factFits: boolean;
  /** Open groups the path goes through, with the option it takes. */
  open: { group: CaseGroup; option: string }[];
}

/** Where a passage stands for the person's case. */
/** A resolution's groups by their key, made once per resolution (a fiche's every passage is placed). */
const groupsByKey = new WeakMap<CaseResolution, ReadonlyMap<string, CaseGroup>>();

export function pathStatus(path: readonly string[], resolution: CaseResolution): PathStatus {
  let byKey = groupsByKey.get(resolution);
  if (!byKey) groupsByKey.set(resolution, (byKey = new Map(resolution.groups.map((g) => [groupKey(g.prefix), g]))));
  const status: PathStatus = { excluded: false, fits: false, factFits: false, open: [] };
  let stated = false;
  let unstated = false;
  for (let d = 0; d < path.length; d++) {
    const g = byKey.get(groupKey(path.slice(0, d)));
    const title = path[d] as string;
    if (!g || !g.options.includes(title)) continue;
    if (!g.kept.includes(title)) return { ...status, excluded: true };
    if (g.state === 'open') {
      status.open.push({ group: g, option: title });
      continue;
    }
    status.fits = true;
    if (g.by === 'facts' || g.by === 'choice') stated = true;
    else if (g.by === undefined) unstated = true;
  }
  status.factFits = stated && !unstated && status.open.length === 0;
  return status;
}

/** The key of a group, for `forced`. */
export function caseGroupKey(group: CaseGroup): string {
  return groupKey(group.prefix);
}
