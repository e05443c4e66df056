import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { analyze, foldAccents, tokenize } from './analyzer';
import { compileLexicon } from './lexicon';
import { analyzeQuestion, elapsedTimeFacet, QUERY_LIMITS, WEIGHTS, type QueryContext } from './query';

const ctx: QueryContext = { vocab: new Map(), abbreviations: new Map(), lexicon: [] };
const terms = (q: string): string[] => analyzeQuestion(q, ctx).terms.map((t) => t.term);

describe('question scaffolding', () => {
  it('drops the words that only frame the question', () => {
    expect(terms("L'employeur a-t-il le droit de me licencier ?")).toEqual(analyze('employeur licencier'));
    expect(terms('Ai-je le droit de démissionner ?')).toEqual(analyze('démissionner'));
    expect(terms('Que dit la loi sur les heures supplémentaires ?')).toEqual(analyze('heures supplémentaires'));
    expect(terms('Quelles sont les règles du télétravail')).toEqual(analyze('télétravail'));
  });

  it('keeps « droit » and « loi » when they name the subject', () => {
    expect(terms('droit de retrait')).toEqual(analyze('droit retrait'));
    expect(terms('le droit de grève')).toEqual(analyze('droit grève'));
    expect(terms('loi travail')).toEqual(analyze('loi travail'));
  });
});

describe('lexicon weights', () => {
  const lexicon = compileLexicon([
    { lay: 'proprio', legal: ['bailleur'], fiche: 'F1' },
    { lay: 'prime', legal: ['salaire'], weight: 0.3, fiche: 'F2' },
  ]);
  const weights = (q: string): Map<string, number> => new Map(analyzeQuestion(q, { ...ctx, lexicon }).terms.map((t) => [t.term, t.weight]));

  it('adds the legal words at the default lexicon weight, or at the entry weight when it has one', () => {
    expect(weights('mon proprio').get(analyze('bailleur')[0] ?? '')).toBe(WEIGHTS.lexicon);
    const w = weights('prime coiffure');
    expect(w.get(analyze('salaire')[0] ?? '')).toBe(0.3);
    expect(w.get(analyze('prime')[0] ?? '')).toBe(WEIGHTS.original);
  });
});

describe('question facets', () => {
  const folded = (q: string): string[] => tokenize(q).map((t) => foldAccents(t));

  it('reads facts dated years back in a question about acting on them as a question of limitation period', () => {
    expect(elapsedTimeFacet(folded("j'ai été agressé il y a 4 ans, puis-je encore porter plainte"))).toEqual(['délai de prescription']);
    expect(elapsedTimeFacet(folded('deux ans après les faits je veux contester'))).toEqual(['délai de prescription']);
    expect(elapsedTimeFacet(folded('est-il trop tard pour porter plainte'))).toEqual(['délai de prescription']);
  });

  it('ignores a duration that is not about acting late', () => {
    expect(elapsedTimeFacet(folded("j'ai déménagé il y a 3 ans, dois-je changer ma carte grise"))).toEqual([]);
    expect(elapsedTimeFacet(folded('je travaille depuis 4 ans, combien de congés'))).toEqual([]);
    expect(elapsedTimeFacet(folded('locataire depuis 4 ans, je veux contester la hausse du loyer'))).toEqual([]);
    expect(elapsedTimeFacet(folded('il y a 4 mois, porter plainte'))).toEqual([]);
  });

  it('adds the facet as a named concept, read from the question as asked', () => {
    const asked = "Il y a 5 ans on m'a volé mon vélo, puis-je encore porter plainte ?";
    const withFacet = analyzeQuestion('volé vélo porter plainte', ctx, asked);
    expect(withFacet.concepts).toEqual([analyze('délai de prescription')]);
    expect(withFacet.terms.map((t) => t.term)).toEqual(expect.arrayContaining(analyze('délai prescription')));
    expect(analyzeQuestion('volé vélo porter plainte', ctx).concepts).toEqual([]);
  });

  it('names the themes of the lexicon entries the question uses', () => {
    const lexicon = compileLexicon([
      { lay: 'proprio', legal: ['bailleur'], fiche: 'F1', theme: 'logement' },
      { lay: 'viré', legal: ['licenciement'], fiche: 'F2', theme: 'travail' },
    ]);
    expect(analyzeQuestion('mon proprio', { ...ctx, lexicon }).themes).toEqual(['logement']);
    expect(analyzeQuestion('mon proprio m a viré', { ...ctx, lexicon }).themes).toEqual(['logement', 'travail']);
  });
});

describe('query cost bounds', () => {
  // A vocabulary of 20 known words (no ending the stemmer removes), and a misspelling (first letter changed) of each.
  const known = Array.from({ length: 20 }, (_, i) => `brk${String.fromCharCode(97 + i)}ptz`);
  const misspelt = known.map((w) => `d${w.slice(1)}`);
  const fuzzyVocab = new SearchableMap<number>();
  for (const w of known) fuzzyVocab.set(w, 10);
  const withVocab: QueryContext = { vocab: new Map(known.map((w) => [w, [w, 10]])), abbreviations: new Map(), lexicon: [], fuzzyVocab };
  const found = (q: string): string[] => analyzeQuestion(q, withVocab).terms.filter((t) => t.fuzzy && t.weight === WEIGHTS.fuzzy).map((t) => t.term);

  it('looks up the spelling of the first unknown words only', () => {
    expect(found(misspelt[0] ?? '')).toEqual(analyze(known[0] ?? ''));
    const all = found(misspelt.join(' '));
    expect(all).toEqual(known.slice(0, QUERY_LIMITS.fuzzy).flatMap((w) => analyze(w)));
  });

  it('reads the first words of a long query, skips words no corpus word is as long as', () => {
    const words = Array.from({ length: 300 }, (_, i) => `mot${i}`);
    const read = terms(words.join(' '));
    expect(read).toHaveLength(QUERY_LIMITS.tokens);
    expect(read.at(-1)).toBe(analyze(`mot${QUERY_LIMITS.tokens - 1}`)[0]);
    expect(terms(`${'a'.repeat(QUERY_LIMITS.wordChars + 1)} préavis`)).toEqual(analyze('préavis'));
    // Beyond the first characters, nothing is read (a 300 KB query costs what 6,000 characters cost).
    expect(terms(`${'x '.repeat(QUERY_LIMITS.chars / 2)}préavis`)).toEqual([]);
  });
});
