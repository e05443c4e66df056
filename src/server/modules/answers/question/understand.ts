/**
 * One understanding of the question, used by retrieval (which fiches, which passages) and by both
 * composers (which case, which sentence first): its topic words (with the lay → legal lexicon), the
 * text given to the search engine, what it asks for (kind) and the person's facts.
 */
import { extractFacts, hasFigure, type QuestionFacts } from './facts';
import { askingSentence, questionKind, sentenceBefore, type QuestionKind } from './kind';
import { tokenize } from '../../../../corpus/analyzer';
import { searchText, topicWords, type TopicWord } from './topic-words';

export interface Understanding {
  /** The validated question (never logged). */
  question: string;
  /** Words that carry the topic, each with the stems that count as a match. */
  words: TopicWord[];
  /** The question without its framing words, for the search engine. */
  searchText: string;
  kind: QuestionKind;
  facts: QuestionFacts;
  /**
   * The facts of the sentence that asks, when the question tells its situation in sentences before it and
   * the asking one gives a figure (« Je loue depuis 5 ans… Il peut me donner congé seulement 3 mois avant
   * la fin ? »): the figure a rule is set beside (3 months, not the 5 years told before).
   */
  askedFacts?: QuestionFacts;
}

/** The facts of the question's asking sentence (the last with « ? »), when it is not the only sentence and gives a figure. */
function askingSentenceFacts(asked: string | undefined): QuestionFacts | undefined {
  if (asked === undefined) return undefined;
  const f = extractFacts(asked);
  return hasFigure(f) ? f : undefined;
}

export function understand(question: string): Understanding {
  const asking = askingSentence(question);
  const askedFacts = askingSentenceFacts(asking);
  const words = topicWords(question);
  if (asking !== undefined) {
    const mark = (sentence: string): boolean => {
      const tokens = new Set(tokenize(sentence).map((t) => t.toLowerCase()));
      let marked = false;
      for (const w of words) {
        if (!tokens.has(w.word)) continue;
        w.asked = true;
        marked = true;
      }
      return marked;
    };
    // A short tag (« C'est vrai ? », « Il a le droit ? », « Que faire ? ») asks about the sentence before it.
    if (!mark(asking)) {
      const before = sentenceBefore(question, asking);
      if (before !== undefined) mark(before);
    }
  }
  return {
    question,
    words,
    searchText: searchText(question),
    kind: questionKind(question),
    facts: extractFacts(question),
    ...(askedFacts ? { askedFacts } : {}),
  };
}
