import { describe, expect, it } from 'vitest';
import { ficheDatesLine, isDataStale, liveFicheLabel, sourceSiteName, staleDataWarning } from './data-freshness';

describe('isDataStale', () => {
  it('is true only past a year, and never for an unreadable date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(isDataStale('2020-11-12', now)).toBe(true);
    expect(isDataStale('2025-11-20', now)).toBe(true);
    expect(isDataStale('2025-11-30', now)).toBe(false);
    expect(isDataStale('2026-11-06T08:00:00Z', now)).toBe(false);
    expect(isDataStale('pas une date', now)).toBe(false);
  });
});

describe('ficheDatesLine', () => {
  it('states one fiche, several fiches of one date, and several dates with their sources', () => {
    expect(ficheDatesLine([{ n: 1, date: '2020-11-12' }])).toBe('Fiche mise à jour le 12 novembre 2020');
    expect(ficheDatesLine([{ n: 1, date: '2020-11-12' }, { n: 2, date: '2020-11-12' }])).toBe('Fiches mises à jour le 12 novembre 2020');
    expect(
      ficheDatesLine([
        { n: 1, date: '2020-11-12' },
        { n: 2, date: '2019-03-04' },
        { n: 3, date: '2020-11-12' },
      ]),
    ).toBe('Fiches mises à jour le 12 novembre 2020 [1, 3], le 4 mars 2019 [2]');
  });

  it('leaves out sources without a readable date, and is null when none has one', () => {
    expect(ficheDatesLine([{ n: 1 }, { n: 2, date: '2025-10-01' }, { n: 3, date: 'x' }])).toBe('Fiche mise à jour le 1 octobre 2025');
    expect(ficheDatesLine([{ n: 1 }, { n: 2, date: '' }])).toBeNull();
    expect(ficheDatesLine([])).toBeNull();
  });
});

describe('live fiche', () => {
  it('names the site of the fiche from its address', () => {
    expect(sourceSiteName('https://www.service-public.fr/particuliers/vosdroits/F31269')).toBe('service-public.fr');
    expect(sourceSiteName('https://travail-emploi.gouv.fr/le-licenciement')).toBe('travail-emploi.gouv.fr');
    expect(sourceSiteName('javascript:alert(1)')).toBeNull();
    expect(sourceSiteName('pas une adresse')).toBeNull();
    expect(liveFicheLabel('https://www.service-public.fr/particuliers/vosdroits/F31269')).toBe('Vérifier la version à jour sur service-public.fr');
  });

  it('words the warning with the date of the data and the fiche to check', () => {
    expect(staleDataWarning('2020-11-12', 'https://www.service-public.fr/particuliers/vosdroits/F31269')).toEqual({
      title: "Attention\u202f: ces informations datent du 12 novembre 2020, il y a plus d'un an.",
      check: 'Vérifiez la fiche à jour\u202f:',
      url: 'https://www.service-public.fr/particuliers/vosdroits/F31269',
    });
    expect(staleDataWarning('2020-11-12', null).check).toBe('Vérifiez les fiches à jour sur service-public.fr.');
  });
});
