import { describe, expect, it } from 'vitest';
import { analyze } from './analyzer';
import { compileLexicon } from './lexicon';
import { analyzeQuery, WEIGHTS, type QueryContext } from './query';

const ctx: QueryContext = { vocab: new Map(), abbreviations: new Map(), lexicon: [] };
const terms = (q: string): string[] => analyzeQuery(q, ctx).map((t) => t.term);

describe('question scaffolding', () => {
  it('drops the words that only frame the question', () => {
    expect(terms("L'employeur a-t-il le droit de me licencier ?")).toEqual(analyze('employeur licencier'));
    expect(terms('Ai-je le droit de démissionner ?')).toEqual(analyze('démissionner'));
    expect(terms('Que dit la loi sur les heures supplémentaires ?')).toEqual(analyze('heures supplémentaires'));
    expect(terms('Quelles sont les règles du télétravail')).toEqual(analyze('télétravail'));
  });

  it('keeps « droit » and « loi » when they name the subject', () => {
    expect(terms('droit de retrait')).toEqual(analyze('droit retrait'));
    expect(terms('le droit de grève')).toEqual(analyze('droit grève'));
    expect(terms('loi travail')).toEqual(analyze('loi travail'));
  });
});

describe('lexicon weights', () => {
  const lexicon = compileLexicon([
    { lay: 'proprio', legal: ['bailleur'], fiche: 'F1' },
    { lay: 'prime', legal: ['salaire'], weight: 0.3, fiche: 'F2' },
  ]);
  const weights = (q: string): Map<string, number> => new Map(analyzeQuery(q, { ...ctx, lexicon }).map((t) => [t.term, t.weight]));

  it('adds the legal words at the default lexicon weight, or at the entry weight when it has one', () => {
    expect(weights('mon proprio').get(analyze('bailleur')[0] ?? '')).toBe(WEIGHTS.lexicon);
    const w = weights('prime coiffure');
    expect(w.get(analyze('salaire')[0] ?? '')).toBe(0.3);
    expect(w.get(analyze('prime')[0] ?? '')).toBe(WEIGHTS.original);
  });
});
