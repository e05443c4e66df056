import { describe, expect, it } from 'vitest';
import { cleanTerms, NOT_LEGAL, QUESTION_CHARS, readRewrite, rewriteMessages, TERMS_CHARS } from './query-rewrite';

describe('question rewrite', () => {
  it('cleans and bounds the model’s terms', () => {
    expect(cleanTerms(' « bailleur », dépôt de garantie ; restitution.\n')).toBe('bailleur dépôt de garantie restitution');
    expect(cleanTerms(NOT_LEGAL)).toBe('');
    expect(cleanTerms('mot '.repeat(200)).length).toBeLessThanOrEqual(TERMS_CHARS);
  });

  it('reads the off-topic verdict only when the model says nothing else', () => {
    expect(readRewrite(' HORS_SUJET.\n')).toEqual({ terms: '', offTopic: true });
    expect(readRewrite('bailleur dépôt de garantie')).toEqual({ terms: 'bailleur dépôt de garantie', offTopic: false });
    // A verdict mixed with terms is neither: no terms, no refusal.
    expect(readRewrite('HORS_SUJET sauf bail')).toEqual({ terms: '', offTopic: false });
  });

  it('gives the model the question as the user’s message, after its instructions', () => {
    const messages = rewriteMessages('Mon proprio garde ma caution');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.role).toBe('system');
    expect(messages[1]).toEqual({ role: 'user', content: 'Mon proprio garde ma caution' });
    // A long question is cut: the model reads at most QUESTION_CHARS characters of it.
    expect(rewriteMessages('mot '.repeat(2000))[1]?.content).toHaveLength(QUESTION_CHARS);
  });
});
