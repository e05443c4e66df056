import { describe, expect, it } from 'vitest';
import { understand } from './understand';

describe('understand: the asking sentence’s own facts', () => {
  it('keeps the figure of the sentence that asks apart from those told before it', () => {
    const u = understand('Je loue mon studio depuis 5 ans. Mon propriétaire peut-il me donner congé seulement 3 mois avant la fin du bail ?');
    expect(u.facts.durations.map((d) => `${d.value} ${d.unit}`)).toEqual(['5 an', '3 mois']);
    expect(u.askedFacts?.durations.map((d) => `${d.value} ${d.unit}`)).toEqual(['3 mois']);
  });

  it('has none for a question of one sentence, or an asking sentence without a figure', () => {
    expect(understand('Mon propriétaire peut-il me donner congé 3 mois avant la fin du bail ?').askedFacts).toBeUndefined();
    expect(understand('Je loue mon studio depuis 5 ans. Mon propriétaire peut-il me donner congé ?').askedFacts).toBeUndefined();
  });
  it('marks the words of the asking sentence when the question tells its situation before it', () => {
    const u = understand("Le syndic a fait voter des travaux de façade. Puis-je contester la décision de l'assemblée ?");
    expect(u.words.filter((w) => w.asked).map((w) => w.word)).toEqual(['contester', 'décision', 'assemblée']);
    expect(u.words.find((w) => w.word === 'syndic')?.asked).toBeUndefined();
    // A question of one sentence has no situation apart: nothing is marked.
    expect(understand('Puis-je contester la décision du syndic ?').words.some((w) => w.asked)).toBe(false);
  });
  it('reads a short tag (« C\'est vrai ? ») as asking about the sentence before it', () => {
    const u = understand("Je suis en CDI. Mon patron dit que je n'ai pas droit à un congé pour mon mariage. C'est vrai ?");
    expect(u.words.filter((w) => w.asked).map((w) => w.word)).toEqual(['patron', 'droit', 'congé', 'mariage']);
    expect(u.words.some((w) => w.word === 'vrai')).toBe(false);
    expect(u.kind).toBe('droit');
  });
});
