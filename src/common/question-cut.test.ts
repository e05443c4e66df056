import { describe, expect, it } from 'vitest';
import { CUT_QUOTE_WORDS, describeCut } from './question-cut';
import { MAX_WORDS, countWords } from './words';

function words(n: number, prefix = 'mot'): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join(' ');
}

describe('describeCut', () => {
  it('is null for a text within the limit (trailing spaces included)', () => {
    expect(describeCut(words(MAX_WORDS))).toBeNull();
    expect(describeCut(`${words(MAX_WORDS)}  \n`)).toBeNull();
    expect(describeCut('')).toBeNull();
  });

  it('keeps the first 500 words and quotes the last words kept and the first words removed', () => {
    const text = `${words(MAX_WORDS)} Que puis-je faire contre mon employeur ? ${words(130, 'fin')}`;
    const cut = describeCut(text);
    expect(cut?.kept).toBe(words(MAX_WORDS));
    expect(countWords(cut?.kept ?? '')).toBe(MAX_WORDS);
    expect(cut?.removedWords).toBe(7 + 130);
    expect(cut?.keptEnd).toBe(Array.from({ length: CUT_QUOTE_WORDS }, (_, i) => `mot${MAX_WORDS - CUT_QUOTE_WORDS + 1 + i}`).join(' '));
    expect(cut?.removedStart).toBe('Que puis-je faire contre mon employeur ? fin1');
  });

  it('makes spaces single in the quotes, and keeps a quote on a line or two (a pasted link is one word)', () => {
    const link = `https://exemple.fr/${'a'.repeat(300)}`;
    const cut = describeCut(`${words(MAX_WORDS - 1)}\n\n${link}\tsuite   du\ntexte`);
    expect(cut?.keptEnd.startsWith('…')).toBe(true);
    expect(cut?.keptEnd.length).toBe(121);
    expect(cut?.removedStart).toBe('suite du texte');
  });
});
