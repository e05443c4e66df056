import { describe, expect, it } from 'vitest';
import { resolveCases } from '../../src/server/modules/answers/cases/resolve-case';
import { understand } from '../../src/server/modules/answers/question/understand';
import { formatTagSummary, summariseTags, tagSettledBy, underOpenCase, wrongRules, type CaseTag } from './case-tags';

const resolution = (question: string, paths: string[][]): { res: ReturnType<typeof resolveCases>; facts: ReturnType<typeof understand>['facts'] } => {
  const u = understand(question);
  return { res: resolveCases(paths, u.words, u.facts), facts: u.facts };
};

describe('wrongRules', () => {
  it('matches a wrong rule as the scorer does: accents, case, apostrophes and runs of spaces', () => {
    const item = { wrong: [{ fact: 'Bail avant 2014 : sous-location libre.', re: 'loyer de sous-location est libre' }, { fact: 'Autre.', re: 'préavis de 3 mois' }] };
    expect(wrongRules(item, 'Le LOYER de  sous-location\nest libre.')).toEqual(['Bail avant 2014 : sous-location libre.']);
    expect(wrongRules(item, 'Un PRÉAVIS de 3\u202fmois.')).toEqual(['Autre.']);
    expect(wrongRules({}, 'Le loyer de sous-location est libre.')).toEqual([]);
  });
});

describe('tagSettledBy', () => {
  const paths = [['En France', 'Logement vide', 'Préavis'], ['En France', 'Logement meublé', 'Préavis'], ['En France', 'Dépôt de garantie'], ['À l’étranger', 'Démarches']];
  it('reads a case settled by what the person stated as the facts’, one only assumed of a silent question as assumed', () => {
    const { res, facts } = resolution('Je loue un meublé, quel préavis ?', paths);
    expect(tagSettledBy(['En France', 'Logement meublé', 'Préavis'], res, facts)).toBe('facts');
    expect(tagSettledBy(['En France', 'Dépôt de garantie'], res, facts)).toBe('assumed');
  });
  it('reads a case settled by a word of the question as words', () => {
    const { res, facts } = resolution('Je suis tombé à vélo sur le trajet du bureau, que dois-je déclarer ?', [['Accident de travail', 'Déclaration'], ['Accident de trajet', 'Déclaration']]);
    expect(tagSettledBy(['Accident de trajet', 'Déclaration'], res, facts)).toBe('words');
  });
  it('tells a passage under a case the question leaves open', () => {
    const { res } = resolution('Quel préavis pour mon logement ?', [['Logement vide', 'Préavis'], ['Logement meublé', 'Préavis']]);
    expect(underOpenCase(['Logement meublé', 'Préavis'], res)).toBe(true);
    expect(underOpenCase(['Préavis'], res)).toBe(false);
  });
});

describe('summariseTags', () => {
  const tag = (settledBy: CaseTag['settledBy'], wrong: string[] = [], underOpen = false): CaseTag => ({ n: 1, ficheId: 'F1', path: ['Cas'], settledBy, underOpen, wrong });
  it('counts the tags, those no stated fact settles, those under an open case and the wrong ones, per prompt and in all', () => {
    const s = summariseTags(
      [
        { q: 'a', tags: [tag('facts'), tag('assumed', ['autre cas']), tag('words', [], true)], keyFacts: { found: 2, total: 3 } },
        { q: 'b', tags: [], keyFacts: { found: 1, total: 1 } },
        { q: 'c', tags: [tag('facts', ['autre cas'])], keyFacts: { found: 0, total: 0 } },
      ],
      2,
    );
    expect(s).toEqual({ questions: 3, tagged: 2, tags: 4, withoutFact: 2, assumed: 1, underOpen: 1, wrong: 2, wrongPrompts: 2, withWrongRules: 2, keyFacts: { found: 3, total: 4 } });
    expect(formatTagSummary('set', s)).toContain('tags « (votre cas) » 4 in 2/3 prompts');
    expect(formatTagSummary('set', s)).toContain('WRONG (another situation\'s rule) 2 in 2 prompts');
  });
});
