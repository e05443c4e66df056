import { describe, expect, it } from 'vitest';
import { SECTION_IDS, SECTION_TITLES, type AnswerSection } from '../../../../common/api/answers';
import { createSectionStreamParser, matchHeading, toPlainText } from './parse-answer';

/** A whole answer pushed at once: the five sections in canonical order, or null when one is missing or empty. */
function parseLlmAnswer(text: string): AnswerSection[] | null {
  const parser = createSectionStreamParser();
  parser.push(text);
  return parser.end();
}

const ANSWER = `## En bref
Votre bailleur doit rendre le dépôt de garantie sous un à deux mois [1].

## Ce que dit la loi
- Le délai est d'un mois si l'état des lieux de sortie est conforme [1].
- Il est de deux mois sinon [1].

## Démarches et délais
1. Écrivez au bailleur en recommandé [1].
2. Saisissez la commission de conciliation [2].

## Votre pré-dossier
- Date de remise des clés.
- États des lieux d'entrée et de sortie.

## Quel professionnel consulter
L'ADIL de votre département, ou un conciliateur de justice.
`;

describe('matchHeading', () => {
  it.each([
    ['## En bref', 'summary'],
    ['# En bref', 'summary'],
    ['### EN BREF :', 'summary'],
    ['**En bref**', 'summary'],
    ['  **En bref :**  ', 'summary'],
    ['1. En bref', 'summary'],
    ['## 1. En bref', 'summary'],
    ['En bref', 'summary'],
    ['## Ce que dit la loi', 'law'],
    ['## Demarches et delais', 'steps'],
    ['## DÉMARCHES ET DÉLAIS', 'steps'],
    ['## Votre pré dossier', 'prefile'],
    ['## Votre prédossier', 'prefile'],
    ['__Votre pré-dossier__', 'prefile'],
    ['## Quel professionnel consulter ?', 'professional'],
    ['## Quel  professionnel   consulter', 'professional'],
  ])('« %s » is the heading of %s', (line, id) => {
    expect(matchHeading(line)).toEqual({ id, rest: '' });
  });

  it('accepts a bold heading followed by its first text on the same line', () => {
    expect(matchHeading('**En bref :** Oui, sous deux mois [1].')).toEqual({ id: 'summary', rest: 'Oui, sous deux mois [1].' });
    expect(matchHeading('**En bref** : Oui [1].')).toEqual({ id: 'summary', rest: 'Oui [1].' });
  });

  it.each([
    ['En bref, vous pouvez agir [1].'],
    ['En bref : vous pouvez agir.'],
    ['- Ce que dit la loi'],
    ['Le bailleur doit consulter un avocat.'],
    ['## Sources'],
  ])('« %s » is not a heading', (line) => {
    expect(matchHeading(line)).toBeNull();
  });
});

describe('toPlainText', () => {
  it('converts Markdown to the answer format', () => {
    expect(
      toPlainText('**Important** : lisez *bien*.\n\n* point un\n  * point deux\n1. étape [1](https://x.test)\n---\n### Sous-titre\nVoir [la fiche](https://x.test).\n\n\n\nFin `code`.'),
    ).toBe('Important : lisez bien.\n\n- point un\n- point deux\n- étape [1]\n\nSous-titre\nVoir la fiche.\n\nFin code.');
  });

  it('keeps list dashes, markers and amounts', () => {
    expect(toPlainText('- 1 500 € [1][2]\n- 3 mois')).toBe('- 1 500 € [1][2]\n- 3 mois');
  });
});

describe('parseLlmAnswer', () => {
  it('splits a well-formed answer into the five sections, in order, in plain text', () => {
    const sections = parseLlmAnswer(ANSWER);
    expect(sections?.map((s) => s.id)).toEqual([...SECTION_IDS]);
    expect(sections?.map((s) => s.title)).toEqual(SECTION_IDS.map((id) => SECTION_TITLES[id]));
    expect(sections?.[0]?.text).toBe('Votre bailleur doit rendre le dépôt de garantie sous un à deux mois [1].');
    expect(sections?.[2]?.text).toBe('- Écrivez au bailleur en recommandé [1].\n- Saisissez la commission de conciliation [2].');
  });

  it('drops a preamble and tolerates other heading styles, CRLF and reordered sections', () => {
    const text = [
      'Voici ma réponse :',
      '',
      '**Ce que dit la loi**',
      'Règle [1].',
      '**EN BREF :**',
      'Réponse [1].',
      '# Démarches et délais',
      'Étapes [1].',
      '1) Votre pré-dossier',
      'Documents.',
      '### Quel professionnel consulter ?',
      'Un avocat.',
    ].join('\r\n');
    const sections = parseLlmAnswer(text);
    expect(sections?.map((s) => [s.id, s.text])).toEqual([
      ['summary', 'Réponse [1].'],
      ['law', 'Règle [1].'],
      ['steps', 'Étapes [1].'],
      ['prefile', 'Documents.'],
      ['professional', 'Un avocat.'],
    ]);
  });

  it('drops a "Sources" block the model adds after the last section', () => {
    const sections = parseLlmAnswer(`${ANSWER}\n## Sources\n[1] Fiche inventée\n[2] Autre`);
    expect(sections?.[4]?.text).toBe("L'ADIL de votre département, ou un conciliateur de justice.");
    expect(parseLlmAnswer(`${ANSWER}\n**Références :**\n- Code civil`)?.[4]?.text).toBe("L'ADIL de votre département, ou un conciliateur de justice.");
  });

  it('returns null when a section is missing, empty or duplicated, or when there is no heading', () => {
    expect(parseLlmAnswer(ANSWER.replace(/## Votre pré-dossier[\s\S]*?(?=## Quel)/, ''))).toBeNull();
    expect(parseLlmAnswer(ANSWER.replace("L'ADIL de votre département, ou un conciliateur de justice.", '  '))).toBeNull();
    expect(parseLlmAnswer(`${ANSWER}\n## En bref\nEncore.`)).toBeNull();
    expect(parseLlmAnswer('Je ne peux pas répondre.')).toBeNull();
    expect(parseLlmAnswer('')).toBeNull();
  });
});

describe('createSectionStreamParser', () => {
  it('emits each section when the next heading starts, whatever the chunking', () => {
    for (const size of [1, 2, 3, 7, 50, 10_000]) {
      const seen: { id: string; atChar: number }[] = [];
      let fed = 0;
      const parser = createSectionStreamParser((s) => seen.push({ id: s.id, atChar: fed }));
      const chars = Array.from(ANSWER);
      for (let i = 0; i < chars.length; i += size) {
        const piece = chars.slice(i, i + size).join('');
        fed += piece.length;
        parser.push(piece);
      }
      const ids = seen.map((s) => s.id);
      // Four sections are out before the end of the stream, when their successor's heading line is complete.
      expect(ids).toEqual(['summary', 'law', 'steps', 'prefile']);
      if (size < 50) expect(seen[0]?.atChar).toBeLessThan(ANSWER.indexOf('## Démarches'));
      const all = parser.end();
      expect(seen.map((s) => s.id)).toEqual([...SECTION_IDS]);
      expect(all).toEqual(parseLlmAnswer(ANSWER));
    }
  });

  it('holds a section written early until the ones before it are complete', () => {
    const seen: AnswerSection[] = [];
    const parser = createSectionStreamParser((s) => seen.push(s));
    parser.push('## Ce que dit la loi\nRègle [1].\n## En bref\nRéponse [1].\n## Démarches et délais\n');
    expect(seen.map((s) => s.id)).toEqual(['summary', 'law']);
  });

  it('stops emitting at the first empty section and ends with null', () => {
    const seen: string[] = [];
    const parser = createSectionStreamParser((s) => seen.push(s.id));
    parser.push('## En bref\nOui [1].\n## Ce que dit la loi\n\n## Démarches et délais\nÉtapes.\n## Votre pré-dossier\nX.\n## Quel professionnel consulter\nY.');
    expect(parser.end()).toBeNull();
    expect(seen).toEqual(['summary']);
  });
});
