import { describe, expect, it } from 'vitest';
import { formatCoverage, promptCoverage, promptSources } from './prompt-coverage';

const item = {
  nuggets: [
    { fact: 'Le dépôt est restitué dans un délai de 1 mois.', re: 'delai (maximal )?de 1 mois', direct: true },
    { fact: 'Le délai est de 2 mois en cas de différence.', re: 'delai (maximal )?de 2 mois' },
    { fact: 'Une pénalité de 10 % du loyer par mois de retard.', re: '10 ?% du loyer' },
  ],
};

describe('promptCoverage', () => {
  it('finds the key facts in the sources as the scorer finds them in an answer (accents, spaces, case)', () => {
    const user = 'Sources utilisables (1) : [1].\n<sources>\n<source n="1">\nLe propriétaire dispose d’un Délai maximal de 1\u202fmois…\nune pénalité de 10 % du loyer\n</source>\n</sources>\n<question>\ndélai de 2 mois ?\n</question>';
    const text = promptSources(user);
    expect(text).not.toContain('<question>');
    expect(promptCoverage(item, text)).toEqual({ found: 2, total: 3, direct: true });
    expect(promptCoverage(item, '')).toEqual({ found: 0, total: 3, direct: false });
  });

  it('sums a set of questions', () => {
    expect(formatCoverage([{ found: 2, total: 3, direct: true }, { found: 1, total: 5, direct: false }])).toBe(
      "key facts in the language model's sources 0.375, direct fact 1/2",
    );
  });
});
