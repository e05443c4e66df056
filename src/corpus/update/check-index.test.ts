import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../engine';
import { checkNewIndex } from './check-index';

/** A stand-in index answering `answers[query]` (fiche ids, best first). */
function index(ficheCount: number, answers: Record<string, string[]>, corpusDate = '2026-11-20') {
  return {
    ficheCount,
    corpusDate,
    search: (q: string, limit = 10): SearchResult[] =>
      (answers[q] ?? []).slice(0, limit).map((id) => ({ id, title: id, url: '', score: 1, snippet: '', type: 'fiche' as const })),
  };
}

const QUERIES = ['a', 'b', 'c', 'd', 'e'];
const CURRENT = index(1000, { a: ['F1'], b: ['F2'], c: ['F3'], d: ['F4'] }, '2020-11-12');

describe('checks of a new index', () => {
  it('accepts an index that answers what the current one answers', () => {
    const next = index(1100, { a: ['F9', 'F1'], b: ['F2'], c: ['F3'], d: ['F4'], e: ['F5'] });
    expect(checkNewIndex(next, CURRENT, undefined, QUERIES)).toEqual({ ok: true, fiches: 1100, previousFiches: 1000, asked: 4, answered: 4, kept: 4 });
  });

  it('refuses too few or too many fiches, and older data', () => {
    const answers = { a: ['F1'], b: ['F2'], c: ['F3'], d: ['F4'] };
    expect(checkNewIndex(index(799, answers), CURRENT, undefined, QUERIES).reason).toBe(
      'Le nouvel index compte 799 fiches contre 1000 (minimum 80 %)\u202f: archive incomplète ou public manquant.',
    );
    expect(checkNewIndex(index(1501, answers), CURRENT, undefined, QUERIES).reason).toBe(
      'Le nouvel index compte 1501 fiches contre 1000 (maximum 150 %).',
    );
    expect(checkNewIndex(index(1000, answers, '2019-01-01'), CURRENT, undefined, QUERIES).reason).toBe(
      'Les nouvelles données (2019-01-01) sont plus anciennes que celles en service (2020-11-12).',
    );
    expect(checkNewIndex(index(0, {}), undefined, undefined, QUERIES)).toMatchObject({ ok: false, reason: 'Le nouvel index ne contient aucune fiche.' });
  });

  it('refuses an index that stops answering smoke queries or loses their leading fiche', () => {
    const silent = checkNewIndex(index(1000, { a: ['F1'], b: ['F2'], c: ['F3'] }), CURRENT, undefined, QUERIES);
    expect(silent).toMatchObject({ ok: false, asked: 4, answered: 3 });
    expect(silent.reason).toBe("Le nouvel index ne répond qu'à 3 des 4 requêtes de contrôle (minimum 95 %).");
    const lost = checkNewIndex(index(1000, { a: ['F1'], b: ['F2'], c: ['F7'], d: ['F8'] }), CURRENT, undefined, QUERIES);
    expect(lost).toMatchObject({ ok: false, asked: 4, answered: 4, kept: 2 });
    expect(lost.reason).toBe('Le nouvel index ne retrouve la fiche attendue que pour 2 des 4 requêtes de contrôle (minimum 80 %).');
  });

  it('without an index in service, asks every smoke query', () => {
    expect(checkNewIndex(index(10, { a: ['F1'], b: ['F1'], c: ['F1'], d: ['F1'], e: ['F1'] }), undefined, undefined, QUERIES)).toMatchObject({
      ok: true,
      asked: 5,
      answered: 5,
    });
    expect(checkNewIndex(index(10, {}), index(10, {}), undefined, QUERIES).reason).toBe(
      "Aucune requête de contrôle n'a de réponse dans l'index en service\u202f: comparaison impossible.",
    );
  });
});
