import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArticleChannel, buildArticleChannel, citedNumbers } from './article-channel';
import type { CodeArticle, Fiche } from './types';

describe('citedNumbers', () => {
  it('reads single articles, lists and ranges from a reference title', () => {
    expect(citedNumbers('Code du travail : articles L1237-19 à L1237-19-14')).toEqual([['L1237-19', 'L1237-19-14']]);
    expect(citedNumbers('Code du travail : articles L1242-5 et L1242-6')).toEqual([
      ['L1242-5', undefined],
      ['L1242-6', undefined],
    ]);
    expect(citedNumbers('Code du travail : article D7231-1')).toEqual([['D7231-1', undefined]]);
    expect(citedNumbers('Code de la sécurité sociale : articles R. 323-1, L. 321-1 à L. 321-2')).toEqual([
      ['R323-1', undefined],
      ['L321-1', 'L321-2'],
    ]);
    expect(citedNumbers('Décret n° 2008-244 du 7 mars 2008')).toEqual([]);
  });
});

const article = (num: string, text: string, sections: string[]): CodeArticle => ({
  id: `LEGIARTI${num.replace(/\D/g, '').padStart(12, '0')}`,
  num,
  codeId: 'LEGITEXT000006072050',
  codeTitle: 'Code du travail',
  etat: 'VIGUEUR',
  text,
  sections,
  url: '',
});

const fiche = (id: string, refs: { title: string; legiarti?: string }[]): Fiche => ({
  id,
  kind: 'fiche',
  pubType: 'Fiche pratique',
  title: id,
  description: '',
  subject: '',
  audiences: ['particuliers'],
  url: '',
  themePath: [],
  date: '2020-01-01',
  passages: [],
  references: refs,
  definitions: [],
  abbreviations: [],
  whereToGo: [],
  services: [],
  related: [],
});

describe('article channel', () => {
  it('indexes cited articles (the ends of a range) and lends a bonus to the fiches citing the best ones', () => {
    const articles = [
      article('L1237-11', "L'employeur et le salarié peuvent convenir en commun des conditions de la rupture du contrat.", ['Rupture conventionnelle']),
      article('L1237-12', "Les parties au contrat conviennent du principe d'une rupture conventionnelle lors d'entretiens.", ['Rupture conventionnelle']),
      article('L1237-13', "La convention de rupture définit les conditions de celle-ci, notamment le montant de l'indemnité.", ['Rupture conventionnelle']),
      article('L2242-1', "Dans les entreprises où sont constituées une ou plusieurs sections syndicales, l'employeur engage une négociation.", ['Négociation obligatoire en entreprise']),
      article('L3141-1', 'Tout salarié a droit chaque année à un congé payé à la charge de l’employeur.', ['Congés payés']),
    ];
    const fiches = [
      fiche('F1', [{ title: 'Code du travail : articles L1237-11 à L1237-13' }]),
      fiche('F2', [{ title: 'Code du travail : article L2242-1' }]),
      fiche('F3', [{ title: 'Code civil : article 1103' }]),
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-channel-'));
    try {
      expect(buildArticleChannel(dir, fiches, articles)).toBe(3);
      const channel = ArticleChannel.open(dir);
      expect(channel?.size).toBe(3);
      const bonus = channel?.ficheBonus([{ term: 'negoci', weight: 1 }], 10, 0.5);
      expect([...(bonus?.keys() ?? [])]).toEqual([1]);
      const rupture = channel?.ficheBonus([{ term: 'ruptur', weight: 1 }, { term: 'conventionnel', weight: 1 }], 10, 0.5);
      expect(rupture?.get(0)).toBe(1);
      expect(rupture?.has(2)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
