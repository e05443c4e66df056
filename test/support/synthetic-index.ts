import { strToU8 } from 'fflate';
import { buildIndex } from '../../src/corpus/build-index';
import { fichesFromEntries } from '../../src/corpus/dila-archive';
import { openIndex, type SearchEngine } from '../../src/corpus/engine';

/**
 * A small search index of synthetic fiches, built with the real index builder from DILA-shaped XML (the
 * shape of the archives the corpus update reads): small enough to check a mechanism by hand (which fiche a
 * question meets, how many units are sent to a model). For tests only.
 */

/** A synthetic fiche: id, title, summary, section headings with their text. */
export type SyntheticFiche = [id: string, title: string, description: string, sections: [string, string][]];

export const SYNTHETIC_FICHES: readonly SyntheticFiche[] = [
  ['F1', 'Restitution du dépôt de garantie', 'Délai pour rendre le dépôt de garantie au locataire.', [['État des lieux conforme', 'Le bailleur rend le dépôt en un mois.'], ['Retenues', 'Dégradations justifiées par devis.']]],
  ['F2', 'Préavis du locataire', 'Durée du préavis quand le locataire quitte le logement.', [['Logement vide', 'Trois mois.'], ['Logement meublé', 'Un mois.']]],
  ['F3', 'Licenciement pour motif personnel', 'Procédure de licenciement du salarié.', [['Entretien préalable', 'Convocation par lettre.'], ['Indemnités', 'Indemnité légale de licenciement.']]],
  ['F4', 'Congés payés du salarié', 'Acquisition et prise des congés payés.', [['Acquisition', 'Deux jours et demi par mois.'], ['Prise des congés', 'Période fixée par l’employeur.']]],
  ['F5', 'Divorce par consentement mutuel', 'Divorce à l’amiable devant notaire.', [['Convention', 'Signée par les époux et leurs avocats.'], ['Enfants', 'Résidence et pension alimentaire.']]],
  ['F6', 'Harcèlement moral au travail', 'Agissements répétés qui dégradent les conditions de travail.', [['Brimades et humiliations', 'Propos vexatoires répétés.'], ['Recours', 'Inspection du travail, prud’hommes.']]],
];

function xml([id, title, description, sections]: SyntheticFiche, date: string): string {
  const chapters = sections
    .map(([h, text]) => `<Chapitre><Titre><Paragraphe>${h}</Paragraphe></Titre><Paragraphe>${text}</Paragraphe></Chapitre>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Publication xmlns:dc="http://purl.org/dc/elements/1.1/" ID="${id}" type="Fiche d'information" spUrl="https://www.service-public.fr/particuliers/vosdroits/${id}">` +
    `<dc:title>${title}</dc:title><dc:description>${description}</dc:description><dc:date>modified ${date}</dc:date><Audience>Particuliers</Audience>` +
    `<Introduction><Texte><Paragraphe>${description}</Paragraphe></Texte></Introduction><Texte>${chapters}</Texte></Publication>`
  );
}

/** Builds the fiches' index into `dir` (dated `date`: another date is another index build) and opens it. */
export async function buildSyntheticIndex(dir: string, date: string, fiches: readonly SyntheticFiche[] = SYNTHETIC_FICHES): Promise<SearchEngine> {
  const parsed = fichesFromEntries(fiches.map((f) => ({ name: `part/${f[0]}.xml`, data: strToU8(xml(f, date)) })));
  await buildIndex(parsed, { outDir: dir, sourceKey: `test:${date}`, legiDataDir: null });
  return openIndex(dir);
}
