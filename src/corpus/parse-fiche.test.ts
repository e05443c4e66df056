import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fichesPackageDir } from './load-fiches';
import { MAX_PASSAGE_CHARS, parseFiche } from './parse-fiche';
import type { XmlDocument } from './types';

function realFiche(audience: string, id: string): XmlDocument {
  return JSON.parse(fs.readFileSync(path.join(fichesPackageDir(), 'data', audience, `${id}.json`), 'utf8')) as XmlDocument;
}

describe('parseFiche on real fiches', () => {
  const deposit = parseFiche(realFiche('particuliers', 'F31269'), { audience: 'particuliers' });

  it('reads the metadata: title, description, URL, audience, theme path, date', () => {
    expect(deposit).toBeDefined();
    expect(deposit?.id).toBe('F31269');
    expect(deposit?.kind).toBe('fiche');
    expect(deposit?.title).toBe('Dépôt de garantie dans un contrat de location');
    expect(deposit?.description).toMatch(/^Le dépôt de garantie est destiné/);
    expect(deposit?.url).toBe('https://www.service-public.fr/particuliers/vosdroits/F31269');
    expect(deposit?.audiences).toEqual(['particuliers']);
    expect(deposit?.themePath).toEqual(['Logement', 'Location immobilière : contrat de location (bail)']);
    expect(deposit?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps the section path of each passage through situations, chapters and cases', () => {
    const sections = deposit?.passages.map((p) => p.section.join(' > ')) ?? [];
    expect(sections).toContain('Location vide > Montant maximum > Loyer à payer chaque mois');
    expect(sections.some((s) => s.startsWith('Location meublée'))).toBe(true);
    expect(sections.some((s) => /Location vide > Restitution au locataire en fin de bail > .+ > État des lieux conforme/.test(s))).toBe(true);
    const maxi = deposit?.passages.find((p) => p.section.join(' > ') === 'Location vide > Montant maximum > Loyer à payer chaque mois');
    expect(maxi?.text).toContain('Son montant ne doit pas dépasser 1 mois de loyer, hors charges.');
    // "À savoir" notes stay in their section, with their title.
    expect(maxi?.text).toContain('À savoir : le montant du dépôt de garantie ne peut pas être augmenté');
    // Lists are kept as items.
    expect(deposit?.passages.some((p) => p.text.includes("- soit par Action logement (ex 1 % Logement) sous forme d'une avance loca-pass,"))).toBe(true);
  });

  it('extracts every reference with its Légifrance URL and LEGIARTI id', () => {
    expect(deposit?.references).toHaveLength(3);
    expect(deposit?.references[1]).toEqual({
      title: 'Loi n°89-462 du 6 juillet 1989 relative aux rapports locatifs : article 22',
      complement: 'Logement vide',
      url: 'http://www.legifrance.gouv.fr/affichTexteArticle.do?idArticle=LEGIARTI000020466316&cidTexte=LEGITEXT000006069108',
      legiarti: 'LEGIARTI000020466316',
      textId: 'LEGITEXT000006069108',
    });
  });

  it('collects where to go, letter models and related question-answers', () => {
    expect(deposit?.whereToGo.map((w) => w.title)).toContain("Agence départementale pour l'information sur le logement (Adil)");
    expect(deposit?.services.find((s) => s.id === 'R16638')).toMatchObject({ type: 'Modèle de document', title: 'Demander le remboursement du dépôt de garantie non restitué' });
    expect(deposit?.related).toContain('F31629');
  });

  it('writes tables as sentences under their title, in the section of the case they belong to', () => {
    const notice = parseFiche(realFiche('particuliers', 'F2883'), { audience: 'particuliers' });
    const table = notice?.passages.find((p) => p.text.includes('Ancienneté du salarié : moins de 1 an ; durée minimale du préavis : 1 mois.'));
    expect(table?.text).toContain("Durée minimale du préavis en fonction de l'ancienneté du salarié :\nAncienneté du salarié : moins de 1 an ;");
    expect(notice?.definitions.some((d) => d.term === 'Jour ouvré')).toBe(true);
    expect(notice?.abbreviations).toContainEqual({ term: 'VRP', text: 'Voyageur représentant placier' });

    const points = parseFiche(realFiche('particuliers', 'F1685'), { audience: 'particuliers' });
    const speeding = points?.passages.filter((p) => p.text.includes('Excès de vitesse inférieur à 20 km/h, nombre de points retirés : 1.')) ?? [];
    expect(speeding.map((p) => p.section.join(' > '))).toContain('Permis normal > Combien de points sont retirés par infraction ?');
    for (const p of points?.passages ?? []) expect(p.text).not.toContain(' | ');
  });

  it('cuts a long table into passages of whole sentences, each under the table title', () => {
    const points = parseFiche(realFiche('particuliers', 'F1685'), { audience: 'particuliers' });
    const title = 'Infractions liées à la circulation, au stationnement et au comportement :';
    const parts = points?.passages.filter((p) => p.text.startsWith(title) && p.section[0] === 'Permis normal') ?? [];
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      expect(p.text.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      for (const line of p.text.split('\n').slice(1)) expect(line).toMatch(/^Circulation et stationnement : .+ ; (?:classe de contravention|nombre de points retirés) : .+\.$/);
    }
  });

  it('recognises dossiers and resources', () => {
    const dossier = parseFiche(realFiche('particuliers', 'N349'), { audience: 'particuliers' });
    expect(dossier?.kind).toBe('dossier');
    expect(dossier?.related).toContain('F31269');
    const letter = parseFiche(realFiche('particuliers', 'R16638'), { audience: 'particuliers' });
    expect(letter?.kind).toBe('ressource');
    expect(letter?.pubType).toBe('Modèle de document');
  });

  it('ignores documents that are not publications', () => {
    expect(parseFiche({ id: 'x', children: [{ type: 'element', name: 'Menu', children: [] }] })).toBeUndefined();
  });
});
