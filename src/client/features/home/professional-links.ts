export type Profession = 'avocat' | 'notaire';

export interface NearbySearchLinks {
  maps: string;
  pagesJaunes: string;
}

/** The « Professionals » section: nearby-search links, including the user's city when known. */
export function buildNearbySearchLinks(profession: Profession, city: string | null): NearbySearchLinks {
  const place = city?.trim() ? city.trim() : null;
  if (!place) {
    return {
      maps: `https://www.google.com/maps/search/${profession}`,
      pagesJaunes: `https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=${profession}`,
    };
  }
  const encoded = encodeURIComponent(place);
  return {
    maps: `https://www.google.com/maps/search/${profession}+${encoded}`,
    pagesJaunes: `https://www.pagesjaunes.fr/annuaire/chercherlespros?quoiqui=${profession}&ou=${encoded}`,
  };
}

export const LAWYER_PORTALS = [
  {
    href: 'https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france',
    label: 'Annuaire du Conseil national des barreaux',
    text: "L'annuaire officiel de tous les avocats inscrits en France, par ville et spécialité.",
  },
  {
    href: 'https://www.avocat.fr/',
    label: 'Avocat.fr',
    text: "Le portail de la profession d'avocat\u202f: trouver un avocat et poser une question en ligne.",
  },
] as const;

export const NOTARY_SITE = {
  href: 'https://www.notaires.fr/fr/annuaires-notaires',
  label: 'Annuaire des notaires de France',
  text: "L'annuaire officiel des notaires, pour une succession, une vente immobilière ou un contrat de mariage.",
} as const;

export const BAILIFF_SITE = {
  href: 'https://www.commissaire-justice.fr/',
  label: 'Commissaires de justice (ex-huissiers)',
  text: 'Trouver un commissaire de justice et demander un devis\u202f: constat, recouvrement, signification.',
} as const;
