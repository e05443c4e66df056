import { describe, expect, it } from 'vitest';
import { contentDisposition, prefileFileName, subjectSlug } from './prefile-file-name';

describe('the pré-dossier file name', () => {
  it('names the subject after the main fiche’s title, in ASCII, a few words, no trailing « de »', () => {
    expect(subjectSlug('Dépôt de garantie dans un contrat de location')).toBe('depot-de-garantie');
    expect(subjectSlug('Licenciement pour motif personnel')).toBe('licenciement-pour-motif-personnel');
    expect(subjectSlug('Œuvres d’art : droit de suite')).toBe('oeuvres-d-art-droit');
    expect(subjectSlug('Congé de maternité du salarié du secteur privé')).toBe('conge-de-maternite-du-salarie');
    expect(subjectSlug('Prud’hommes (CPH)')).toBe('prud-hommes-cph');
    expect(subjectSlug('漢字 « » ?')).toBe('');
    expect(subjectSlug('de')).toBe('');
    expect(subjectSlug('Anticonstitutionnellement-extraordinairement-long')).toBe('anticonstitutionnellement');
  });

  it('joins the day of the answer in Paris and the subject', () => {
    expect(prefileFileName('2026-11-28T10:00:00Z', 'Dépôt de garantie dans un contrat de location')).toBe('pre-dossier-2026-11-28-depot-de-garantie.pdf');
    expect(prefileFileName('2026-11-22T23:30:00Z', 'Préavis du locataire')).toBe('pre-dossier-2026-11-23-preavis-du-locataire.pdf');
    expect(prefileFileName('pas une date', undefined, new Date('2026-01-05T08:00:00Z'))).toBe('pre-dossier-2026-01-05.pdf');
    expect(prefileFileName(undefined, '« »', new Date('2026-07-14T12:00:00Z'))).toBe('pre-dossier-2026-07-14.pdf');
    for (const name of [prefileFileName(undefined, 'x'.repeat(300)), prefileFileName(undefined, 'Ça\r\n"; filename=evil.exe')]) {
      expect(name).toMatch(/^pre-dossier-\d{4}-\d{2}-\d{2}(-[a-z0-9-]+)?\.pdf$/);
      expect(name.length).toBeLessThanOrEqual(70);
    }
  });

  it('gives the name both as filename and filename*', () => {
    expect(contentDisposition('pre-dossier-2026-11-28-depot-de-garantie.pdf')).toBe(
      `attachment; filename="pre-dossier-2026-11-28-depot-de-garantie.pdf"; filename*=UTF-8''pre-dossier-2026-11-28-depot-de-garantie.pdf`,
    );
  });
});
