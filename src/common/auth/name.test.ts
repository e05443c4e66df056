import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { NAME_MAX_LENGTH, displayName, nameError, terminalSafeName } from './name';

describe('nameError', () => {
  it('accepts ordinary names, accents and emoji included, up to 80 characters', () => {
    for (const name of ['Camille Martin', "Jean-Éric d'Ornano", 'Zoë 👩‍⚖️', 'é'.repeat(NAME_MAX_LENGTH), ` ${'a'.repeat(80)} `]) {
      expect(nameError(name), name).toBeNull();
    }
  });

  it('refuses empty, over-long and control-character names in French', () => {
    expect(nameError('   ')).toBe(MESSAGES.nameRequired);
    expect(nameError('a'.repeat(81))).toBe(MESSAGES.nameTooLong);
    expect(nameError('a'.repeat(339))).toBe(MESSAGES.nameTooLong);
    expect(nameError('x'.repeat(200_000))).toBe(MESSAGES.nameTooLong);
    for (const name of ['Camille\nMartin', 'Camille\r\nBcc: x@evil.example', 'a\tb', '\u001b[31mrouge', 'a\u0000b', 'abc\u202Efdp.exe', 'a\u2028b']) {
      expect(nameError(name), JSON.stringify(name)).toBe(MESSAGES.nameInvalidCharacters);
    }
  });
});

describe('displayName', () => {
  it('turns stored names into one safe line of at most 80 characters', () => {
    expect(displayName('Camille Martin')).toBe('Camille Martin');
    expect(displayName('Camille\r\nBcc: x@evil.example')).toBe('Camille Bcc: x@evil.example');
    expect(displayName('\u001b[2J\u001b[31mrouge')).toBe('[2J [31mrouge');
    const long = displayName('a'.repeat(200_000));
    expect([...long]).toHaveLength(NAME_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('terminalSafeName', () => {
  it('writes control characters out instead of sending them to the terminal', () => {
    expect(terminalSafeName('Camille Martin')).toBe('Camille Martin');
    expect(terminalSafeName('\u001b[2Jefface\r\nFausse ligne')).toBe('\\u{1b}[2Jefface\\u{d}\\u{a}Fausse ligne');
    const long = terminalSafeName('b'.repeat(200_000));
    expect(long).toBe(`${'b'.repeat(NAME_MAX_LENGTH)}…`);
  });
});
