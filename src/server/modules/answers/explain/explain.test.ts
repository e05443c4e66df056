import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { partsProduct } from '../../../../corpus/engine-score-parts';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import { total } from '../candidates/weights';
import { explainQuestion, firstPassLine, formatExplain } from './explain';

let engine: SearchEngine;
beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

describe('explainQuestion (npm run explain)', () => {
  it('shows the channels, the facts, the cases, the candidates with their parts and why « En bref » won', async () => {
    const report = await explainQuestion(engine, undefined, 'Je loue un meublé, quel est le délai de préavis si je pars ?');
    expect(report.understanding.facts.housing).toBe('meuble');
    expect(report.lexical.length).toBeGreaterThan(0);
    expect(report.dense.outcome).toBe('off');
    expect(report.sources[0]?.n).toBe(1);
    const composer = report.composer;
    if (!composer) throw new Error('no composer explanation');
    // Every candidate's score is the sum of its parts, and the list is ordered by score.
    for (const c of composer.candidates) expect(total(c.parts)).toBeCloseTo(c.score);
    expect(composer.candidates.map((c) => c.score)).toEqual([...composer.candidates.map((c) => c.score)].sort((a, b) => b - a));
    expect(composer.brief[0]?.reason).toMatch(/score/u);
    const text = formatExplain(report, 3);
    for (const heading of ['QUESTION COMPRISE', 'CANAUX DE RECHERCHE', 'CAS DE LA FICHE PRINCIPALE', 'CANDIDATS', '« EN BREF »']) expect(text).toContain(heading);
    expect(text).toContain('housing="meuble"');
    // Each lexical fiche shows the parts of its first-pass score, whose product is that score.
    const first = report.lexical[0]?.firstPass;
    if (!first) throw new Error('no first-pass parts');
    expect(partsProduct(first)).toBeCloseTo(first.score, 6);
    expect(text).toContain('avant le reclassement');
    expect(text).toContain(`1er passage\u202f: (tête ${Math.round(first.head * 100) / 100} + passages ${Math.round(first.passages * 100) / 100})`);
    expect(text.split('\n').filter((l) => l.includes('1er passage'))).toHaveLength(report.lexical.length);
  });

  it('prints the parts of a first-pass score on one line, the factors at 1 left out', () => {
    const parts = { head: 2, passages: 8, kindPrior: 1, coordination: 0.5, publicSector: 1, otherSource: 0.8, title: 1.25, score: 5 };
    expect(firstPassLine(parts)).toBe('1er passage\u202f: (tête 2 + passages 8) × coordination 0.5 × autre source 0.8 × titre 1.25 = 5');
    expect(firstPassLine(undefined)).toContain('aucun terme de la question');
  });

  it('explains each option of the open case that decides the answer, and whether the choice is offered', async () => {
    const report = await explainQuestion(engine, undefined, "Mon propriétaire refuse de me rendre mon dépôt de garantie deux mois après l'état des lieux de sortie, que puis-je faire ?");
    const choice = report.composer?.choice;
    if (!choice) throw new Error('no deciding case');
    expect(choice.options.map((o) => o.label)).toEqual(['Logement vide', 'Logement meublé']);
    for (const o of choice.options) expect(o.brief[0]?.reason).toMatch(/score/u);
    // The options' « En bref » differ (the furnished flat's one-month deadline), so the choice is offered.
    expect(choice.options[0]?.brief[0]?.text).not.toBe(choice.options[1]?.brief[0]?.text);
    expect(choice.offered).toBe(true);
    expect(formatExplain(report, 3)).toContain('CAS OUVERT QUI DÉCIDE DE LA RÉPONSE');
    // The answer itself offers the same options.
    const answer = report.composer?.brief.map((b) => b.text).join('\n') ?? '';
    expect(answer).toMatch(/Pour un logement (vide|meublé)/u);
  });
});
