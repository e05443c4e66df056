import { ExternalLink } from './external-link';

export const USEFUL_SITES: ReadonlyArray<{ href: string; name: string; category: string; text: string }> = [
  {
    href: 'https://www.legifrance.gouv.fr/',
    name: 'Légifrance',
    category: 'Base de données juridique',
    text: 'Le service public de diffusion du droit\u202f: codes, lois, décrets et jurisprudence.',
  },
  {
    href: 'https://www.doctrine.fr/',
    name: 'Doctrine',
    category: 'Base de données juridique',
    text: 'Moteur de recherche de décisions de justice et de commentaires juridiques.',
  },
  {
    href: 'https://www.conciliateurs.fr/',
    name: 'Conciliateurs de justice',
    category: 'Règlement amiable des litiges',
    text: 'Trouver un conciliateur pour régler gratuitement un litige du quotidien sans aller au procès.',
  },
  {
    href: 'https://www.juritravail.com/forum/',
    name: 'Forum Juritravail',
    category: 'Forum juridique',
    text: "Échanger avec d'autres particuliers et des juristes sur des situations concrètes.",
  },
  {
    href: 'https://www.alexia.fr/',
    name: 'Alexia',
    category: 'Mise en relation avec un avocat',
    text: 'Comparer des avocats et obtenir un rendez-vous ou un devis en ligne.',
  },
  {
    href: 'https://www.service-public.fr/',
    name: 'Service-Public.fr',
    category: "Site officiel de l'administration",
    text: "Vos droits et démarches expliqués par l'administration française, fiche par fiche.",
  },
];

/** The « Useful sites » section: six external links. */
export function UsefulSitesSection() {
  return (
    <section id="utiles" className="ql-section home-useful" aria-labelledby="utiles-title">
      <div className="ql-container">
        <h2 id="utiles-title" className="ql-section-title" data-aos="fade-up">
          Sites utiles
        </h2>
        <p className="home-section-intro" data-aos="fade-up">
          Des ressources fiables pour approfondir vos recherches ou régler un litige.
        </p>
        <ul className="home-site-grid">
          {USEFUL_SITES.map((site, i) => (
            <li key={site.href} className="ql-card home-site-card" data-aos="fade-up" data-aos-delay={String((i % 3) * 100)}>
              <span className="home-site-category">{site.category}</span>
              <h3 className="home-site-name">
                <ExternalLink href={site.href} className="home-site-link">
                  {site.name}
                </ExternalLink>
              </h3>
              <p className="home-site-text">{site.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
