/** The fresher source where two say the same thing (fresher.ts): the sentence quoted, and when it is not. */
import { describe, expect, it } from 'vitest';
import type { RetrievedSource } from '../retrieval/types';
import { answerText } from '../extractive/compose-test-fixtures';

/** The sentences of the two official sources on Sunday work by the mayor's decision (corpus of 2020 and the ministry's page of 2025). */
const OLD = "La liste des dimanches concernés par la dérogation doit être arrêtée avant le 31 décembre de l'année N-1.";
const NEW = "La liste des dimanches est arrêtée avant le 31 décembre, pour l'année suivante.";

function servicePublic(text: string, date = '2020-06-01'): RetrievedSource {
  return { n: 1, id: 'F2328', title: 'Travail le dimanche', url: 'https://www.service-public.fr/particuliers/vosdroits/F2328', date, references: [], passages: [{ sectionPath: ['Dimanches du maire'], text }] };
}

function ministry(text: string, date = '2025-03-12'): RetrievedSource {
  return { n: 2, id: 'travail-dimanches-maire', title: 'Les dimanches du maire', url: 'https://travail-emploi.gouv.fr/les-dimanches-du-maire', date, references: [], passages: [{ sectionPath: ['Procédure'], text }] };
}

const Q = 'Quand la liste des dimanches du maire doit-elle être arrêtée ?';

describe('preferFresher', () => {
  it('quotes the fresher source’s sentence in place of the older one that says the same thing, with its marker', () => {
    const text = answerText(Q, [servicePublic(OLD), ministry(NEW)]);
    expect(text).toContain(`${NEW} [2]`);
    expect(text).not.toContain(OLD);
  });

  it('keeps the older sentence when the other source is not fresher', () => {
    const text = answerText(Q, [servicePublic(OLD, '2026-01-05'), ministry(NEW)]);
    expect(text).toContain(`${OLD} [1]`);
    expect(text).not.toContain(NEW);
  });

  it('keeps both sources’ sentences when they state different things', () => {
    const other = 'Le maire peut autoriser jusqu’à douze dimanches par an après avis du conseil municipal.';
    const text = answerText(Q, [servicePublic(OLD), ministry(other)]);
    expect(text).toContain(`${OLD} [1]`);
  });

  it('never replaces a sentence by a fresher one of the same site', () => {
    const sameSite: RetrievedSource = { ...servicePublic(NEW, '2025-03-12'), n: 2, id: 'F99999', url: 'https://www.service-public.fr/particuliers/vosdroits/F99999' };
    const text = answerText(Q, [servicePublic(OLD), sameSite]);
    expect(text).toContain(`${OLD} [1]`);
  });
});
