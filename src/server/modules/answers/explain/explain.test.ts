import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import { total } from '../candidates/weights';
import { explainQuestion, formatExplain } from './explain';

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
  });
});
