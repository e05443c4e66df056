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
});
