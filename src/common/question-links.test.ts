import { describe, expect, it } from 'vitest';
import { LINK_PLACEHOLDER, isLinkOrAddress, maskLinks } from './question-links';

describe('isLinkOrAddress', () => {
  it.each([
    'https://www.service-public.fr/particuliers/vosdroits/F31269?parametre=valeur&autre=1',
    'http://exemple.fr',
    'HTTPS://EXEMPLE.FR/A',
    'www.leboncoin.fr/annonce/123456789',
    'service-public.fr/particuliers/vosdroits/F31269',
    'contact@boutique-en-ligne.fr',
    'prenom.nom+litige@sous-domaine.exemple.com',
    '(https://exemple.fr/a).',
    '«contact@exemple.fr»,',
  ])('recognises %s', (run) => {
    expect(isLinkOrAddress(run)).toBe(true);
  });

  it.each([
    'anticonstitutionnellement',
    'bail.il', // a missing space, not a link: still read as words
    'etc.',
    'M.',
    'L.1234-9',
    '@',
    'a@b',
    'moi@@exemple.fr',
    'loyer@',
    '(',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  ])('does not take %s for a link or an address', (run) => {
    expect(isLinkOrAddress(run)).toBe(false);
  });
});

describe('maskLinks', () => {
  it('replaces each link and address by the placeholder, keeping the punctuation and spacing around it', () => {
    expect(maskLinks("Le vendeur (contact@boutique.fr) ne répond pas, voir https://exemple.fr/annonce?id=42. Que faire ?")).toBe(
      `Le vendeur (${LINK_PLACEHOLDER}) ne répond pas, voir ${LINK_PLACEHOLDER}. Que faire ?`,
    );
    expect(maskLinks('lien\nwww.exemple.fr/a\tfin')).toBe(`lien\n${LINK_PLACEHOLDER}\tfin`);
  });

  it('returns a text without links unchanged', () => {
    const text = "Mon propriétaire garde mon dépôt de garantie depuis 3 mois, l'article L.1234-9 s'applique-t-il ?";
    expect(maskLinks(text)).toBe(text);
  });

  it('reads a 6,000-character run of punctuation or dots once (no pattern rescans it)', () => {
    // Runs built to make a careless pattern backtrack: closing punctuation then a letter, dotted segments
    // without a path, an address whose domain never ends. Each answer is exact.
    expect(maskLinks(`${')'.repeat(6000)}x`)).toBe(`${')'.repeat(6000)}x`);
    expect(maskLinks(`${'a.'.repeat(3000)}`)).toBe(`${'a.'.repeat(3000)}`);
    expect(maskLinks(`x@${'a-'.repeat(3000)}`)).toBe(`x@${'a-'.repeat(3000)}`);
    expect(maskLinks(`https://${'a'.repeat(5990)}`)).toBe(LINK_PLACEHOLDER);
  });
});
