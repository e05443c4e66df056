/**
 * The words of a question that carry its topic, each with the stems that count as a match for it
 * (its own stem, the legal phrasings of the lay → legal lexicon, a few everyday → fiche synonyms).
 * Shared by retrieval (coverage: how much of the question a fiche speaks about) and by the extractive
 * composer (which sentences answer the question).
 */
import { analyze, analyzeToken, foldAccents, isStopWord, tokenize } from '../../../../corpus/analyzer';
import { compileLexicon, LEXICON, matchLexicon } from '../../../../corpus/lexicon';
import { Lru } from '../../../../common/lru';

/**
 * Words that are not stop words for the search index but say nothing of the topic of a question
 * (greetings, "I want to know", "help", "a problem"…). A question made only of these is off-topic.
 */
const NON_TOPIC = new Set(
  `va vais vas allez aller allons veux veut voudrais voudrait voulons souhaite souhaiterais savoir sais sait connaitre
  question questions demande renseignement renseignements info infos information informations aide aider besoin
  probleme problemes souci soucis chose choses truc trucs quelqu quelque quelques salut coucou hello bonsoir
  oui non ok okay stp svp please cordialement urgent vraiment vrai vraie normal normale beaucoup peu trop ainsi etc autre autres meme
  bon bonne bons bonnes mal mieux tres super genre voila voici ca cela ceci celui celle ceux celles faire fais
  dire dit dis parle parler pense penser crois croire trouve trouver avoir etre suis etait ete ans an jour jours
  mois semaine semaines annee annees hier demain maintenant depuis apres avant pendant toujours jamais rien
  personne gens madame monsieur merci aujourd hui fonctionne fonctionnement marche passe deroule`.split(/\s+/).filter(Boolean),
);

/**
 * Everyday verbs whose fiche wording differs and that the search lexicon does not map (it maps
 * phrases); kept small and literal.
 */
const SYNONYMS: Record<string, string[]> = {
  rend: ['restitu', 'rembours'],
  rendr: ['restitu', 'rembours'],
  garde: ['conserv', 'retenu'],
  gard: ['conserv', 'retenu'],
  vir: ['licenci'],
  vire: ['licenci'],
  payer: ['pai', 'paiement'],
  pai: ['paiement'],
  divorc: ['divorc'],
  bruit: ['bruit', 'nuisanc', 'tapag'],
  amend: ['amend', 'contravent'],
  contest: ['contest', 'recour', 'reclam'],
  rembours: ['rembours', 'restitu'],
  caution: ['depot', 'garant'],
  // « Sans me prévenir », « sans rappel »: the fiches say « informer », « information ».
  preven: ['inform'],
  prevenu: ['inform'],
  previen: ['inform'],
  avert: ['inform'],
  rappel: ['inform'],
  // Family words as the fiches write them: « ma mère » is « un des parents », « mon mari » « l'époux ».
  mer: ['parent'],
  per: ['parent'],
  fil: ['enfant'],
  fill: ['enfant'],
  mar: ['epoux', 'conjoint'],
  femm: ['epoux', 'conjoint'],
  compagnon: ['concubin', 'partenair'],
  // The landlord and the employer as the fiches name them: « le bailleur », « le loueur », « l'employeur ».
  proprietair: ['bailleur', 'loueur'],
  proprio: ['proprietair', 'bailleur', 'loueur'],
  patron: ['employeur'],
  compagn: ['concubin', 'partenair'],
};

/**
 * Whether two words name the same thing for the question: the same stem, or an everyday word and the
 * fiches' wording of it (« rappel » / « information »).
 */
export function sameThing(a: string, b: string): boolean {
  const sa = analyzeToken(a);
  const sb = analyzeToken(b);
  if (!sa || !sb) return false;
  return sa === sb || (SYNONYMS[sa] ?? []).includes(sb) || (SYNONYMS[sb] ?? []).includes(sa);
}

const DETERMINERS = new Set(['un', 'une', 'le', 'la', 'les', 'des', 'du', 'de', 'l', 'd', 'mon', 'ma', 'mes', 'son', 'sa', 'ses']);

/**
 * Words the question denies: the person says their case is NOT this one, so the word must not pull the
 * fiches and sentences about it. The one or two words after « pas pour » / « non pour » (« licencié, pas
 * pour faute ») and after « ni » (« on n'est ni mariés ni pacsés », « ni assurance habitation ni
 * responsabilité civile »), determiners skipped. « sans laisse ni muselière » is not denied: what is
 * missing is the topic there, as in « mort sans testament ».
 */
const absenceBefore = (folded: readonly string[], i: number): boolean => folded.slice(Math.max(0, i - 4), i).includes('sans');

function deniedIndexes(folded: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < folded.length; i++) {
    let j: number;
    if ((folded[i] === 'pas' || folded[i] === 'non') && folded[i + 1] === 'pour') j = i + 2;
    else if (folded[i] === 'ni' && !absenceBefore(folded, i)) j = i + 1;
    else continue;
    while (j < folded.length && DETERMINERS.has(folded[j] ?? '')) j += 1;
    for (let k = j; k < Math.min(j + 2, folded.length); k++) {
      if (/^\d+$/u.test(folded[k] ?? '') || isStopWord(folded[k] ?? '')) break;
      out.add(k);
    }
  }
  return out;
}

/** Times of day and days of the week: when something happened, as a story tells it. */
const TIME_NOUNS = new Set(['nuit', 'soir', 'soiree', 'matin', 'matinee', 'midi', 'week-end', 'weekend', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
const DEICTIC_BEFORE = new Set(['ce', 'cet', 'cette', 'hier', 'demain']);
const DEICTIC_AFTER = new Set(['dernier', 'derniere', 'prochain', 'prochaine']);

/**
 * Times that date the person's story rather than name its topic: « cette nuit, on a cassé mon
 * rétroviseur », « hier soir », « samedi dernier », « le samedi 12 juin ». « Cette nuit » must not pull
 * the fiches on night work; « travail de nuit », « le dimanche » (no date) stay topic words.
 */
function narrativeTimeIndexes(folded: readonly string[]): Set<number> {
  const out = new Set<number>();
  folded.forEach((f, i) => {
    if (!TIME_NOUNS.has(f)) return;
    const before = folded[i - 1] ?? '';
    const after = folded[i + 1] ?? '';
    if (DEICTIC_BEFORE.has(before) || DEICTIC_AFTER.has(after) || /^\d{1,2}$/u.test(after)) out.add(i);
  });
  return out;
}

/** Words of the question that are not its topic: denied (« pas pour faute ») or dating the story. */
function leftOutIndexes(folded: readonly string[]): Set<number> {
  const times = narrativeTimeIndexes(folded);
  const out = new Set([...deniedIndexes(folded), ...times]);
  // When the question is only about what it denies (« Je n'ai ni assurance habitation ni responsabilité
  // civile, que faire ? »), that is its topic.
  return folded.some((f, i) => !out.has(i) && contentWord(f)) ? out : times;
}

/** A word that can carry the topic (not a number, a stop word or a framing word). */
const contentWord = (folded: string): boolean => folded.length >= 2 && !/^\d+$/u.test(folded) && !NON_TOPIC.has(folded) && !isStopWord(folded);

export interface TopicWord {
  /** The word as written (lower case). */
  word: string;
  /** Stems that count as this word being present. */
  stems: Set<string>;
  /** Other stems already compared with this word (prefix or typo match), filled by `wordPresent`. */
  near?: Map<string, boolean>;
  /** The word is in the sentence that asks (the last with « ? »), when the question tells its situation before it. */
  asked?: boolean;
}

const compiled = compileLexicon(LEXICON);

/**
 * At most this many topic words are kept (the first ones): an everyday question has a dozen or two, and
 * every sentence of every source is compared with each of them, so a long text must not multiply the work.
 */
export const MAX_TOPIC_WORDS = 48;

/**
 * Words of a question read at most (the search engine reads 200): the lexicon's phrase matching and the
 * stemming of a 6,000-character text would otherwise cost tens of milliseconds for nothing.
 */
const MAX_QUESTION_TOKENS = 300;

const questionTokens = (question: string): string[] => tokenize(question).slice(0, MAX_QUESTION_TOKENS);

/** The topic words of a question, in order, without duplicates (by stem). */
export function topicWords(question: string): TopicWord[] {
  const tokens = questionTokens(question);
  const folded = tokens.map((t) => foldAccents(t));
  const matches = matchLexicon(folded, compiled);
  const leftOut = leftOutIndexes(folded);
  const out: TopicWord[] = [];
  const seen = new Set<string>();
  tokens.forEach((tok, i) => {
    const f = folded[i] ?? '';
    if (out.length >= MAX_TOPIC_WORDS) return;
    if (!contentWord(f) || leftOut.has(i)) return;
    const stem = analyzeToken(tok);
    if (!stem || seen.has(stem)) return;
    seen.add(stem);
    const stems = new Set<string>([stem]);
    for (const m of matches) {
      if (i >= m.start && i < m.start + m.length) for (const legal of m.entry.legal) for (const s of analyze(legal)) stems.add(s);
    }
    for (const s of SYNONYMS[stem] ?? []) stems.add(s);
    out.push({ word: tok.toLowerCase(), stems });
  });
  return out;
}

/**
 * The question without its non-topic words (« comment fonctionne … », « je voudrais savoir … »), for the
 * search engine: « fonctionne » would otherwise match « fonction publique ». Words inside a lexicon
 * phrase are kept.
 */
export function searchText(question: string): string {
  const tokens = questionTokens(question);
  const folded = tokens.map((t) => foldAccents(t));
  const keep = new Set<number>();
  for (const m of matchLexicon(folded, compiled)) for (let i = m.start; i < m.start + m.length; i++) keep.add(i);
  const leftOut = leftOutIndexes(folded);
  const out = tokens.filter((_, i) => !leftOut.has(i) && (keep.has(i) || !NON_TOPIC.has(folded[i] ?? '')));
  return out.length > 0 ? out.join(' ') : question;
}

/** Index terms of a text, as a set. */
export function stemSet(text: string): Set<string> {
  return new Set(analyze(text));
}

const stemSets = new Lru<string, ReadonlySet<string>>(10_000);

/**
 * Index terms of a corpus text (a passage, a sentence, a heading), memoised in a bounded cache: the
 * same fiches answer many questions. The set is shared: never modify it. Not for question text.
 */
export function corpusStems(text: string): ReadonlySet<string> {
  return stemSets.memo(text, stemSet);
}

/** Bounded Levenshtein distance (returns max + 1 when larger). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/**
 * Whether a topic word is present in a set of stems: one of its stems exactly, a stem starting with
 * it (5+ letters: « licenci » / « licenciement »), or, for a word of 6+ letters, a stem at edit
 * distance 1 (typos: « licenciment »).
 */
export function wordPresent(w: TopicWord, stems: ReadonlySet<string>): boolean {
  for (const s of w.stems) if (stems.has(s)) return true;
  let long = false;
  for (const s of w.stems) if (s.length >= 5) long = true;
  if (!long) return false;
  // Each other stem is compared once per question (the same stems recur in every passage).
  const near = (w.near ??= new Map<string, boolean>());
  for (const t of stems) {
    let v = near.get(t);
    if (v === undefined) {
      v = nearStem(w, t);
      near.set(t, v);
    }
    if (v) return true;
  }
  return false;
}

/** A stem starting with one of the word's stems (5+ letters), or at edit distance 1 of one (6+ letters). */
function nearStem(w: TopicWord, t: string): boolean {
  for (const s of w.stems) {
    if (s.length < 5) continue;
    if (t.length >= s.length && t.startsWith(s)) return true;
    if (s.length >= 6 && t[0] === s[0] && distance(s, t, 1) <= 1) return true;
  }
  return false;
}

/** Words tracked as bits by `TopicMatcher` (the others are checked one by one). */
const MASK_WORDS = 30;

/**
 * Which topic words of a question sets of stems contain: the same answer as `wordPresent` for each
 * word, in one pass over the set (each stem is compared with the words once per question).
 */
export class TopicMatcher {
  private readonly masks = new Map<string, number>();

  constructor(readonly words: readonly TopicWord[]) {}

  /** Bit i set when word i (i < 30) is present. */
  private mask(stems: ReadonlySet<string>): number {
    let m = 0;
    for (const t of stems) {
      let v = this.masks.get(t);
      if (v === undefined) {
        v = 0;
        for (let i = 0; i < this.words.length && i < MASK_WORDS; i++) {
          const w = this.words[i] as TopicWord;
          if (w.stems.has(t) || nearStem(w, t)) v |= 1 << i;
        }
        this.masks.set(t, v);
      }
      m |= v;
    }
    return m;
  }

  /** For each word, whether it is present in the set. */
  present(stems: ReadonlySet<string>): boolean[] {
    const m = this.mask(stems);
    return this.words.map((w, i) => (i < MASK_WORDS ? (m & (1 << i)) !== 0 : wordPresent(w, stems)));
  }

  /** How many of the words are present in the set. */
  count(stems: ReadonlySet<string>): number {
    let m = this.mask(stems);
    let n = 0;
    for (; m !== 0; m &= m - 1) n += 1;
    for (let i = MASK_WORDS; i < this.words.length; i++) if (wordPresent(this.words[i] as TopicWord, stems)) n += 1;
    return n;
  }
}

const matchers = new WeakMap<readonly TopicWord[], TopicMatcher>();

/**
 * One matcher per question (its words' array), shared by retrieval and case resolution: each stem of the
 * fiches is compared with the question's words once.
 */
export function topicMatcher(words: readonly TopicWord[]): TopicMatcher {
  let m = matchers.get(words);
  if (!m) matchers.set(words, (m = new TopicMatcher(words)));
  return m;
}
