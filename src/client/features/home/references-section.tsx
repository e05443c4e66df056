import { ExternalLink } from './external-link';

export const OFFICIAL_RESOURCES: ReadonlyArray<{ href: string; name: string; text: string }> = [
  {
    href: 'https://www.service-public.fr/particuliers/vosdroits/F18074',
    name: 'Aide juridictionnelle',
    text: "Selon vos ressources, l'État prend en charge tout ou partie des frais d'avocat et de justice.",
  },
  {
    href: 'https://www.justice.fr/recherche/annuaires',
    name: 'Consultation juridique gratuite (point-justice)',
    text: 'Des juristes et avocats vous reçoivent gratuitement dans les points-justice et maisons de justice.',
  },
  {
    href: 'https://www.legifrance.gouv.fr/',
    name: 'Légifrance',
    text: 'La législation officielle en vigueur\u202f: codes, lois et règlements consolidés.',
  },
];

/** The « References » section: the government justice portal plus three official resources. */
export function ReferencesSection() {
  return (
    <section id="references" className="ql-section home-references" aria-labelledby="references-title">
      <div className="ql-container">
        <h2 id="references-title" className="ql-section-title" data-aos="fade-up">
          Références officielles
        </h2>
        <div className="home-ref-featured ql-card" data-aos="fade-up">
          <div>
            <span className="home-site-category">Portail du ministère de la Justice</span>
            <h3 className="home-ref-title">
              <ExternalLink href="https://www.justice.fr/" className="home-site-link">
                Justice.fr
              </ExternalLink>
            </h3>
            <p>
              Le portail officiel du service public de la justice&#8239;: comprendre une procédure, trouver un
              tribunal, estimer ses droits et télécharger les formulaires.
            </p>
          </div>
        </div>
        <ul className="home-ref-grid">
          {OFFICIAL_RESOURCES.map((r, i) => (
            <li key={r.name} className="ql-card home-ref-card" data-aos="fade-up" data-aos-delay={String(i * 100)}>
              <h3 className="home-ref-title">
                <ExternalLink href={r.href} className="home-site-link">
                  {r.name}
                </ExternalLink>
              </h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
