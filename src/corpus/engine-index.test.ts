import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTHETIC_FICHES, buildSyntheticIndex, type SyntheticFiche } from '../../test/support/synthetic-index';
import { analyze } from './analyzer';
import { LoadedIndex, readIndexFiles, type IndexFiles } from './engine-index';

/** The synthetic fiches, two of one title family and one titled for public agents. */
const INDEX_TEST_FICHES: readonly SyntheticFiche[] = [
  ...SYNTHETIC_FICHES,
  ['F7', "Prime d'activité : salarié", 'Montant de la prime pour un salarié.', [['Montant', 'Calcul selon les revenus du foyer.']]],
  ['F8', "Prime d'activité : étudiant", 'Conditions pour un étudiant.', [['Conditions', 'Revenus minimaux du travail.']]],
  ['F9', "Capital décès versé pour le décès d'un fonctionnaire", 'Versé aux proches.', [['Bénéficiaires', 'Conjoint et enfants.']]],
];

let tmp: string;
let files: IndexFiles;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-engine-index-'));
  const dir = path.join(tmp, 'index');
  (await buildSyntheticIndex(dir, '2026-01-01', INDEX_TEST_FICHES)).close?.();
  files = readIndexFiles(dir);
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the loaded index', () => {
  it('reads the index files: one meta per fiche, the postings sized by the manifest, the words of the fiches', () => {
    expect(files.metas.map((m) => m.id).sort()).toEqual(INDEX_TEST_FICHES.map((f) => f[0]).sort());
    expect(files.postings.termStart.length).toBe(files.terms.length + 1);
    expect(files.postings.docFiche.length).toBe(files.manifest.layout.nDocs);
    expect(files.ctx.vocab.has('preavis')).toBe(true);
  });

  it('derives the per-fiche arrays: title family, public sector, title terms', () => {
    const index = new LoadedIndex(files, {});
    const fi = (id: string): number => index.byId.get(id) as number;
    expect(index.ficheFamily[fi('F7')]).toBeGreaterThan(0);
    expect(index.ficheFamily[fi('F8')]).toBe(index.ficheFamily[fi('F7')]);
    expect(index.ficheFamily[fi('F1')]).toBe(0);
    expect(index.publicSector[fi('F9')]).toBe(1);
    expect(index.publicSector[fi('F1')]).toBe(0);
    const preavis = index.termIndex.get(analyze('préavis')[0] as string) as number;
    expect([...(index.titleFiches.get(preavis) ?? [])]).toEqual([fi('F2')]);
    expect(index.titleLen[fi('F2')]).toBe(new Set(analyze('Préavis du locataire')).size);
  });

  it('pairs two known fiches both ways and ignores a pair naming an unknown fiche', () => {
    const index = new LoadedIndex(files, { F1: 'F2', F3: 'F999' });
    const fi = (id: string): number => index.byId.get(id) as number;
    expect(index.pairOf[fi('F1')]).toBe(fi('F2'));
    expect(index.pairOf[fi('F2')]).toBe(fi('F1'));
    expect(index.pairOf[fi('F3')]).toBe(-1);
  });

  it('with one source only, counts a term in every document of the postings', () => {
    const index = new LoadedIndex(files, {});
    const { termStart } = files.postings;
    expect(index.mainDf).toBeUndefined();
    expect(index.mainDocs).toBe(files.manifest.layout.nDocs);
    const tid = index.termIndex.get(analyze('licenciement')[0] as string) as number;
    expect(index.mainDocFrequency(tid)).toBe((termStart[tid + 1] as number) - (termStart[tid] as number));
    expect(index.mainDocFrequency(tid)).toBeGreaterThan(0);
  });
});
