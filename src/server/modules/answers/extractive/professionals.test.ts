/** The professionals of the answer (professionals.ts): those of the question's topic, the point-justice always, the avocat when the topic names nobody. */
import { describe, expect, it } from 'vitest';
import { pickProfessionals } from './professionals';

const ids = (question: string, sources: string[] = []): string[] => pickProfessionals(sources, question, 3, question).map((p) => p.id);

describe('pickProfessionals', () => {
  it('names the professional of the question’s topic, then the point-justice, without the avocat', () => {
    expect(ids('Mon propriétaire ne me rend pas mon dépôt de garantie')).toEqual(['adil', 'point-justice']);
  });

  it('names the avocat when the question’s topic names no professional', () => {
    expect(ids('Puis-je faire appel d’un jugement du tribunal correctionnel ?')).toEqual(['avocat', 'point-justice']);
    // A professional the sources name, but not the question's topic, does not take the avocat's place.
    expect(ids('Puis-je faire appel d’un jugement du tribunal correctionnel ?', ["Saisir le conseil de prud'hommes"])).toEqual(['prudhommes', 'avocat', 'point-justice']);
  });

  it('sends a contravention to the ANTAI, not a criminal court’s fine', () => {
    expect(ids("J'ai reçu un avis de contravention, comment contester ?")[0]).toBe('ompmp');
    expect(ids('Le tribunal m’a condamné à une amende, puis-je faire appel ?')).not.toContain('ompmp');
  });
});
