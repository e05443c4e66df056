import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HowItWorksSection } from './how-it-works-section';
import { renderAtHome } from './test-utils';

const QUESTIONS = [
  'Comment mes données sont-elles protégées\u202f?',
  "Comment fonctionne le service avec l'intelligence artificielle\u202f?",
  'Comment faire de la publicité sur QuestionLegale.info\u202f?',
];

function setup() {
  const view = renderAtHome(<HowItWorksSection contactEmail="contact@example.fr" />);
  const buttons = QUESTIONS.map((name) => screen.getByRole('button', { name }));
  return { ...view, buttons };
}

function expanded(buttons: HTMLElement[]): boolean[] {
  return buttons.map((b) => b.getAttribute('aria-expanded') === 'true');
}

function panelOf(button: HTMLElement): HTMLElement {
  const id = button.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('panel not found');
  return panel;
}

describe('How it works', () => {
  it('« Essayer maintenant » goes to the question form of the page', async () => {
    const user = userEvent.setup();
    const { router } = renderAtHome(<HowItWorksSection contactEmail="contact@example.fr" />);
    await user.click(screen.getByRole('link', { name: 'Essayer maintenant' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#analyse' });
  });
});

describe('FAQ accordion', () => {
  it('keeps at most one item open and closes the open item when it is clicked again', async () => {
    const user = userEvent.setup();
    const { buttons } = setup();
    expect(expanded(buttons)).toEqual([false, false, false]);
    expect(buttons.map((b) => panelOf(b).hidden)).toEqual([true, true, true]);

    await user.click(buttons[0]!);
    expect(expanded(buttons)).toEqual([true, false, false]);
    expect(panelOf(buttons[0]!).hidden).toBe(false);
    expect(screen.getByRole('region', { name: QUESTIONS[0] }).textContent).toContain(
      'ne sont pas conservées au-delà de ce qui est nécessaire pour vous identifier',
    );

    await user.click(buttons[2]!);
    expect(expanded(buttons)).toEqual([false, false, true]);
    expect(buttons.map((b) => panelOf(b).hidden)).toEqual([true, true, false]);
    const ad = screen.getByRole('region', { name: QUESTIONS[2] });
    expect(ad.querySelector('a[href="mailto:contact@example.fr"]')).not.toBeNull();

    await user.click(buttons[2]!);
    expect(expanded(buttons)).toEqual([false, false, false]);
    for (const name of QUESTIONS) expect(screen.queryByRole('region', { name })).toBeNull();
  });

  it('is operable with the keyboard', async () => {
    const user = userEvent.setup();
    const { buttons } = setup();
    buttons[0]!.focus();
    await user.keyboard('{Enter}');
    expect(expanded(buttons)).toEqual([true, false, false]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard(' ');
    expect(expanded(buttons)).toEqual([false, true, false]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(buttons[2]);
  });
});
