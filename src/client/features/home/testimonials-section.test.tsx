import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPublicConfig, PUBLIC_CONFIG_ELEMENT_ID } from '../../../common/public-config';
import { resetPublicConfigCache } from '../../lib/config';
import { EXAMPLES_TITLE, TESTIMONIALS_TITLE, TestimonialsSection, starsLabel } from './testimonials-section';

function injectConfig(value: unknown): void {
  const el = document.createElement('script');
  el.id = PUBLIC_CONFIG_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = JSON.stringify(value);
  document.head.append(el);
}

afterEach(() => {
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  resetPublicConfigCache();
});

describe('TestimonialsSection', () => {
  it('without testimonials: three example situations, labelled, with no name and no rating', () => {
    render(<TestimonialsSection />);
    const section = screen.getByRole('region', { name: EXAMPLES_TITLE });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(within(card).getByText('Exemple')).toBeTruthy();
    expect(within(section).queryAllByRole('img')).toEqual([]);
    expect(section.textContent).not.toMatch(/★|étoile/);
    expect(section.textContent).toContain('pas des avis de clients');
  });

  it("with the operator's testimonials: their words, names, stars and dates, and how they were collected", () => {
    injectConfig({
      ...defaultPublicConfig,
      testimonials: {
        note: 'Avis recueillis par courriel.',
        items: [
          { quote: 'Très clair.', author: 'Sophie M.', city: 'Lyon', rating: 5, date: '2026-03-14' },
          { quote: 'Utile.', author: 'Karim B.', city: null, rating: 4, date: '2026-04-02' },
          { quote: 'Rapide.', author: 'Claire D.', city: 'Nantes', rating: 1, date: '2026-05-20' },
        ],
      },
    });
    render(<TestimonialsSection />);
    const section = screen.getByRole('region', { name: TESTIMONIALS_TITLE });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByRole('img', { name: '5 étoiles sur 5' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole('img', { name: '4 étoiles sur 5' }).textContent).toBe('★★★★☆');
    expect(starsLabel(1)).toBe('1 étoile sur 5');
    expect(cards[1]?.textContent).toContain('Karim B.');
    expect(cards[1]?.textContent).not.toContain(',');
    expect(cards[0]?.textContent).toContain('Sophie M., Lyon');
    expect(cards[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14');
    expect(cards[0]?.textContent).toContain('14 mars 2026');
    expect(section.textContent).toContain('Avis recueillis par courriel.');
    expect(section.textContent).not.toContain('Exemple');
  });
});
