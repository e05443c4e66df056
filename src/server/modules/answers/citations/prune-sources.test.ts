import { describe, expect, it } from 'vitest';
import type { AnswerSection } from '../../../../common/api/answers';
import type { RetrievedSource } from '../retrieval/types';
import { citedSources, pruneSources } from './prune-sources';

const src = (n: number): RetrievedSource => ({ n, id: `F${n}`, title: `Fiche ${n}`, url: `https://example.fr/F${n}`, passages: [], references: [] });
const sec = (text: string): AnswerSection => ({ id: 'summary', title: 'En bref', text });

describe('pruneSources', () => {
  it('keeps the cited sources only, numbered again in order, markers following', () => {
    const out = pruneSources([sec('A [1]. C [3].'), sec('C encore [3]')], [src(1), src(2), src(3), src(4)]);
    expect(out.sources.map((s) => [s.n, s.id])).toEqual([
      [1, 'F1'],
      [2, 'F3'],
    ]);
    expect(out.sections.map((s) => s.text)).toEqual(['A [1]. C [2].', 'C encore [2]']);
  });

  it('counts the citations of the choices and renumbers them too', () => {
    const choices = { question: 'Votre situation correspond à :', options: [{ label: 'vide', sections: [sec('B [2]')] }, { label: 'meublé', sections: [sec('D [4]')] }] };
    const out = pruneSources([sec('La réponse dépend.')], [src(1), src(2), src(3), src(4)], choices);
    expect(out.sources.map((s) => s.id)).toEqual(['F2', 'F4']);
    expect(out.choices?.options.map((o) => o.sections[0]?.text)).toEqual(['B [1]', 'D [2]']);
  });

  it('keeps every source when nothing is cited', () => {
    expect(pruneSources([sec('Rien de cité.')], [src(1), src(2)]).sources.map((s) => s.n)).toEqual([1, 2]);
  });
});

describe('citedSources', () => {
  it('keeps the sources a streamed answer cites under their own numbers, all of them when it cites none', () => {
    expect(citedSources([sec('A [2]. D [4].')], [src(1), src(2), src(3), src(4)]).map((s) => s.n)).toEqual([2, 4]);
    expect(citedSources([sec('Sans marqueur.')], [src(1), src(2)]).map((s) => s.n)).toEqual([1, 2]);
  });
});
