import { describe, expect, it } from 'vitest';
import type { SearchResult } from './engine';
import type { FicheMeta } from './index-schema';
import { agreeingPairs, computeSourcePairs, sameSubject } from './source-pairs';

const meta = (id: string, title: string, description = ''): FicheMeta => ({
  id,
  kind: 'fiche',
  pubType: 'Fiche pratique',
  title,
  description,
  subject: 'Travail',
  url: `https://example.org/${id}`,
  audiences: ['particuliers'],
  themePath: ['Travail'],
  date: id.startsWith('T') ? '2025-01-01' : '2020-01-01',
  ...(id.startsWith('T') ? { source: 'travail-emploi' as const } : {}),
  loc: [0, 0],
});

describe('fiches of two sources that say the same thing', () => {
  it('agree when each title is in the other fiche, leaving out parentheses and the words of audience or page form', () => {
    expect(sameSubject(meta('T1', "La période d'essai"), meta('F1', "Période d'essai"))).toBe(true);
    expect(sameSubject(meta('T2', 'Le travail de nuit'), meta('F2', 'Travail de nuit du salarié du secteur privé'))).toBe(true);
    expect(sameSubject(meta('T3', 'Le contrat de travail temporaire'), meta('F3', 'Contrat de travail temporaire (intérim)'))).toBe(true);
    // A word of one title found in the other fiche's summary counts.
    expect(sameSubject(meta('T4', 'Le harcèlement moral', 'Le harcèlement moral au travail est puni.'), meta('F4', 'Harcèlement moral au travail'))).toBe(true);
  });

  it('do not agree when one title names a narrower or another case', () => {
    expect(sameSubject(meta('T5', 'Le contrat à durée déterminée (CDD)'), meta('F5', "Fin d'un contrat à durée déterminée (CDD)"))).toBe(false);
    expect(sameSubject(meta('T6', 'La rupture conventionnelle collective'), meta('F6', 'Rupture conventionnelle'))).toBe(false);
    expect(sameSubject(meta('T7', 'La journée de solidarité'), meta('F7', 'Comment la journée de solidarité est-elle accomplie dans la fonction publique ?'))).toBe(false);
  });

  it('keeps only the pairs that agree, and none naming an unknown fiche', () => {
    const metas = [meta('T1', "La période d'essai"), meta('F1', "Période d'essai"), meta('T5', 'Le contrat à durée déterminée (CDD)'), meta('F5', "Fin d'un contrat à durée déterminée (CDD)")];
    expect(agreeingPairs({ T1: 'F1', T5: 'F5', T9: 'F1' }, metas)).toEqual({ T1: 'F1' });
  });

  it('pairs a ministry page with the first service-public.fr fiche of its title when that fiche finds it back, and the titles agree', () => {
    const metas = [
      meta('T1', "La période d'essai"),
      meta('F1', "Période d'essai"),
      meta('T5', 'Le contrat à durée déterminée (CDD)'),
      meta('F5', "Fin d'un contrat à durée déterminée (CDD)"),
      meta('T8', 'Les congés payés'),
      meta('F8', 'Congés payés'),
    ];
    // A fake search: the fiches whose title shares a word with the query, in the order of `metas`, except that
    // « Congés payés » finds the trial-period page first (so T8 and F8 do not find each other).
    const words = (s: string): string[] => s.toLowerCase().split(/[^a-zéèêàç]+/u).filter((w) => w.length > 3);
    const search = (q: string): SearchResult[] => {
      const hits = metas.filter((m) => words(m.title).some((w) => words(q).includes(w)));
      const ordered = q === 'Congés payés' ? [metas[0] as FicheMeta, ...hits] : hits;
      return ordered.map((m) => ({ id: m.id, title: m.title, url: m.url, score: 1, snippet: '', type: 'fiche' }));
    };
    expect(computeSourcePairs({ search }, metas)).toEqual({ T1: 'F1' });
  });
});
