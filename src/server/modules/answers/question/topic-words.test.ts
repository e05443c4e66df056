import { describe, expect, it } from 'vitest';
import { corpusStems, MAX_TOPIC_WORDS, sameThing, searchText, stemSet, TopicMatcher, topicWords, wordPresent } from './topic-words';

describe('topicWords', () => {
  it('keeps the topic words, with the legal phrasings of the lexicon', () => {
    const words = topicWords('bonjour, mon proprio garde ma caution');
    expect(words.map((w) => w.word)).toEqual(['proprio', 'garde', 'caution']);
    const proprio = words[0];
    expect(proprio && [...proprio.stems]).toContain('bailleur');
  });

  it('reads everyday family and notice words as the fiches write them', () => {
    const stemsOf = (q: string, w: string): string[] => [...(topicWords(q).find((x) => x.word === w)?.stems ?? [])];
    expect(stemsOf('Ma mère habite à Nantes', 'mère')).toContain('parent');
    expect(stemsOf('Mon mari veut partir', 'mari')).toContain('epoux');
    expect(stemsOf('Il est entré sans prévenir', 'prévenir')).toContain('inform');
    expect(sameThing('rappel', 'information')).toBe(true);
    expect(stemsOf('Mon propriétaire refuse', 'propriétaire')).toContain('bailleur');
    expect(stemsOf('Mon patron refuse', 'patron')).toContain('employeur');
    expect(sameThing('rappel', 'loyer')).toBe(false);
  });

  it('drops what the question denies (« pas pour faute »), for the topic and for the search engine', () => {
    const q = 'Licencié, pas pour faute grave, après trois ans : combien de préavis ?';
    const words = topicWords(q).map((w) => w.word);
    expect(words).toContain('préavis');
    expect(words).not.toContain('faute');
    expect(words).not.toContain('grave');
    expect(searchText(q)).not.toMatch(/faute/u);
    expect(topicWords('Licencié pour faute grave').map((w) => w.word)).toContain('faute');
  });

  it('drops what « ni … ni » denies, not what « sans … ni » says is missing', () => {
    const q = "On vit ensemble, on n'est ni mariés ni pacsés, et le bail est à son nom : puis-je rester ?";
    const words = topicWords(q).map((w) => w.word);
    expect(words).toContain('bail');
    expect(words).not.toContain('mariés');
    expect(words).not.toContain('pacsés');
    expect(searchText(q)).not.toMatch(/pacsés/u);
    const shop = topicWords("Mon fils a cassé un vase au magasin ; je n'ai ni assurance habitation ni responsabilité civile").map((w) => w.word);
    expect(shop).toContain('vase');
    expect(shop).not.toContain('assurance');
    // A question only about what it denies keeps it: that is its topic.
    expect(topicWords("Je n'ai ni assurance habitation ni responsabilité civile, que faire ?").map((w) => w.word)).toContain('assurance');
    const dog = topicWords('Son chien passe dans le hall sans laisse ni muselière').map((w) => w.word);
    expect(dog).toEqual(expect.arrayContaining(['laisse', 'muselière']));
  });

  it('drops the times that date the story (« cette nuit », « samedi dernier »), not those that name the topic', () => {
    const q = "Cette nuit, on m'a volé ma voiture ; samedi dernier, hier soir et le samedi 12 juin aussi.";
    const words = topicWords(q).map((w) => w.word);
    expect(words).toContain('voiture');
    expect(words).not.toContain('nuit');
    expect(words).not.toContain('samedi');
    expect(words).not.toContain('soir');
    expect(searchText(q)).not.toMatch(/nuit|samedi|soir/u);
    expect(topicWords('Mon patron me fait faire du travail de nuit').map((w) => w.word)).toContain('nuit');
    expect(topicWords('Dois-je travailler le dimanche ?').map((w) => w.word)).toContain('dimanche');
  });

  it('keeps the first words of a long text only (each is compared with every sentence of the sources)', () => {
    const long = Array.from({ length: 900 }, (_, i) => `mot${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}x`).join(' ');
    const words = topicWords(long);
    expect(words).toHaveLength(MAX_TOPIC_WORDS);
    expect(words[0]?.word).toBe('motaax');
    expect(searchText(long).split(' ').length).toBeLessThanOrEqual(300);
  });

  it('has no topic word for a greeting', () => {
    expect(topicWords('bonjour comment ça va')).toEqual([]);
  });
});

describe('wordPresent', () => {
  it('matches exact stems, longer forms and one typo, the same on every set it is asked about', () => {
    const [word] = topicWords('licenciment');
    expect(word).toBeDefined();
    if (!word) return;
    const sets = [stemSet('Le licenciement est notifié.'), stemSet('Une démission.'), stemSet('Licenciée pour faute.'), stemSet('Une démission.')];
    // Asked twice over (the second pass reads what the first one memorised).
    for (let pass = 0; pass < 2; pass++) expect(sets.map((s) => wordPresent(word, s))).toEqual([true, false, true, false]);
  });

  it('counts the topic words found in a set, the same as asking each word', () => {
    const words = topicWords('dépôt de garantie restitution');
    const matcher = new TopicMatcher(words);
    expect(matcher.count(stemSet('La restitution du dépôt de garantie.'))).toBe(words.length);
    expect(matcher.count(stemSet('Le dépôt.'))).toBe(1);
    expect(matcher.present(stemSet('Le dépôt.'))).toEqual(words.map((w) => wordPresent(w, stemSet('Le dépôt.'))));
    expect(new TopicMatcher([]).count(stemSet('Le dépôt.'))).toBe(0);
  });
});

describe('corpusStems', () => {
  it('returns the stems of a text, the same set for the same text', () => {
    const a = corpusStems('Le bailleur restitue le dépôt de garantie.');
    expect([...a].sort()).toEqual([...stemSet('Le bailleur restitue le dépôt de garantie.')].sort());
    expect(corpusStems('Le bailleur restitue le dépôt de garantie.')).toBe(a);
  });
});
