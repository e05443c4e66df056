import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildNearbySearchLinks } from './professional-links';
import { ProfessionalsSection } from './professionals-section';
import { renderAtHome } from './test-utils';

function hrefs(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '');
}

describe('buildNearbySearchLinks', () => {
  it('includes the URL-encoded city when it is known', () => {
    expect(buildNearbySearchLinks('avocat', 'Saint-Étienne')).toEqual({
      maps: 'https://www.google.com/maps/search/avocat+Saint-%C3%89tienne',
      pagesJaunes: 'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=avocat&ou=Saint-%C3%89tienne',
    });
    expect(buildNearbySearchLinks('notaire', 'Le Mans').maps).toBe('https://www.google.com/maps/search/notaire+Le%20Mans');
  });

  it('falls back to generic searches without a city', () => {
    for (const city of [null, '', '   ']) {
      expect(buildNearbySearchLinks('notaire', city)).toEqual({
        maps: 'https://www.google.com/maps/search/notaire',
        pagesJaunes: 'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=notaire',
      });
    }
  });
});

describe('ProfessionalsSection', () => {
  it('links to nearby lawyers, notaries and the official directories for the known city', () => {
    renderAtHome(<ProfessionalsSection city="Lyon" />);
    const section = document.getElementById('professionnels');
    expect(section).not.toBeNull();
    expect(section?.textContent).toContain('près de Lyon');

    const lawyers = screen.getByRole('article', { name: 'Avocats' });
    expect(hrefs(lawyers)).toEqual([
      'https://www.google.com/maps/search/avocat+Lyon',
      'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=avocat&ou=Lyon',
      'https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france',
      'https://www.avocat.fr/',
    ]);
    expect(within(lawyers).getByRole('link', { name: /Google Maps\u202f: avocats près de Lyon/ })).toBeTruthy();

    const notaries = screen.getByRole('article', { name: 'Notaires et commissaires de justice' });
    expect(hrefs(notaries)).toEqual([
      'https://www.google.com/maps/search/notaire+Lyon',
      'https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=notaire&ou=Lyon',
      'https://www.notaires.fr/fr/annuaires-notaires',
      'https://www.commissaire-justice.fr/',
    ]);

    for (const link of section?.querySelectorAll('a') ?? []) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toContain('(nouvel onglet)');
    }
  });

  it('uses generic searches and no city name when the city is unknown', () => {
    renderAtHome(<ProfessionalsSection city={null} />);
    const section = document.getElementById('professionnels');
    expect(section?.textContent).toContain('près de chez vous');
    const links = hrefs(section!);
    expect(links).toContain('https://www.google.com/maps/search/avocat');
    expect(links).toContain('https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=avocat');
    expect(links).toContain('https://www.google.com/maps/search/notaire');
    expect(links).toContain('https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=notaire');
    expect(links.some((href) => href.includes('&ou='))).toBe(false);
  });
});

describe('ProfessionalsSection: the city field', () => {
  function control(overrides: Partial<import('./professionals-section').CityControl> = {}) {
    return { setCity: vi.fn(), locating: false, error: null, disclosure: null, ...overrides };
  }

  it('remembers a typed city, offers « Me localiser » with the line saying what is sent where', () => {
    const locate = vi.fn(async () => undefined);
    const c = control({ locate, disclosure: '« Me localiser » envoie votre adresse IP à geo.test ; rien n’est envoyé avant votre clic.' });
    renderAtHome(<ProfessionalsSection city={null} cityControl={c} />);
    const form = screen.getByRole('form', { name: 'Votre ville' });
    fireEvent.change(within(form).getByLabelText(/Votre ville/), { target: { value: 'Nantes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(c.setCity).toHaveBeenCalledWith('Nantes');
    expect(within(form).getByText(/envoie votre adresse IP à geo.test/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Me localiser' }));
    expect(locate).toHaveBeenCalledTimes(1);
  });

  it('shows the kept city with a way to erase it, and no « Me localiser » when the site offers none', () => {
    const c = control();
    renderAtHome(<ProfessionalsSection city="Lyon" cityControl={c} />);
    const form = screen.getByRole('form', { name: 'Votre ville' });
    expect(within(form).getByText(/Ville retenue : Lyon/)).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Me localiser' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Effacer' }));
    expect(c.setCity).toHaveBeenCalledWith('');
  });
});
