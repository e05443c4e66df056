/** The score of a candidate (score.ts): the sum of its named parts, each there when its condition holds. */
import { describe, expect, it } from 'vitest';
import { source } from '../extractive/compose-test-fixtures';
import { understand } from '../question/understand';
import { candidates, sourceViews } from './candidates';
import { newWork } from './work';
import { total, WEIGHTS } from './weights';

describe('scoreParts', () => {
  it('adds up to the score, and counts what the question asks for: a duration for « combien de temps »', () => {
    const u = understand('Combien de temps a le propriétaire pour rendre le dépôt de garantie ?');
    expect(u.kind).toBe('delai');
    const work = newWork(u);
    const sources = [source('Le dépôt de garantie doit être restitué dans un délai de 1 mois. Le locataire remet les clés au propriétaire.')];
    const all = candidates(sourceViews(sources, () => undefined, u, new Map(), work), u, work);
    expect(all).toHaveLength(2);
    for (const c of all) expect(c.score).toBe(total(c.parts));
    const duration = all.find((c) => c.unit.sentence.includes('1 mois'));
    const keys = all.find((c) => c.unit.sentence.includes('clés'));
    expect(duration?.parts.kindMatch).toBe(WEIGHTS.kindMatch);
    expect(duration?.parts.askedFigure).toBe(WEIGHTS.askedFigure);
    expect(duration?.parts.sourceRank).toBe(WEIGHTS.firstSource);
    expect(keys?.parts.kindMatch).toBe(0);
    expect(keys?.parts.askedFigure).toBe(0);
    expect(duration?.score).toBeGreaterThan(keys?.score ?? Infinity);
  });
});
