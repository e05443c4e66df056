/** The composer's test sources: passages written for a test, a fiche of the corpus as the primary source, and the answer from them alone. */
import type { Fiche } from '../../../../corpus/types';
import type { RetrievedSource } from '../retrieval/types';
import { composeExtractive } from './compose-extractive';

/** A source written for a test (rank 1 unless told). */
export function testSource(id: string, title: string, passages: RetrievedSource['passages'], n = 1): RetrievedSource {
  return { n, id, title, url: `https://www.service-public.fr/particuliers/vosdroits/${id}`, references: [], passages };
}

/** A fiche of the corpus as the primary source (the composer reads it whole). */
export function ficheSource(f: Fiche): RetrievedSource {
  return { n: 1, id: f.id, title: f.title, url: f.url, references: [], passages: [] };
}

/** The five sections of the answer to `q` from these sources alone, as one text. */
export function answerText(q: string, sources: RetrievedSource[]): string {
  return composeExtractive(q, sources, () => undefined).sections.map((x) => x.text).join('\n');
}

/** One synthetic source (the composer reads only what it is given). */
export function source(text: string, sectionPath: string[] = ['Délai']): RetrievedSource {
  return {
    n: 1,
    id: 'F0',
    title: 'Fiche de test',
    url: 'https://www.service-public.fr/particuliers/vosdroits/F0',
    passages: [{ sectionPath, text }],
    references: [{ title: 'Loi n°89-462 du 6 juillet 1989 : article 22', url: 'https://www.legifrance.gouv.fr/x' }],
  };
}
