/**
 * One understanding of the question, used by retrieval (which fiches, which passages) and by both
 * composers (which case, which sentence first): its topic words (with the lay → legal lexicon), the
 * text given to the search engine, what it asks for (kind) and the person's facts.
 */
import { extractFacts, type QuestionFacts } from './facts';
import { questionKind, type QuestionKind } from './kind';
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
}

export function understand(question: string): Understanding {
  return {
    question,
    words: topicWords(question),
    searchText: searchText(question),
    kind: questionKind(question),
    facts: extractFacts(question),
  };
}
